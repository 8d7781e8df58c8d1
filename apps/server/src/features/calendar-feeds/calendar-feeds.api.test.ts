import type { CalendarFeeds } from '@hr/contracts/leave-policies';
import { REQUEST_STATUS } from '@hr/contracts/workflow';
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeLeaveType,
  makeRemoteWorkType,
  putLeave,
  putRemoteWork,
} from '../../../test/factories/leave-calendar';
import {
  type Cast,
  type MadeEmployee,
  setupApi,
  statementsDuring,
  type TestContext,
} from '../../../test/helper';
import { calendarFeeds, employees, users } from '../../db/schema';
import { sha256 } from '../../lib/tokens';

let ctx: TestContext;
const zone = process.env.TZ;
beforeAll(async () => {
  // The office's clock (lib/office-clock.ts): short leave at 10:00 in Dhaka is 04:00 UTC.
  process.env.TZ = 'Asia/Dhaka';
  ctx = await setupApi();
});
afterAll(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

const getFeeds = (token: string | null) => ctx.call({ method: 'GET', url: '/api/v1/calendar/feeds', token });
const renew = (token: string | null, payload: object) =>
  ctx.call({ method: 'POST', url: '/api/v1/calendar/feeds', token, payload });

async function feedsOf(token: string): Promise<CalendarFeeds> {
  const res = await getFeeds(token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The path of a feed URL, called without any token, as a calendar program does. */
const pathOf = (url: string) => {
  expect(url).toMatch(/^http:\/\/portal\.test\/api\/v1\/calendar\/feeds\/[A-Za-z0-9_-]{43}\.ics$/);
  return new URL(url).pathname;
};
const fetchFeed = (url: string, headers: Record<string, string> = {}) =>
  ctx.call({ method: 'GET', url: pathOf(url), headers });

interface ParsedEvent {
  uid: string;
  summary: string;
  status: string;
  start: string;
  end: string;
  allDay: boolean;
  stamp: string;
  transparency: string;
}

/** A feed as a calendar program reads it, with ical.js. */
function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents('vevent').map((v): ParsedEvent => {
    const start = v.getFirstPropertyValue('dtstart') as ICAL.Time;
    const end = v.getFirstPropertyValue('dtend') as ICAL.Time;
    return {
      uid: String(v.getFirstPropertyValue('uid')),
      summary: String(v.getFirstPropertyValue('summary')),
      status: String(v.getFirstPropertyValue('status')),
      start: start.toString(),
      end: end.toString(),
      allDay: start.isDate,
      stamp: (v.getFirstPropertyValue('dtstamp') as ICAL.Time).toString(),
      transparency: String(v.getFirstPropertyValue('transp')),
    };
  });
  return { name: String(calendar.getFirstPropertyValue('x-wr-calname')), events };
}

async function readFeed(url: string) {
  const res = await fetchFeed(url);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
  return { ...parse(res.body), raw: res.body };
}

async function feedRows(employeeId: number) {
  return ctx.db.select().from(calendarFeeds).where(eq(calendarFeeds.employeeId, employeeId));
}

/**
 * oo ─ lm ─┬ employee ─ below
 *          └ peer
 * with leave and remote work of the employee, the peer, below and lm in March 2027.
 */
interface World {
  c: Cast;
  below: MadeEmployee;
  annual: { id: number; name: string };
  remote: { id: number; name: string };
  ids: Record<string, number>;
}
let world: World;
async function theWorld(): Promise<World> {
  if (world) return world;
  const c = await ctx.factory.cast({ name: 'Nadia Rahman' });
  const below = await ctx.factory.employee({ parentId: c.employee.id, name: 'Omar Below' });
  const annual = await makeLeaveType(ctx.db, `Annual ${Date.now()}`, { fr: 'Congé annuel' });
  const remote = await makeRemoteWorkType(ctx.db, `From home ${Date.now()}`);
  const e = c.employee.id;
  const ids = {
    approved: (
      await putLeave(ctx.db, { employeeId: e, typeId: annual.id, from: '2027-03-01', to: '2027-03-03' })
    ).id,
    short: (
      await putLeave(ctx.db, {
        employeeId: e,
        typeId: annual.id,
        from: '2027-03-10',
        fromTime: '10:00',
        toTime: '12:00',
        status: REQUEST_STATUS.submitted,
      })
    ).id,
    draft: (await putLeave(ctx.db, { employeeId: e, typeId: annual.id, from: '2027-03-15', status: 1 })).id,
    rejected: (await putLeave(ctx.db, { employeeId: e, typeId: annual.id, from: '2027-03-16', status: 4 }))
      .id,
    old: (await putLeave(ctx.db, { employeeId: e, typeId: annual.id, from: '2020-03-16' })).id,
    remote: (
      await putRemoteWork(ctx.db, {
        employeeId: e,
        typeId: remote.id,
        from: '2027-03-20',
        to: '2027-03-21',
        status: REQUEST_STATUS.submitted,
      })
    ).id,
    peer: (await putLeave(ctx.db, { employeeId: c.peer.id, typeId: annual.id, from: '2027-03-05' })).id,
    below: (await putLeave(ctx.db, { employeeId: below.id, typeId: annual.id, from: '2027-03-08' })).id,
    lm: (await putLeave(ctx.db, { employeeId: c.lm.id, typeId: annual.id, from: '2027-03-09' })).id,
  };
  world = { c, below, annual, remote, ids };
  return world;
}

describe('one’s own feed', () => {
  it('is made by the first call, which alone answers its URL; its secret is stored only as a SHA-256 hash', async () => {
    const { c } = await theWorld();
    const first = await feedsOf(c.tokens.peer);
    expect(first).toMatchObject({ team: false, team_url: null, team_created: null });
    expect(first.url).not.toBeNull();
    expect(first.created).not.toBeNull();
    const secret = /feeds\/([A-Za-z0-9_-]{43})\.ics$/.exec(first.url!)![1]!;

    const rows = await feedRows(c.peer.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ scope: 'own', tokenHash: sha256(secret) });
    expect(JSON.stringify(rows)).not.toContain(secret);

    const again = await feedsOf(c.tokens.peer);
    expect(again).toEqual({ ...first, url: null });
    expect(await feedRows(c.peer.id)).toEqual(rows);
  });

  it('carries submitted and approved leave and remote work as events a calendar program reads', async () => {
    const w = await theWorld();
    const { url } = await renewed(w.c.tokens.employee, 'own');
    const feed = await readFeed(url!);
    expect(feed.name).toBe('Leave and remote work: Nadia Rahman');
    expect(feed.events).toEqual([
      {
        uid: `leave-${w.ids.approved}@portal.test`,
        summary: w.annual.name,
        status: 'CONFIRMED',
        start: '2027-03-01',
        // DTEND of an all-day event is the day after its last.
        end: '2027-03-04',
        allDay: true,
        stamp: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/),
        transparency: 'OPAQUE',
      },
      {
        uid: `leave-${w.ids.short}@portal.test`,
        summary: `${w.annual.name} (pending)`,
        status: 'TENTATIVE',
        // 10:00 to 12:00 on the office's clock (Asia/Dhaka, UTC+6).
        start: '2027-03-10T04:00:00Z',
        end: '2027-03-10T06:00:00Z',
        allDay: false,
        stamp: expect.any(String),
        transparency: 'OPAQUE',
      },
      {
        uid: `remote-work-${w.ids.remote}@portal.test`,
        summary: `Remote work: ${w.remote.name} (pending)`,
        status: 'TENTATIVE',
        start: '2027-03-20',
        end: '2027-03-22',
        allDay: true,
        stamp: expect.any(String),
        transparency: 'TRANSPARENT',
      },
    ]);
    expect(feed.raw).toContain('DTEND;VALUE=DATE:20270304');
    // The same events keep their UIDs from one fetch to the next.
    const again = await readFeed(url!);
    expect(again.events.map((e) => e.uid)).toEqual(feed.events.map((e) => e.uid));
  });

  it('is written in its owner’s language', async () => {
    const w = await theWorld();
    await ctx.db.update(users).set({ language: 'fr' }).where(eq(users.employeeId, w.c.employee.id));
    try {
      const { url } = await renewed(w.c.tokens.employee, 'own');
      const feed = await readFeed(url!);
      expect(feed.name).toBe('Congés et télétravail : Nadia Rahman');
      expect(feed.events.map((e) => e.summary)).toEqual([
        'Congé annuel',
        'Congé annuel (en attente)',
        `Télétravail : ${w.remote.name} (en attente)`,
      ]);
    } finally {
      await ctx.db.update(users).set({ language: null }).where(eq(users.employeeId, w.c.employee.id));
    }
  });

  it('answers a calendar program that holds the answer already with 304', async () => {
    const w = await theWorld();
    const { url } = await renewed(w.c.tokens.employee, 'own');
    const first = await fetchFeed(url!);
    expect(first.headers['cache-control']).toBe('private, max-age=300');
    const etag = String(first.headers.etag);
    const second = await fetchFeed(url!, { 'if-none-match': etag });
    expect(second.statusCode).toBe(304);
    expect(second.body).toBe('');
  });
});

async function renewed(token: string, scope: 'own' | 'team') {
  const res = await renew(token, { scope });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as CalendarFeeds;
}

describe('a new link', () => {
  it('kills the old one at once; the new one works', async () => {
    const { c } = await theWorld();
    const before = await renewed(c.tokens.peer, 'own');
    expect((await fetchFeed(before.url!)).statusCode).toBe(200);
    const after = await renewed(c.tokens.peer, 'own');
    expect(after.url).not.toBe(before.url);
    const old = await fetchFeed(before.url!);
    expect(old.statusCode).toBe(404);
    expect(old.json()).toMatchObject({ error: 'calendar_feed_unknown' });
    expect((await fetchFeed(after.url!)).statusCode).toBe(200);
    expect(await feedRows(c.peer.id)).toHaveLength(1);
    // The feed's GET no longer shows a URL; it says when the feed was made.
    expect(await feedsOf(c.tokens.peer)).toEqual({ ...after, url: null });
  });

  it('is only made for a team by someone with reports (403), and nothing changes', async () => {
    const { c } = await theWorld();
    await feedsOf(c.tokens.stranger);
    const rows = await feedRows(c.stranger.id);
    const res = await renew(c.tokens.stranger, { scope: 'team' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'calendar_feed_team_forbidden' });
    expect(await feedRows(c.stranger.id)).toEqual(rows);
  });

  it.each([
    ['an unknown scope', { scope: 'everyone' }],
    ['a field it does not take', { scope: 'own', employee_id: 1 }],
    ['a scope that is not text', { scope: 1 }],
  ])('refuses %s (422), and nothing changes', async (_, payload) => {
    const { c } = await theWorld();
    await feedsOf(c.tokens.stranger);
    const rows = await feedRows(c.stranger.id);
    const res = await renew(c.tokens.stranger, payload);
    expect(res.statusCode).toBe(422);
    expect(await feedRows(c.stranger.id)).toEqual(rows);
  });
});

describe('a manager’s team feed', () => {
  it('is made with the own feed, and names each report and report’s report with their leave type', async () => {
    const w = await theWorld();
    const feeds = await feedsOf(w.c.tokens.lm);
    expect(feeds.team).toBe(true);
    expect(feeds.url).not.toBeNull();
    expect(feeds.team_url).not.toBeNull();
    expect(feeds.team_url).not.toBe(feeds.url);
    expect((await feedRows(w.c.lm.id)).map((r) => r.scope).sort()).toEqual(['own', 'team']);

    const team = await readFeed(feeds.team_url!);
    expect(team.name).toBe(`Team leave and remote work: ${w.c.lm.name}`);
    const peerName = w.c.peer.name;
    // The manager's own leave is in their own feed, not in the team's.
    expect(team.events.map((e) => [e.uid, e.summary, e.transparency])).toEqual([
      [`leave-${w.ids.approved}@portal.test`, `Nadia Rahman: ${w.annual.name}`, 'TRANSPARENT'],
      [`leave-${w.ids.peer}@portal.test`, `${peerName}: ${w.annual.name}`, 'TRANSPARENT'],
      [`leave-${w.ids.below}@portal.test`, `Omar Below: ${w.annual.name}`, 'TRANSPARENT'],
      [`leave-${w.ids.short}@portal.test`, `Nadia Rahman: ${w.annual.name} (pending)`, 'TRANSPARENT'],
      [
        `remote-work-${w.ids.remote}@portal.test`,
        `Nadia Rahman: Remote work: ${w.remote.name} (pending)`,
        'TRANSPARENT',
      ],
    ]);
    const own = await readFeed(feeds.url!);
    expect(own.events.map((e) => e.uid)).toEqual([`leave-${w.ids.lm}@portal.test`]);
  });

  it('of the O&O reaches two levels down: the line manager and their reports, not a third level', async () => {
    const w = await theWorld();
    const feeds = await feedsOf(w.c.tokens.oo);
    const team = await readFeed(feeds.team_url!);
    expect(team.events.map((e) => e.uid)).toEqual(
      expect.arrayContaining([`leave-${w.ids.lm}@portal.test`, `leave-${w.ids.approved}@portal.test`]),
    );
    expect(team.events.map((e) => e.uid)).not.toContain(`leave-${w.ids.below}@portal.test`);
  });

  it('gets a new link of its own, the own feed’s staying as it was', async () => {
    const w = await theWorld();
    const own = await renewed(w.c.tokens.lm, 'own');
    const first = await renewed(w.c.tokens.lm, 'team');
    expect(first.url).toBeNull();
    const second = await renewed(w.c.tokens.lm, 'team');
    expect((await fetchFeed(first.team_url!)).statusCode).toBe(404);
    expect((await fetchFeed(second.team_url!)).statusCode).toBe(200);
    expect((await fetchFeed(own.url!)).statusCode).toBe(200);
  });
});

describe('who may reach a feed', () => {
  it('answers 401 to the feeds’ calls without a token', async () => {
    expect((await getFeeds(null)).statusCode).toBe(401);
    expect((await renew(null, { scope: 'own' })).statusCode).toBe(401);
  });

  it.each([
    ['a secret never made', `${'A'.repeat(43)}.ics`],
    ['a file that is not a feed', 'calendar.ics'],
    ['a secret without .ics', 'A'.repeat(43)],
  ])('answers 404 to %s', async (_, file) => {
    const res = await ctx.call({ method: 'GET', url: `/api/v1/calendar/feeds/${file}` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'calendar_feed_unknown' });
  });

  it('answers 404 while its owner is disabled', async () => {
    const someone = await ctx.factory.employee();
    const { url } = await feedsOf(await ctx.factory.token(someone));
    await ctx.factory.setEnabled(someone.id, false);
    const res = await fetchFeed(url!);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'calendar_feed_unknown' });
    await ctx.factory.setEnabled(someone.id, true);
    expect((await fetchFeed(url!)).statusCode).toBe(200);
  });

  it('is neither made nor shown to an HR administrator signed in as its owner', async () => {
    const admin = await ctx.factory.employee({ admin: true });
    const someone = await ctx.factory.employee();
    const res = await ctx.call({
      method: 'POST',
      url: '/api/v1/impersonate',
      token: await ctx.factory.token(admin),
      payload: { employee_id: someone.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    const asSomeone = res.json().token as string;
    expect(await feedsOf(asSomeone)).toEqual({
      url: null,
      team_url: null,
      created: null,
      team: false,
      team_created: null,
    });
    const refused = await renew(asSomeone, { scope: 'own' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'impersonation_no_feed' });
    expect(await feedRows(someone.id)).toEqual([]);
  });
});

describe('statements', () => {
  it('reads a feed in two statements, whatever it holds', async () => {
    const w = await theWorld();
    const own = await renewed(w.c.tokens.oo, 'own');
    const feeds = await renewed(w.c.tokens.oo, 'team');
    for (const url of [own.url!, feeds.team_url!]) {
      await fetchFeed(url);
      const sent = await statementsDuring(ctx, () => fetchFeed(url));
      expect(sent.length, sent.join('\n')).toBe(2);
    }
    // Forty more reports' leave, and still two.
    const reports = await ctx.db
      .insert(employees)
      .values(
        Array.from({ length: 40 }, (_, i) => ({
          eid: ctx.factory.nextEid(),
          name: `R ${i}`,
          parentId: w.c.oo.id,
        })),
      )
      .returning();
    for (const r of reports)
      await putLeave(ctx.db, { employeeId: r.id, typeId: w.annual.id, from: '2027-04-05' });
    const sent = await statementsDuring(ctx, () => fetchFeed(feeds.team_url!));
    expect(sent.length).toBe(2);
  });
});
