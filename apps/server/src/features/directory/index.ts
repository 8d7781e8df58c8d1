/** Team, search and groups. */
export { directoryRoutes } from './directory.routes';
