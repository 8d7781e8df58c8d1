import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { PageLoading } from '../components/PageLoading';
import { StartupLoading } from '../components/StartupLoading';
import { SignInPage } from '../features/auth/pages/SignInPage';
import { prefetchDashboard } from '../features/dashboard/queries';
import { loadSignedInTexts } from '../lib/i18n';
import { prefetchMe } from '../lib/me';
import { useSession } from '../lib/session';
import { InFrame, PublicOnly, RequireAuth, RootEffects, type RouteLook, withFrame } from './guards';

/** A page drawn with Ant Design: its frame loads beside its code (one wait, not two after another). */
const page = <M,>(path: string, load: () => Promise<M>) => ({ path, lazy: withFrame(load) });

/** Loaded only when a page fails: the first page does not carry it. */
const ServerErrorPage = lazy(() =>
  import('./errors/ServerErrorPage').then((m) => ({ default: m.ServerErrorPage })),
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
      errorElement: (
        <InFrame>
          <Suspense fallback={<PageLoading />}>
            <ServerErrorPage />
          </Suspense>
        </InFrame>
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
              lazy: () => import('../features/sso/pages/SsoCallbackPage'),
            },
            page('/forgotpassword', () => import('../features/auth/pages/ForgotPasswordPage')),
          ],
        },
        page('/resetpassword/:token', () => import('../features/auth/pages/ResetPasswordPage')),
        page('/impersonate', () => import('../features/auth/pages/ImpersonatePage')),
        {
          element: <RequireAuth />,
          children: [
            {
              loader: prefetchMe,
              // The signed-in screens' texts load beside the shell (the public pages carry their own only).
              // The shell is drawn without Ant Design; each page but the dashboard brings its frame.
              handle: { shell: true } satisfies RouteLook,
              lazy: () =>
                Promise.all([import('./shell/AppLayout'), loadSignedInTexts()]).then(([shell]) => shell),
              children: [
                {
                  // The first page after signing in, drawn without Ant Design as the shell is.
                  path: '/dashboard',
                  handle: { plain: true } satisfies RouteLook,
                  loader: prefetchDashboard,
                  lazy: () => import('../features/dashboard/pages/DashboardPage'),
                },
                page('/profile', () => import('../features/profile/pages/ProfilePage')),
                page('/profile/:profileId', () => import('../features/profile/pages/ProfilePage')),
                page('/team', () => import('../features/directory/pages/TeamPage')),
                page('/kpi', () => import('../features/kpi/pages/KpiListPage')),
                page('/kpi/:kpiId', () => import('../features/kpi/pages/KpiDetailPage')),
                page('/epr', () => import('../features/epr/pages/EprListPage')),
                page('/epr/:eprId', () => import('../features/epr/pages/EprDetailPage')),
                page(
                  '/epr/calibration',
                  () => import('../features/epr-calibration/pages/EprCalibrationPage'),
                ),
                page('/approvals', () => import('../features/approvals/pages/ApprovalsPage')),
                page('/delegations', () => import('../features/delegations/pages/DelegationsPage')),
                page('/account/security', () => import('../features/account/pages/SecurityPage')),
                page('/account/data', () => import('../features/data-rights/pages/MyDataPage')),
                page('/notifications', () => import('../features/notifications/pages/NotificationsPage')),
                page('/leave', () => import('../features/leave/pages/LeavePage')),
                page('/leave/calendar', () => import('../features/leave/pages/LeaveCalendarPage')),
                page('/remote-work', () => import('../features/remote-work/pages/RemoteWorkPage')),
                page('/hr-services', () => import('../features/hr-services/pages/HrServicesPage')),
                page('/hr-services/:id', () => import('../features/hr-services/pages/HrServiceDetailPage')),
                page('/attendance', () => import('../features/attendance/pages/AttendancePage')),
                page('/employees', () => import('../features/directory/pages/EmployeesPage')),
                page('/admin/approvals', () => import('../features/approvals/pages/ApprovalSettingsPage')),
                page('/admin/assets', () => import('../features/admin/pages/AssetsPage')),
                page('/admin/companies', () => import('../features/admin/pages/CompaniesPage')),
                page('/admin/offices', () => import('../features/admin/pages/OfficesPage')),
                page('/admin/levels-grades', () => import('../features/organisation/pages/LevelsGradesPage')),
                page('/admin/designations', () => import('../features/organisation/pages/DesignationsPage')),
                page(
                  '/admin/development-areas',
                  () => import('../features/organisation/pages/DevelopmentAreasPage'),
                ),
                page('/admin/exams', () => import('../features/organisation/pages/ExamsPage')),
                page('/admin/groups', () => import('../features/organisation/pages/GroupsPage')),
                page('/admin/leave-types', () => import('../features/leave/pages/LeaveTypesPage')),
                page('/admin/holidays', () => import('../features/leave/pages/HolidaysPage')),
                page('/admin/leave-policies', () => import('../features/leave/pages/LeavePoliciesPage')),
                page('/admin/shifts', () => import('../features/shifts/pages/ShiftsPage')),
                page('/admin/pay-schedules', () => import('../features/compensation/pages/PaySchedulesPage')),
                page(
                  '/admin/attendance',
                  () => import('../features/attendance-intake/pages/AttendanceIntakePage'),
                ),
                page(
                  '/admin/employee-import',
                  () => import('../features/employee-import/pages/EmployeeImportPage'),
                ),
                page('/admin/erasure', () => import('../features/data-rights/pages/ErasurePage')),
                page('/admin/audit', () => import('../features/audit/pages/AuditExportPage')),
                page(
                  '/admin/hr-services',
                  () => import('../features/hr-services/pages/ServiceCategoriesPage'),
                ),
                page(
                  '/admin/remote-work-types',
                  () => import('../features/remote-work/pages/RemoteWorkTypesPage'),
                ),
                page('/admin/epr-values', () => import('../features/epr/pages/EprValuesPage')),
                page('/admin/kpi', () => import('../features/kpi/pages/KpiSettingsPage')),
                page('/admin/review-cycles', () => import('../features/epr-cycles/pages/ReviewCyclesPage')),
              ],
            },
          ],
        },
        page('*', () => import('./errors/NotFoundPage')),
      ],
    },
  ]);
