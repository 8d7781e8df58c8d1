import { displayDay } from '@hr/contracts/dates';
import type { LeaveBalances } from '@hr/contracts/leave';
import type {
  AdjustmentBody,
  Forecast,
  Ledger,
  LedgerEntry,
  PolicySummary,
} from '@hr/contracts/leave-policies';
import { mayRead } from '@hr/contracts/privacy';
import type { Db } from '../../db/client';
import { audit } from '../../lib/audit';
import type { AuthContext } from '../../lib/auth-context';
import { countWorkingDays, workCalendar } from '../../lib/calendar';
import { domainError } from '../../lib/errors';
import { pickName } from '../../lib/language';
import { officeToday } from '../../lib/office-clock';
import { standingTo } from '../../lib/privacy';
import {
  addDays,
  type Counted,
  type Entry,
  lowestFrom,
  type Person,
  type Policy,
  policyOn,
  type ReplayInput,
  toCents,
  toDays,
  yearLedger,
} from './leave-engine';
import {
  type BalanceType,
  type LedgerInputs,
  leaveLedgerRepository as repo,
} from './leave-ledger.repository';
import { leaveReferenceRepository as refs } from './leave-reference.repository';

/** How many years back a ledger is replayed at most (a chain of carried days longer than this is cut). */
export const LOOKBACK_YEARS = 5;
const MINUTES_PER_DAY = 480;

const yearOf = (d: string) => +d.slice(0, 4);
/** A year's day for what is read of it "now": today within the year, else its first or last day. */
const dayIn = (year: number, today: string) => [`${year}-01-01`, today, `${year}-12-31`].sort()[1]!;

/** The engine's input of one type from a person's loaded inputs. */
export function engineInput(
  type: { id: number; days: number },
  person: Person,
  policies: readonly Policy[],
  inputs: LedgerInputs | undefined,
  earliestYear: number,
): Omit<ReplayInput, 'until'> {
  return {
    type: { id: type.id, days: type.days },
    person,
    policies,
    written: (inputs?.written ?? []).filter((w) => w.typeId === type.id),
    requests: (inputs?.requests ?? []).filter((r) => r.typeId === type.id),
    earliestYear,
  };
}

function summary(p: Policy): PolicySummary {
  return {
    id: p.id,
    name: p.name,
    days_per_year: p.daysPerYear,
    accrual: p.accrual,
    cap: p.cap,
    carry_forward_max: p.carryForwardMax,
    carry_forward_expiry_days: p.carryForwardExpiryDays,
    min_notice_days: p.minNoticeDays,
    max_consecutive_days: p.maxConsecutiveDays,
    negative_allowed: p.negativeAllowed,
    counts_short_leave: p.countsShortLeave,
  };
}

const entryAnswer = (e: Entry): LedgerEntry => ({
  date: e.date,
  kind: e.kind,
  days: toDays(e.cents),
  balance: toDays(e.balance),
  note: e.note,
  leave_id: e.leaveId,
  written: e.written,
});

/** A request as the rules at request time weigh it. */
export interface AskedLeave {
  from: string;
  to: string;
  days: number;
  short: boolean;
}

/**
 * The leave ledger (DESIGN.md §12): balances, the ledger line by line, the
 * forecast of a day, HR's adjustments, and the rules a request meets (notice,
 * longest run, balance with its floor), all read from the one replay of
 * leave-engine.ts.
 */
export class LeaveLedgerService {
  constructor(private readonly db: Db) {}

  /** Leave balances are personal data (DESIGN.md §9): the person, their line upwards, HR administrators. */
  private async mayReadOf(auth: AuthContext, employeeId: number): Promise<void> {
    if (employeeId === auth.employeeId) return;
    const standing = await standingTo(this.db, auth, employeeId);
    if (!standing) throw domainError('employee_not_found');
    if (!mayRead(standing, auth.isAdmin, 'personal')) throw domainError('balance_forbidden');
  }

  private async load(
    db: Db,
    employeeId: number,
    typeIds: readonly number[],
    fromYear: number,
    except?: number,
  ) {
    // One after the other: `db` may be a transaction, whose connection takes one statement at a time.
    const person = await repo.person(db, employeeId);
    const policies = await repo.policies(db, typeIds);
    const inputs = await repo.inputs(db, [employeeId], `${fromYear}-01-01`, typeIds, except);
    if (!person) throw domainError('employee_not_found');
    return { person, policies, inputs: inputs.get(employeeId) };
  }

  private async typeOf(typeId: number): Promise<BalanceType> {
    const type = await repo.balanceType(this.db, typeId);
    if (type) return type;
    throw (await refs.type(this.db, typeId))
      ? domainError('leave_type_no_balance', {}, 'type_id')
      : domainError('leave_type_unknown', {}, 'type_id');
  }

  /** Balances per type with a balance for a year: each the sum of its ledger (SPEC.md §9: types 5, 6, 7, 9 have none). */
  async balances(auth: AuthContext, employeeId: number, year: number): Promise<LeaveBalances> {
    await this.mayReadOf(auth, employeeId);
    const today = officeToday();
    const types = await repo.balanceTypesOf(this.db, [employeeId], dayIn(year, today));
    const earliest = year - LOOKBACK_YEARS;
    const { person, policies, inputs } = await this.load(
      this.db,
      employeeId,
      types.map((t) => t.id),
      earliest,
    );
    return {
      year,
      employee_id: employeeId,
      items: types.map((t) => {
        const ledger = yearLedger(engineInput(t, person, policies, inputs, earliest), year, today);
        const sumOf = (kind: string) =>
          -ledger.filter((e) => e.kind === kind).reduce((n, e) => n + e.cents, 0);
        const remaining = ledger.reduce((n, e) => n + e.cents, 0);
        const taken = sumOf('taken');
        const pending = sumOf('held');
        return {
          type: { id: t.id, name: pickName(t.name, t.nameTranslations ?? {}) },
          days: toDays(remaining + taken + pending),
          taken: toDays(taken),
          pending: toDays(pending),
          remaining: toDays(remaining),
        };
      }),
    };
  }

  /** One type's ledger of a year, line by line; its lines sum to the balance's `remaining`. */
  async ledger(
    auth: AuthContext,
    q: { type_id: number; employee_id?: number | undefined; year?: number | undefined },
  ): Promise<Ledger> {
    const employeeId = q.employee_id ?? auth.employeeId;
    await this.mayReadOf(auth, employeeId);
    const type = await this.typeOf(q.type_id);
    const today = officeToday();
    const year = q.year ?? yearOf(today);
    const earliest = year - LOOKBACK_YEARS;
    const { person, policies, inputs } = await this.load(this.db, employeeId, [type.id], earliest);
    const input = engineInput(type, person, policies, inputs, earliest);
    const items = yearLedger(input, year, today);
    return {
      employee_id: employeeId,
      year,
      type: { id: type.id, name: pickName(type.name, type.nameTranslations ?? {}) },
      policy: summary(policyOn(policies, type, person, dayIn(year, today))),
      items: items.map(entryAnswer),
      remaining: toDays(items.reduce((n, e) => n + e.cents, 0)),
    };
  }

  /** The balance on a day, and with a request's dates what remains after it and the lowest it takes the balance to. */
  async forecast(
    auth: AuthContext,
    q: {
      type_id: number;
      date: string;
      to?: string | undefined;
      duration_id?: number | undefined;
      leave_id?: number | undefined;
      employee_id?: number | undefined;
    },
  ): Promise<Forecast> {
    const employeeId = q.employee_id ?? auth.employeeId;
    await this.mayReadOf(auth, employeeId);
    const type = await this.typeOf(q.type_id);
    const earliest = yearOf(q.date) - LOOKBACK_YEARS;
    const { person, policies, inputs } = await this.load(
      this.db,
      employeeId,
      [type.id],
      earliest,
      q.leave_id,
    );
    const input = engineInput(type, person, policies, inputs, earliest);
    const policy = policyOn(policies, type, person, q.date);
    let days = 0;
    let short = false;
    if (q.duration_id) {
      const duration = await refs.duration(this.db, q.duration_id);
      if (!duration) throw domainError('reference_not_found', { kind: 'duration' }, 'duration_id');
      days = Math.round((duration.minutes / MINUTES_PER_DAY) * 100) / 100;
      short = true;
    } else if (q.to && q.to >= q.date) {
      const calendar = await workCalendar(this.db, person.companyId, q.date, q.to, person.officeId);
      days = countWorkingDays(calendar, q.date, q.to);
    }
    const counts = days > 0 && (!short || policy.countsShortLeave);
    const asked: Counted = { id: 0, from: q.date, days: counts ? days : 0, held: true, short };
    const withIt = { ...input, requests: [...input.requests, asked] };
    const balance = balanceBefore(input, q.date);
    return {
      type: { id: type.id, name: pickName(type.name, type.nameTranslations ?? {}) },
      date: q.date,
      balance: toDays(balance),
      days,
      after: toDays(balance - toCents(asked.days)),
      floor: -policy.negativeAllowed,
      lowest: toDays(lowestFrom(withIt, q.date)),
      policy: summary(policy),
    };
  }

  /** HR administrators: a dated correction of a balance with its reason (audited). */
  async adjust(auth: AuthContext, body: AdjustmentBody): Promise<Ledger> {
    if (!auth.isAdmin) throw domainError('admin_only');
    const type = await this.typeOf(body.type_id);
    const date = body.date ?? officeToday();
    await this.db.transaction(async (tx) => {
      const person = await repo.person(tx, body.employee_id);
      if (!person) throw domainError('employee_not_found', {}, 'employee_id');
      const id = await repo.addAdjustment(tx, {
        employeeId: body.employee_id,
        typeId: type.id,
        date,
        kind: 'adjustment',
        days: body.days,
        note: body.reason,
        createdBy: auth.employeeId,
      });
      await audit(tx, auth, {
        action: 'adjust',
        entity: 'leave_ledger',
        entityId: id,
        data: { employee_id: body.employee_id, type_id: type.id, date, days: body.days, reason: body.reason },
      });
    });
    return this.ledger(auth, { type_id: type.id, employee_id: body.employee_id, year: yearOf(date) });
  }

  /**
   * The rules a request meets at request time, by the policy of its first
   * day: the notice, the longest run, and the balance with its floor (the
   * lowest the balance goes from the request's day on, every booked request
   * counted). Runs in the writing transaction, under the lock on the employee.
   */
  async checkRequest(
    tx: Db,
    employeeId: number,
    type: { id: number; name: string; nameTranslations: Record<string, string> | null; days: number },
    asked: AskedLeave,
    exceptId?: number,
  ): Promise<void> {
    const today = officeToday();
    const earliest = yearOf(asked.from) - LOOKBACK_YEARS;
    const { person, policies, inputs } = await this.load(tx, employeeId, [type.id], earliest, exceptId);
    const policy = policyOn(policies, type, person, asked.from);
    const name = pickName(type.name, type.nameTranslations ?? {});
    if (policy.minNoticeDays > 0 && asked.from < addDays(today, policy.minNoticeDays)) {
      throw domainError(
        'leave_notice',
        {
          type: name,
          days: policy.minNoticeDays,
          earliest: displayDay(addDays(today, policy.minNoticeDays)),
        },
        'from',
      );
    }
    if (policy.maxConsecutiveDays !== null && !asked.short) {
      const max = policy.maxConsecutiveDays;
      if (asked.days > max)
        throw domainError('leave_run_too_long', { type: name, max, asked: asked.days }, 'to');
      const run = await runOf(tx, person, type.id, asked, max, exceptId);
      if (run > max) throw domainError('leave_run_joined', { type: name, max, asked: run }, 'to');
    }
    if (asked.short && !policy.countsShortLeave) return;
    const input = engineInput(type, person, policies, inputs, earliest);
    const request: Counted = { id: 0, from: asked.from, days: asked.days, held: true, short: asked.short };
    const without = lowestFrom(input, asked.from);
    const withIt = lowestFrom({ ...input, requests: [...input.requests, request] }, asked.from);
    const floor = -toCents(policy.negativeAllowed);
    if (withIt < floor && withIt < without) {
      throw domainError(
        'balance_exceeded',
        // The type as the reader names it: the message is worded in their language.
        {
          type: name,
          year: yearOf(asked.from),
          left: Math.max(0, toDays(without - floor)),
          asked: asked.days,
        },
        'type_id',
      );
    }
  }
}

/**
 * The working days of the run a full-day request makes with the person's
 * requests of the same type right before and after it (no working day
 * between): a long leave cannot be split into short ones that touch.
 */
async function runOf(
  tx: Db,
  person: Person,
  typeId: number,
  asked: AskedLeave,
  max: number,
  exceptId: number | undefined,
): Promise<number> {
  // Neighbours further than the longest run allowed (and its days off) cannot join it.
  const reach = max * 2 + 14;
  const from = addDays(asked.from, -reach);
  const to = addDays(asked.to, reach);
  const near = await repo.fullDaysNear(tx, person.id, typeId, from, to, exceptId);
  if (near.length === 0) return asked.days;
  const calendar = await workCalendar(tx, person.companyId, from, to, person.officeId);
  const touching = (end: string, start: string) =>
    end < start && countWorkingDays(calendar, addDays(end, 1), addDays(start, -1)) === 0;
  let start = asked.from;
  let end = asked.to;
  let days = asked.days;
  const left = [...near];
  for (let joined = true; joined; ) {
    joined = false;
    const i = left.findIndex((r) => touching(r.to, start) || touching(end, r.from));
    if (i >= 0) {
      const r = left.splice(i, 1)[0]!;
      days += r.days;
      if (r.from < start) start = r.from;
      if (r.to > end) end = r.to;
      joined = true;
    }
  }
  return days;
}

/** The balance on a day before any request of that day: what there is to take from. */
function balanceBefore(input: Omit<ReplayInput, 'until'>, day: string): number {
  const year = yearOf(day);
  const ledger = yearLedger(input, year, day);
  return ledger
    .filter((e) => e.date < day || (e.date === day && e.leaveId === null))
    .reduce((n, e) => n + e.cents, 0);
}
