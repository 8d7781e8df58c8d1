/** Review cycles: HR launches the reviews of a period in one action and follows their progress. */
export { eprCycleRoutes } from './epr-cycles.routes';
