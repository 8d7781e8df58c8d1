import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { PageLoading } from '../components/PageLoading';
import { StartupLoading } from '../components/StartupLoading';
import { prefetchMe } from '../features/auth/api';
import { SignInPage } from '../features/auth/pages/SignInPage';
import { prefetchDashboard } from '../features/dashboard/queries';
import { loadSignedInTexts } from '../lib/i18n';
import { useSession } from '../lib/session';
import { InFrame, PublicOnly, RequireAuth, RootEffects, type RouteLook, withFrame } from './guards';

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
          {
            path: '/forgotpassword',
            lazy: withFrame(() => import('../features/auth/pages/ForgotPasswordPage')),
          },
        ],
      },
      {
        path: '/resetpassword/:token',
        lazy: withFrame(() => import('../features/auth/pages/ResetPasswordPage')),
      },
      { path: '/impersonate', lazy: withFrame(() => import('../features/auth/pages/ImpersonatePage')) },
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
              { path: '/profile', lazy: withFrame(() => import('../features/profile/pages/ProfilePage')) },
              {
                path: '/profile/:profileId',
                lazy: withFrame(() => import('../features/profile/pages/ProfilePage')),
              },
              { path: '/team', lazy: withFrame(() => import('../features/team/pages/TeamPage')) },
              { path: '/kpi', lazy: withFrame(() => import('../features/kpi/pages/KpiListPage')) },
              { path: '/kpi/:kpiId', lazy: withFrame(() => import('../features/kpi/pages/KpiDetailPage')) },
              { path: '/epr', lazy: withFrame(() => import('../features/epr/pages/EprListPage')) },
              { path: '/epr/:eprId', lazy: withFrame(() => import('../features/epr/pages/EprDetailPage')) },
              {
                path: '/epr/calibration',
                lazy: withFrame(() => import('../features/epr-calibration/pages/EprCalibrationPage')),
              },
              { path: '/leave', lazy: withFrame(() => import('../features/leave/pages/LeavePage')) },
              {
                path: '/remote-work',
                lazy: withFrame(() => import('../features/remote-work/pages/RemoteWorkPage')),
              },
              {
                path: '/hr-services',
                lazy: withFrame(() => import('../features/hr-services/pages/HrServicesPage')),
              },
              {
                path: '/hr-services/:id',
                lazy: withFrame(() => import('../features/hr-services/pages/HrServiceDetailPage')),
              },
              {
                path: '/attendance',
                lazy: withFrame(() => import('../features/attendance/pages/AttendancePage')),
              },
              {
                path: '/employees',
                lazy: withFrame(() => import('../features/employees/pages/EmployeesPage')),
              },
              { path: '/admin/assets', lazy: withFrame(() => import('../features/admin/pages/AssetsPage')) },
              {
                path: '/admin/companies',
                lazy: withFrame(() => import('../features/admin/pages/CompaniesPage')),
              },
              {
                path: '/admin/offices',
                lazy: withFrame(() => import('../features/admin/pages/OfficesPage')),
              },
              {
                path: '/admin/levels-grades',
                lazy: withFrame(() => import('../features/organisation/pages/LevelsGradesPage')),
              },
              {
                path: '/admin/designations',
                lazy: withFrame(() => import('../features/organisation/pages/DesignationsPage')),
              },
              {
                path: '/admin/development-areas',
                lazy: withFrame(() => import('../features/organisation/pages/DevelopmentAreasPage')),
              },
              {
                path: '/admin/exams',
                lazy: withFrame(() => import('../features/organisation/pages/ExamsPage')),
              },
              {
                path: '/admin/groups',
                lazy: withFrame(() => import('../features/organisation/pages/GroupsPage')),
              },
              {
                path: '/admin/leave-types',
                lazy: withFrame(() => import('../features/admin/pages/LeaveTypesPage')),
              },
              {
                path: '/admin/holidays',
                lazy: withFrame(() => import('../features/admin/pages/HolidaysPage')),
              },
              { path: '/admin/shifts', lazy: withFrame(() => import('../features/shifts/pages/ShiftsPage')) },
              {
                path: '/admin/pay-schedules',
                lazy: withFrame(() => import('../features/compensation/pages/PaySchedulesPage')),
              },
              {
                path: '/admin/attendance',
                lazy: withFrame(() => import('../features/attendance-admin/pages/AttendanceAdminPage')),
              },
              {
                path: '/admin/employee-import',
                lazy: withFrame(() => import('../features/employee-import/pages/EmployeeImportPage')),
              },
              {
                path: '/admin/hr-services',
                lazy: withFrame(() => import('../features/admin/pages/ServiceCategoriesPage')),
              },
              {
                path: '/admin/remote-work-types',
                lazy: withFrame(() => import('../features/admin/pages/RemoteWorkTypesPage')),
              },
              {
                path: '/admin/epr-values',
                lazy: withFrame(() => import('../features/admin/pages/EprValuesPage')),
              },
              {
                path: '/admin/kpi',
                lazy: withFrame(() => import('../features/admin/pages/KpiSettingsPage')),
              },
              {
                path: '/admin/review-cycles',
                lazy: withFrame(() => import('../features/epr-cycles/pages/ReviewCyclesPage')),
              },
            ],
          },
        ],
      },
      { path: '*', lazy: withFrame(() => import('../features/errors/NotFoundPage')) },
    ],
  },
]);
