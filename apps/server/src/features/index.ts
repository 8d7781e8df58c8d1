import type { FastifyInstance } from 'fastify';
import { accountRoutes } from './account';
import { adminRoutes } from './admin';
import { approvalsRoutes } from './approvals';
import { attendanceRoutes } from './attendance';
import { attendanceIntakeRoutes } from './attendance-intake';
import { auditRoutes } from './audit';
import { authRoutes } from './auth';
import { calendarFeedsRoutes } from './calendar-feeds';
import { commentRoutes } from './comments';
import { compensationRoutes } from './compensation';
import { dashboardRoutes } from './dashboard';
import { dataRightsRoutes } from './data-rights';
import { delegationsRoutes } from './delegations';
import type { FeatureDeps } from './deps';
import { directoryRoutes } from './directory';
import { employeeImportRoutes } from './employee-import';
import { eprRoutes } from './epr';
import { eprCalibrationRoutes } from './epr-calibration';
import { eprCycleRoutes } from './epr-cycles';
import { hrServiceRoutes } from './hr-services';
import { kpiRoutes } from './kpi';
import { leaveCalendarRoutes, leaveReferenceRoutes, leaveRoutes } from './leave';
import { lookupRoutes } from './lookups';
import { notificationRoutes } from './notifications';
import { orgChartRoutes } from './org-chart';
import { organisationRoutes } from './organisation';
import { passkeysRoutes } from './passkeys';
import { profileRoutes } from './profile';
import { remoteWorkRoutes } from './remote-work';
import { reportsRoutes } from './reports';
import { shiftRoutes } from './shifts';
import { ssoRoutes } from './sso';

/**
 * Every feature's routes, registered under /api/v1 in this order. A feature
 * adds its plugin here and nowhere else, through its public index.ts.
 */
export const FEATURES: ((app: FastifyInstance, deps: FeatureDeps) => Promise<void>)[] = [
  (app, deps) => authRoutes(app, { service: deps.authService }),
  accountRoutes,
  passkeysRoutes,
  ssoRoutes,
  lookupRoutes,
  directoryRoutes,
  organisationRoutes,
  orgChartRoutes,
  adminRoutes,
  leaveRoutes,
  leaveReferenceRoutes,
  leaveCalendarRoutes,
  calendarFeedsRoutes,
  reportsRoutes,
  dashboardRoutes,
  approvalsRoutes,
  delegationsRoutes,
  profileRoutes,
  remoteWorkRoutes,
  hrServiceRoutes,
  kpiRoutes,
  eprRoutes,
  eprCycleRoutes,
  eprCalibrationRoutes,
  shiftRoutes,
  compensationRoutes,
  attendanceRoutes,
  attendanceIntakeRoutes,
  employeeImportRoutes,
  commentRoutes,
  notificationRoutes,
  dataRightsRoutes,
  auditRoutes,
];
