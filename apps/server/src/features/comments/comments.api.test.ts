import { MESSAGES } from '@hr/contracts/messages';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { customSheetBody, objectiveBody, objectiveKpiBody, setKpiStatus } from '../../../test/factories/kpi';
import {
  type MadeEmployee,
  randomAddress,
  setupApi,
  statementsDuring,
  type TestContext,
  whenClosing,
} from '../../../test/helper';
import { openStream } from '../../../test/sse';
import { buildApp } from '../../app';
import { STREAMS_PER_PERSON } from '../../config';
import { comments, kpis, outbox, realtimeStreams, sessions, users } from '../../db/schema';

let ctx: TestContext;
let base: string;
/** How often the app serving the streams checks them (2 s in production). */
const CHECK_MS = 100;
beforeAll(async () => {
  ctx = await setupApi();
  // The streams open on an app of their own on the same database, as on a second process: the
  // calls (sign-out, disabling...) go to the file's app.
  const streams = await buildApp({
    config: ctx.config,
    database: ctx.database,
    realtime: { checkEveryMs: CHECK_MS },
  });
  whenClosing(() => streams.close());
  base = await streams.listen({ port: 0, host: '127.0.0.1' });
});

type Who = 'employee' | 'lm' | 'oo' | 'admin' | 'peer' | 'stranger';
const ROLES: Who[] = ['employee', 'lm', 'oo', 'admin', 'peer', 'stranger'];
const MAY: Record<Who, boolean> = {
  employee: true,
  lm: true,
  oo: true,
  admin: true,
  peer: false,
  stranger: false,
};

interface Sheet {
  people: Record<Who, MadeEmployee>;
  tokens: Record<Who, string>;
  kpiId: number;
  objectiveId: number;
  objectiveKpiId: number;
}

/** A submitted sheet with one objective and one KPI, and everyone who might comment on it. */
async function sheet(status = 2): Promise<Sheet> {
  const { oo, lm, employee } = await ctx.factory.chain();
  const people = {
    employee,
    lm,
    oo,
    peer: await ctx.factory.employee({ parentId: lm.id }),
    admin: await ctx.factory.employee({ admin: true }),
    stranger: await ctx.factory.employee(),
  };
  const tokens = {} as Record<Who, string>;
  for (const who of ROLES) tokens[who] = await ctx.factory.token(people[who]);
  const made = await ctx.call({
    method: 'POST',
    url: '/api/v1/kpis',
    token: tokens.employee,
    payload: customSheetBody(),
  });
  const kpiId = made.json().id;
  const o = await ctx.call({
    method: 'POST',
    url: '/api/v1/kpis/objectives',
    token: tokens.employee,
    payload: objectiveBody(kpiId, { weight: 100 }),
  });
  const objectiveId = o.json().objectives[0].id;
  const k = await ctx.call({
    method: 'POST',
    url: '/api/v1/kpis/objectives/kpis',
    token: tokens.employee,
    payload: objectiveKpiBody(kpiId, objectiveId, { weight: 100 }),
  });
  const objectiveKpiId = k.json().objectives[0].kpis[0].id;
  await setKpiStatus(ctx.db, kpiId, status);
  return { people, tokens, kpiId, objectiveId, objectiveKpiId };
}

const paths = (s: Sheet) => ({
  kpi: `/api/v1/kpis/${s.kpiId}/comments`,
  kpi_objective: `/api/v1/kpis/objectives/${s.objectiveId}/comments`,
  kpi_objective_kpi: `/api/v1/kpis/objectives/kpis/${s.objectiveKpiId}/comments`,
});
const post = (token: string | null, url: string, comment: unknown) =>
  ctx.call({ method: 'POST', url, token, payload: { comment } });
const read = (token: string | null, url: string) => ctx.call({ method: 'GET', url, token });
const total = async () => (await ctx.db.select({ n: count() }).from(comments))[0]!.n;

async function discovery(token: string) {
  const res = await ctx.call({ method: 'GET', url: '/api/v1/discovery/employee', token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { url: string; token: string; api_key: string; ref: string; project_id: string };
}

describe('comment threads of a KPI sheet', () => {
  it('the employee, line manager, O&O and HR admins read and write every thread; others are refused', async () => {
    const s = await sheet();
    for (const [kind, url] of Object.entries(paths(s))) {
      for (const who of ROLES) {
        const before = await total();
        const res = await post(s.tokens[who], url, `${who} on ${kind}`);
        expect(res.statusCode, `${who} ${kind}: ${res.body}`).toBe(MAY[who] ? 201 : 403);
        if (MAY[who]) {
          expect(res.json()).toMatchObject({
            comment: `${who} on ${kind}`,
            employee: { id: s.people[who].id },
          });
          expect(Date.parse(res.json().sentAt)).not.toBeNaN();
        } else {
          expect(res.json().error).toBe('comment_forbidden');
          expect(await total()).toBe(before);
        }
        const list = await read(s.tokens[who], url);
        expect(list.statusCode, `${who} reads ${kind}`).toBe(MAY[who] ? 200 : 403);
      }
      const list = await read(s.tokens.employee, url);
      expect(list.json().map((c: { comment: string }) => c.comment)).toEqual([
        `employee on ${kind}`,
        `lm on ${kind}`,
        `oo on ${kind}`,
        `admin on ${kind}`,
      ]);
      expect((await read(null, url)).statusCode).toBe(401);
      expect((await post(null, url, 'x')).statusCode).toBe(401);
    }
  });

  it('counts show on the sheet, and `after` answers only the newer ones', async () => {
    const s = await sheet();
    const url = paths(s).kpi_objective;
    const first = (await post(s.tokens.employee, url, 'One')).json().id;
    await post(s.tokens.lm, url, 'Two');
    const newer = await read(s.tokens.oo, `${url}?after=${first}`);
    expect(newer.json().map((c: { comment: string }) => c.comment)).toEqual(['Two']);
    const detail = await ctx.call({
      method: 'GET',
      url: `/api/v1/kpis/${s.kpiId}`,
      token: s.tokens.employee,
    });
    expect(detail.json().objectives[0].comments).toBe(2);
  });

  it('are closed while the sheet is a draft, and on removed items', async () => {
    const s = await sheet(1);
    const res = await post(s.tokens.employee, paths(s).kpi_objective, 'Too early');
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('comments_closed');
    expect((await read(s.tokens.lm, paths(s).kpi)).statusCode).toBe(409);

    await setKpiStatus(ctx.db, s.kpiId, 5);
    const del = await ctx.call({
      method: 'DELETE',
      url: '/api/v1/kpis/objectives',
      token: s.tokens.employee,
      payload: { objective_id: s.objectiveId },
    });
    expect(del.statusCode, del.body).toBe(200);
    for (const url of [paths(s).kpi_objective, paths(s).kpi_objective_kpi]) {
      const refused = await post(s.tokens.employee, url, 'On a removed item');
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toBe('comment_item_removed');
      expect((await read(s.tokens.employee, url)).statusCode).toBe(200);
    }
    expect(await total()).toBeGreaterThanOrEqual(0);
  });

  it('refuses blank, too long and wrong-typed comments, and unknown threads, adding nothing', async () => {
    const s = await sheet();
    const url = paths(s).kpi;
    const before = await total();
    for (const blank of ['', '   ']) {
      const res = await post(s.tokens.employee, url, blank);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.children.comment.errors).toEqual([MESSAGES.commentBlank]);
    }
    const long = await post(s.tokens.employee, url, 'x'.repeat(2001));
    expect(long.json().errors.children.comment.errors).toEqual([MESSAGES.commentTooLong]);
    expect((await post(s.tokens.employee, url, 'x'.repeat(2000))).statusCode).toBe(201);
    expect((await post(s.tokens.employee, url, 42)).statusCode).toBe(422);
    const missing = await ctx.call({ method: 'POST', url, token: s.tokens.employee, payload: {} });
    expect(missing.statusCode).toBe(422);
    for (const unknown of [
      '/api/v1/kpis/2000000/comments',
      '/api/v1/kpis/objectives/2000000/comments',
      '/api/v1/kpis/objectives/kpis/2000000/comments',
    ]) {
      expect((await post(s.tokens.employee, unknown, 'Hello')).statusCode).toBe(404);
    }
    expect((await post(s.tokens.employee, '/api/v1/kpis/abc/comments', 'Hello')).statusCode).toBe(400);
    expect(await total()).toBe(before + 1);
  });
});

describe('the realtime channel', () => {
  it('discovery answers the channel and a short-lived token for the caller', async () => {
    const s = await sheet();
    const d = await discovery(s.tokens.employee);
    expect(d).toMatchObject({ url: '/api/v1/realtime/comments', api_key: 'hr-portal' });
    // Bound to the caller's session (its id, an expiry and a signature), not to an employee.
    const [session] = await ctx.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, s.people.employee.userId!))
      .orderBy(desc(sessions.id))
      .limit(1);
    expect(d.token).toMatch(new RegExp(`^${session!.id}\\.\\d+\\.[0-9a-f]{64}$`));
    expect((await ctx.call({ method: 'GET', url: '/api/v1/discovery/employee' })).statusCode).toBe(401);
  });

  it('an open window receives a new comment at once, and a reconnect gets what it missed', async () => {
    const s = await sheet();
    const d = await discovery(s.tokens.lm);
    const threads = `kpi_objective:${s.objectiveId},kpi_objective_kpi:${s.objectiveKpiId}`;
    const stream = await openStream(`${base}${d.url}?token=${d.token}&threads=${threads}`);
    try {
      const started = Date.now();
      const sent = (await post(s.tokens.employee, paths(s).kpi_objective, 'Live from the employee')).json();
      const event = await stream.next(2000);
      expect(Date.now() - started).toBeLessThan(1000);
      expect(event.id).toBe(String(sent.id));
      expect(JSON.parse(event.data)).toMatchObject({
        id: sent.id,
        comment: 'Live from the employee',
        thread: { kind: 'kpi_objective', id: s.objectiveId },
      });
      // A thread not followed is not sent.
      await post(s.tokens.employee, paths(s).kpi, 'On the sheet itself');
      const kpiComment = (await post(s.tokens.oo, paths(s).kpi_objective_kpi, 'From the O&O')).json();
      expect(JSON.parse((await stream.next(2000)).data).id).toBe(kpiComment.id);
    } finally {
      stream.close();
    }
    // Missed while away: two comments, received on reconnecting with Last-Event-ID.
    const last = (await read(s.tokens.lm, paths(s).kpi_objective_kpi)).json().at(-1).id;
    const missed1 = (await post(s.tokens.employee, paths(s).kpi_objective, 'Missed one')).json().id;
    const missed2 = (await post(s.tokens.employee, paths(s).kpi_objective_kpi, 'Missed two')).json().id;
    const again = await openStream(`${base}${d.url}?token=${d.token}&threads=${threads}`, String(last));
    try {
      expect((await again.next(2000)).id).toBe(String(missed1));
      expect((await again.next(2000)).id).toBe(String(missed2));
    } finally {
      again.close();
    }
  });

  it('refuses forged and foreign tokens, and threads the holder may not see', async () => {
    const s = await sheet();
    const d = await discovery(s.tokens.stranger);
    const threads = `kpi_objective:${s.objectiveId}`;
    const foreign = await fetch(`${base}${d.url}?token=${d.token}&threads=${threads}`);
    expect(foreign.status).toBe(403);
    const own = await discovery(s.tokens.employee);
    // The session id of another's token, under this one's signature.
    const forged = own.token.replace(/^\d+/, d.token.split('.')[0]!);
    expect((await fetch(`${base}${d.url}?token=${forged}&threads=${threads}`)).status).toBe(401);
    const expired = `${own.token.split('.')[0]}.1000.${'0'.repeat(64)}`;
    expect((await fetch(`${base}${d.url}?token=${expired}&threads=${threads}`)).status).toBe(401);
    expect((await fetch(`${base}${d.url}?token=${own.token}&threads=nothing:1`)).status).toBe(400);
  });

  it('a draft sheet has no channel yet', async () => {
    const s = await sheet(1);
    const d = await discovery(s.tokens.employee);
    const res = await fetch(`${base}${d.url}?token=${d.token}&threads=kpi:${s.kpiId}`);
    expect(res.status).toBe(409);
    await res.body?.cancel();
    const [row] = await ctx.db.select({ n: count() }).from(comments).where(eq(comments.rootId, s.kpiId));
    expect(row!.n).toBe(0);
  });
});

describe('a stream belongs to the session that asked for its token', () => {
  const logout = (token: string) => ctx.call({ method: 'POST', url: '/api/v1/logout', token });
  const sessionOf = (realtimeToken: string) => Number(realtimeToken.split('.')[0]);
  const rowsOf = async (employeeId: number) =>
    (
      await ctx.db
        .select({ n: count() })
        .from(realtimeStreams)
        .where(eq(realtimeStreams.employeeId, employeeId))
    )[0]!.n;

  /** A chat window of `token`'s session on `threads`, and its realtime token. */
  async function window(token: string, threads: string) {
    const d = await discovery(token);
    const stream = await openStream(`${base}${d.url}?token=${d.token}&threads=${threads}`);
    return Object.assign(stream, { realtimeToken: d.token });
  }

  /** How the server ended a stream: the code of its last event, what came before, and when. */
  async function endOf(stream: Awaited<ReturnType<typeof openStream>>, withinMs = 3000) {
    const { events, ended } = await stream.rest(withinMs);
    const last = events.at(-1);
    expect(last?.event, JSON.stringify(events)).toBe('end');
    const body = JSON.parse(last!.data) as { code: string; message: string };
    expect(body.message).toBeTruthy();
    return { code: body.code, comments: events.filter((e) => e.event === 'comment'), ended };
  }

  it('opens nothing without a token, or with a token of a session that signed out', async () => {
    const s = await sheet();
    const bare = await fetch(`${base}/api/v1/realtime/comments?threads=kpi:${s.kpiId}`);
    expect(bare.status).toBe(401);
    expect(((await bare.json()) as { error: string }).error).toBe('unauthorized');

    const token = await ctx.factory.token(s.people.lm);
    const d = await discovery(token);
    expect((await logout(token)).statusCode).toBe(200);
    const res = await fetch(`${base}${d.url}?token=${d.token}&threads=kpi:${s.kpiId}`);
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: string }).error).toBe('session_invalid');
    // The same person's other session opens one as before.
    const other = await window(s.tokens.lm, `kpi:${s.kpiId}`);
    other.close();
  });

  it('an open stream ends within moments of signing out, says why, and leaves no row', async () => {
    const s = await sheet();
    const token = await ctx.factory.token(s.people.lm);
    const stream = await window(token, `kpi:${s.kpiId}`);
    expect(await rowsOf(s.people.lm.id)).toBe(1);
    const at = Date.now();
    expect((await logout(token)).statusCode).toBe(200);
    const { code, ended } = await endOf(stream);
    expect(code).toBe('session_invalid');
    // A check's interval and its run, with room for a busy machine (never, before streams had sessions).
    expect(ended - at).toBeLessThan(2000);
    expect(await rowsOf(s.people.lm.id)).toBe(0);
  });

  it('ends when the session expires, and when a new password ends every session', async () => {
    const s = await sheet();
    const expiring = await window(s.tokens.lm, `kpi:${s.kpiId}`);
    await ctx.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.id, sessionOf(expiring.realtimeToken)));
    expect((await endOf(expiring)).code).toBe('session_invalid');

    const resetting = await window(s.tokens.oo, `kpi:${s.kpiId}`);
    const asked = await ctx.call({
      method: 'POST',
      url: '/api/v1/reset/password/otp/request',
      payload: { eid: s.people.oo.eid },
      remoteAddress: randomAddress(),
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const [message] = await ctx.db
      .select({ body: outbox.body })
      .from(outbox)
      .where(and(eq(outbox.employeeId, s.people.oo.id), eq(outbox.topic, 'password-otp')))
      .orderBy(desc(outbox.id))
      .limit(1);
    const code = /code is (\d{4})/.exec(message?.body ?? '')?.[1];
    const reset = await ctx.call({
      method: 'POST',
      url: '/api/v1/reset/password/otp',
      payload: { eid: s.people.oo.eid, otp: code, password: 'another1' },
      remoteAddress: randomAddress(),
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await endOf(resetting)).code).toBe('session_invalid');
  });

  it('ends when the employee is disabled, by HR or by any change that leaves them disabled', async () => {
    const s = await sheet();
    const byHr = await window(s.tokens.lm, `kpi:${s.kpiId}`);
    const disabled = await ctx.call({
      method: 'PATCH',
      url: '/api/v1/employees/disable',
      token: s.tokens.admin,
      payload: { employee_id: s.people.lm.id },
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect((await endOf(byHr)).code).toBe('session_invalid');

    // Disabled without their sessions being revoked: the session no longer holds all the same.
    const quietly = await window(s.tokens.oo, `kpi:${s.kpiId}`);
    await ctx.factory.setEnabled(s.people.oo.id, false);
    expect((await endOf(quietly)).code).toBe('session_invalid');
  });

  it('an impersonation stream ends with the administrator’s session', async () => {
    const s = await sheet();
    const adminToken = await ctx.factory.token(s.people.admin);
    const as = await ctx.call({
      method: 'POST',
      url: '/api/v1/impersonate',
      token: adminToken,
      payload: { employee_id: s.people.lm.id },
    });
    expect(as.statusCode, as.body).toBe(200);
    const stream = await window(as.json().token, `kpi:${s.kpiId}`);
    // Signed out in a way that leaves the impersonation session itself unrevoked.
    await ctx.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.id, sessionOf((await discovery(adminToken)).token)));
    expect((await endOf(stream)).code).toBe('session_invalid');
  });

  it('a new comment reaches the new line manager after the sheet moved, and ends the old one’s window', async () => {
    const s = await sheet();
    const thread = `kpi_objective:${s.objectiveId}`;
    const before = await window(s.tokens.lm, thread);
    const first = (await post(s.tokens.employee, paths(s).kpi_objective, 'Before the move')).json();
    expect(JSON.parse((await before.next(2000)).data).id).toBe(first.id);

    // HR moves the sheet to another line manager.
    const newLm = await ctx.factory.employee({ parentId: s.people.oo.id });
    await ctx.db.update(kpis).set({ lineManagerId: newLm.id }).where(eq(kpis.id, s.kpiId));
    const after = await window(await ctx.factory.token(newLm), thread);
    const sent = (await post(s.tokens.employee, paths(s).kpi_objective, 'After the move')).json();
    expect(JSON.parse((await after.next(2000)).data).id).toBe(sent.id);
    const { code, comments: late } = await endOf(before);
    expect(code).toBe('comment_forbidden');
    expect(late).toEqual([]);
    after.close();
  });

  it('an administrator who is one no more stops receiving the threads they followed as one', async () => {
    const s = await sheet();
    const stream = await window(s.tokens.admin, `kpi:${s.kpiId}`);
    await ctx.db.update(users).set({ isAdmin: false }).where(eq(users.id, s.people.admin.userId!));
    // The next check reads the session's flag again.
    await new Promise((resolve) => setTimeout(resolve, CHECK_MS * 4));
    await post(s.tokens.employee, paths(s).kpi, 'Not for former administrators');
    const { code, comments: late } = await endOf(stream);
    expect(code).toBe('comment_forbidden');
    expect(late).toEqual([]);
  });

  it('reads a new comment and its thread’s access once, however many windows follow it', async () => {
    const s = await sheet();
    const thread = `kpi_objective:${s.objectiveId}`;
    const windows: Awaited<ReturnType<typeof window>>[] = [];
    for (const who of ['employee', 'lm', 'oo', 'admin'] as const) {
      windows.push(await window(s.tokens[who], thread));
      windows.push(await window(s.tokens[who], thread));
    }
    let id = 0;
    const sent = await statementsDuring(ctx, async () => {
      id = (await post(s.tokens.lm, paths(s).kpi_objective, 'To eight windows')).json().id;
      for (const w of windows) expect(JSON.parse((await w.next(2000)).data).id).toBe(id);
    });
    // The post reads the access row and the new comment once; the eight windows once more, together.
    const accessReads = sent.filter((q) => /from "kpi_objectives" inner join "kpis"/i.test(q));
    const commentReads = sent.filter((q) => /^select .* from "comments" inner join "employees"/is.test(q));
    expect(accessReads).toHaveLength(2);
    expect(commentReads).toHaveLength(2);
    for (const w of windows) w.close();
  });

  it(`a person holds at most ${STREAMS_PER_PERSON} streams: one more ends the oldest, on any of their sessions`, async () => {
    const s = await sheet();
    const thread = `kpi:${s.kpiId}`;
    const sessionsOfLm = [s.tokens.lm, await ctx.factory.token(s.people.lm)];
    const windows: Awaited<ReturnType<typeof window>>[] = [];
    for (let i = 0; i < STREAMS_PER_PERSON; i++) windows.push(await window(sessionsOfLm[i % 2]!, thread));
    expect(await rowsOf(s.people.lm.id)).toBe(STREAMS_PER_PERSON);
    const newest = await window(sessionsOfLm[1]!, thread);
    expect(await rowsOf(s.people.lm.id)).toBe(STREAMS_PER_PERSON);
    expect((await endOf(windows[0]!)).code).toBe('realtime_stream_replaced');

    const sent = (await post(s.tokens.employee, paths(s).kpi, 'To the windows still open')).json();
    for (const w of [...windows.slice(1), newest])
      expect(JSON.parse((await w.next(2000)).data).id).toBe(sent.id);
    // Another person's streams are theirs.
    const oo = await window(s.tokens.oo, thread);
    expect(await rowsOf(s.people.lm.id)).toBe(STREAMS_PER_PERSON);
    for (const w of [...windows.slice(1), newest, oo]) w.close();
  });

  it('rows not seen for half a minute (a process that died) do not count, and are cleared', async () => {
    const s = await sheet();
    const sessionId = sessionOf((await discovery(s.tokens.lm)).token);
    await ctx.db.insert(realtimeStreams).values(
      Array.from({ length: STREAMS_PER_PERSON }, () => ({
        sessionId,
        employeeId: s.people.lm.id,
        openedAt: sql`now() - interval '2 minutes'`,
        seenAt: sql`now() - interval '31 seconds'`,
      })),
    );
    const stream = await window(s.tokens.lm, `kpi:${s.kpiId}`);
    expect(await rowsOf(s.people.lm.id)).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, CHECK_MS * 4));
    const sent = (await post(s.tokens.employee, paths(s).kpi, 'Still open')).json();
    expect(JSON.parse((await stream.next(2000)).data).id).toBe(sent.id);
    stream.close();
  });
});
