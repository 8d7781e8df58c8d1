export { eprRoutes } from './epr.routes';
export { EprService } from './epr.service';
export { reviewName } from './epr-names';
