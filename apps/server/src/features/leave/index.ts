/** Leave requests, the leave types, durations and holidays they use, and the team calendar. */

export { leaveRoutes } from './leave.routes';
export { LeaveService } from './leave.service';
export { leaveCalendarRoutes } from './leave-calendar.routes';
export { LeavePeriodClose } from './leave-close.service';
export { leaveReferenceRoutes } from './leave-reference.routes';
