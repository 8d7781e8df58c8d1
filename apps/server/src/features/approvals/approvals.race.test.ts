import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { certificateBody, setServiceStatus } from '../../../test/factories/hr-services';
import { setupApi, type TestContext } from '../../../test/helper';
import { auditLog, serviceRequests } from '../../db/schema';

/**
 * Two deciders of one item at the same moment, on PostgreSQL with several
 * connections: the line manager approves and HR cancels the same HR request
 * from their inboxes at once. Exactly one decision holds, the other is told
 * the request is no longer waiting, and one decision is audited.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await setupApi({}, { poolSize: 10 });
});

describe('the approvals inbox under concurrent decisions (PostgreSQL)', () => {
  it('the line manager approves and HR cancels one request at once: one winner', async () => {
    for (let round = 0; round < 5; round++) {
      const c = await ctx.factory.cast();
      const made = await ctx.call({
        method: 'POST',
        url: '/api/v1/employee/service-requests',
        token: c.tokens.employee,
        payload: certificateBody({ issue_date: '01-03-2027' }),
      });
      const id = made.json().id as number;
      await setServiceStatus(ctx.db, id, 2);
      const [approve, cancel] = await Promise.all([
        ctx.call({
          method: 'PATCH',
          url: '/api/v1/approvals/actions/approve',
          token: c.tokens.lm,
          payload: { items: [{ module: 'hr-service', id }] },
        }),
        ctx.call({
          method: 'PATCH',
          url: '/api/v1/approvals/actions/cancel',
          token: c.tokens.admin,
          payload: { items: [{ module: 'hr-service', id }] },
        }),
      ]);
      const outcomes = [approve.json().items[0], cancel.json().items[0]];
      const won = outcomes.filter((o) => o.status);
      const lost = outcomes.filter((o) => o.error);
      expect(won, JSON.stringify(outcomes)).toHaveLength(1);
      expect(lost[0]).toMatchObject({ error: 'transition_not_allowed' });
      const [row] = await ctx.db.select().from(serviceRequests).where(eq(serviceRequests.id, id));
      expect(row!.statusId).toBe(won[0].status.id);
      const decisions = (await ctx.db.select().from(auditLog).where(eq(auditLog.entityId, id))).filter(
        (a) => a.entity === 'hr_service' && ['approve', 'cancel'].includes(a.action),
      );
      expect(decisions).toHaveLength(1);
    }
  });
});
