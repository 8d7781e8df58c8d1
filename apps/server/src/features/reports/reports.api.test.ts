import { beforeAll, describe, expect, it } from 'vitest';
import { setupApi, type TestContext } from '../../../test/helper';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await setupApi();
});

describe('GET employees/reports', () => {
  it('lists direct reports and their reports, never the caller or anyone else', async () => {
    const { oo, lm, employee } = await ctx.factory.chain();
    const peer = await ctx.factory.employee({ parentId: oo.id });
    await ctx.factory.employee(); // a stranger, never listed
    const ids = async (token: string, q = '') =>
      (await ctx.call({ method: 'GET', url: `/api/v1/employees/reports${q}`, token }))
        .json()
        .map((p: { id: number }) => p.id)
        .sort();
    expect(await ids(await ctx.factory.token(oo))).toEqual([lm.id, employee.id, peer.id].sort());
    expect(await ids(await ctx.factory.token(lm))).toEqual([employee.id]);
    expect(await ids(await ctx.factory.token(employee))).toEqual([]);
    expect(await ids(await ctx.factory.token(oo), `?search=${employee.eid}`)).toEqual([employee.id]);
    expect(await ids(await ctx.factory.token(oo), '?search=%25')).toEqual([]);
  });

  it('needs a token and refuses bad limits', async () => {
    expect((await ctx.call({ method: 'GET', url: '/api/v1/employees/reports' })).statusCode).toBe(401);
    const token = await ctx.factory.token(await ctx.factory.employee());
    expect(
      (await ctx.call({ method: 'GET', url: '/api/v1/employees/reports?limit=500', token })).statusCode,
    ).toBe(400);
  });
});
