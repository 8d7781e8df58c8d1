import { and, count, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { leaveBody } from '../../../test/factories/requests';
import { type MadeEmployee, setupApi, type TestContext } from '../../../test/helper';
import { officeClockAt } from '../../../test/office-clock';
import {
  auditLog,
  employees,
  leaveCloseRuns,
  leaveLedger,
  leavePolicies,
  lookupValues,
} from '../../db/schema';
import { LeavePeriodClose } from './leave-close.service';

/**
 * The leave engine through the API (DESIGN.md §12): policies HR writes, the
 * ledger and balances that agree, the forecast, adjustments, the rules at
 * request time and the period close. The office clock stands on Wednesday
 * 15 April 2026; each test makes its own leave type, so its policies touch
 * nobody else's.
 */

let ctx: TestContext;
let restore: (() => void) | null = null;
beforeAll(async () => {
  ctx = await setupApi();
});
afterEach(() => {
  restore?.();
  restore = null;
});
const at = (day: string) => {
  restore?.();
  restore = officeClockAt('Asia/Dhaka', new Date(`${day}T10:00:00+06:00`));
};

interface Cast {
  lm: MadeEmployee;
  employee: MadeEmployee;
  peer: MadeEmployee;
  admin: MadeEmployee;
  stranger: MadeEmployee;
  t: Record<'oo' | 'lm' | 'employee' | 'peer' | 'admin' | 'stranger', string>;
}

async function cast(): Promise<Cast> {
  const { oo, lm, employee } = await ctx.factory.chain();
  const peer = await ctx.factory.employee({ parentId: lm.id });
  const admin = await ctx.factory.employee({ admin: true });
  const stranger = await ctx.factory.employee();
  return {
    lm,
    employee,
    peer,
    admin,
    stranger,
    t: {
      oo: await ctx.factory.token(oo),
      lm: await ctx.factory.token(lm),
      employee: await ctx.factory.token(employee),
      peer: await ctx.factory.token(peer),
      admin: await ctx.factory.token(admin),
      stranger: await ctx.factory.token(stranger),
    },
  };
}

let typeNo = 0;
/** A leave type of its own (with a balance of `days` a year). */
async function newType(adminToken: string, days = 10): Promise<number> {
  const res = await ctx.call({
    method: 'POST',
    url: '/api/v1/leave/types',
    token: adminToken,
    payload: {
      name: `Engine leave ${++typeNo}`,
      days,
      short_leave_applied: true,
      has_balance: true,
      enabled: true,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

const policyBody = (typeId: number, over: object = {}) => ({
  name: 'Annual, monthly',
  type_id: typeId,
  effective_from: '2026-01-01',
  days_per_year: 15,
  accrual: 'monthly',
  ...over,
});
const addPolicy = (token: string, payload: object) =>
  ctx.call({ method: 'POST', url: '/api/v1/leave/policies', token, payload });
const ledgerOf = (token: string, typeId: number, extra = '') =>
  ctx.call({ method: 'GET', url: `/api/v1/leave/ledger?type_id=${typeId}${extra}`, token });
const policyCount = async () => (await ctx.db.select({ n: count() }).from(leavePolicies))[0]!.n;

describe('leave policies', () => {
  it('HR adds one; everyone reads them; nobody else writes', async () => {
    at('2026-04-15');
    const c = await cast();
    const type = await newType(c.t.admin);
    const res = await addPolicy(c.t.admin, policyBody(type, { effective_from: '2026-05-01', cap: 45 }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Annual, monthly',
      type: { id: type },
      days_per_year: 15,
      accrual: 'monthly',
      cap: 45,
      pro_rata: true,
      negative_allowed: 0,
      actions: ['edit', 'delete'],
    });
    const list = await ctx.call({
      method: 'GET',
      url: `/api/v1/leave/policies?type_id=${type}`,
      token: c.t.employee,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((p: { id: number }) => p.id)).toEqual([res.json().id]);

    const before = await policyCount();
    for (const who of ['employee', 'lm', 'oo', 'stranger'] as const) {
      const refused = await addPolicy(c.t[who], policyBody(type, { effective_from: '2027-01-01' }));
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toBe('admin_only');
    }
    expect(
      (await ctx.call({ method: 'POST', url: '/api/v1/leave/policies', payload: policyBody(type) }))
        .statusCode,
    ).toBe(401);
    expect(await policyCount()).toBe(before);
  });

  it('refuses bad input with its message, and unknown or unfit references, changing nothing', async () => {
    at('2026-04-15');
    const c = await cast();
    const type = await newType(c.t.admin);
    const before = await policyCount();
    const bad = await addPolicy(
      c.t.admin,
      policyBody(type, { days_per_year: 400, name: '', accrual: 'weekly' }),
    );
    expect(bad.statusCode).toBe(422);
    const children = bad.json().errors.children;
    expect(children.days_per_year.errors).toContain(
      'Days a year must be a number from 0 to 366, in quarter days',
    );
    expect(children.name.errors).toContain('Please input the policy name');
    expect(children.accrual.errors).toContain('Please choose how the days are earned');
    const backwards = await addPolicy(c.t.admin, policyBody(type, { effective_to: '2025-01-01' }));
    expect(backwards.json().errors.children.effective_to.errors).toContain(
      'The last day cannot be before the first day',
    );
    expect((await addPolicy(c.t.admin, { ...policyBody(type), days_per_year: '15' })).statusCode).toBe(422);
    expect((await addPolicy(c.t.admin, { ...policyBody(type), name: 'x'.repeat(101) })).statusCode).toBe(422);
    expect((await addPolicy(c.t.admin, policyBody(999_999))).json().error).toBe('leave_type_unknown');
    // Type 5 has no balance (SPEC.md §9).
    expect((await addPolicy(c.t.admin, policyBody(5))).json().error).toBe('leave_type_no_balance');
    const office = await addPolicy(c.t.admin, policyBody(type, { office_id: 999_999 }));
    expect(office.statusCode).toBe(422);
    expect(office.json()).toMatchObject({ error: 'policy_scope_unknown', params: { field: 'office_id' } });
    expect((await addPolicy(c.t.admin, policyBody(type, { grade_id: 999_999 }))).json().params.field).toBe(
      'grade_id',
    );
    expect(await policyCount()).toBe(before);
  });

  it('refuses a second policy for the same people over the same days', async () => {
    at('2026-04-15');
    const c = await cast();
    const type = await newType(c.t.admin);
    expect((await addPolicy(c.t.admin, policyBody(type))).statusCode).toBe(201);
    const again = await addPolicy(
      c.t.admin,
      policyBody(type, { name: 'Another', effective_from: '2026-06-01' }),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'policy_overlap', params: { name: 'Annual, monthly' } });
    // Another company's people are other people.
    const company = await ctx.factory.company();
    const other = await addPolicy(c.t.admin, policyBody(type, { company_id: company.companyId }));
    expect(other.statusCode, other.body).toBe(201);
  });

  it('a policy in force only gets its last day; one not yet in force changes and goes', async () => {
    at('2026-04-15');
    const c = await cast();
    const type = await newType(c.t.admin);
    const current = (await addPolicy(c.t.admin, policyBody(type, { effective_to: null }))).json();
    expect(current.actions).toEqual(['end']);
    const change = await ctx.call({
      method: 'PATCH',
      url: `/api/v1/leave/policies/${current.id}`,
      token: c.t.admin,
      payload: { days_per_year: 30 },
    });
    expect(change.statusCode).toBe(409);
    expect(change.json()).toMatchObject({ error: 'policy_in_effect', params: { from: expect.any(String) } });
    const backdated = await ctx.call({
      method: 'PATCH',
      url: `/api/v1/leave/policies/${current.id}`,
      token: c.t.admin,
      payload: { effective_to: '2026-03-31' },
    });
    expect(backdated.json().error).toBe('policy_in_effect');
    const ended = await ctx.call({
      method: 'PATCH',
      url: `/api/v1/leave/policies/${current.id}`,
      token: c.t.admin,
      payload: { effective_to: '2026-06-30' },
    });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toMatchObject({ effective_to: '2026-06-30', days_per_year: 15 });
    const gone = await ctx.call({
      method: 'DELETE',
      url: '/api/v1/leave/policies',
      token: c.t.admin,
      payload: { policy_id: current.id },
    });
    expect(gone.statusCode).toBe(409);

    const next = (
      await addPolicy(
        c.t.admin,
        policyBody(type, { name: 'From July', effective_from: '2026-07-01', days_per_year: 18 }),
      )
    ).json();
    const changed = await ctx.call({
      method: 'PATCH',
      url: `/api/v1/leave/policies/${next.id}`,
      token: c.t.admin,
      payload: { days_per_year: 20 },
    });
    expect(changed.json()).toMatchObject({ days_per_year: 20 });
    const audit = await ctx.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'leave_policy'), eq(auditLog.entityId, next.id)));
    expect(audit[0]!.n).toBe(2);
    const deleted = await ctx.call({
      method: 'DELETE',
      url: '/api/v1/leave/policies',
      token: c.t.admin,
      payload: { policy_id: next.id },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const refused = await ctx.call({
      method: 'DELETE',
      url: '/api/v1/leave/policies',
      token: c.t.employee,
      payload: { policy_id: current.id },
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('the ledger, the balance and the forecast', () => {
  it('a balance is the sum of its ledger; requests are held, then taken, and released when refused', async () => {
    at('2026-04-15');
    const c = await cast();
    const type = await newType(c.t.admin);
    await addPolicy(c.t.admin, policyBody(type));
    const ledger = await ledgerOf(c.t.employee, type);
    expect(ledger.statusCode, ledger.body).toBe(200);
    expect(
      ledger.json().items.map((e: { date: string; kind: string; days: number }) => [e.date, e.kind, e.days]),
    ).toEqual([
      ['2026-01-01', 'accrual', 1.25],
      ['2026-02-01', 'accrual', 1.25],
      ['2026-03-01', 'accrual', 1.25],
      ['2026-04-01', 'accrual', 1.25],
    ]);
    expect(ledger.json()).toMatchObject({
      remaining: 5,
      policy: { name: 'Annual, monthly', accrual: 'monthly' },
    });

    // Two working days (Sunday 26 and Monday 27 April; Friday is the weekly off day).
    const made = await ctx.call({
      method: 'POST',
      url: '/api/v1/leave',
      token: c.t.employee,
      payload: leaveBody(c.peer.id, { type_id: type, from: '2026-04-26', to: '2026-04-27' }),
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id;
    const act = (token: string, action: string) =>
      ctx.call({ method: 'PATCH', url: `/api/v1/leave/actions/${action}`, token, payload: { leave_id: id } });
    expect((await act(c.t.employee, 'submit')).statusCode).toBe(200);
    let lines = (await ledgerOf(c.t.employee, type)).json();
    expect(lines.items.at(-1)).toMatchObject({
      date: '2026-04-26',
      kind: 'held',
      days: -2,
      leave_id: id,
      balance: 3,
    });
    expect(lines.remaining).toBe(3);

    const balances = await ctx.call({
      method: 'GET',
      url: '/api/v1/leave/balances?year=2026',
      token: c.t.employee,
    });
    expect(balances.json().items.find((b: { type: { id: number } }) => b.type.id === type)).toEqual({
      type: { id: type, name: expect.any(String) },
      days: 5,
      taken: 0,
      pending: 2,
      remaining: 3,
    });

    expect((await act(c.t.lm, 'approve')).statusCode).toBe(200);
    lines = (await ledgerOf(c.t.employee, type)).json();
    expect(lines.items.at(-1)).toMatchObject({ kind: 'taken', days: -2 });
    const sum = lines.items.reduce((n: number, e: { days: number }) => n + e.days, 0);
    expect(sum).toBeCloseTo(lines.remaining, 5);
    const after = await ctx.call({
      method: 'GET',
      url: '/api/v1/leave/balances?year=2026',
      token: c.t.employee,
    });
    expect(after.json().items.find((b: { type: { id: number } }) => b.type.id === type)).toMatchObject({
      taken: 2,
      pending: 0,
      remaining: 3,
    });

    // A refused request holds nothing.
    const other = await ctx.call({
      method: 'POST',
      url: '/api/v1/leave',
      token: c.t.employee,
      payload: leaveBody(c.peer.id, { type_id: type, from: '2026-05-03', to: '2026-05-03' }),
    });
    const otherId = other.json().id;
    await ctx.call({
      method: 'PATCH',
      url: '/api/v1/leave/actions/submit',
      token: c.t.employee,
      payload: { leave_id: otherId },
    });
    expect((await ledgerOf(c.t.employee, type)).json().remaining).toBe(2);
    await ctx.call({
      method: 'PATCH',
      url: '/api/v1/leave/actions/reject',
      token: c.t.lm,
      payload: { leave_id: otherId },
    });
    expect((await ledgerOf(c.t.employee, type)).json().remaining).toBe(3);
  });

  it('the forecast counts the accruals to come and what a request leaves', async () => {
    at('2026-04-15');
    const c = await cast();
    const type = await newType(c.t.admin);
    await addPolicy(c.t.admin, policyBody(type, { negative_allowed: 2 }));
    const f = await ctx.call({
      method: 'GET',
      url: `/api/v1/leave/forecast?type_id=${type}&date=2026-06-14&to=2026-06-16`,
      token: c.t.employee,
    });
    expect(f.statusCode, f.body).toBe(200);
    // Six accruals by 1 June: 7.5; Sunday 14 to Tuesday 16 June are three working days.
    expect(f.json()).toMatchObject({ date: '2026-06-14', balance: 7.5, days: 3, after: 4.5, floor: -2 });
    // A short leave of two hours takes a quarter day; an unknown duration is a 404.
    const short = await ctx.call({
      method: 'GET',
      url: `/api/v1/leave/forecast?type_id=${type}&date=2026-06-14&duration_id=2`,
      token: c.t.employee,
    });
    expect(short.json()).toMatchObject({ balance: 7.5, days: 0.25, after: 7.25 });
    const unknown = await ctx.call({
      method: 'GET',
      url: `/api/v1/leave/forecast?type_id=${type}&date=2026-06-14&duration_id=999999`,
      token: c.t.employee,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('reference_not_found');
    // Another person's forecast is theirs and their managers' only.
    const peer = await ctx.call({
      method: 'GET',
      url: `/api/v1/leave/forecast?type_id=${type}&date=2026-06-14&employee_id=${c.employee.id}`,
      token: c.t.peer,
    });
    expect(peer.json().error).toBe('balance_forbidden');
    const bad = await ctx.call({
      method: 'GET',
      url: `/api/v1/leave/forecast?type_id=${type}&date=2026-13-01`,
      token: c.t.employee,
    });
    expect(bad.statusCode).toBe(400);
    expect(
      (await ctx.call({ method: 'GET', url: `/api/v1/leave/forecast?type_id=${type}&date=2026-06-14` }))
        .statusCode,
    ).toBe(401);
  });

  it('who reads a person’s ledger: they, their managers and HR; not a peer or a stranger', async () => {
    at('2026-04-15');
    const c = await cast();
    const type = await newType(c.t.admin);
    const mine = `&employee_id=${c.employee.id}`;
    for (const who of ['employee', 'lm', 'oo', 'admin'] as const)
      expect((await ledgerOf(c.t[who], type, mine)).statusCode, who).toBe(200);
    for (const who of ['peer', 'stranger'] as const) {
      const res = await ledgerOf(c.t[who], type, mine);
      expect(res.statusCode, who).toBe(403);
      expect(res.json().error).toBe('balance_forbidden');
    }
    expect((await ledgerOf(c.t.admin, type, '&employee_id=999999')).statusCode).toBe(404);
    expect((await ledgerOf(c.t.employee, 999_999)).json().error).toBe('leave_type_unknown');
    expect((await ledgerOf(c.t.employee, 5)).json().error).toBe('leave_type_no_balance');
    expect((await ctx.call({ method: 'GET', url: `/api/v1/leave/ledger?type_id=${type}` })).statusCode).toBe(
      401,
    );
  });

  it('HR adjusts a balance with a reason, audited; nobody else can', async () => {
    at('2026-04-15');
    const c = await cast();
    const type = await newType(c.t.admin);
    const adjust = (token: string, payload: object) =>
      ctx.call({ method: 'POST', url: '/api/v1/leave/adjustments', token, payload });
    const body = {
      employee_id: c.employee.id,
      type_id: type,
      days: 1.5,
      reason: 'Worked on the Eid holiday',
    };
    const res = await adjust(c.t.admin, body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().items.at(-1)).toMatchObject({
      date: '2026-04-15',
      kind: 'adjustment',
      days: 1.5,
      note: 'Worked on the Eid holiday',
    });
    expect(res.json().remaining).toBe(11.5);
    const [row] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'leave_ledger'), eq(auditLog.action, 'adjust')))
      .orderBy(auditLog.id);
    expect(row?.data).toMatchObject({
      employee_id: c.employee.id,
      days: 1.5,
      reason: 'Worked on the Eid holiday',
    });

    const entries = async () =>
      (
        await ctx.db.select({ n: count() }).from(leaveLedger).where(eq(leaveLedger.employeeId, c.employee.id))
      )[0]!.n;
    const before = await entries();
    for (const who of ['employee', 'lm', 'oo'] as const)
      expect((await adjust(c.t[who], body)).statusCode).toBe(403);
    expect((await adjust(c.t.admin, { ...body, days: 0 })).json().errors.children.days.errors).toContain(
      'Days must be a number from -366 to 366, not 0, in quarter days',
    );
    expect((await adjust(c.t.admin, { ...body, reason: '' })).json().errors.children.reason.errors).toContain(
      'Please write the reason',
    );
    expect((await adjust(c.t.admin, { ...body, reason: 'x'.repeat(501) })).statusCode).toBe(422);
    expect((await adjust(c.t.admin, { ...body, employee_id: 999_999 })).statusCode).toBe(404);
    expect((await adjust(c.t.admin, { ...body, type_id: 5 })).json().error).toBe('leave_type_no_balance');
    expect(await entries()).toBe(before);
  });
});

describe('cancelling', () => {
  it('the employee cancels a request that has not begun and its days come back; nobody else may, nor once begun', async () => {
    at('2026-04-15');
    const c = await cast();
    const type = await newType(c.t.admin);
    const make = async (from: string, to: string) => {
      const res = await ctx.call({
        method: 'POST',
        url: '/api/v1/leave',
        token: c.t.employee,
        payload: leaveBody(c.peer.id, { type_id: type, from, to }),
      });
      expect(res.statusCode, res.body).toBe(201);
      const id = res.json().id as number;
      await ctx.call({
        method: 'PATCH',
        url: '/api/v1/leave/actions/submit',
        token: c.t.employee,
        payload: { leave_id: id },
      });
      return id;
    };
    const cancel = (token: string, id: number) =>
      ctx.call({ method: 'PATCH', url: '/api/v1/leave/actions/cancel', token, payload: { leave_id: id } });
    const coming = await make('2026-05-03', '2026-05-04');
    const approved = await ctx.call({
      method: 'PATCH',
      url: '/api/v1/leave/actions/approve',
      token: c.t.lm,
      payload: { leave_id: coming },
    });
    expect(approved.json().actions).toEqual([]);
    const mine = await ctx.call({ method: 'GET', url: `/api/v1/leave/${coming}`, token: c.t.employee });
    expect(mine.json().actions).toEqual(['cancel']);
    expect((await ledgerOf(c.t.employee, type)).json().remaining).toBe(8);
    for (const who of ['lm', 'oo', 'peer', 'admin', 'stranger'] as const) {
      const res = await cancel(c.t[who], coming);
      expect(res.statusCode, who).toBeGreaterThanOrEqual(403);
    }
    const done = await cancel(c.t.employee, coming);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: { id: 5, name: 'Cancelled' }, actions: [] });
    expect((await ledgerOf(c.t.employee, type)).json().remaining).toBe(10);
    expect((await cancel(c.t.employee, coming)).statusCode).toBe(409);

    // One that has begun is taken, not cancelled.
    const begun = await make('2026-04-19', '2026-04-20');
    at('2026-04-19');
    const token = await ctx.factory.token(c.employee);
    const late = await cancel(token, begun);
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe('leave_not_cancellable');
    expect((await ledgerOf(token, type)).json().remaining).toBe(8);
  });
});

describe('the rules at request time', () => {
  const apply = (c: Cast, type: number, from: string, to: string) =>
    ctx.call({
      method: 'POST',
      url: '/api/v1/leave',
      token: c.t.employee,
      payload: leaveBody(c.peer.id, { type_id: type, from, to }),
    });

  it('refuses a request without the notice, longer than the longest run, or beyond the negative allowed', async () => {
    at('2026-04-15');
    const c = await cast();
    const type = await newType(c.t.admin);
    await addPolicy(
      c.t.admin,
      policyBody(type, { min_notice_days: 7, max_consecutive_days: 5, negative_allowed: 2 }),
    );
    const early = await apply(c, type, '2026-04-19', '2026-04-19');
    expect(early.statusCode).toBe(422);
    expect(early.json()).toMatchObject({
      error: 'leave_notice',
      params: { days: 7, earliest: expect.any(String) },
    });
    // Sunday 3 to Sunday 10 May: seven working days (Friday off).
    const long = await apply(c, type, '2026-05-03', '2026-05-10');
    expect(long.json()).toMatchObject({ error: 'leave_run_too_long', params: { max: 5, asked: 7 } });
    // 6.25 by 1 May; five days held, then five more would go 3.75 below zero where 2 are allowed…
    const over = await apply(c, type, '2026-05-03', '2026-05-07');
    expect(over.statusCode, over.body).toBe(201);
    const submitted = await ctx.call({
      method: 'PATCH',
      url: '/api/v1/leave/actions/submit',
      token: c.t.employee,
      payload: { leave_id: over.json().id },
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const more = await apply(c, type, '2026-05-17', '2026-05-21');
    expect(more.statusCode).toBe(422);
    expect(more.json()).toMatchObject({ error: 'balance_exceeded', params: { left: 3.25, asked: 5 } });
    // …but three more fit (6.25 − 5 − 3 = −1.75, above −2).
    const fits = await apply(c, type, '2026-05-17', '2026-05-19');
    expect(fits.statusCode, fits.body).toBe(201);
  });
});

describe('the longest run', () => {
  it('joins requests of the type that touch: a long leave cannot be split into short ones', async () => {
    at('2026-04-15');
    const c = await cast();
    const type = await newType(c.t.admin);
    await addPolicy(c.t.admin, policyBody(type, { days_per_year: 60, max_consecutive_days: 5 }));
    const apply = async (from: string, to: string) =>
      ctx.call({
        method: 'POST',
        url: '/api/v1/leave',
        token: c.t.employee,
        payload: leaveBody(c.peer.id, { type_id: type, from, to }),
      });
    // Sunday 3 to Thursday 7 May: five working days; and Tuesday 28 April to Saturday 2 May: four, a draft.
    const first = await apply('2026-05-03', '2026-05-07');
    expect(first.statusCode, first.body).toBe(201);
    const before = await apply('2026-04-28', '2026-05-02');
    expect(before.statusCode, before.body).toBe(201);
    const submit = (id: number) =>
      ctx.call({
        method: 'PATCH',
        url: '/api/v1/leave/actions/submit',
        token: c.t.employee,
        payload: { leave_id: id },
      });
    // A draft joins nothing: the first is sent.
    expect((await submit(first.json().id)).statusCode).toBe(200);
    // Saturday 9 and Sunday 10 May: only the weekly day off between, so the run would be seven.
    const touching = await apply('2026-05-09', '2026-05-10');
    expect(touching.statusCode).toBe(422);
    expect(touching.json()).toMatchObject({ error: 'leave_run_joined', params: { max: 5, asked: 7 } });
    // A working day between (Saturday 9 May) and it stands alone.
    const apart = await apply('2026-05-10', '2026-05-11');
    expect(apart.statusCode, apart.body).toBe(201);
    // The draft is weighed again when it is sent: with the first, nine days in a row.
    const sent = await submit(before.json().id);
    expect(sent.statusCode).toBe(422);
    expect(sent.json()).toMatchObject({ error: 'leave_run_joined', params: { asked: 9 } });
  });
});

describe('the period close', () => {
  it('writes what the ledger says, once; a stopped run goes on where it stopped', async () => {
    at('2026-04-15');
    const c = await cast();
    const type = await newType(c.t.admin);
    await addPolicy(c.t.admin, policyBody(type, { carry_forward_max: 5 }));
    const before = (await ledgerOf(c.t.employee, type)).json();
    expect(before.items.every((e: { written: boolean }) => !e.written)).toBe(true);

    // Stopped after one batch of two people, then run again to its end.
    const close = new LeavePeriodClose(ctx.db, undefined, 2);
    const first = await close.run('2026-04-15', 1);
    expect(first).toMatchObject({ ran: true, people: 2, finished: false });
    const [run] = await ctx.db.select().from(leaveCloseRuns).where(eq(leaveCloseRuns.upTo, '2026-04-15'));
    expect(run?.lastEmployeeId).toBeGreaterThan(0);
    const rest = await close.run('2026-04-15');
    expect(rest.finished).toBe(true);

    const after = (await ledgerOf(c.t.employee, type)).json();
    expect(after.items.every((e: { written: boolean }) => e.written)).toBe(true);
    const strip = (l: { items: { written: boolean }[] }) => l.items.map(({ written: _, ...e }) => e);
    expect(strip(after)).toEqual(strip(before));

    // Run twice: nothing twice.
    const rows = async () =>
      (await ctx.db.select({ n: count() }).from(leaveLedger).where(eq(leaveLedger.typeId, type)))[0]!.n;
    const written = await rows();
    expect(await close.run('2026-04-15')).toMatchObject({ entries: 0, finished: true });
    expect(await rows()).toBe(written);

    // A day in the month: only those whose joining day, anniversary or leaving day it is.
    const [everyone] = await ctx.db.select({ n: count() }).from(employees);
    const [grade] = await ctx.db
      .select({ id: lookupValues.id })
      .from(lookupValues)
      .where(eq(lookupValues.kind, 'grade'))
      .limit(1);
    await ctx.db
      .update(employees)
      .set({ joiningDate: '2019-04-16', gradeId: grade!.id })
      .where(eq(employees.id, c.peer.id));
    const anniversaryPolicy = await addPolicy(
      c.t.admin,
      policyBody(type, {
        name: 'Anniversary, one grade',
        accrual: 'anniversary',
        days_per_year: 20,
        grade_id: grade!.id,
        effective_from: '2026-04-16',
      }),
    );
    expect(anniversaryPolicy.statusCode, anniversaryPolicy.body).toBe(201);
    at('2026-04-16');
    const someone = await close.run('2026-04-16');
    expect(someone.finished).toBe(true);
    expect(someone.people).toBeGreaterThanOrEqual(1);
    expect(someone.people).toBeLessThan(everyone!.n);
    const [anniversary] = await ctx.db
      .select({ days: leaveLedger.days, date: leaveLedger.date })
      .from(leaveLedger)
      .where(
        and(
          eq(leaveLedger.employeeId, c.peer.id),
          eq(leaveLedger.period, 'accrual:anniversary:2026'),
          eq(leaveLedger.typeId, type),
        ),
      );
    expect(anniversary).toEqual({ days: 20, date: '2026-04-16' });

    // The next month's first day: everyone again, May's accrual.
    at('2026-05-01');
    const may = await close.run('2026-05-01');
    expect(may.finished).toBe(true);
    const mine = await ctx.db
      .select({ period: leaveLedger.period })
      .from(leaveLedger)
      .where(and(eq(leaveLedger.typeId, type), eq(leaveLedger.employeeId, c.employee.id)));
    // 2025 under the type's own days (no policy then): its accrual, and its close lapses what was left.
    expect(mine.map((r) => r.period).sort()).toEqual([
      'accrual:2025',
      'accrual:2026-01',
      'accrual:2026-02',
      'accrual:2026-03',
      'accrual:2026-04',
      'accrual:2026-05',
      'lapse:2025',
    ]);
  });

  it('closes the year: carries what the policy allows into the next, and the rest lapses', async () => {
    at('2026-04-15');
    const c = await cast();
    const type = await newType(c.t.admin);
    await addPolicy(
      c.t.admin,
      policyBody(type, {
        accrual: 'yearly',
        days_per_year: 12,
        carry_forward_max: 5,
        carry_forward_expiry_days: 90,
      }),
    );
    at('2027-01-02');
    await new LeavePeriodClose(ctx.db).run('2027-01-02');
    c.t.employee = await ctx.factory.token(c.employee);
    const y2026 = (await ledgerOf(c.t.employee, type, '&year=2026')).json();
    expect(y2026.items.map((e: { kind: string; days: number }) => [e.kind, e.days])).toEqual([
      ['accrual', 12],
      ['carry-forward', -5],
      ['expiry', -7],
    ]);
    expect(y2026.remaining).toBe(0);
    const y2027 = (await ledgerOf(c.t.employee, type, '&year=2027')).json();
    expect(
      y2027.items.map((e: { kind: string; days: number; written: boolean }) => [e.kind, e.days, e.written]),
    ).toEqual([
      ['carry-forward', 5, true],
      ['accrual', 12, true],
    ]);
  });
});
