import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupApi, type TestContext } from '../../../test/helper';
import { auditLog, erasures } from '../../db/schema';
import { throttle } from '../../lib/throttle';
import { EXPORT_RULE } from './data-rights.service';

/**
 * Data rights under concurrent calls, on PostgreSQL with several
 * connections: one export at a time per person (the count is taken in one
 * statement), and one erasure of a person when two administrators send it at once.
 */
let ctx: TestContext;

/** How many exports of a person were made (each is audited). */
async function exportsOf(employeeId: number): Promise<number> {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(auditLog)
    .where(and(eq(auditLog.action, 'data_export'), eq(auditLog.entityId, employeeId)));
  return row!.n;
}

beforeAll(async () => {
  ctx = await setupApi({}, { poolSize: 10 });
});

describe('data rights under concurrent calls (PostgreSQL)', () => {
  it('while an export of a person is under way, five more sent at once are all refused with 429', async () => {
    const person = await ctx.factory.employee();
    const token = await ctx.factory.token(person);
    // An export in flight holds the person's count until its archive is sent.
    const inFlight = [{ rule: EXPORT_RULE, key: String(person.id) }];
    await throttle.take(ctx.db, inFlight);
    const refused = await Promise.all(
      Array.from({ length: 5 }, () => ctx.call({ method: 'GET', url: '/api/v1/account/export', token })),
    );
    expect(refused.map((a) => a.statusCode)).toEqual([429, 429, 429, 429, 429]);
    expect(await exportsOf(person.id)).toBe(0);
    // Once it is done, the next one is made.
    await throttle.undo(ctx.db, inFlight);
    const next = await ctx.call({ method: 'GET', url: '/api/v1/account/export', token });
    expect(next.statusCode).toBe(200);
    expect(await exportsOf(person.id)).toBe(1);
  });

  it('five exports of one person sent at once: each answered with its archive or 429, never two at the same time', async () => {
    const person = await ctx.factory.employee();
    const token = await ctx.factory.token(person);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => ctx.call({ method: 'GET', url: '/api/v1/account/export', token })),
    );
    const statuses = answers.map((a) => a.statusCode);
    // One at a time: an export that finished before another began lets that one in too.
    expect(statuses.every((s) => s === 200 || s === 429)).toBe(true);
    const made = statuses.filter((s) => s === 200).length;
    expect(made).toBeGreaterThanOrEqual(1);
    expect(await exportsOf(person.id)).toBe(made);
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
