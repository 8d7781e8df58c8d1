import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { PageLoading } from '../components/PageLoading';
import { StartupLoading } from '../components/StartupLoading';
import { SignInPage } from '../features/auth/pages/SignInPage';
import { prefetchDashboard } from '../features/dashboard/queries';
import { withTexts } from '../lib/i18n';
import { prefetchMe } from '../lib/me';
import { useSession } from '../lib/session';
import { type Area, DASHBOARD_AREAS, SHELL_AREAS } from '../lib/text-areas';
import { PublicOnly, RequireAuth, RootEffects, type RouteLook, withFrame } from './guards';

/** A page drawn with Ant Design: its frame loads beside its code (one wait, not two after another). */
const page = <M,>(path: string, load: () => Promise<M>) => ({ path, lazy: withFrame(load) });
/** A page drawn with the portal's own components: none of Ant Design comes with it. */
const plainPage = <M,>(path: string, load: () => Promise<M>) => ({
  path,
  handle: { plain: true } satisfies RouteLook,
  lazy: load,
});

/**
 * The areas of texts of the administration's lists (components/admin: the
 * resource page, its fields and forms, the lists' filters).
 */
const ADMIN_AREAS = ['admin', 'lists', 'organisation'] as const satisfies readonly Area[];

/** The profile's: its tabs (leave, attendance, pay, assets, delegations) and its edit forms. */
const PROFILE_AREAS = [
  'account',
  'admin',
  'attendance',
  'compensation',
  'delegations',
  'employees',
  'leave',
  'lists',
  'organisation',
  'profile',
] as const satisfies readonly Area[];

/** Loaded only when a page fails: the first page does not carry it. */
const ServerErrorPage = lazy(
  withTexts([], () => import('./errors/ServerErrorPage').then((m) => ({ default: m.ServerErrorPage }))),
);

function RootRedirect() {
  const session = useSession();
  return <Navigate to={session ? '/profile' : '/signin'} replace />;
}

/**
 * The routes of SPEC.md §2 (matched exactly) and the sidebar's extra screens.
 * Every page loads on first visit, so the first page carries only its own code.
 * Made once the page's language is set (main.tsx): the router starts the first
 * page's loaders, whose calls are answered in the language they ask in.
 */
export const createRouter = () =>
  createBrowserRouter([
    {
      element: <RootEffects />,
      // Drawn without Ant Design: a page that failed to load may have been the frame itself.
      errorElement: (
        <Suspense fallback={<PageLoading />}>
          <ServerErrorPage />
        </Suspense>
      ),
      // A signed-in address shows the shell's bars at once, while its code loads.
      hydrateFallbackElement: <StartupLoading />,
      children: [
        { path: '/', element: <RootRedirect /> },
        {
          element: <PublicOnly />,
          children: [
            {
              // Drawn without Ant Design: the first page loads only what it shows, and with the
              // app itself (a few KB), not one round trip after it.
              path: '/signin',
              handle: { plain: true } satisfies RouteLook,
              Component: SignInPage,
            },
            {
              // The company-account sign-in's way back: plain, like the sign-in page it came from.
              path: '/signin/sso',
              handle: { plain: true } satisfies RouteLook,
              lazy: withTexts([], () => import('../features/sso/pages/SsoCallbackPage')),
            },
            // Recovery, plain like the sign-in page it is opened from.
            plainPage(
              '/forgotpassword',
              withTexts([], () => import('../features/auth/pages/ForgotPasswordPage')),
            ),
          ],
        },
        plainPage(
          '/resetpassword/:token',
          withTexts([], () => import('../features/auth/pages/ResetPasswordPage')),
        ),
        // The way through after signing in (and an administrator's sign-in as someone): no frame to wait for.
        plainPage(
          '/impersonate',
          withTexts([], () => import('../features/auth/pages/ImpersonatePage')),
        ),
        {
          element: <RequireAuth />,
          children: [
            {
              loader: prefetchMe,
              // The shell is drawn without Ant Design; each page but the dashboard brings its frame.
              handle: { shell: true } satisfies RouteLook,
              lazy: withTexts(SHELL_AREAS, () => import('./shell/AppLayout')),
              children: [
                {
                  // The first page after signing in, drawn without Ant Design as the shell is.
                  path: '/dashboard',
                  handle: { plain: true } satisfies RouteLook,
                  loader: prefetchDashboard,
                  lazy: withTexts(DASHBOARD_AREAS, () => import('../features/dashboard/pages/DashboardPage')),
                },
                page(
                  '/profile',
                  withTexts(PROFILE_AREAS, () => import('../features/profile/pages/ProfilePage')),
                ),
                page(
                  '/profile/:profileId',
                  withTexts(PROFILE_AREAS, () => import('../features/profile/pages/ProfilePage')),
                ),
                plainPage(
                  '/team',
                  withTexts(
                    ['leave-calendar', 'lists', 'org-chart', 'team'],
                    () => import('../features/directory/pages/TeamPage'),
                  ),
                ),
                plainPage(
                  '/kpi',
                  withTexts(['kpi', 'lists'], () => import('../features/kpi/pages/KpiListPage')),
                ),
                plainPage(
                  '/kpi/:kpiId',
                  withTexts(
                    ['comments', 'kpi', 'lists'],
                    () => import('../features/kpi/pages/KpiDetailPage'),
                  ),
                ),
                plainPage(
                  '/epr',
                  withTexts(
                    ['epr', 'epr-list', 'kpi', 'lists'],
                    () => import('../features/epr/pages/EprListPage'),
                  ),
                ),
                page(
                  '/epr/:eprId',
                  withTexts(['epr', 'kpi', 'lists'], () => import('../features/epr/pages/EprDetailPage')),
                ),
                plainPage(
                  '/epr/calibration',
                  withTexts(['lists'], () => import('../features/epr-calibration/pages/EprCalibrationPage')),
                ),
                plainPage(
                  '/approvals',
                  withTexts(['lists'], () => import('../features/approvals/pages/ApprovalsPage')),
                ),
                plainPage(
                  '/delegations',
                  withTexts(
                    ['delegations', 'lists'],
                    () => import('../features/delegations/pages/DelegationsPage'),
                  ),
                ),
                page(
                  '/account/security',
                  withTexts(['account'], () => import('../features/account/pages/SecurityPage')),
                ),
                plainPage(
                  '/account/data',
                  withTexts([], () => import('../features/data-rights/pages/MyDataPage')),
                ),
                plainPage(
                  '/notifications',
                  withTexts(['lists'], () => import('../features/notifications/pages/NotificationsPage')),
                ),
                plainPage(
                  '/leave',
                  withTexts(
                    ['leave', 'leave-calendar', 'lists'],
                    () => import('../features/leave/pages/LeavePage'),
                  ),
                ),
                plainPage(
                  '/leave/calendar',
                  withTexts(
                    ['attendance', 'calendar-feeds', 'leave-calendar'],
                    () => import('../features/leave/pages/LeaveCalendarPage'),
                  ),
                ),
                plainPage(
                  '/remote-work',
                  withTexts(
                    ['lists', 'remote-work'],
                    () => import('../features/remote-work/pages/RemoteWorkPage'),
                  ),
                ),
                plainPage(
                  '/hr-services',
                  withTexts(
                    ['hr-services', 'lists'],
                    () => import('../features/hr-services/pages/HrServicesPage'),
                  ),
                ),
                page(
                  '/hr-services/:id',
                  withTexts(
                    ['hr-services', 'lists'],
                    () => import('../features/hr-services/pages/HrServiceDetailPage'),
                  ),
                ),
                plainPage(
                  '/attendance',
                  withTexts(
                    ['attendance', 'lists'],
                    () => import('../features/attendance/pages/AttendancePage'),
                  ),
                ),
                plainPage(
                  '/employees',
                  withTexts(
                    ['employees', 'lists'],
                    () => import('../features/directory/pages/EmployeesPage'),
                  ),
                ),
                page(
                  '/admin/approvals',
                  withTexts([], () => import('../features/approvals/pages/ApprovalSettingsPage')),
                ),
                page(
                  '/admin/assets',
                  withTexts(ADMIN_AREAS, () => import('../features/admin/pages/AssetsPage')),
                ),
                plainPage(
                  '/admin/companies',
                  withTexts(ADMIN_AREAS, () => import('../features/admin/pages/CompaniesPage')),
                ),
                page(
                  '/admin/offices',
                  withTexts(ADMIN_AREAS, () => import('../features/admin/pages/OfficesPage')),
                ),
                page(
                  '/admin/levels-grades',
                  withTexts(ADMIN_AREAS, () => import('../features/organisation/pages/LevelsGradesPage')),
                ),
                page(
                  '/admin/designations',
                  withTexts(ADMIN_AREAS, () => import('../features/organisation/pages/DesignationsPage')),
                ),
                page(
                  '/admin/development-areas',
                  withTexts(ADMIN_AREAS, () => import('../features/organisation/pages/DevelopmentAreasPage')),
                ),
                page(
                  '/admin/exams',
                  withTexts(ADMIN_AREAS, () => import('../features/organisation/pages/ExamsPage')),
                ),
                page(
                  '/admin/groups',
                  withTexts(ADMIN_AREAS, () => import('../features/organisation/pages/GroupsPage')),
                ),
                page(
                  '/admin/leave-types',
                  withTexts(
                    [...ADMIN_AREAS, 'leave'],
                    () => import('../features/leave/pages/LeaveTypesPage'),
                  ),
                ),
                page(
                  '/admin/holidays',
                  withTexts([...ADMIN_AREAS, 'leave'], () => import('../features/leave/pages/HolidaysPage')),
                ),
                page(
                  '/admin/leave-policies',
                  withTexts(
                    [...ADMIN_AREAS, 'leave'],
                    () => import('../features/leave/pages/LeavePoliciesPage'),
                  ),
                ),
                page(
                  '/admin/shifts',
                  withTexts(ADMIN_AREAS, () => import('../features/shifts/pages/ShiftsPage')),
                ),
                page(
                  '/admin/pay-schedules',
                  withTexts(
                    [...ADMIN_AREAS, 'compensation'],
                    () => import('../features/compensation/pages/PaySchedulesPage'),
                  ),
                ),
                page(
                  '/admin/attendance',
                  withTexts(
                    ['admin', 'imports'],
                    () => import('../features/attendance-intake/pages/AttendanceIntakePage'),
                  ),
                ),
                page(
                  '/admin/employee-import',
                  withTexts(
                    ['admin', 'employee-import', 'imports', 'profile'],
                    () => import('../features/employee-import/pages/EmployeeImportPage'),
                  ),
                ),
                page(
                  '/admin/erasure',
                  withTexts(['admin'], () => import('../features/data-rights/pages/ErasurePage')),
                ),
                page(
                  '/admin/audit',
                  withTexts(['admin'], () => import('../features/audit/pages/AuditExportPage')),
                ),
                page(
                  '/admin/hr-services',
                  withTexts(
                    [...ADMIN_AREAS, 'hr-services'],
                    () => import('../features/hr-services/pages/ServiceCategoriesPage'),
                  ),
                ),
                page(
                  '/admin/remote-work-types',
                  withTexts(
                    [...ADMIN_AREAS, 'remote-work'],
                    () => import('../features/remote-work/pages/RemoteWorkTypesPage'),
                  ),
                ),
                page(
                  '/admin/epr-values',
                  withTexts([...ADMIN_AREAS, 'epr'], () => import('../features/epr/pages/EprValuesPage')),
                ),
                page(
                  '/admin/kpi',
                  withTexts([...ADMIN_AREAS, 'kpi'], () => import('../features/kpi/pages/KpiSettingsPage')),
                ),
                page(
                  '/admin/review-cycles',
                  withTexts(
                    ['admin', 'epr', 'kpi', 'lists'],
                    () => import('../features/epr-cycles/pages/ReviewCyclesPage'),
                  ),
                ),
              ],
            },
          ],
        },
        plainPage(
          '*',
          withTexts([], () => import('./errors/NotFoundPage')),
        ),
      ],
    },
  ]);
