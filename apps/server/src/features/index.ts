import type { FastifyInstance } from 'fastify';
import { adminRoutes } from './admin/admin.routes';
import { authRoutes } from './auth/auth.routes';
import { dashboardRoutes } from './dashboard/dashboard.routes';
import type { FeatureDeps } from './deps';
import { directoryRoutes } from './directory/directory.routes';
import { hrServiceRoutes } from './hr-services/hr-services.routes';
import { leaveRoutes } from './leave/leave.routes';
import { lookupRoutes } from './lookups/lookups.routes';
import { profileRoutes } from './profile/profile.routes';
import { remoteWorkRoutes } from './remote-work/remote-work.routes';
import { reportsRoutes } from './reports/reports.routes';

/**
 * Every feature's routes, registered under /api/v1 in this order. A feature
 * adds its plugin here and nowhere else.
 */
export const FEATURES: ((app: FastifyInstance, deps: FeatureDeps) => Promise<void>)[] = [
  (app, deps) => authRoutes(app, { service: deps.authService }),
  lookupRoutes,
  directoryRoutes,
  adminRoutes,
  leaveRoutes,
  reportsRoutes,
  dashboardRoutes,
  profileRoutes,
  remoteWorkRoutes,
  hrServiceRoutes,
];
