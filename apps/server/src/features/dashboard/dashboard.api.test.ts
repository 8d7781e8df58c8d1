import { beforeAll, describe, expect, it } from 'vitest';
import { leaveBody } from '../../../test/factories/requests';
import { setupApi, type TestContext } from '../../../test/helper';
import { remoteWorks, serviceRequests } from '../../db/schema';

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

  it('counts remote work and HR services too; HR admins also see approved requests waiting to be done', async () => {
    const { lm, employee } = await ctx.factory.chain();
    const admin = await ctx.factory.employee({ admin: true });
    const approvers = { employeeId: employee.id, lineManagerId: lm.id };
    await ctx.db.insert(remoteWorks).values([
      { ...approvers, typeId: 2, fromDate: '2027-04-05', toDate: '2027-04-06', statusId: 2 },
      { ...approvers, typeId: 2, fromDate: '2027-04-12', toDate: '2027-04-13', statusId: 1 },
    ]);
    const service = {
      ...approvers,
      category: 'salary_certificate',
      description: 'For the bank',
      issueDate: '2027-04-01',
    };
    await ctx.db.insert(serviceRequests).values([
      { ...service, statusId: 2 },
      { ...service, statusId: 3 },
      { ...service, statusId: 1 },
    ]);
    const board = async (who: { eid: string; password: string }) =>
      (
        await ctx.call({ method: 'GET', url: '/api/v1/dashboard', token: await ctx.factory.token(who) })
      ).json();
    const waiting = (b: { waiting: { module: string }[] }, module: string) =>
      b.waiting.find((w) => w.module === module);

    const lmBoard = await board(lm);
    expect(waiting(lmBoard, 'remote_work')).toMatchObject({ count: 1 });
    expect(waiting(lmBoard, 'hr_service')).toEqual({
      module: 'hr_service',
      count: 1,
      link: '/hr-services?list_type=team&status_id=2',
    });
    expect((await board(employee)).mine_pending).toEqual({ leave: 0, remote_work: 1, hr_service: 2 });
    // Every submitted HR request of the company and every approved one wait for an HR admin.
    expect(waiting(await board(admin), 'hr_service')).toMatchObject({ count: 2 });
  });

  it('needs a token', async () => {
    expect((await ctx.call({ method: 'GET', url: '/api/v1/dashboard' })).statusCode).toBe(401);
  });
});
