/** Leave requests, the leave types, durations and holidays they use, and the team calendar. */
import { registerPersonalData } from '../../lib/personal-data';
import { leavePersonalData } from './personal-data.repository';

export { leaveRoutes } from './leave.routes';
export { LeaveService } from './leave.service';
export { leaveCalendarRoutes } from './leave-calendar.routes';
export { LeavePeriodClose } from './leave-close.service';
export { leaveReferenceRoutes } from './leave-reference.routes';

registerPersonalData(leavePersonalData);
