/** The employee profile, its sections, files, the administrator's controls and the activity log. */
import { registerPersonalData } from '../../lib/personal-data';
import { profilePersonalData } from './personal-data.repository';

export { profileRoutes } from './profile.routes';

registerPersonalData(...profilePersonalData);
