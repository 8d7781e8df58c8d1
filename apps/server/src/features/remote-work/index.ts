/** Remote-work requests. */
export { remoteWorkRoutes } from './remote-work.routes';
