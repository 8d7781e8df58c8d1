/** How punches get in: attendance devices with keys of their own, their API, and HR's CSV import. */
export { attendanceIntakeRoutes } from './attendance-intake.routes';
