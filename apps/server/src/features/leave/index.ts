/** Leave requests, the leave types, durations and holidays they use, and the team calendar. */

export { leaveCalendarRoutes } from './leave-calendar.routes';
export { leaveRoutes } from './leave.routes';
export { LeaveService } from './leave.service';
export { leaveReferenceRoutes } from './leave-reference.routes';
