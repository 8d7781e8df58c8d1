import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupApi, type TestContext } from '../../../test/helper';
import { employees, users } from '../../db/schema';
import { DEMO_PASSWORD } from '../../db/seed/demo-accounts';
import { hashPassword } from '../../lib/passwords';
import { demoAccountWarnings } from './demo-mode';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await setupApi({ demo: false });
});

/** Gives a made employee a demo account's E-ID. */
async function asDemoAccount(eid: string, options: { admin?: boolean; password?: string } = {}) {
  const person = await ctx.factory.employee({
    admin: options.admin ?? false,
    password: options.password ?? DEMO_PASSWORD,
  });
  await ctx.db.update(employees).set({ eid }).where(eq(employees.id, person.id));
  await ctx.db.update(users).set({ username: eid }).where(eq(users.id, person.userId!));
  return person;
}

describe('GET config', () => {
  it('lists no demo account when demo mode is off', async () => {
    const res = await ctx.call({ method: 'GET', url: '/api/v1/config' });
    expect(res.json()).toMatchObject({ demo: false, demo_accounts: [] });
  });
});

describe('start-up warnings about the demo accounts', () => {
  it('none while no demo account exists', async () => {
    expect(await demoAccountWarnings(ctx.db, true)).toEqual([]);
    expect(await demoAccountWarnings(ctx.db, false)).toEqual([]);
  });

  it('one while demo accounts take the published password, sharper in demo mode', async () => {
    const admin = await asDemoAccount('1001', { admin: true });
    await asDemoAccount('1004');
    // Another password is not the published one.
    await asDemoAccount('1003', { password: 'someone-chose-this' });

    const [demo] = await demoAccountWarnings(ctx.db, true);
    expect(demo).toContain('Demo mode is on');
    expect(demo).toContain('1001 (HR admin), 1004');
    expect(demo).not.toContain('1003');
    expect(demo).toContain('DEMO=false');

    const [quiet, ...more] = await demoAccountWarnings(ctx.db, false);
    expect(more).toEqual([]);
    expect(quiet).toContain('1001 (HR admin), 1004');
    expect(quiet).not.toContain('Demo mode is on');

    // Once their passwords are changed (or they are disabled) nothing is left to warn of.
    await ctx.db
      .update(users)
      .set({ passwordHash: await hashPassword('a-real-secret') })
      .where(eq(users.id, admin.userId!));
    await ctx.db.update(employees).set({ enabled: false }).where(eq(employees.eid, '1004'));
    expect(await demoAccountWarnings(ctx.db, true)).toEqual([]);
  });
});
