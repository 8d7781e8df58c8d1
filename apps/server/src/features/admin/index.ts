/** Companies, offices and assets: the administration of reference data. */
export { adminRoutes } from './admin.routes';
