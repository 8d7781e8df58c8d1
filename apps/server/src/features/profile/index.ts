/** The employee profile, its sections, files, the administrator's controls and the activity log. */
export { profileRoutes } from './profile.routes';
