/**
 * The web app's routes as the weight and Lighthouse benches open them: the
 * public pages, the employee's screens (1004, the user the issue measured)
 * and the HR administrator's (1001). Pages of one record (a KPI sheet, an
 * EPR review) take the first record the user's own list answers.
 */

export type Who = '1004' | '1001' | null;

export interface Route {
  name: string;
  path: string;
  /** Who is signed in; null for a public page. */
  as: Who;
  /** Part of the Lighthouse batch (every route is weighed). */
  lighthouse?: boolean;
}

const ROUTES: (Route & { firstOf?: string })[] = [
  { name: 'sign-in', path: '/signin', as: null, lighthouse: true },
  { name: 'forgot password', path: '/forgotpassword', as: null },
  { name: 'dashboard', path: '/dashboard', as: '1004', lighthouse: true },
  { name: 'profile', path: '/profile', as: '1004', lighthouse: true },
  { name: 'team', path: '/team', as: '1004', lighthouse: true },
  { name: 'kpi list', path: '/kpi', as: '1004', lighthouse: true },
  { name: 'kpi sheet', path: '/kpi/:id', as: '1004', firstOf: 'kpis', lighthouse: true },
  { name: 'epr list', path: '/epr', as: '1004', lighthouse: true },
  { name: 'epr review', path: '/epr/:id', as: '1004', firstOf: 'eprs', lighthouse: true },
  { name: 'leave', path: '/leave', as: '1004', lighthouse: true },
  { name: 'leave calendar', path: '/leave/calendar', as: '1004' },
  { name: 'remote work', path: '/remote-work', as: '1004', lighthouse: true },
  { name: 'hr services', path: '/hr-services', as: '1004', lighthouse: true },
  { name: 'attendance', path: '/attendance', as: '1004', lighthouse: true },
  { name: 'approvals', path: '/approvals', as: '1004' },
  { name: 'delegations', path: '/delegations', as: '1004' },
  { name: 'notifications', path: '/notifications', as: '1004' },
  { name: 'account security', path: '/account/security', as: '1004' },
  { name: 'my data', path: '/account/data', as: '1004' },
  { name: 'employees', path: '/employees', as: '1001', lighthouse: true },
  { name: 'epr calibration', path: '/epr/calibration', as: '1001' },
  { name: 'admin: approvals', path: '/admin/approvals', as: '1001' },
  { name: 'admin: assets', path: '/admin/assets', as: '1001' },
  { name: 'admin: companies', path: '/admin/companies', as: '1001', lighthouse: true },
  { name: 'admin: offices', path: '/admin/offices', as: '1001' },
  { name: 'admin: levels and grades', path: '/admin/levels-grades', as: '1001' },
  { name: 'admin: designations', path: '/admin/designations', as: '1001' },
  { name: 'admin: development areas', path: '/admin/development-areas', as: '1001' },
  { name: 'admin: exams', path: '/admin/exams', as: '1001' },
  { name: 'admin: groups', path: '/admin/groups', as: '1001' },
  { name: 'admin: leave types', path: '/admin/leave-types', as: '1001' },
  { name: 'admin: holidays', path: '/admin/holidays', as: '1001' },
  { name: 'admin: leave policies', path: '/admin/leave-policies', as: '1001', lighthouse: true },
  { name: 'admin: shifts', path: '/admin/shifts', as: '1001' },
  { name: 'admin: pay schedules', path: '/admin/pay-schedules', as: '1001' },
  { name: 'admin: attendance', path: '/admin/attendance', as: '1001', lighthouse: true },
  { name: 'admin: employee import', path: '/admin/employee-import', as: '1001' },
  { name: 'admin: erasure', path: '/admin/erasure', as: '1001' },
  { name: 'admin: audit', path: '/admin/audit', as: '1001' },
  { name: 'admin: hr services', path: '/admin/hr-services', as: '1001' },
  { name: 'admin: remote work types', path: '/admin/remote-work-types', as: '1001' },
  { name: 'admin: epr values', path: '/admin/epr-values', as: '1001' },
  { name: 'admin: kpi', path: '/admin/kpi', as: '1001' },
  { name: 'admin: review cycles', path: '/admin/review-cycles', as: '1001', lighthouse: true },
];

/** A signed-in user's session, as the web app keeps it (local storage `hr.session`). */
export async function signInThroughApi(base: string, username: string): Promise<{ token: string }> {
  const login = await fetch(`${base}/api/v1/login_check`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'demo123', app_id: 3 }),
  });
  if (!login.ok) throw new Error(`sign-in of ${username} failed: ${login.status}`);
  return (await login.json()) as { token: string };
}

/**
 * The routes with their record ids filled in from `base` (the demo seed), and
 * the sessions of their users. `only` keeps the routes whose name matches.
 */
export async function resolveRoutes(base: string, only?: RegExp) {
  const sessions = {
    '1004': await signInThroughApi(base, '1004'),
    '1001': await signInThroughApi(base, '1001'),
  };
  const routes: Route[] = [];
  for (const route of ROUTES) {
    if (only && !only.test(route.name)) continue;
    let path = route.path;
    if (route.firstOf && route.as) {
      const res = await fetch(`${base}/api/v1/${route.firstOf}`, {
        headers: { authorization: `Bearer ${sessions[route.as].token}` },
      });
      const body = (await res.json()) as { items?: { id: number }[] };
      const id = body.items?.[0]?.id;
      if (!id) throw new Error(`${route.name}: ${route.as} has no ${route.firstOf}`);
      path = path.replace(':id', String(id));
    }
    routes.push({ name: route.name, path, as: route.as, lighthouse: route.lighthouse ?? false });
  }
  return { routes, sessions };
}
