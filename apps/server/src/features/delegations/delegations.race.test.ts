import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { leaveBody, setLeaveStatus } from '../../../test/factories/requests';
import { setupApi, type TestContext } from '../../../test/helper';
import { auditLog, delegations, leaves } from '../../db/schema';
import { officeToday } from '../../lib/office-clock';

/**
 * Delegation under concurrent calls, on PostgreSQL with several connections:
 * the delegate and the delegator decide the same item at once (one decision
 * holds), and two people name each other at once (no circle is stored).
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await setupApi({}, { poolSize: 10 });
});

const today = () => officeToday();

describe('delegation under concurrent calls (PostgreSQL)', () => {
  it('the delegate approves and the delegator rejects one request at once: one winner', async () => {
    for (let round = 0; round < 5; round++) {
      const c = await ctx.factory.cast();
      const made = await ctx.call({
        method: 'POST',
        url: '/api/v1/delegations',
        token: c.tokens.lm,
        payload: { delegate_id: c.stranger.id, from: today(), to: today() },
      });
      expect(made.statusCode, made.body).toBe(201);
      const res = await ctx.call({
        method: 'POST',
        url: '/api/v1/leave',
        token: c.tokens.employee,
        payload: leaveBody(c.peer.id),
      });
      const id = res.json().id as number;
      await setLeaveStatus(ctx.db, id, 2);
      const decide = (token: string, action: string) =>
        ctx.call({
          method: 'PATCH',
          url: `/api/v1/approvals/actions/${action}`,
          token,
          payload: { items: [{ module: 'leave', id }] },
        });
      const [byDelegate, byDelegator] = await Promise.all([
        decide(c.tokens.stranger, 'approve'),
        decide(c.tokens.lm, 'reject'),
      ]);
      const outcomes = [byDelegate.json().items[0], byDelegator.json().items[0]];
      const won = outcomes.filter((o) => o.status);
      expect(won, JSON.stringify(outcomes)).toHaveLength(1);
      expect(outcomes.filter((o) => o.error)[0]).toMatchObject({ error: 'transition_not_allowed' });
      const [row] = await ctx.db.select().from(leaves).where(eq(leaves.id, id));
      expect(row!.statusId).toBe(won[0].status.id);
      const decisions = await ctx.db
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.entity, 'leave'),
            eq(auditLog.entityId, id),
            inArray(auditLog.action, ['approve', 'reject']),
          ),
        );
      expect(decisions).toHaveLength(1);
      // The delegate's decision names the delegator; the delegator's own names nobody else.
      expect(decisions[0]!.onBehalfOfEmployeeId).toBe(decisions[0]!.action === 'approve' ? c.lm.id : null);
    }
  });

  it('two people naming each other at once store one delegation, never a circle', async () => {
    for (let round = 0; round < 5; round++) {
      const c = await ctx.factory.cast();
      const name = (token: string, delegateId: number) =>
        ctx.call({
          method: 'POST',
          url: '/api/v1/delegations',
          token,
          payload: { delegate_id: delegateId, from: today(), to: today() },
        });
      const answers = await Promise.all([name(c.tokens.lm, c.stranger.id), name(c.tokens.stranger, c.lm.id)]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
      const stored = await ctx.db
        .select()
        .from(delegations)
        .where(inArray(delegations.delegatorId, [c.lm.id, c.stranger.id]));
      expect(stored).toHaveLength(1);
    }
  });
});
