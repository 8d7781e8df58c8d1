import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { approvedSheet } from '../../../test/factories/epr';
import { setKpiStatus } from '../../../test/factories/kpi';
import { leaveBody, setLeaveStatus } from '../../../test/factories/requests';
import { type Cast, setupApi, type TestContext } from '../../../test/helper';
import {
  approvalEscalations,
  approvalReminders,
  approvalSettings,
  auditLog,
  kpis,
  leaves,
  notifications,
} from '../../db/schema';
import { ApprovalReminders } from './approval-reminders.service';

/**
 * Reminders and escalation under a moved clock. The leave below waits since
 * Monday 1 March 2027, 10:00; the working days after it (Friday is the
 * weekly off day): Tue 2 → 1, Wed 3 → 2, Thu 4 → 3, (Fri 5 off), Sat 6 → 4.
 */
let ctx: TestContext;
let job: ApprovalReminders;
beforeAll(async () => {
  ctx = await setupApi();
  job = new ApprovalReminders(ctx.db, 'test-secret');
});

const at = (day: number, hour = 9) => new Date(2027, 2, day, hour, 0, 0);
const call = (method: 'GET' | 'PATCH', url: string, token: string | null, payload?: object) =>
  ctx.call({ method, url: `/api/v1/${url}`, token, ...(payload ? { payload } : {}) });

async function setLeave(token: string, body: object) {
  const res = await call('PATCH', 'approvals/settings/leave', token, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function waitingLeave(c: Cast): Promise<number> {
  const res = await ctx.call({
    method: 'POST',
    url: '/api/v1/leave',
    token: c.tokens.employee,
    payload: leaveBody(c.peer.id),
  });
  const id = res.json().id as number;
  await setLeaveStatus(ctx.db, id, 2);
  await ctx.db
    .update(leaves)
    .set({ updatedAt: at(1, 10) })
    .where(eq(leaves.id, id));
  return id;
}

const told = async (employeeId: number, event: string, recordId: number) =>
  (
    await ctx.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.employeeId, employeeId),
          eq(notifications.event, event),
          eq(notifications.recordId, recordId),
        ),
      )
  ).length;

describe('reminders and escalation', () => {
  it('HR sets them per module; others may not; bad settings are refused and change nothing', async () => {
    const c = await ctx.factory.cast();
    expect((await call('GET', 'approvals/settings', c.tokens.lm)).statusCode).toBe(403);
    expect((await call('GET', 'approvals/settings', null)).statusCode).toBe(401);
    const body = { remind_after_days: 2, escalate_after_days: 4, escalate_to_id: null };
    expect((await call('PATCH', 'approvals/settings/leave', c.tokens.lm, body)).statusCode).toBe(403);
    const before = await ctx.db.select().from(approvalSettings);
    const bad: [string, object, number][] = [
      ['leave', { ...body, escalate_after_days: 2 }, 422],
      ['leave', { ...body, remind_after_days: 0 }, 422],
      ['leave', { ...body, escalate_after_days: 91 }, 422],
      ['leave', { ...body, remind_after_days: 'two' }, 422],
      ['leave', { remind_after_days: 2 }, 422],
      ['leave', { ...body, extra: 1 }, 422],
      ['leave', { ...body, escalate_to_id: 987654 }, 422],
      ['payroll', body, 400],
    ];
    for (const [module, payload, status] of bad) {
      const res = await call('PATCH', `approvals/settings/${module}`, c.tokens.admin, payload);
      expect(res.statusCode, `${JSON.stringify(payload)} ${res.body}`).toBe(status);
    }
    expect(await ctx.db.select().from(approvalSettings)).toEqual(before);
    const saved = await setLeave(c.tokens.admin, body);
    expect(saved.items.find((i: { module: string }) => i.module === 'leave')).toEqual({
      module: 'leave',
      remind_after_days: 2,
      escalate_after_days: 4,
      escalate_to: null,
    });
    expect(saved.items.map((i: { module: string }) => i.module)).toEqual([
      'leave',
      'remote-work',
      'hr-service',
      'kpi',
      'epr',
    ]);
  });

  it('reminds the line manager after N working days, once a day, and escalates to the O&O after M', async () => {
    const c = await ctx.factory.cast();
    await setLeave(c.tokens.admin, { remind_after_days: 2, escalate_after_days: 4, escalate_to_id: null });
    const leave = await waitingLeave(c);
    const inbox = async (token: string) =>
      (await call('GET', 'approvals?module=leave&limit=50', token))
        .json()
        .items.find((i: { id: number }) => i.id === leave);
    expect((await inbox(c.tokens.lm)).due).toBe('2027-03-06');

    await job.run(at(2));
    expect(await told(c.lm.id, 'reminder', leave)).toBe(0);
    await job.run(at(3));
    await job.run(at(3, 15));
    expect(await told(c.lm.id, 'reminder', leave)).toBe(1);
    expect(
      await ctx.db.select().from(approvalReminders).where(eq(approvalReminders.recordId, leave)),
    ).toHaveLength(1);
    // Friday is no working day: nothing happens, and the O&O does not see it yet.
    await job.run(at(5));
    expect(await inbox(c.tokens.oo)).toBeUndefined();
    expect(await told(c.lm.id, 'reminder', leave)).toBe(1);

    await job.run(at(6));
    await job.run(at(6, 16));
    expect(await told(c.oo.id, 'escalated', leave)).toBe(1);
    const [escalation] = await ctx.db
      .select()
      .from(approvalEscalations)
      .where(eq(approvalEscalations.recordId, leave));
    expect(escalation).toMatchObject({
      fromLevel: 'line_manager',
      toLevel: 'one_over_one',
      toEmployeeId: c.oo.id,
    });
    // The O&O now holds it too, with the line manager's decisions; the line manager still does.
    expect(await inbox(c.tokens.oo)).toMatchObject({ actions: ['approve', 'reject'], due: '2027-03-03' });
    expect(await inbox(c.tokens.lm)).toBeDefined();
    const decided = await call('PATCH', 'approvals/actions/approve', c.tokens.oo, {
      items: [{ module: 'leave', id: leave }],
    });
    expect(decided.json().items[0]).toMatchObject({ status: { id: 3 } });
    const [row] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'leave'), eq(auditLog.entityId, leave), eq(auditLog.action, 'approve')));
    expect(row).toMatchObject({ actorEmployeeId: c.oo.id, onBehalfOfEmployeeId: c.lm.id });
    // The stage's escalation ended with it.
    expect(
      await ctx.db.select().from(approvalEscalations).where(eq(approvalEscalations.recordId, leave)),
    ).toHaveLength(0);
  });

  it('escalates an O&O’s item to HR administrators, and to a named person when HR names one', async () => {
    const c = await ctx.factory.cast();
    await ctx.call({
      method: 'PATCH',
      url: '/api/v1/approvals/settings/kpi',
      token: c.tokens.admin,
      payload: { remind_after_days: null, escalate_after_days: 1, escalate_to_id: null },
    });
    const people = { employeeId: c.employee.id, lineManagerId: c.lm.id, oneOverOneId: c.oo.id };
    const { sheet } = await approvedSheet(ctx.db, people, { from: '2031-01-01', to: '2031-03-31' });
    await setKpiStatus(ctx.db, sheet.id, 3);
    await ctx.db
      .update(kpis)
      .set({ updatedAt: at(1, 10) })
      .where(eq(kpis.id, sheet.id));
    await job.run(at(2));
    const hr = (await call('GET', 'approvals?module=kpi&limit=50', c.tokens.admin)).json().items;
    expect(hr.find((i: { id: number }) => i.id === sheet.id)).toMatchObject({
      actions: ['approve', 'update-requested'],
    });
    expect(await told(c.admin.id, 'escalated', sheet.id)).toBe(1);

    // To a named person instead: the peer holds the next sheet's O&O stage.
    await ctx.call({
      method: 'PATCH',
      url: '/api/v1/approvals/settings/kpi',
      token: c.tokens.admin,
      payload: { remind_after_days: null, escalate_after_days: 1, escalate_to_id: c.peer.id },
    });
    const next = (await approvedSheet(ctx.db, people, { from: '2031-04-01', to: '2031-06-30' })).sheet;
    await setKpiStatus(ctx.db, next.id, 3);
    await ctx.db
      .update(kpis)
      .set({ updatedAt: at(1, 10) })
      .where(eq(kpis.id, next.id));
    await job.run(at(2));
    const peer = (await call('GET', 'approvals?module=kpi&limit=50', c.tokens.peer)).json().items;
    expect(peer.map((i: { id: number }) => i.id)).toEqual([next.id]);
    await ctx.call({
      method: 'PATCH',
      url: '/api/v1/approvals/settings/kpi',
      token: c.tokens.admin,
      payload: { remind_after_days: null, escalate_after_days: null, escalate_to_id: null },
    });
  });
});
