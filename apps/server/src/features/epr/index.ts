export { eprRoutes } from './epr.routes';
