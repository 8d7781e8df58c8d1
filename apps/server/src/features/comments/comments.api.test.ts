import { MESSAGES } from '@hr/contracts/messages';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { customSheetBody, objectiveBody, objectiveKpiBody, setKpiStatus } from '../../../test/factories/kpi';
import { type MadeEmployee, setupApi, type TestContext } from '../../../test/helper';
import { openStream } from '../../../test/sse';
import { comments } from '../../db/schema';

let ctx: TestContext;
let base: string;
beforeAll(async () => {
  ctx = await setupApi();
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
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
    expect(d.token.startsWith(`${s.people.employee.id}.0.`)).toBe(true);
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
    const forged = own.token.replace(/^\d+/, String(s.people.stranger.id));
    expect((await fetch(`${base}${d.url}?token=${forged}&threads=${threads}`)).status).toBe(401);
    const expired = `${s.people.employee.id}.0.1000.${'0'.repeat(64)}`;
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
