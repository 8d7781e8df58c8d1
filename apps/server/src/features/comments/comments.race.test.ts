import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customSheetBody, objectiveBody, setKpiStatus } from '../../../test/factories/kpi';
import { setupApi, type TestContext } from '../../../test/helper';
import { openStream } from '../../../test/sse';
import { buildApp } from '../../app';
import { STREAMS_PER_PERSON } from '../../config';
import { realtimeStreams } from '../../db/schema';
import { STREAM_CHECK_MS } from '../../lib/realtime';

/**
 * Two API processes on one PostgreSQL behave as one (DESIGN.md §1, §6): a
 * comment posted on one reaches a window open on the other through
 * LISTEN/NOTIFY. Each app has its own listening connection, as two processes would.
 */
let ctx: TestContext;
let second: Awaited<ReturnType<typeof buildApp>>;
let firstBase: string;
let secondBase: string;
beforeAll(async () => {
  ctx = await setupApi({}, { poolSize: 10 });
  // Both check their streams every 2 s, as in production.
  second = await buildApp({ config: ctx.config, database: ctx.database });
  firstBase = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  secondBase = await second.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await second.close();
});

describe('comments across two API processes (PostgreSQL)', () => {
  /** A submitted sheet of a new employee with one objective, and its line manager. */
  async function submittedSheet() {
    const { lm, employee } = await ctx.factory.chain();
    const employeeToken = await ctx.factory.token(employee);
    const kpiId: number = (
      await ctx.call({
        method: 'POST',
        url: '/api/v1/kpis',
        token: employeeToken,
        payload: customSheetBody(),
      })
    ).json().id;
    const objectiveId: number = (
      await ctx.call({
        method: 'POST',
        url: '/api/v1/kpis/objectives',
        token: employeeToken,
        payload: objectiveBody(kpiId),
      })
    ).json().objectives[0].id;
    await setKpiStatus(ctx.db, kpiId, 2);
    return { kpiId, objectiveId, lm, employeeToken };
  }

  /** A realtime token of a session, asked for on either process. */
  async function realtimeToken(token: string): Promise<string> {
    const d = await ctx.call({ method: 'GET', url: '/api/v1/discovery/employee', token });
    return d.json().token;
  }

  it('a comment posted on one process reaches a window open on the other within a second', async () => {
    const { objectiveId, lm, employeeToken } = await submittedSheet();
    const lmToken = await ctx.factory.token(lm);

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

  it('comments written at once on both processes reach an open window each once, and a window opened again after one of them misses none', async () => {
    const { objectiveId, lm, employeeToken } = await submittedSheet();
    const lmToken = await ctx.factory.token(lm);
    const url = async () =>
      `${secondBase}/api/v1/realtime/comments?token=${await realtimeToken(lmToken)}&threads=kpi_objective:${objectiveId}`;
    const live = await openStream(await url());
    const post = (n: number) => {
      const inject = n % 2 ? second.inject.bind(second) : ctx.app.inject.bind(ctx.app);
      return inject({
        method: 'POST',
        url: `/api/v1/kpis/objectives/${objectiveId}/comments`,
        headers: { authorization: `Bearer ${n % 3 ? employeeToken : lmToken}` },
        payload: { comment: `At once ${n}` },
      });
    };
    try {
      // Ids are taken in one order and committed in another unless comments are written one at a time.
      const first = await Promise.all(Array.from({ length: 30 }, (_, n) => post(n)));
      const firstIds = first.map((r) => r.json().id as number);
      const got: number[] = [];
      while (got.length < firstIds.length) got.push(Number((await live.next(3000)).id));
      expect(got.sort((a, b) => a - b)).toEqual([...firstIds].sort((a, b) => a - b));
      const lastSeen = String(Math.max(...got));
      live.close();

      // While the window is closed, more are written at once; opened again from the last it saw, it gets each.
      const more = await Promise.all(Array.from({ length: 30 }, (_, n) => post(100 + n)));
      const moreIds = more.map((r) => r.json().id as number);
      const again = await openStream(await url(), lastSeen);
      try {
        const caught: number[] = [];
        while (caught.length < moreIds.length) caught.push(Number((await again.next(3000)).id));
        expect(caught.sort((a, b) => a - b)).toEqual([...moreIds].sort((a, b) => a - b));
      } finally {
        again.close();
      }
    } finally {
      live.close();
    }
  });

  it('signing out on one process ends the stream open on the other within seconds', async () => {
    const { kpiId, lm } = await submittedSheet();
    const lmToken = await ctx.factory.token(lm);
    const stream = await openStream(
      `${secondBase}/api/v1/realtime/comments?token=${await realtimeToken(lmToken)}&threads=kpi:${kpiId}`,
    );
    const at = Date.now();
    const out = await ctx.call({ method: 'POST', url: '/api/v1/logout', token: lmToken });
    expect(out.statusCode).toBe(200);
    const { events, ended } = await stream.rest(STREAM_CHECK_MS + 3000);
    expect(events.at(-1)?.event).toBe('end');
    expect(JSON.parse(events.at(-1)!.data).code).toBe('session_invalid');
    // One check's interval, the time to run it, and room for a busy machine.
    expect(ended - at).toBeLessThan(STREAM_CHECK_MS + 2000);
  });

  it(`${STREAMS_PER_PERSON} + 5 streams of one person opened at once on two processes leave ${STREAMS_PER_PERSON} open`, async () => {
    const { kpiId, lm, employeeToken } = await submittedSheet();
    const sessions = [await ctx.factory.token(lm), await ctx.factory.token(lm)];
    const extra = 5;
    const tokens = await Promise.all(
      Array.from({ length: STREAMS_PER_PERSON + extra }, (_, i) => realtimeToken(sessions[i % 2]!)),
    );
    const streams = await Promise.all(
      tokens.map((token, i) =>
        openStream(
          `${i % 2 ? secondBase : firstBase}/api/v1/realtime/comments?token=${token}&threads=kpi:${kpiId}`,
        ),
      ),
    );
    try {
      const [rows] = await ctx.db
        .select({ n: count() })
        .from(realtimeStreams)
        .where(eq(realtimeStreams.employeeId, lm.id));
      expect(rows!.n).toBe(STREAMS_PER_PERSON);

      // Each process ends its streams whose rows were dropped, at its next check; the others stay open.
      const outcomes = await Promise.all(
        streams.map((stream) =>
          stream.rest(STREAM_CHECK_MS * 2 + 1000).then(
            ({ events }) => JSON.parse(events.at(-1)?.data ?? '{}').code as string,
            () => 'open',
          ),
        ),
      );
      expect(outcomes.filter((o) => o === 'open')).toHaveLength(STREAMS_PER_PERSON);
      expect(outcomes.filter((o) => o === 'realtime_stream_replaced')).toHaveLength(extra);
      const sent = await ctx.call({
        method: 'POST',
        url: `/api/v1/kpis/${kpiId}/comments`,
        token: employeeToken,
        payload: { comment: 'To the streams still open' },
      });
      expect(sent.statusCode, sent.body).toBe(201);
      for (const [i, stream] of streams.entries())
        if (outcomes[i] === 'open')
          expect(JSON.parse((await stream.next(2000)).data).id).toBe(sent.json().id);
    } finally {
      for (const stream of streams) stream.close();
    }
  });
});
