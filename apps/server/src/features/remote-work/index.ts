/** Remote-work requests. */
export { remoteWorkRoutes } from './remote-work.routes';
export { RemoteWorkService } from './remote-work.service';
