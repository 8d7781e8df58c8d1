import { registerPersonalData } from '../../lib/personal-data';
import { attendancePersonalData } from './personal-data.repository';

export { attendanceRoutes } from './attendance.routes';

registerPersonalData(attendancePersonalData);
