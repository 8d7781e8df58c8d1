import { count, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type MadeEmployee, setupApi, type TestContext } from '../../../test/helper';
import { notificationPreferences, notifications, outbox } from '../../db/schema';
import { NotificationDigests } from './notifications.service';

/**
 * The daily digests run on every API process: runs at the same moment, on
 * several connections of PostgreSQL, still send each person one e-mail.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await setupApi({}, { poolSize: 10 });
});

/** People with the daily digest and e-mails waiting for it. */
async function waiting(n: number): Promise<MadeEmployee[]> {
  const people: MadeEmployee[] = [];
  for (let i = 0; i < n; i++) people.push(await ctx.factory.employee({ withUser: false }));
  await ctx.db
    .insert(notificationPreferences)
    .values(people.map((p) => ({ employeeId: p.id, dailyDigest: true })));
  await ctx.db.insert(notifications).values(
    people.flatMap((p) =>
      [1, 2, 3].map(() => ({
        employeeId: p.id,
        event: 'reminder',
        module: 'leave',
        recordId: null,
        emailPending: true,
      })),
    ),
  );
  return people;
}

describe('daily digests run at once on several connections (PostgreSQL)', () => {
  it('send one e-mail per person', async () => {
    const people = await waiting(30);
    const runs = Array.from({ length: 4 }, () => new NotificationDigests(ctx.db));
    const queued = await Promise.all(runs.map((r) => r.send('2030-06-01')));
    expect(queued.reduce((a, b) => a + b, 0)).toBe(people.length);

    const ids = people.map((p) => p.id);
    const perPerson = await ctx.db
      .select({ employeeId: outbox.employeeId, n: count() })
      .from(outbox)
      .where(inArray(outbox.employeeId, ids))
      .groupBy(outbox.employeeId);
    expect(perPerson).toHaveLength(people.length);
    expect(perPerson.every((r) => r.n === 1)).toBe(true);
    const [left] = await ctx.db
      .select({ n: count() })
      .from(notifications)
      .where(inArray(notifications.employeeId, ids));
    expect(left!.n).toBe(people.length * 3);
    const pending = await ctx.db
      .select({ n: count() })
      .from(notifications)
      .where(eq(notifications.emailPending, true));
    expect(pending[0]!.n).toBe(0);

    // Again, at once: nothing more.
    expect(await Promise.all(runs.map((r) => r.send('2030-06-01')))).toEqual([0, 0, 0, 0]);
  });
});
