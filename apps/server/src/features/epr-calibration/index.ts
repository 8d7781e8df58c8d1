/** The calibration grid of the performance reviews. */
export { eprCalibrationRoutes } from './epr-calibration.routes';
