import { type ApiSession, allPages } from './api';

/** DD-MM-YYYY, as the portal shows and types dates. */
export const dmy = (d: Date) =>
  `${String(d.getDate()).padStart(2, '0')}-${String(d.getMonth() + 1).padStart(2, '0')}-${d.getFullYear()}`;
/** YYYY-MM-DD, as the API takes dates. */
export const iso = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
export const plusDays = (d: Date, n: number) => new Date(d.getFullYear(), d.getMonth(), d.getDate() + n);
export const today = () => {
  const d = new Date();
  return new Date(d.getFullYear(), d.getMonth(), d.getDate());
};

type Span = [from: string, to: string];

/** The days (YYYY-MM-DD) an employee's own leave or remote-work requests already take. */
async function takenSpans(api: ApiSession, kind: 'leave' | 'remote-work'): Promise<Span[]> {
  if (kind === 'leave') {
    const leaves = await allPages<{ from: string; to: string }>(api, 'leave', { list_type: 'self' });
    return leaves.map((l) => [l.from.slice(0, 10), l.to.slice(0, 10)]);
  }
  const requests = await allPages<{ from_date: string; to_date: string }>(api, 'remote-work', {
    list_type: 'self',
  });
  return requests.map((r) => [r.from_date, r.to_date]);
}

async function holidaySpans(api: ApiSession, years: number[]): Promise<Span[]> {
  const spans: Span[] = [];
  for (const year of years) {
    const holidays = await api.get<{ from: string; to: string }[]>('holidays', { year });
    spans.push(...holidays.map((h): Span => [h.from.slice(0, 10), h.to.slice(0, 10)]));
  }
  return spans;
}

/**
 * Mondays of whole weeks between `from` and `to` in which the signed-in
 * employee has no request of this kind and nobody has a holiday: a test
 * applies there without meeting the demo requests, another test's or an
 * earlier run's (leave and remote work refuse overlapping dates). The search
 * starts at a week picked from the clock, so that runs spread out.
 * Each kind of request of one employee is made in one spec file only, whose
 * tests run one after another: two tests never look for a week at once.
 */
export async function freeWeeks(
  api: ApiSession,
  kind: 'leave' | 'remote-work',
  count: number,
  range: { from: Date; to: Date },
): Promise<Date[]> {
  const first = new Date(range.from);
  while (first.getDay() !== 1) first.setDate(first.getDate() + 1);
  const mondays: Date[] = [];
  for (let d = first; plusDays(d, 6) <= range.to; d = plusDays(d, 7)) mondays.push(d);

  const years = [...new Set(mondays.flatMap((m) => [m.getFullYear(), plusDays(m, 6).getFullYear()]))];
  const taken = [...(await takenSpans(api, kind)), ...(await holidaySpans(api, years))];
  const free = (monday: Date) => {
    const [a, b] = [iso(monday), iso(plusDays(monday, 6))];
    return taken.every(([from, to]) => to < a || from > b);
  };

  const start = Math.floor(Date.now() / 1000) % Math.max(mondays.length, 1);
  const found: Date[] = [];
  for (let i = 0; i < mondays.length && found.length < count; i++) {
    const monday = mondays[(start + i) % mondays.length]!;
    if (free(monday)) found.push(monday);
  }
  if (found.length < count) {
    throw new Error(
      `Only ${found.length} of ${count} free weeks for ${api.eid}'s ${kind} between ${iso(range.from)} and ${iso(range.to)}`,
    );
  }
  return found;
}

/** One free week (its Monday): see freeWeeks. */
export async function freeWeek(
  api: ApiSession,
  kind: 'leave' | 'remote-work',
  range: { from: Date; to: Date },
): Promise<Date> {
  const [monday] = await freeWeeks(api, kind, 1, range);
  return monday!;
}

/** From three weeks ahead to the end of next year: the years the dashboard's leave balance offers. */
export const balanceYears = () => {
  const t = today();
  return { from: plusDays(t, 21), to: new Date(t.getFullYear() + 1, 11, 31) };
};

/** From three weeks ahead over the next five years. */
export const years = (n = 5) => {
  const t = today();
  return { from: plusDays(t, 21), to: new Date(t.getFullYear() + n, 11, 31) };
};
