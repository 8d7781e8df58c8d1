import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupApi, type TestContext } from '../../../test/helper';
import { auditLog, erasures } from '../../db/schema';

/**
 * Data rights under concurrent calls, on PostgreSQL with several
 * connections: one export at a time per person (the count is taken in one
 * statement), and one erasure of a person when two administrators send it at once.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await setupApi({}, { poolSize: 10 });
});

describe('data rights under concurrent calls (PostgreSQL)', () => {
  it('five exports of one person sent at once: one archive, the others refused with 429', async () => {
    const person = await ctx.factory.employee();
    const token = await ctx.factory.token(person);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => ctx.call({ method: 'GET', url: '/api/v1/account/export', token })),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, 429, 429, 429, 429]);
    const n = (
      await ctx.db
        .select({ n: count() })
        .from(auditLog)
        .where(and(eq(auditLog.action, 'data_export'), eq(auditLog.entityId, person.id)))
    )[0]!.n;
    expect(n).toBe(1);
  });

  it('two administrators erase one leaver at once: one erasure, the other refused', async () => {
    const admins = [await ctx.factory.employee({ admin: true }), await ctx.factory.employee({ admin: true })];
    const tokens = [await ctx.factory.token(admins[0]!), await ctx.factory.token(admins[1]!)];
    const person = await ctx.factory.employee({ enabled: false });
    const answers = await Promise.all(
      tokens.map((token) =>
        ctx.call({
          method: 'POST',
          url: `/api/v1/employees/${person.id}/erasure`,
          token,
          payload: { confirm: person.eid, override_retention: true, reason: 'Race' },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().error).toBe('erasure_done');
    const n = (
      await ctx.db.select({ n: count() }).from(erasures).where(eq(erasures.employeeId, person.id))
    )[0]!.n;
    expect(n).toBe(1);
  });
});
