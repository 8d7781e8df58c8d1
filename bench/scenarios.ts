/** The requests put under load; later modules add theirs here. */
export interface Scenario {
  name: string;
  method: 'GET' | 'POST' | 'PATCH';
  path: string;
  auth?: boolean;
  /** Who signs in for it (default 1003, the demo line manager). */
  as?: string;
  prepare?: (base: string, token: string) => Promise<unknown>;
  body?: (prepared: unknown) => unknown;
}

/** GET with the bench user's token, for a scenario's preparation. */
async function getJson<T>(base: string, token: string, path: string): Promise<T> {
  const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return (await res.json()) as T;
}

interface Named {
  id: number;
  name: string;
}
interface TreeItem extends Named {
  children: TreeItem[];
}

/** The ids of the directory search's filter combination, read from the reference lists of the large data set. */
async function searchFilterIds(base: string, token: string) {
  const lookups = await getJson<Record<string, Named[]>>(base, token, '/api/v1/lookups');
  const groups = await getJson<(Named & { tree: TreeItem[] })[]>(base, token, '/api/v1/groups');
  const id = (list: Named[] | undefined, name: string) => list?.find((o) => o.name === name)?.id ?? 0;
  const engineering = groups
    .find((g) => g.name === 'Large departments')
    ?.tree.find((i) => i.name === 'Engineering');
  return {
    gender_ids: [id(lookups.genders, 'Female')],
    level_ids: [id(lookups.levels, 'Mid'), id(lookups.levels, 'Senior')],
    education_type_ids: [
      id(lookups['education-types'], 'Bachelor'),
      id(lookups['education-types'], 'Master'),
    ],
    group_tree_ids: engineering ? [engineering.id] : [],
    age: { min: 30, max: 45 },
    service_years: { min: 2, max: 10 },
  };
}

export const scenarios: Scenario[] = [
  {
    name: 'POST login_check',
    method: 'POST',
    path: '/api/v1/login_check',
    auth: false,
    body: () => ({ username: '1004', password: 'demo123', app_id: 3 }),
  },
  { name: 'GET me (authenticated)', method: 'GET', path: '/api/v1/me' },
  // Team views of a head of department of the large data set: O&O of about 480 employees, a year of requests.
  {
    name: 'GET leave team list (L00001)',
    method: 'GET',
    path: '/api/v1/leave?list_type=team&limit=10',
    as: 'L00001',
  },
  {
    name: 'GET remote-work team list (L00001)',
    method: 'GET',
    path: '/api/v1/remote-work?list_type=team&limit=10',
    as: 'L00001',
  },
  {
    name: 'GET HR services team list (L00001)',
    method: 'GET',
    path: '/api/v1/employee/service-requests?list_type=team&limit=10',
    as: 'L00001',
  },
  {
    name: 'GET leave team list, filtered and sorted (L00001)',
    method: 'GET',
    path: '/api/v1/leave?list_type=team&limit=20&sort=from,asc&status_id=2',
    as: 'L00001',
  },
  {
    name: 'POST employees/search (full text "rahman")',
    method: 'POST',
    path: '/api/v1/employees/search?limit=20',
    body: () => ({ full_text: 'rahman' }),
  },
  {
    name: 'POST employees/search (E-ID part "L0123")',
    method: 'POST',
    path: '/api/v1/employees/search?limit=20',
    body: () => ({ full_text: 'L0123' }),
  },
  {
    name: 'POST employees/search (gender, level, education, group, age, service)',
    // Gender, age and education are personal filters: HR administrators search on them.
    as: '1001',
    method: 'POST',
    path: '/api/v1/employees/search?limit=20&sort=joining_date,desc',
    prepare: searchFilterIds,
    body: (ids) => ids,
  },
  { name: 'GET employees/team (cards)', method: 'GET', path: '/api/v1/employees/team?limit=20' },
];

/** A list compared against the SQL it sends (`lists.ts`), signed in as the busiest manager. */
export interface ListCall {
  name: string;
  path: string;
  /** A POST call's JSON body (the employee search); GET without one. */
  body?: unknown;
}

export const listCalls: ListCall[] = [
  { name: 'leave team', path: '/api/v1/leave?list_type=team&limit=10' },
  { name: 'remote-work team', path: '/api/v1/remote-work?list_type=team&limit=10' },
  { name: 'HR services team', path: '/api/v1/employee/service-requests?list_type=team&limit=10' },
  { name: 'leave self', path: '/api/v1/leave?list_type=self&limit=10' },
  { name: 'remote-work self', path: '/api/v1/remote-work?list_type=self&limit=10' },
  // The HR services list calls the caller's own requests "own".
  { name: 'HR services self', path: '/api/v1/employee/service-requests?list_type=own&limit=10' },
  { name: 'KPI team', path: '/api/v1/kpis?list_type=team&limit=10' },
  { name: 'KPI self', path: '/api/v1/kpis?list_type=self&limit=10' },
  { name: 'EPR team', path: '/api/v1/eprs?list_type=team&limit=10' },
  { name: 'EPR self', path: '/api/v1/eprs?list_type=self&limit=10' },
  // The approvals inbox of every module (on the large data set, several hundred items wait for a head of department).
  { name: 'approvals inbox', path: '/api/v1/approvals' },
  { name: 'approvals inbox, leave', path: '/api/v1/approvals?module=leave' },
  { name: 'approvals counts', path: '/api/v1/approvals/counts' },
];

/**
 * The detail calls compared the same way, for records the signed-in manager
 * may read: the first KPI sheet and the first review of their Team lists (on
 * the large data set, five objectives with three KPIs each); their own leave
 * balances, the ledger and a forecast of Annual leave (replayed by the leave
 * engine in the app), and the team calendar of this month.
 */
export async function detailCalls(base: string, token: string): Promise<ListCall[]> {
  const first = async (path: string, what: string) => {
    const team = await getJson<{ items: { id: number }[] }>(base, token, path);
    const item = team.items[0];
    if (!item) throw new Error(`The manager has no ${what} in the Team list: is the large data set seeded?`);
    return item.id;
  };
  const sheet = await first('/api/v1/kpis?list_type=team&limit=10', 'KPI sheet');
  // A completed review: every section filled, so the call reads all it can.
  const review = await first('/api/v1/eprs?list_type=team&limit=10&status_id=4', 'completed review');
  // A team member's attendance of last month (about 21 working days, 40-odd punches).
  const [member] = await getJson<{ id: number }[]>(base, token, '/api/v1/employees/reports?limit=1');
  if (!member) throw new Error('The manager has nobody in their team: is the large data set seeded?');
  const now = new Date();
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const monthEnd = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const today = day(now);
  // The balance's ledger and a forecast of Annual leave (the type the leave-close section gives a monthly policy).
  const types = await getJson<Named[]>(base, token, '/api/v1/leave/types');
  const annual = types.find((t) => /^annual/i.test(t.name))?.id ?? 1;
  // The forecast of a request from the first Monday of next month to the Wednesday after it.
  const nextMonday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  while (nextMonday.getUTCDay() !== 1) nextMonday.setUTCDate(nextMonday.getUTCDate() + 1);
  const twoDaysOn = new Date(nextMonday.getTime() + 2 * 86_400_000);
  // The team calendar of this month: the manager, their reports and their reports' reports, and their peers.
  const thisMonthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const thisMonthEnd = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0));
  return [
    { name: 'KPI sheet', path: `/api/v1/kpis/${sheet}` },
    { name: 'EPR review', path: `/api/v1/eprs/${review}` },
    {
      name: 'attendance month',
      path: `/api/v1/report/attendance/individual?from_date=${day(monthStart)}&to_date=${day(monthEnd)}&employee_id=${member.id}`,
    },
    {
      name: 'attendance team today',
      path: `/api/v1/report/attendance/summary?from_date=${today}&to_date=${today}&scope=team&response_type=json`,
    },
    { name: 'team directory', path: '/api/v1/employees/team?limit=20' },
    { name: 'profile (a report)', path: `/api/v1/employees/${member.id}` },
    { name: 'dashboard', path: '/api/v1/dashboard' },
    { name: 'leave balances', path: '/api/v1/leave/balances' },
    { name: 'leave ledger (Annual leave)', path: `/api/v1/leave/ledger?type_id=${annual}` },
    {
      name: 'leave forecast (Annual leave: 3 days next month)',
      path: `/api/v1/leave/forecast?type_id=${annual}&date=${day(nextMonday)}&to=${day(twoDaysOn)}`,
    },
    {
      name: 'leave calendar (this month)',
      path: `/api/v1/leave/calendar?from=${day(thisMonthStart)}&to=${day(thisMonthEnd)}`,
    },
    { name: 'lookups', path: '/api/v1/lookups' },
    { name: 'me', path: '/api/v1/me' },
    {
      name: 'employee search (name)',
      path: '/api/v1/employees/search?limit=20',
      body: { full_text: 'rahman' },
    },
  ];
}

/** The bare authenticated route: the session check and nothing else (`GET session`, 204). */
export const bareCall: ListCall = { name: 'session (the bare route)', path: '/api/v1/session' };

/**
 * The small calls of one person (`fixed-cost.ts`): who they are, the
 * reference lists, their own request lists, one of their KPI sheets and one
 * of their reviews (their own, else their team's first), and their leave
 * balances: one to five statements each besides the session's.
 */
export async function smallCalls(base: string, token: string): Promise<ListCall[]> {
  const firstOf = async (kind: 'kpis' | 'eprs') => {
    for (const list of ['self', 'team']) {
      const page = await getJson<{ items: { id: number }[] }>(
        base,
        token,
        `/api/v1/${kind}?list_type=${list}&limit=10`,
      );
      if (page.items[0]) return page.items[0].id;
    }
    throw new Error(`No ${kind === 'kpis' ? 'KPI sheet' : 'review'} of the bench user or their team`);
  };
  return [
    bareCall,
    { name: 'me', path: '/api/v1/me' },
    { name: 'lookups', path: '/api/v1/lookups' },
    ...listCalls.filter((c) => c.name.endsWith(' self')),
    { name: 'KPI sheet', path: `/api/v1/kpis/${await firstOf('kpis')}` },
    { name: 'EPR review', path: `/api/v1/eprs/${await firstOf('eprs')}` },
    { name: 'leave balances', path: '/api/v1/leave/balances' },
  ];
}
