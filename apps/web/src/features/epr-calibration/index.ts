/** The way to the calibration grid, for the EPR list of those who may open it. */
export { CalibrationLink } from './components/CalibrationLink';
