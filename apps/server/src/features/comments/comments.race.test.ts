import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customSheetBody, objectiveBody, setKpiStatus } from '../../../test/factories/kpi';
import { setupApi, type TestContext } from '../../../test/helper';
import { openStream } from '../../../test/sse';
import { buildApp } from '../../app';

/**
 * Two API processes on one PostgreSQL behave as one (DESIGN.md §1, §6): a
 * comment posted on one reaches a window open on the other through
 * LISTEN/NOTIFY. Each app has its own listening connection, as two processes would.
 */
let ctx: TestContext;
let second: Awaited<ReturnType<typeof buildApp>>;
let secondBase: string;
beforeAll(async () => {
  ctx = await setupApi({}, { poolSize: 10 });
  second = await buildApp({ config: ctx.config, database: ctx.database });
  secondBase = await second.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await second.close();
});

describe('comments across two API processes (PostgreSQL)', () => {
  it('a comment posted on one process reaches a window open on the other within a second', async () => {
    const { lm, employee } = await ctx.factory.chain();
    const employeeToken = await ctx.factory.token(employee);
    const lmToken = await ctx.factory.token(lm);
    const kpiId = (
      await ctx.call({
        method: 'POST',
        url: '/api/v1/kpis',
        token: employeeToken,
        payload: customSheetBody(),
      })
    ).json().id;
    const objectiveId = (
      await ctx.call({
        method: 'POST',
        url: '/api/v1/kpis/objectives',
        token: employeeToken,
        payload: objectiveBody(kpiId),
      })
    ).json().objectives[0].id;
    await setKpiStatus(ctx.db, kpiId, 2);

    // The line manager's window is open on the second process.
    const d = await second.inject({
      method: 'GET',
      url: '/api/v1/discovery/employee',
      headers: { authorization: `Bearer ${lmToken}` },
    });
    const { url, token } = d.json();
    const stream = await openStream(
      `${secondBase}${url}?token=${token}&threads=kpi_objective:${objectiveId}`,
    );
    try {
      const started = Date.now();
      // The employee writes through the first process.
      const sent = await ctx.call({
        method: 'POST',
        url: `/api/v1/kpis/objectives/${objectiveId}/comments`,
        token: employeeToken,
        payload: { comment: 'Posted on process one' },
      });
      expect(sent.statusCode, sent.body).toBe(201);
      const event = await stream.next(2000);
      expect(Date.now() - started).toBeLessThan(1000);
      expect(JSON.parse(event.data)).toMatchObject({ id: sent.json().id, comment: 'Posted on process one' });
    } finally {
      stream.close();
    }
  });
});
