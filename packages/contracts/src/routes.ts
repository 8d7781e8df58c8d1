/**
 * The web app's routes (SPEC.md §2 plus the sidebar's Dashboard, Employee and
 * Administration screens, docs/decisions.md). The server answers 404 for any
 * other path, while still serving the app so it can show its 404 page.
 */
export const ROUTES = {
  signIn: '/signin',
  /** Where the OpenID Connect sign-in comes back with its one-time ticket (in the fragment). */
  signInSso: '/signin/sso',
  forgotPassword: '/forgotpassword',
  resetPassword: '/resetpassword/:token',
  root: '/',
  impersonate: '/impersonate',
  dashboard: '/dashboard',
  approvals: '/approvals',
  delegations: '/delegations',
  accountSecurity: '/account/security',
  accountData: '/account/data',
  notifications: '/notifications',
  profile: '/profile',
  profileById: '/profile/:profileId',
  team: '/team',
  kpi: '/kpi',
  kpiDetail: '/kpi/:kpiId',
  epr: '/epr',
  eprDetail: '/epr/:eprId',
  eprCalibration: '/epr/calibration',
  leave: '/leave',
  leaveCalendar: '/leave/calendar',
  remoteWork: '/remote-work',
  hrServices: '/hr-services',
  hrServiceDetail: '/hr-services/:id',
  attendance: '/attendance',
  employees: '/employees',
  adminApprovals: '/admin/approvals',
  adminAssets: '/admin/assets',
  adminCompanies: '/admin/companies',
  adminOffices: '/admin/offices',
  adminLevelsGrades: '/admin/levels-grades',
  adminDesignations: '/admin/designations',
  adminDevelopmentAreas: '/admin/development-areas',
  adminExams: '/admin/exams',
  adminGroups: '/admin/groups',
  adminLeaveTypes: '/admin/leave-types',
  adminHolidays: '/admin/holidays',
  adminLeavePolicies: '/admin/leave-policies',
  adminShifts: '/admin/shifts',
  adminPaySchedules: '/admin/pay-schedules',
  adminAttendance: '/admin/attendance',
  adminEmployeeImport: '/admin/employee-import',
  adminErasure: '/admin/erasure',
  adminAudit: '/admin/audit',
  adminHrServices: '/admin/hr-services',
  adminRemoteWorkTypes: '/admin/remote-work-types',
  adminEprValues: '/admin/epr-values',
  adminKpi: '/admin/kpi',
  adminReviewCycles: '/admin/review-cycles',
} as const;

export type RouteName = keyof typeof ROUTES;

/** A route as a pattern matching exactly its paths (a `:parameter` is one segment). */
const pattern = (route: string) => new RegExp(`^${route.replace(/:[A-Za-z]+/g, '[^/]+')}$`);
const patterns = Object.values(ROUTES).map(pattern);

/** Whether a path (without query) is one of the app's routes, matched exactly. */
export function isAppRoute(pathname: string): boolean {
  return patterns.some((p) => p.test(pathname));
}

/** The routes drawn without a session (and the root, which sends either way). */
const OUTSIDE: readonly string[] = [
  ROUTES.signIn,
  ROUTES.signInSso,
  ROUTES.forgotPassword,
  ROUTES.resetPassword,
  ROUTES.root,
  ROUTES.impersonate,
];
const outsidePatterns = OUTSIDE.map(pattern);

/** Whether a path is one of the routes drawn in the signed-in shell. */
export function isSignedInRoute(pathname: string): boolean {
  return isAppRoute(pathname) && !outsidePatterns.some((p) => p.test(pathname));
}

/** Fills a route's parameters. */
export function routePath(route: string, params: Record<string, string | number> = {}): string {
  return route.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(String(params[name] ?? '')));
}
