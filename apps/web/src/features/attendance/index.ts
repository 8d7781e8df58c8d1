/** What other features read of attendance: its query keys (the dashboard's month so far, the profile's calendar). */
export { attendanceKeys } from './keys';
