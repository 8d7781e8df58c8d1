import { beforeAll, describe, expect, it } from 'vitest';
import { approvedSheet } from '../../../test/factories/epr';
import { leaveBody } from '../../../test/factories/requests';
import { setupApi, type TestContext } from '../../../test/helper';
import { eprs, kpis, leaves, remoteWorks, serviceRequests } from '../../db/schema';

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
      link: '/approvals?module=leave',
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
      link: '/approvals?module=hr-service',
    });
    expect((await board(employee)).mine_pending).toEqual({
      kpi: 0,
      epr: 0,
      leave: 0,
      remote_work: 1,
      hr_service: 2,
    });
    // Every submitted HR request of the company and every approved one wait for an HR admin.
    expect(waiting(await board(admin), 'hr_service')).toMatchObject({ count: 2 });
  });

  it('shows the KPI sheets waiting for the line manager and the O&O, and the employee’s sheet of today', async () => {
    const { oo, lm, employee } = await ctx.factory.chain();
    const peer = await ctx.factory.employee({ parentId: lm.id });
    const stranger = await ctx.factory.employee();
    const chain = { lineManagerId: lm.id, oneOverOneId: oo.id, typeId: 2 };
    const day = (offset: number) => {
      const d = new Date();
      d.setUTCDate(d.getUTCDate() + offset);
      return d.toISOString().slice(0, 10);
    };
    // The employee: last period's sheet approved, this period's with the line manager, next period's a draft.
    const [, current] = await ctx.db
      .insert(kpis)
      .values([
        {
          ...chain,
          employeeId: employee.id,
          name: 'Last period',
          fromDate: day(-400),
          toDate: day(-40),
          statusId: 4,
        },
        {
          ...chain,
          employeeId: employee.id,
          name: 'This period',
          fromDate: day(-39),
          toDate: day(300),
          statusId: 2,
        },
        {
          ...chain,
          employeeId: employee.id,
          name: 'Next period',
          fromDate: day(301),
          toDate: day(600),
          statusId: 1,
        },
        // The peer's sheet waits for the O&O.
        {
          ...chain,
          employeeId: peer.id,
          name: 'Peer sheet',
          fromDate: day(-10),
          toDate: day(100),
          statusId: 3,
        },
      ])
      .returning({ id: kpis.id });
    const board = async (who: { eid: string; password: string }) =>
      (
        await ctx.call({ method: 'GET', url: '/api/v1/dashboard', token: await ctx.factory.token(who) })
      ).json();
    const waiting = (b: { waiting: { module: string }[] }, module: string) =>
      b.waiting.find((w) => w.module === module);

    const mine = await board(employee);
    expect(mine.my_kpi).toEqual({
      id: current!.id,
      name: 'This period',
      from: day(-39),
      to: day(300),
      status: { id: 2, name: 'Awaiting line manager', color: expect.any(String) },
    });
    expect(mine.mine_pending.kpi).toBe(1);
    expect(waiting(mine, 'kpi')).toMatchObject({ count: 0 });

    // The line manager decides on the employee's sheet (status 2); the peer's is the O&O's now.
    expect(waiting(await board(lm), 'kpi')).toEqual({
      module: 'kpi',
      count: 1,
      link: '/approvals?module=kpi',
    });
    expect(waiting(await board(oo), 'kpi')).toEqual({
      module: 'kpi',
      count: 1,
      link: '/approvals?module=kpi',
    });
    // Nothing of theirs, nothing for them.
    const none = await board(stranger);
    expect(waiting(none, 'kpi')).toMatchObject({ count: 0 });
    expect(none.my_kpi).toBeNull();

    // With only a sheet of a later period, that one is shown.
    const fresh = await ctx.factory.employee({ parentId: lm.id });
    await ctx.db
      .insert(kpis)
      .values({ ...chain, employeeId: fresh.id, name: 'Next year', fromDate: day(30), toDate: day(390) });
    expect((await board(fresh)).my_kpi).toMatchObject({ name: 'Next year', status: { id: 1 } });
  });

  it('shows the reviews waiting for the line manager (2, 10) and the O&O (3), and the employee’s own', async () => {
    const { oo, lm, employee } = await ctx.factory.chain();
    const chain = { employeeId: employee.id, lineManagerId: lm.id, oneOverOneId: oo.id };
    const made = [];
    for (const statusId of [2, 10, 3, 4]) {
      const { sheet } = await approvedSheet(ctx.db, chain);
      made.push({
        ...chain,
        kpiId: sheet.id,
        typeId: 2,
        name: `Review ${statusId}`,
        fromDate: '2031-01-01',
        toDate: '2031-06-30',
        statusId,
      });
    }
    await ctx.db.insert(eprs).values(made);
    const board = async (who: { eid: string; password: string }) =>
      (
        await ctx.call({ method: 'GET', url: '/api/v1/dashboard', token: await ctx.factory.token(who) })
      ).json();
    const waiting = (b: { waiting: { module: string }[] }) => b.waiting.find((w) => w.module === 'epr');
    expect(waiting(await board(lm))).toEqual({
      module: 'epr',
      count: 2,
      link: '/approvals?module=epr',
    });
    expect(waiting(await board(oo))).toEqual({
      module: 'epr',
      count: 1,
      link: '/approvals?module=epr',
    });
    const mine = await board(employee);
    expect(waiting(mine)).toMatchObject({ count: 0 });
    expect(mine.mine_pending.epr).toBe(3);
  });

  it('counts what the approvals inbox counts, for a line manager, an O&O and an HR admin', async () => {
    const c = await ctx.factory.cast();
    const people = { employeeId: c.employee.id, lineManagerId: c.lm.id, oneOverOneId: c.oo.id };
    const leave = { responsibleId: c.peer.id, typeId: 1, leaveFormat: 1, days: 1, leaveAddress: 'Home' };
    await ctx.db.insert(leaves).values([
      { ...people, ...leave, fromDate: '2032-03-01', toDate: '2032-03-01', statusId: 2 },
      { ...people, ...leave, fromDate: '2032-03-02', toDate: '2032-03-02', statusId: 2 },
      { ...people, ...leave, fromDate: '2032-03-03', toDate: '2032-03-03', statusId: 1 },
      // The line manager's own leave waits for the O&O, their line manager, and not for themselves.
      {
        employeeId: c.lm.id,
        lineManagerId: c.oo.id,
        oneOverOneId: null,
        ...leave,
        fromDate: '2032-03-04',
        toDate: '2032-03-04',
        statusId: 2,
      },
    ]);
    await ctx.db
      .insert(remoteWorks)
      .values({ ...people, typeId: 2, fromDate: '2032-04-05', toDate: '2032-04-06', statusId: 2 });
    const service = { ...people, category: 'salary_certificate', description: 'For the bank' };
    await ctx.db.insert(serviceRequests).values([
      { ...service, issueDate: '2032-04-01', statusId: 2 },
      { ...service, issueDate: '2032-04-02', statusId: 3 },
    ]);
    const sheet = (from: string, to: string, statusId: number) => ({
      ...people,
      typeId: 2,
      name: `Sheet ${statusId}`,
      fromDate: from,
      toDate: to,
      statusId,
    });
    await ctx.db
      .insert(kpis)
      .values([sheet('2032-01-01', '2032-03-31', 2), sheet('2032-04-01', '2032-06-30', 3)]);
    for (const statusId of [2, 3, 10]) {
      const { sheet: approved } = await approvedSheet(ctx.db, people);
      await ctx.db.insert(eprs).values({
        ...people,
        kpiId: approved.id,
        typeId: 2,
        name: `Review ${statusId}`,
        fromDate: '2031-01-01',
        toDate: '2031-06-30',
        statusId,
      });
    }

    const inboxModule = {
      kpi: 'kpi',
      epr: 'epr',
      leave: 'leave',
      remote_work: 'remote-work',
      hr_service: 'hr-service',
    };
    const read = async (token: string) => {
      const board = await ctx.call({ method: 'GET', url: '/api/v1/dashboard', token });
      const counts = await ctx.call({ method: 'GET', url: '/api/v1/approvals/counts', token });
      expect(board.statusCode, board.body).toBe(200);
      expect(counts.statusCode, counts.body).toBe(200);
      const waiting = board.json().waiting as {
        module: keyof typeof inboxModule;
        count: number;
        link: string;
      }[];
      return {
        board: Object.fromEntries(waiting.map((w) => [inboxModule[w.module], w.count])),
        links: waiting.map((w) => w.link),
        inbox: counts.json() as Record<string, number>,
      };
    };
    const expected = {
      lm: { leave: 2, 'remote-work': 1, 'hr-service': 1, kpi: 1, epr: 2 },
      oo: { leave: 1, 'remote-work': 0, 'hr-service': 0, kpi: 1, epr: 1 },
    };
    for (const who of ['lm', 'oo', 'admin'] as const) {
      const { board, links, inbox } = await read(c.tokens[who]);
      const { total, ...perModule } = inbox;
      expect(board, who).toEqual(perModule);
      expect(total, who).toBe(Object.values(board).reduce((a, b) => a + b, 0));
      if (who !== 'admin') expect(board, who).toEqual(expected[who]);
      expect(links, who).toEqual([
        '/approvals?module=kpi',
        '/approvals?module=epr',
        '/approvals?module=leave',
        '/approvals?module=remote-work',
        '/approvals?module=hr-service',
      ]);
    }
    // HR decides and finishes HR requests of anyone: both of this employee's, beside those of other tests.
    expect((await read(c.tokens.admin)).board['hr-service']).toBeGreaterThanOrEqual(2);
  });

  it('needs a token', async () => {
    expect((await ctx.call({ method: 'GET', url: '/api/v1/dashboard' })).statusCode).toBe(401);
  });
});
