import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { leaveBody, setLeaveStatus } from '../../../test/factories/requests';
import { setupApi, type TestContext } from '../../../test/helper';
import { approvalReminders, leaves, notifications } from '../../db/schema';
import { ApprovalReminders } from './approval-reminders.service';

/**
 * Two API processes run the reminder job at the same moment, on PostgreSQL
 * with several connections: each item is reminded once, its decider told once.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await setupApi({}, { poolSize: 10 });
});

describe('the reminder job in two processes at once (PostgreSQL)', () => {
  it('sends each reminder once', async () => {
    const c = await ctx.factory.cast();
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await ctx.call({
        method: 'POST',
        url: '/api/v1/leave',
        token: c.tokens.employee,
        payload: leaveBody(c.peer.id, { from: `2027-0${i + 3}-01`, to: `2027-0${i + 3}-02` }),
      });
      const id = res.json().id as number;
      await setLeaveStatus(ctx.db, id, 2);
      await ctx.db
        .update(leaves)
        .set({ updatedAt: new Date(2027, 2, 1, 10) })
        .where(eq(leaves.id, id));
      ids.push(id);
    }
    await ctx.call({
      method: 'PATCH',
      url: '/api/v1/approvals/settings/leave',
      token: c.tokens.admin,
      payload: { remind_after_days: 2, escalate_after_days: null, escalate_to_id: null },
    });
    for (let round = 0; round < 3; round++) {
      const a = new ApprovalReminders(ctx.db, 'a');
      const b = new ApprovalReminders(ctx.db, 'b');
      const day = new Date(2027, 2, 3 + round * 3, 9 + round);
      const runs = await Promise.all([a.run(day), b.run(day), a.run(day), b.run(day)]);
      expect(runs.some((r) => r !== null)).toBe(true);
    }
    for (const id of ids) {
      const reminders = await ctx.db
        .select()
        .from(approvalReminders)
        .where(eq(approvalReminders.recordId, id));
      const told = await ctx.db
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.recordId, id),
            eq(notifications.event, 'reminder'),
            eq(notifications.employeeId, c.lm.id),
          ),
        );
      expect(told).toHaveLength(reminders.length);
      expect(new Set(reminders.map((r) => r.day)).size).toBe(reminders.length);
      expect(reminders.length).toBeGreaterThanOrEqual(1);
    }
    await ctx.call({
      method: 'PATCH',
      url: '/api/v1/approvals/settings/leave',
      token: c.tokens.admin,
      payload: { remind_after_days: null, escalate_after_days: null, escalate_to_id: null },
    });
  });
});
