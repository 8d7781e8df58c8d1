/** Leave requests, and the leave types, durations and holidays they use. */

export { leaveRoutes } from './leave.routes';
export { LeaveService } from './leave.service';
export { leaveReferenceRoutes } from './leave-reference.routes';
