import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { PageLoading } from '../components/PageLoading';
import { StartupLoading } from '../components/StartupLoading';
import { prefetchMe } from '../features/auth/api';
import { SignInPage } from '../features/auth/pages/SignInPage';
import { prefetchDashboard } from '../features/dashboard/queries';
import { loadSignedInTexts } from '../lib/i18n';
import { useSession } from '../lib/session';
import { InFrame, loadFrame, PublicOnly, RequireAuth, RootEffects, type RouteLook } from './guards';

/** Loaded only when a page fails: the first page does not carry it. */
const ServerErrorPage = lazy(() =>
  import('../features/errors/ServerErrorPage').then((m) => ({ default: m.ServerErrorPage })),
);

function RootRedirect() {
  const session = useSession();
  return <Navigate to={session ? '/profile' : '/signin'} replace />;
}

/**
 * The routes of SPEC.md §2 (matched exactly) and the sidebar's extra screens.
 * Every page loads on first visit, so the first page carries only its own code.
 */
export const router = createBrowserRouter([
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
          { path: '/forgotpassword', lazy: () => import('../features/auth/pages/ForgotPasswordPage') },
        ],
      },
      { path: '/resetpassword/:token', lazy: () => import('../features/auth/pages/ResetPasswordPage') },
      { path: '/impersonate', lazy: () => import('../features/auth/pages/ImpersonatePage') },
      {
        element: <RequireAuth />,
        children: [
          {
            loader: prefetchMe,
            // The signed-in screens' texts load beside the shell (the public pages carry their own only).
            // So does Ant Design's frame, which the pages are drawn in: one wait, not two after another.
            lazy: () =>
              Promise.all([import('./shell/AppLayout'), loadSignedInTexts(), loadFrame()]).then(
                ([shell]) => shell,
              ),
            children: [
              {
                path: '/dashboard',
                loader: prefetchDashboard,
                lazy: () => import('../features/dashboard/pages/DashboardPage'),
              },
              { path: '/profile', lazy: () => import('../features/profile/pages/ProfilePage') },
              { path: '/profile/:profileId', lazy: () => import('../features/profile/pages/ProfilePage') },
              { path: '/team', lazy: () => import('../features/team/pages/TeamPage') },
              { path: '/kpi', lazy: () => import('../features/kpi/pages/KpiListPage') },
              { path: '/kpi/:kpiId', lazy: () => import('../features/kpi/pages/KpiDetailPage') },
              { path: '/epr', lazy: () => import('../features/epr/pages/EprListPage') },
              { path: '/epr/:eprId', lazy: () => import('../features/epr/pages/EprDetailPage') },
              {
                path: '/epr/calibration',
                lazy: () => import('../features/epr-calibration/pages/EprCalibrationPage'),
              },
              { path: '/leave', lazy: () => import('../features/leave/pages/LeavePage') },
              { path: '/remote-work', lazy: () => import('../features/remote-work/pages/RemoteWorkPage') },
              { path: '/hr-services', lazy: () => import('../features/hr-services/pages/HrServicesPage') },
              {
                path: '/hr-services/:id',
                lazy: () => import('../features/hr-services/pages/HrServiceDetailPage'),
              },
              { path: '/attendance', lazy: () => import('../features/attendance/pages/AttendancePage') },
              { path: '/employees', lazy: () => import('../features/employees/pages/EmployeesPage') },
              { path: '/admin/assets', lazy: () => import('../features/admin/pages/AssetsPage') },
              { path: '/admin/companies', lazy: () => import('../features/admin/pages/CompaniesPage') },
              { path: '/admin/offices', lazy: () => import('../features/admin/pages/OfficesPage') },
              {
                path: '/admin/levels-grades',
                lazy: () => import('../features/organisation/pages/LevelsGradesPage'),
              },
              {
                path: '/admin/designations',
                lazy: () => import('../features/organisation/pages/DesignationsPage'),
              },
              {
                path: '/admin/development-areas',
                lazy: () => import('../features/organisation/pages/DevelopmentAreasPage'),
              },
              { path: '/admin/exams', lazy: () => import('../features/organisation/pages/ExamsPage') },
              { path: '/admin/groups', lazy: () => import('../features/organisation/pages/GroupsPage') },
              { path: '/admin/leave-types', lazy: () => import('../features/admin/pages/LeaveTypesPage') },
              { path: '/admin/holidays', lazy: () => import('../features/admin/pages/HolidaysPage') },
              { path: '/admin/shifts', lazy: () => import('../features/shifts/pages/ShiftsPage') },
              {
                path: '/admin/pay-schedules',
                lazy: () => import('../features/compensation/pages/PaySchedulesPage'),
              },
              {
                path: '/admin/attendance',
                lazy: () => import('../features/attendance-admin/pages/AttendanceAdminPage'),
              },
              {
                path: '/admin/employee-import',
                lazy: () => import('../features/employee-import/pages/EmployeeImportPage'),
              },
              {
                path: '/admin/hr-services',
                lazy: () => import('../features/admin/pages/ServiceCategoriesPage'),
              },
              {
                path: '/admin/remote-work-types',
                lazy: () => import('../features/admin/pages/RemoteWorkTypesPage'),
              },
              { path: '/admin/epr-values', lazy: () => import('../features/admin/pages/EprValuesPage') },
              { path: '/admin/kpi', lazy: () => import('../features/admin/pages/KpiSettingsPage') },
              {
                path: '/admin/review-cycles',
                lazy: () => import('../features/epr-cycles/pages/ReviewCyclesPage'),
              },
            ],
          },
        ],
      },
      { path: '*', lazy: () => import('../features/errors/NotFoundPage') },
    ],
  },
]);
