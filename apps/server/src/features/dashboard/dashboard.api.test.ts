import { beforeAll, describe, expect, it } from 'vitest';
import { leaveBody } from '../../../test/factories/requests';
import { setupApi, type TestContext } from '../../../test/helper';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await setupApi();
});

describe('GET dashboard', () => {
  it('counts the submitted requests waiting for the line manager, and the employee’s own pending ones', async () => {
    const { lm, employee } = await ctx.factory.chain();
    const peer = await ctx.factory.employee({ parentId: lm.id });
    const employeeToken = await ctx.factory.token(employee);
    const lmToken = await ctx.factory.token(lm);
    for (const [from, to] of [
      ['2027-03-01', '2027-03-01'],
      ['2027-03-02', '2027-03-02'],
    ]) {
      const id = (
        await ctx.call({
          method: 'POST',
          url: '/api/v1/leave',
          token: employeeToken,
          payload: leaveBody(peer.id, { from, to }),
        })
      ).json().id;
      await ctx.call({
        method: 'PATCH',
        url: '/api/v1/leave/actions/submit',
        token: employeeToken,
        payload: { leave_id: id },
      });
    }
    await ctx.call({
      method: 'POST',
      url: '/api/v1/leave',
      token: employeeToken,
      payload: leaveBody(peer.id, { from: '2027-03-03', to: '2027-03-03' }),
    });

    const lmBoard = (await ctx.call({ method: 'GET', url: '/api/v1/dashboard', token: lmToken })).json();
    expect(lmBoard.waiting.find((w: { module: string }) => w.module === 'leave')).toEqual({
      module: 'leave',
      count: 2,
      link: '/leave?list_type=team&status_id=2',
    });
    const mine = (await ctx.call({ method: 'GET', url: '/api/v1/dashboard', token: employeeToken })).json();
    expect(mine.mine_pending.leave).toBe(2);
    expect(mine.waiting.every((w: { count: number }) => w.count === 0)).toBe(true);
  });

  it('needs a token', async () => {
    expect((await ctx.call({ method: 'GET', url: '/api/v1/dashboard' })).statusCode).toBe(401);
  });
});
