import type { LeaveAccrual, LedgerKind } from '@hr/contracts/leave-policies';

/**
 * The leave engine (DESIGN.md §12, docs/decisions.md "Leave policies and the
 * ledger"), as pure functions: one person's ledger of one leave type replayed
 * from its policies, its written entries and its requests. The balance, the
 * ledger, the forecast, the rules at request time and the period close all
 * read this one replay, so they cannot disagree: the close writes what the
 * replay says is due, and a replay before and after the close is the same.
 *
 * Amounts are counted in hundredths of a day (integers), so sums are exact.
 * Dates are `YYYY-MM-DD` on the office's calendar.
 */

export interface Policy {
  /** Null: the leave type's own yearly days (no policy written for it). */
  id: number | null;
  name: string | null;
  typeId: number;
  companyId: number | null;
  officeId: number | null;
  gradeId: number | null;
  employmentStatusId: number | null;
  effectiveFrom: string;
  effectiveTo: string | null;
  daysPerYear: number;
  accrual: LeaveAccrual;
  proRata: boolean;
  cap: number | null;
  carryForwardMax: number;
  carryForwardExpiryDays: number | null;
  minNoticeDays: number;
  maxConsecutiveDays: number | null;
  negativeAllowed: number;
  countsShortLeave: boolean;
}

export interface Person {
  id: number;
  companyId: number | null;
  officeId: number | null;
  gradeId: number | null;
  /** Employment type (lookup `employee_status`). */
  statusId: number | null;
  joiningDate: string | null;
  /** The last working day of a leaver. */
  leavingDate: string | null;
}

/** A written ledger entry (the close's, or an HR adjustment). */
export interface Written {
  date: string;
  kind: LedgerKind;
  /** Days (a number of the database, with two decimals). */
  days: number;
  period: string | null;
  note: string | null;
  policyId: number | null;
}

/** A leave request counted against the balance: held while pending, taken once approved. */
export interface Counted {
  id: number;
  from: string;
  days: number;
  held: boolean;
  short: boolean;
}

/** One line of the replayed ledger. */
export interface Entry {
  date: string;
  kind: LedgerKind;
  /** Hundredths of a day. */
  cents: number;
  /** The running balance of the entry's year after it, in hundredths. */
  balance: number;
  period: string | null;
  note: string | null;
  leaveId: number | null;
  policyId: number | null;
  /** Stored: a written entry, or a request (its own record); false: due by the policy, not yet written by the close. */
  written: boolean;
}

export interface ReplayInput {
  type: { id: number; days: number };
  person: Person;
  /** Every policy of the type (the replay picks the person's). */
  policies: readonly Policy[];
  written: readonly Written[];
  requests: readonly Counted[];
  /** Replay up to and including this day; a year's close is in it once the day is after 31 December. */
  until: string;
  /** The earliest year to replay from (the service reads entries and requests from there). */
  earliestYear: number;
}

// ---- days ----------------------------------------------------------------

const DAY_MS = 86_400_000;
const toMs = (d: string) => Date.UTC(+d.slice(0, 4), +d.slice(5, 7) - 1, +d.slice(8, 10));
const fromMs = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const addDays = (d: string, n: number) => fromMs(toMs(d) + n * DAY_MS);
/** Days from `a` to `b`, both counted. */
const span = (a: string, b: string) => Math.round((toMs(b) - toMs(a)) / DAY_MS) + 1;
const yearOf = (d: string) => +d.slice(0, 4);
const pad2 = (n: number) => String(n).padStart(2, '0');
const monthStart = (y: number, m: number) => `${y}-${pad2(m)}-01`;
const monthEnd = (y: number, m: number) => addDays(m === 12 ? `${y + 1}-01-01` : monthStart(y, m + 1), -1);
const maxDay = (a: string, b: string) => (a > b ? a : b);
const minDay = (a: string, b: string) => (a < b ? a : b);
/** The same day `n` years on (29 February becomes 28 February in a common year). */
function addYears(d: string, n: number): string {
  const y = yearOf(d) + n;
  const md = d.slice(5);
  if (md === '02-29' && !(y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0))) return `${y}-02-28`;
  return `${y}-${md}`;
}

export const toCents = (days: number) => Math.round(days * 100);
export const toDays = (cents: number) => cents / 100;

// ---- policies ------------------------------------------------------------

/** How specific a policy's scope is: an office outranks a grade, a grade an employment type, that a company. */
function specificity(p: Policy): number {
  return (p.officeId ? 8 : 0) + (p.gradeId ? 4 : 0) + (p.employmentStatusId ? 2 : 0) + (p.companyId ? 1 : 0);
}

/** Whether a policy's scope takes in the person: each condition it sets holds. */
export function covers(p: Policy, person: Person): boolean {
  return (
    (p.companyId === null || p.companyId === person.companyId) &&
    (p.officeId === null || p.officeId === person.officeId) &&
    (p.gradeId === null || p.gradeId === person.gradeId) &&
    (p.employmentStatusId === null || p.employmentStatusId === person.statusId)
  );
}

/** The leave type's own days as a policy: up front each year, nothing carried, no other limit. */
export function defaultPolicy(type: { id: number; days: number }): Policy {
  return {
    id: null,
    name: null,
    typeId: type.id,
    companyId: null,
    officeId: null,
    gradeId: null,
    employmentStatusId: null,
    effectiveFrom: '1900-01-01',
    effectiveTo: null,
    daysPerYear: type.days,
    accrual: 'yearly',
    proRata: false,
    cap: null,
    carryForwardMax: 0,
    carryForwardExpiryDays: null,
    minNoticeDays: 0,
    maxConsecutiveDays: null,
    negativeAllowed: 0,
    countsShortLeave: true,
  };
}

/**
 * The person's policy of the type on a day: among the policies in force that
 * day whose scope takes them in, the most specific; then the latest to take
 * effect; then the newest. None: the type's own days.
 */
export function policyOn(
  policies: readonly Policy[],
  type: { id: number; days: number },
  person: Person,
  day: string,
): Policy {
  let best: Policy | null = null;
  for (const p of policies) {
    if (p.typeId !== type.id || p.effectiveFrom > day || (p.effectiveTo !== null && p.effectiveTo < day))
      continue;
    if (!covers(p, person)) continue;
    if (
      best === null ||
      specificity(p) > specificity(best) ||
      (specificity(p) === specificity(best) &&
        (p.effectiveFrom > best.effectiveFrom ||
          (p.effectiveFrom === best.effectiveFrom && (p.id ?? 0) > (best.id ?? 0))))
    )
      best = p;
  }
  return best ?? defaultPolicy(type);
}

// ---- accrual -------------------------------------------------------------

interface Accrual {
  date: string;
  period: string;
  cents: number;
  policy: Policy;
  note: string;
}

/** The part of [from, to] the person is employed, in days (0 when none). */
function employedDays(person: Person, from: string, to: string): number {
  const start = person.joiningDate ? maxDay(from, person.joiningDate) : from;
  const end = person.leavingDate ? minDay(to, person.leavingDate) : to;
  return start > end ? 0 : span(start, end);
}

/**
 * The accruals a year earns, each by the policy in force on its day: on
 * 1 January (or the joining day) for a yearly policy, on each month's first
 * day (or the joining day) for a monthly one, on the joining day and each
 * anniversary for an anniversary one. With pro-rata, a joiner's and a leaver's
 * first and last period count the days employed; without, whole.
 */
function accrualsOf(input: ReplayInput, year: number): Accrual[] {
  const { person, policies, type } = input;
  const jan1 = `${year}-01-01`;
  const dec31 = `${year}-12-31`;
  if (person.joiningDate && person.joiningDate > dec31) return [];
  if (person.leavingDate && person.leavingDate < jan1) return [];
  const out: Accrual[] = [];
  const joinedThisYear = person.joiningDate !== null && yearOf(person.joiningDate) === year;
  const firstDay = joinedThisYear ? (person.joiningDate as string) : jan1;

  // Yearly: one accrual on the year's first day employed.
  const yearly = policyOn(policies, type, person, firstDay);
  if (yearly.accrual === 'yearly' || (yearly.accrual === 'anniversary' && !person.joiningDate)) {
    const part = yearly.proRata ? employedDays(person, jan1, dec31) / span(jan1, dec31) : 1;
    out.push({
      date: firstDay,
      period: `accrual:${year}`,
      cents: Math.round(toCents(yearly.daysPerYear) * part),
      policy: yearly,
      note: `${year}`,
    });
  }

  // Monthly: on each month's first day employed.
  for (let m = 1; m <= 12; m++) {
    const start = monthStart(year, m);
    const end = monthEnd(year, m);
    const employed = employedDays(person, start, end);
    if (employed === 0) continue;
    const day = person.joiningDate && person.joiningDate > start ? person.joiningDate : start;
    const p = policyOn(policies, type, person, day);
    if (p.accrual !== 'monthly') continue;
    const part = p.proRata ? employed / span(start, end) : 1;
    out.push({
      date: day,
      period: `accrual:${year}-${pad2(m)}`,
      cents: Math.round((toCents(p.daysPerYear) / 12) * part),
      policy: p,
      note: `${year}-${pad2(m)}`,
    });
  }

  // Anniversary: on the joining day and each anniversary in the year.
  if (person.joiningDate) {
    const n = year - yearOf(person.joiningDate);
    const day = addYears(person.joiningDate, n);
    if (n >= 0 && (!person.leavingDate || day <= person.leavingDate)) {
      const p = policyOn(policies, type, person, day);
      if (p.accrual === 'anniversary') {
        const serviceEnd = addDays(addYears(person.joiningDate, n + 1), -1);
        const part = p.proRata ? employedDays(person, day, serviceEnd) / span(day, serviceEnd) : 1;
        out.push({
          date: day,
          period: `accrual:anniversary:${year}`,
          cents: Math.round(toCents(p.daysPerYear) * part),
          policy: p,
          note: `${day}`,
        });
      }
    }
  }
  return out.filter((a) => a.cents !== 0).sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

// ---- the replay ----------------------------------------------------------

/** The order of a day's entries: what comes in, then what goes out, then the year's close. */
const ORDER: Record<string, number> = {
  'carry-in': 0,
  accrual: 1,
  adjustment: 2,
  // Carried days lapse at the start of their day: the requests of that day no longer use them.
  'carry-expiry': 3,
  request: 4,
  close: 5,
};

interface Event {
  date: string;
  order: number;
  apply(balance: number): Entry[];
}

const byWritten = (written: readonly Written[]) => {
  const map = new Map<string, Written>();
  for (const w of written) if (w.period) map.set(w.period, w);
  return map;
};

/**
 * Whether a year's opening needs the year before replayed: its carried days
 * are not written, and the policy at the end of the year before carries days
 * (or debt).
 */
function startYear(input: ReplayInput, year: number, written: Map<string, Written>): number {
  let y = year;
  while (y > input.earliestYear) {
    if (written.has(`carry-in:${y}`)) break;
    if (input.person.joiningDate && yearOf(input.person.joiningDate) >= y) break;
    const p = policyOn(input.policies, input.type, input.person, `${y - 1}-12-31`);
    if (p.carryForwardMax === 0 && p.negativeAllowed === 0) break;
    y -= 1;
  }
  return y;
}

/**
 * The person's ledger of the type from the replay's first year to `until`:
 * written entries as written, due ones as the policy makes them, requests as
 * taken or held. Each year's balance starts at zero: what it opens with comes
 * in as carried days.
 */
export function replay(input: ReplayInput, fromYear: number): Entry[] {
  const written = byWritten(input.written);
  const untilYear = yearOf(input.until);
  const first = Math.min(startYear(input, fromYear, written), untilYear);
  const entries: Entry[] = [];
  let carriedIn = 0;
  let carriedPolicy: Policy | null = null;

  for (let year = first; year <= untilYear; year++) {
    const jan1 = `${year}-01-01`;
    const dec31 = `${year}-12-31`;
    const events: Event[] = [];
    const make = (
      date: string,
      kind: LedgerKind,
      cents: number,
      balance: number,
      extra: Partial<Entry> = {},
    ): Entry => ({
      date,
      kind,
      cents,
      balance,
      period: null,
      note: null,
      leaveId: null,
      policyId: null,
      written: false,
      ...extra,
    });

    // The days carried in from the year before (written, or as its close made them).
    const carryIn = written.get(`carry-in:${year}`);
    const inCents = carryIn ? toCents(carryIn.days) : carriedIn;
    // The policy of the close that carried them: the year before's, also where the replay starts
    // in this year (a ledger of the year alone must show the carried days' expiry as the close will).
    const carryPolicy =
      carriedPolicy ??
      (inCents !== 0 ? policyOn(input.policies, input.type, input.person, `${year - 1}-12-31`) : null);
    if (inCents !== 0) {
      events.push({
        date: jan1,
        order: ORDER['carry-in']!,
        apply: (b) => [
          make(jan1, 'carry-forward', inCents, b + inCents, {
            period: `carry-in:${year}`,
            note: `${year - 1}`,
            written: carryIn !== undefined,
            policyId: carryIn ? carryIn.policyId : (carryPolicy?.id ?? null),
          }),
        ],
      });
    }

    // Accruals: written ones as written, due ones capped by the balance of their day.
    for (const a of accrualsOf(input, year)) {
      if (a.date > input.until) continue;
      const w = written.get(a.period);
      events.push({
        date: a.date,
        order: ORDER.accrual!,
        apply: (b) => {
          if (w) return [make(a.date, 'accrual', toCents(w.days), b + toCents(w.days), fromWritten(w))];
          let cents = a.cents;
          if (a.policy.cap !== null) cents = Math.max(0, Math.min(cents, toCents(a.policy.cap) - b));
          return cents === 0
            ? []
            : [
                make(a.date, 'accrual', cents, b + cents, {
                  period: a.period,
                  note: a.note,
                  policyId: a.policy.id,
                }),
              ];
        },
      });
    }
    // A leaver's accrual written in full before the leaving day was known: given back on the leaving day.
    for (const a of accrualsOf(input, year)) {
      const w = written.get(a.period);
      const leaving = input.person.leavingDate;
      if (!w || !leaving || !a.policy.proRata || yearOf(leaving) !== year || leaving > input.until) continue;
      const period = `${a.period}:leaver`;
      const done = written.get(period);
      const cents = done ? toCents(done.days) : Math.min(0, a.cents - toCents(w.days));
      if (cents === 0) continue;
      events.push({
        date: done?.date ?? leaving,
        order: ORDER.accrual!,
        apply: (b) => [
          make(done?.date ?? leaving, 'accrual', cents, b + cents, {
            period,
            note: done ? done.note : a.note,
            policyId: done ? done.policyId : a.policy.id,
            written: done !== undefined,
          }),
        ],
      });
    }
    // A written accrual whose period no longer comes from the policies (it stays: the past is not rewritten).
    const due = new Set(accrualsOf(input, year).flatMap((a) => [a.period, `${a.period}:leaver`]));
    for (const w of input.written) {
      if (w.kind !== 'accrual' || !w.period || due.has(w.period) || yearOf(w.date) !== year) continue;
      if (w.date > input.until) continue;
      events.push({
        date: w.date,
        order: ORDER.accrual!,
        apply: (b) => [make(w.date, 'accrual', toCents(w.days), b + toCents(w.days), fromWritten(w))],
      });
    }

    // HR adjustments.
    for (const w of input.written) {
      if (w.kind !== 'adjustment' || yearOf(w.date) !== year || w.date > input.until) continue;
      events.push({
        date: w.date,
        order: ORDER.adjustment!,
        apply: (b) => [make(w.date, 'adjustment', toCents(w.days), b + toCents(w.days), fromWritten(w))],
      });
    }

    // Requests: every one of the year, whatever `until` (a booked day is spoken for).
    for (const r of input.requests) {
      if (yearOf(r.from) !== year) continue;
      if (r.short && !policyOn(input.policies, input.type, input.person, r.from).countsShortLeave) continue;
      const cents = -toCents(r.days);
      events.push({
        date: r.from,
        order: ORDER.request!,
        // A request is its own record: nothing for the close to write.
        apply: (b) => [
          make(r.from, r.held ? 'held' : 'taken', cents, b + cents, { leaveId: r.id, written: true }),
        ],
      });
    }

    // The carried days lapse on their day, less what the year's requests before it used.
    const expiryDays = carryPolicy?.carryForwardExpiryDays ?? null;
    const expiryWritten = written.get(`carry-expiry:${year}`);
    if (inCents > 0 && (expiryDays !== null || expiryWritten)) {
      const day = expiryWritten?.date ?? addDays(jan1, expiryDays as number);
      if (day <= input.until && yearOf(day) === year) {
        events.push({
          date: day,
          order: ORDER['carry-expiry']!,
          apply: (b) => {
            if (expiryWritten)
              return [
                make(day, 'expiry', toCents(expiryWritten.days), b + toCents(expiryWritten.days), {
                  ...fromWritten(expiryWritten),
                }),
              ];
            let used = 0;
            for (const r of input.requests)
              if (r.from >= jan1 && r.from < day && counts(input, r)) used += toCents(r.days);
            const cents = -Math.max(0, Math.min(inCents - used, b));
            return cents === 0
              ? []
              : [
                  make(day, 'expiry', cents, b + cents, {
                    period: `carry-expiry:${year}`,
                    note: `${year - 1}`,
                    policyId: carryPolicy?.id ?? null,
                  }),
                ];
          },
        });
      }
    }

    // The year's close, once the year is over: carry what the policy allows, the rest lapses.
    const closing = input.until > dec31;
    const closePolicy = policyOn(input.policies, input.type, input.person, dec31);
    let carriedOut = 0;
    if (closing) {
      const outW = written.get(`carry-out:${year}`);
      const lapseW = written.get(`lapse:${year}`);
      events.push({
        date: dec31,
        order: ORDER.close!,
        apply: (b) => {
          const out: Entry[] = [];
          let balance = b;
          let carry: number;
          let lapse: number;
          if (outW || lapseW) {
            carry = outW ? -toCents(outW.days) : 0;
            lapse = lapseW ? -toCents(lapseW.days) : 0;
          } else if (b > 0) {
            carry = Math.min(b, toCents(closePolicy.carryForwardMax));
            lapse = b - carry;
          } else {
            // Debt is carried whole: a negative balance is owed, not forgiven.
            carry = b;
            lapse = 0;
          }
          if (carry !== 0) {
            balance -= carry;
            out.push(
              make(dec31, 'carry-forward', -carry, balance, {
                period: `carry-out:${year}`,
                note: `${year + 1}`,
                written: outW !== undefined,
                policyId: outW ? outW.policyId : closePolicy.id,
              }),
            );
          }
          if (lapse !== 0) {
            balance -= lapse;
            out.push(
              make(dec31, 'expiry', -lapse, balance, {
                period: `lapse:${year}`,
                note: `${year}`,
                written: lapseW !== undefined,
                policyId: lapseW ? lapseW.policyId : closePolicy.id,
              }),
            );
          }
          carriedOut = carry;
          return out;
        },
      });
    }

    events.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.order - b.order));
    let balance = 0;
    for (const e of events) {
      for (const entry of e.apply(balance)) {
        balance = entry.balance;
        entries.push(entry);
      }
    }
    carriedIn = closing ? carriedOut : 0;
    carriedPolicy = closePolicy;
  }
  return entries;
}

function fromWritten(w: Written): Partial<Entry> {
  return { period: w.period, note: w.note, policyId: w.policyId, written: true };
}

function counts(input: ReplayInput, r: Counted): boolean {
  return !r.short || policyOn(input.policies, input.type, input.person, r.from).countsShortLeave;
}

// ---- what the callers ask ------------------------------------------------

/**
 * A year's ledger as the person reads it: what came in and went out up to
 * `asOf` (the close included once the year is over), and every request of
 * the year, whatever its day. Its entries sum to the year's remaining days.
 */
export function yearLedger(input: Omit<ReplayInput, 'until'>, year: number, today: string): Entry[] {
  const asOf = today > `${year}-12-31` ? `${year + 1}-01-01` : maxDay(today, `${year}-01-01`);
  const entries = replay({ ...input, until: asOf }, year).filter((e) => yearOf(e.date) === year);
  let balance = 0;
  return entries.map((e) => {
    balance += e.cents;
    return { ...e, balance };
  });
}

/** The balance on a day: the day's year replayed to it, requests booked on or before it counted. */
export function balanceOn(input: Omit<ReplayInput, 'until'>, day: string): number {
  let balance = 0;
  for (const e of replay({ ...input, until: day }, yearOf(day)))
    if (yearOf(e.date) === yearOf(day) && e.date <= day) balance += e.cents;
  return balance;
}

/**
 * The lowest the balance goes from `from` on, through the end of the last
 * year with a request booked (a request this year changes what is carried
 * into next year's): every request booked counted on its day. A year's
 * close as the policy would make it only empties what is left; a close
 * already written stays as written, so a request in a closed year finds
 * nothing left there.
 */
export function lowestFrom(input: Omit<ReplayInput, 'until'>, from: string): number {
  const year = yearOf(from);
  let last = year;
  for (const r of input.requests) last = Math.max(last, yearOf(r.from));
  // To the first day after the last year: its close is in (as written, or as the policy would make it).
  const entries = replay({ ...input, until: `${last + 1}-01-01` }, year);
  // The balance the day starts with, then every balance from it on.
  let lowest = 0;
  for (const e of entries) if (e.date < from && yearOf(e.date) === year) lowest = e.balance;
  for (const e of entries) {
    // A close still to come only empties what is left: not a low point.
    const coming = !e.written && (e.period?.startsWith('carry-out:') || e.period?.startsWith('lapse:'));
    if (e.date >= from && !coming) lowest = Math.min(lowest, e.balance);
  }
  return lowest;
}

/** The entries the close writes by `today`: due, not yet written, of the close's kinds. */
export function dueEntries(input: Omit<ReplayInput, 'until'>, today: string): Entry[] {
  return replay({ ...input, until: today }, yearOf(today) - 1).filter(
    (e) =>
      !e.written &&
      e.period !== null &&
      (e.kind === 'accrual' || e.kind === 'carry-forward' || e.kind === 'expiry'),
  );
}
