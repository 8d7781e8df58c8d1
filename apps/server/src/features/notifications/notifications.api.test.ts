import type { NotificationItem, NotificationsResponse } from '@hr/contracts/notifications';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { approvedSheet } from '../../../test/factories/epr';
import { companyWith, cycleBody } from '../../../test/factories/epr-cycles';
import { certificateBody } from '../../../test/factories/hr-services';
import { setKpiStatus } from '../../../test/factories/kpi';
import { leaveBody } from '../../../test/factories/requests';
import {
  type Cast,
  type MadeEmployee,
  setupApi,
  statementsDuring,
  type TestContext,
  whenClosing,
} from '../../../test/helper';
import { officeClockAt } from '../../../test/office-clock';
import { openStream } from '../../../test/sse';
import { buildApp } from '../../app';
import {
  delegations,
  employees,
  notificationPreferences,
  notifications,
  outbox,
  users,
} from '../../db/schema';
import { NotificationDigests } from './notifications.service';

let ctx: TestContext;
/** The streams open on an app of their own on the same database, as on a second process. */
let base: string;
beforeAll(async () => {
  ctx = await setupApi();
  const streams = await buildApp({
    config: ctx.config,
    database: ctx.database,
    realtime: { checkEveryMs: 100 },
  });
  whenClosing(() => streams.close());
  base = await streams.listen({ port: 0, host: '127.0.0.1' });
});

let restoreClock: (() => void) | null = null;
afterEach(() => {
  restoreClock?.();
  restoreClock = null;
});

type Method = 'GET' | 'POST' | 'PATCH';
const call = (method: Method, url: string, token: string | null, payload?: unknown, language?: string) =>
  ctx.call({
    method,
    url: `/api/v1/${url}`,
    token,
    ...(payload === undefined ? {} : { payload: payload as object }),
    ...(language ? { headers: { 'accept-language': language } } : {}),
  });

async function ok<T>(
  method: Method,
  url: string,
  token: string,
  payload?: unknown,
  status = 200,
): Promise<T> {
  const res = await call(method, url, token, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
  return res.json() as T;
}

async function list(token: string, query = '', language?: string): Promise<NotificationsResponse> {
  const res = await call('GET', `notifications${query}`, token, undefined, language);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as NotificationsResponse;
}

/** The rows written for a person, oldest first. */
const rowsOf = (employeeId: number) =>
  ctx.db
    .select()
    .from(notifications)
    .where(eq(notifications.employeeId, employeeId))
    .orderBy(asc(notifications.id));

/** The e-mails queued for an address, oldest first. */
const mailsTo = (email: string) =>
  ctx.db.select().from(outbox).where(eq(outbox.recipient, email)).orderBy(asc(outbox.id));

const emailOf = (who: MadeEmployee) => `${who.eid.toLowerCase()}@portal.test`;

async function leaveOf(c: Cast, from = '2027-03-01', to = '2027-03-03'): Promise<number> {
  return (
    await ok<{ id: number }>('POST', 'leave', c.tokens.employee, leaveBody(c.peer.id, { from, to }), 201)
  ).id;
}
const leaveAct = (token: string, action: string, id: number) =>
  ok('PATCH', `leave/actions/${action}`, token, { leave_id: id });

describe('who is told of a request’s change', () => {
  it('a submitted leave waits for the line manager; its responsible person hears of it; the employee hears nothing of their own act', async () => {
    const c = await ctx.factory.cast({ name: 'Rumana Sultana' });
    const id = await leaveOf(c);
    await leaveAct(c.tokens.employee, 'submit', id);

    expect(await rowsOf(c.lm.id)).toMatchObject([
      { event: 'waiting', module: 'leave', recordId: id, actorEmployeeId: c.employee.id, inApp: true },
    ]);
    expect(await rowsOf(c.peer.id)).toMatchObject([{ event: 'responsible', module: 'leave', recordId: id }]);
    expect(await rowsOf(c.employee.id)).toEqual([]);
    expect(await rowsOf(c.oo.id)).toEqual([]);

    const lm = await list(c.tokens.lm);
    expect(lm.unread).toBe(1);
    expect(lm.items[0]).toMatchObject({
      event: 'waiting',
      module: 'leave',
      record_id: id,
      title: 'Annual Leave · 01-03-2027 – 03-03-2027',
      text: "Rumana Sultana's leave request waits for your decision.",
      actor: { id: c.employee.id, name: 'Rumana Sultana' },
      on_behalf_of: null,
      link: '/leave?list_type=team',
      read: false,
    });
  });

  it('the line manager’s approval tells the employee who decided, and not the line manager', async () => {
    const c = await ctx.factory.cast();
    const id = await leaveOf(c);
    await leaveAct(c.tokens.employee, 'submit', id);
    await leaveAct(c.tokens.lm, 'approve', id);

    const mine = await rowsOf(c.employee.id);
    expect(mine).toMatchObject([
      { event: 'decided', recordId: id, actorEmployeeId: c.lm.id, data: { action: 'approve' } },
    ]);
    expect((await rowsOf(c.lm.id)).map((r) => r.event)).toEqual(['waiting']);
    const [item] = (await list(c.tokens.employee)).items;
    expect(item).toMatchObject({
      event: 'decided',
      text: `${c.lm.name} approved your leave request.`,
      actor: { id: c.lm.id },
      link: '/leave?list_type=self',
    });
  });

  it('a KPI sheet the line manager approves waits for the O&O; the employee hears it went on', async () => {
    const c = await ctx.factory.cast();
    const { sheet } = await approvedSheet(ctx.db, {
      employeeId: c.employee.id,
      lineManagerId: c.lm.id,
      oneOverOneId: c.oo.id,
    });
    await setKpiStatus(ctx.db, sheet.id, 2);
    await ok('PATCH', 'kpis/actions/approve-line-manager', c.tokens.lm, { kpi_id: sheet.id });

    expect(await rowsOf(c.oo.id)).toMatchObject([{ event: 'waiting', module: 'kpi', recordId: sheet.id }]);
    expect(await rowsOf(c.employee.id)).toMatchObject([
      { event: 'decided', module: 'kpi', data: { action: 'approve-line-manager' } },
    ]);
    expect(await rowsOf(c.lm.id)).toEqual([]);
    const [oo] = (await list(c.tokens.oo)).items;
    expect(oo).toMatchObject({ title: sheet.name, link: `/kpi/${sheet.id}` });

    // The O&O sends it back: to the employee, who edits it.
    await ok('PATCH', 'kpis/actions/update-requested', c.tokens.oo, { kpi_id: sheet.id });
    const [, back] = await rowsOf(c.employee.id);
    expect(back).toMatchObject({
      event: 'decided',
      actorEmployeeId: c.oo.id,
      data: { action: 'update-requested' },
    });
  });

  it('a submitted HR request waits for its line manager and every HR administrator', async () => {
    const c = await ctx.factory.cast();
    const other = await ctx.factory.employee({ admin: true });
    const disabled = await ctx.factory.employee({ admin: true, enabled: false });
    const id = (
      await ok<{ id: number }>('POST', 'employee/service-requests', c.tokens.employee, certificateBody(), 201)
    ).id;
    await ok('PATCH', `employee/service-requests/${id}/actions/submit`, c.tokens.employee);

    const admins = await ctx.db
      .select({ id: users.employeeId })
      .from(users)
      .innerJoin(employees, eq(employees.id, users.employeeId))
      .where(and(eq(users.isAdmin, true), eq(employees.enabled, true)));
    expect(admins.map((a) => a.id)).toEqual(expect.arrayContaining([c.admin.id, other.id]));
    const told = await ctx.db
      .select({ employeeId: notifications.employeeId })
      .from(notifications)
      .where(
        and(
          eq(notifications.module, 'hr-service'),
          eq(notifications.recordId, id),
          eq(notifications.event, 'waiting'),
        ),
      );
    expect(told.map((t) => t.employeeId).sort()).toEqual([c.lm.id, ...admins.map((a) => a.id)].sort());
    expect(told.map((t) => t.employeeId)).not.toContain(disabled.id);

    const [item] = (await list(c.tokens.admin)).items;
    expect(item).toMatchObject({ module: 'hr-service', link: `/hr-services/${id}` });
  });

  it('the delegate of a line manager hears what waits for them too, and the decision names both', async () => {
    const c = await ctx.factory.cast();
    const delegate = await ctx.factory.employee();
    await ctx.db.insert(delegations).values({
      delegatorId: c.lm.id,
      delegateId: delegate.id,
      fromDate: '2000-01-01',
      toDate: '2999-12-31',
      modules: ['leave'],
    });
    const id = await leaveOf(c);
    await leaveAct(c.tokens.employee, 'submit', id);
    expect(await rowsOf(delegate.id)).toMatchObject([{ event: 'waiting', recordId: id }]);

    const delegateToken = await ctx.factory.token(delegate);
    await leaveAct(delegateToken, 'approve', id);
    const [decided] = await rowsOf(c.employee.id);
    expect(decided).toMatchObject({ actorEmployeeId: delegate.id, onBehalfOfEmployeeId: c.lm.id });
    const [item] = (await list(c.tokens.employee)).items;
    expect(item!.text).toBe(`${delegate.name} approved your leave request. On behalf of ${c.lm.name}.`);
    expect(item!.on_behalf_of).toMatchObject({ id: c.lm.id });
  });

  it('a comment on a KPI sheet tells its employee, unless they wrote it', async () => {
    const c = await ctx.factory.cast();
    const { sheet } = await approvedSheet(ctx.db, {
      employeeId: c.employee.id,
      lineManagerId: c.lm.id,
      oneOverOneId: c.oo.id,
    });
    await ok('POST', `kpis/${sheet.id}/comments`, c.tokens.employee, { comment: 'Mine' }, 201);
    expect(await rowsOf(c.employee.id)).toEqual([]);
    await ok('POST', `kpis/${sheet.id}/comments`, c.tokens.lm, { comment: 'Looks good' }, 201);
    expect(await rowsOf(c.employee.id)).toMatchObject([
      { event: 'comment', module: 'kpi', recordId: sheet.id, actorEmployeeId: c.lm.id },
    ]);
    expect((await list(c.tokens.employee)).items[0]!.text).toBe(`${c.lm.name} commented on your KPI sheet.`);
  });

  it('a review cycle tells each person whose review it opened', async () => {
    const admin = await ctx.factory.employee({ admin: true });
    const people = [await ctx.factory.chain(), await ctx.factory.chain()];
    const period = { from: '2240-01-01', to: '2240-06-30' };
    for (const p of people)
      await approvedSheet(
        ctx.db,
        { employeeId: p.employee.id, lineManagerId: p.lm.id, oneOverOneId: p.oo.id },
        period,
      );
    const company = await companyWith(
      ctx.db,
      people.map((p) => p.employee.id),
    );
    await ok(
      'POST',
      'eprs/cycles',
      await ctx.factory.token(admin),
      cycleBody(period, { company_id: company }),
      201,
    );
    for (const p of people) {
      const rows = await rowsOf(p.employee.id);
      expect(rows).toMatchObject([{ event: 'review_opened', module: 'epr', actorEmployeeId: admin.id }]);
      const [item] = (await list(await ctx.factory.token(p.employee))).items;
      expect(item).toMatchObject({
        link: `/epr/${rows[0]!.recordId}`,
        text: 'Your performance review is open: fill it in and submit it.',
      });
    }
  });
});

describe('each person’s choice per event', () => {
  const prefs = (token: string, body: unknown) => ok('PATCH', 'notifications/preferences', token, body);

  it('answers every event as both, without a digest, until chosen; a change keeps the other events', async () => {
    const who = await ctx.factory.employee();
    const token = await ctx.factory.token(who);
    const first = await ok<{ channels: Record<string, string>; daily_digest: boolean }>(
      'GET',
      'notifications/preferences',
      token,
    );
    expect(first.daily_digest).toBe(false);
    expect(Object.values(first.channels).every((v) => v === 'both')).toBe(true);
    expect(Object.keys(first.channels).sort()).toEqual([
      'comment',
      'decided',
      'delegate',
      'escalated',
      'reminder',
      'responsible',
      'review_opened',
      'waiting',
    ]);
    await prefs(token, { channels: { waiting: 'email' } });
    const second = await prefs(token, { channels: { comment: 'none' }, daily_digest: true });
    expect(second).toMatchObject({
      channels: { waiting: 'email', comment: 'none', decided: 'both' },
      daily_digest: true,
    });
    expect(await ok('GET', 'notifications/preferences', token)).toEqual(second);
  });

  it('none writes no row and sends nothing', async () => {
    const c = await ctx.factory.cast();
    await prefs(c.tokens.lm, { channels: { waiting: 'none' } });
    await leaveAct(c.tokens.employee, 'submit', await leaveOf(c));
    expect(await rowsOf(c.lm.id)).toEqual([]);
    expect(await mailsTo(emailOf(c.lm))).toEqual([]);
  });

  it('both shows it and e-mails it at once; email e-mails it and keeps it out of the portal', async () => {
    const c = await ctx.factory.cast();
    const id = await leaveOf(c);
    await leaveAct(c.tokens.employee, 'submit', id);
    const [mail] = await mailsTo(emailOf(c.lm));
    expect(mail).toMatchObject({
      channel: 'email',
      topic: 'notification',
      employeeId: c.lm.id,
      subject: 'Waiting for your decision: Annual Leave · 01-03-2027 – 03-03-2027',
    });
    expect(mail!.body).toContain('This leave request waits for your decision.');
    expect(mail!.body).toContain('http://portal.test/leave?list_type=team');
    expect(mail!.body).toContain('http://portal.test/notifications');
    // Nothing personal beyond the title: not whose leave it is, not where they will be.
    expect(mail!.body).not.toContain(c.employee.name);
    expect(mail!.body).not.toContain('Dhanmondi');
    expect((await list(c.tokens.lm)).total).toBe(1);

    await prefs(c.tokens.employee, { channels: { decided: 'email' } });
    await leaveAct(c.tokens.lm, 'approve', id);
    expect(await rowsOf(c.employee.id)).toMatchObject([
      { event: 'decided', inApp: false, emailPending: false },
    ]);
    const [decided] = await mailsTo(emailOf(c.employee));
    expect(decided!.subject).toBe('Approved: Annual Leave · 01-03-2027 – 03-03-2027');
    expect(decided!.body).not.toContain(c.lm.name);
    expect(await list(c.tokens.employee)).toMatchObject({ total: 0, unread: 0, items: [] });
  });

  it('nobody without an e-mail address gets one; the row is still written', async () => {
    const c = await ctx.factory.cast();
    await ctx.db.update(employees).set({ email: null }).where(eq(employees.id, c.lm.id));
    await leaveAct(c.tokens.employee, 'submit', await leaveOf(c));
    expect(await rowsOf(c.lm.id)).toHaveLength(1);
    const [n] = await ctx.db.select({ n: count() }).from(outbox).where(eq(outbox.employeeId, c.lm.id));
    expect(n!.n).toBe(0);
  });

  it('an e-mail is written in its reader’s language, whoever caused it', async () => {
    const c = await ctx.factory.cast();
    await ctx.db.update(users).set({ language: 'fr' }).where(eq(users.employeeId, c.lm.id));
    await ctx.db.update(users).set({ language: 'ar' }).where(eq(users.employeeId, c.peer.id));
    await leaveAct(c.tokens.employee, 'submit', await leaveOf(c));
    const [fr] = await mailsTo(emailOf(c.lm));
    expect(fr!.subject).toBe('En attente de votre décision : Congé annuel · 01-03-2027 – 03-03-2027');
    expect(fr!.body).toContain('Cette demande de congé attend votre décision.');
    expect(fr!.body).toContain('Bonjour,');
    const [ar] = await mailsTo(emailOf(c.peer));
    expect(ar!.subject).toMatch(/^ستتولى عمل زميل في إجازة: /);
    expect(ar!.subject).toContain('\u206801-03-2027 – 03-03-2027\u2069');
  });
});

describe('reading', () => {
  it('the list is in the reader’s language, the unread filter keeps the unread', async () => {
    const c = await ctx.factory.cast({ name: 'Imran Chowdhury' });
    const first = await leaveOf(c, '2027-03-01', '2027-03-01');
    const second = await leaveOf(c, '2027-03-08', '2027-03-08');
    await leaveAct(c.tokens.employee, 'submit', first);
    await leaveAct(c.tokens.employee, 'submit', second);
    const all = await list(c.tokens.lm);
    expect(all.items.map((i) => i.record_id)).toEqual([second, first]);
    expect(all).toMatchObject({ total: 2, unread: 2, count: 2 });

    const ar = await list(c.tokens.lm, '', 'ar');
    expect(ar.items[0]!.title).toBe('إجازة سنوية · \u206808-03-2027\u2069');
    expect(ar.items[0]!.text).toBe('طلب الإجازة من \u2068Imran Chowdhury\u2069 بانتظار قرارك.');

    await ok('PATCH', 'notifications/read', c.tokens.lm, { ids: [all.items[1]!.id] });
    const unread = await list(c.tokens.lm, '?unread=true');
    expect(unread).toMatchObject({ total: 1, unread: 1 });
    expect(unread.items.map((i: NotificationItem) => i.record_id)).toEqual([second]);
    expect((await list(c.tokens.lm)).items.map((i) => i.read)).toEqual([false, true]);
    expect(await ok('GET', 'notifications/unread-count', c.tokens.lm)).toEqual({ unread: 1 });
    // A page past the end still says how many are unread.
    expect(await list(c.tokens.lm, '?page=3')).toMatchObject({ items: [], unread: 1, total: 2 });
  });

  it('marks only the caller’s own rows, by id or all', async () => {
    const a = await ctx.factory.cast();
    const b = await ctx.factory.cast();
    await leaveAct(a.tokens.employee, 'submit', await leaveOf(a));
    await leaveAct(b.tokens.employee, 'submit', await leaveOf(b));
    const [theirs] = (await list(b.tokens.lm)).items;
    expect(await ok('PATCH', 'notifications/read', a.tokens.lm, { ids: [theirs!.id] })).toEqual({
      marked: 0,
      unread: 1,
    });
    expect(await ok('PATCH', 'notifications/read', a.tokens.lm, { all: true })).toEqual({
      marked: 1,
      unread: 0,
    });
    expect((await list(b.tokens.lm)).unread).toBe(1);
    expect((await rowsOf(b.lm.id))[0]!.readAt).toBeNull();
    expect(await ok('PATCH', 'notifications/read', a.tokens.lm, { all: true })).toEqual({
      marked: 0,
      unread: 0,
    });
  });

  it('every call needs a session', async () => {
    for (const [method, url, body] of [
      ['GET', 'notifications', undefined],
      ['GET', 'notifications/unread-count', undefined],
      ['PATCH', 'notifications/read', { all: true }],
      ['GET', 'notifications/preferences', undefined],
      ['PATCH', 'notifications/preferences', { daily_digest: true }],
      ['GET', 'notifications/stream', undefined],
    ] as const) {
      const res = await call(method, url, null, body);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().error).toBe('unauthorized');
    }
  });

  it('refuses bad input and changes nothing', async () => {
    const c = await ctx.factory.cast();
    await leaveAct(c.tokens.employee, 'submit', await leaveOf(c));
    const before = await rowsOf(c.lm.id);
    for (const body of [
      {},
      { ids: [] },
      { ids: [1], all: true },
      { all: false },
      { ids: ['x'] },
      { ids: Array.from({ length: 101 }, (_, i) => i + 1) },
      { all: true, extra: 1 },
    ]) {
      const res = await call('PATCH', 'notifications/read', c.tokens.lm, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().error, res.body).toBe('validation_failed');
    }
    expect(await rowsOf(c.lm.id)).toEqual(before);

    await ok('PATCH', 'notifications/preferences', c.tokens.lm, { channels: { waiting: 'email' } });
    for (const body of [
      {},
      { channels: {} },
      { channels: { waiting: 'loud' } },
      { channels: { holiday: 'both' } },
      { daily_digest: 'yes' },
      { channels: { waiting: 'none' }, other: true },
    ]) {
      const res = await call('PATCH', 'notifications/preferences', c.tokens.lm, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
    const [stored] = await ctx.db
      .select()
      .from(notificationPreferences)
      .where(eq(notificationPreferences.employeeId, c.lm.id));
    expect(stored).toMatchObject({ channels: { waiting: 'email' }, dailyDigest: false });

    for (const query of ['?unread=maybe', '?limit=7', '?page=0', '?sort=event,asc']) {
      const res = await call('GET', `notifications${query}`, c.tokens.lm);
      expect(res.statusCode, query).toBe(400);
    }
  });

  it('a list call is the session and one statement, whatever the number of rows', async () => {
    const counted = async (token: string) => {
      await list(token);
      return (await statementsDuring(ctx, () => list(token, '?limit=50'))).length;
    };
    const few = await ctx.factory.cast();
    await leaveAct(few.tokens.employee, 'submit', await leaveOf(few));
    const many = await ctx.factory.cast();
    for (let i = 0; i < 12; i++) {
      // Mondays from 5 April 2027 on, one a week.
      const day = new Date(Date.UTC(2027, 3, 5 + 7 * i)).toISOString().slice(0, 10);
      await leaveAct(many.tokens.employee, 'submit', await leaveOf(many, day, day));
    }
    expect((await list(many.tokens.lm, '?limit=50')).total).toBe(12);
    expect(await counted(many.tokens.lm)).toBe(await counted(few.tokens.lm));
    expect(await counted(many.tokens.lm)).toBe(2);
  });
});

describe('the daily digest', () => {
  it('keeps e-mails for one message a day, sent once however often the job runs', async () => {
    const c = await ctx.factory.cast();
    await ok('PATCH', 'notifications/preferences', c.tokens.lm, { daily_digest: true });
    const digests = new NotificationDigests(ctx.db);
    /** Runs the job on a day of the office's clock (the calls before ran on the real one: their sessions hold). */
    const sendOn = async (instant: string) => {
      restoreClock = officeClockAt('Asia/Dhaka', new Date(instant));
      try {
        await digests.send();
      } finally {
        restoreClock();
        restoreClock = null;
      }
    };
    await leaveAct(c.tokens.employee, 'submit', await leaveOf(c, '2027-03-01', '2027-03-01'));
    await leaveAct(c.tokens.employee, 'submit', await leaveOf(c, '2027-03-08', '2027-03-08'));
    expect(await rowsOf(c.lm.id)).toMatchObject([
      { inApp: true, emailPending: true },
      { inApp: true, emailPending: true },
    ]);
    expect(await mailsTo(emailOf(c.lm))).toEqual([]);

    await sendOn('2030-02-10T03:00:00Z');
    await sendOn('2030-02-10T09:00:00Z');
    const mails = await mailsTo(emailOf(c.lm));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      topic: 'notification-digest',
      subject: 'HR Portal: your summary of 10-02-2030',
    });
    expect(mails[0]!.body).toContain('Annual Leave · 01-03-2027');
    expect(mails[0]!.body).toContain('Annual Leave · 08-03-2027');
    expect(mails[0]!.body.match(/This leave request waits for your decision\./g)).toHaveLength(2);
    expect(mails[0]!.body).not.toContain(c.employee.name);
    expect((await rowsOf(c.lm.id)).every((r) => !r.emailPending)).toBe(true);
    const [pref] = await ctx.db
      .select()
      .from(notificationPreferences)
      .where(eq(notificationPreferences.employeeId, c.lm.id));
    expect(pref!.digestSentOn).toBe('2030-02-10');

    // Later the same day: it waits for the next day's.
    await leaveAct(c.tokens.employee, 'submit', await leaveOf(c, '2027-03-15', '2027-03-15'));
    await sendOn('2030-02-10T12:00:00Z');
    expect(await mailsTo(emailOf(c.lm))).toHaveLength(1);
    await sendOn('2030-02-11T03:00:00Z');
    await sendOn('2030-02-11T04:00:00Z');
    const next = await mailsTo(emailOf(c.lm));
    expect(next).toHaveLength(2);
    expect(next[1]!.subject).toBe('HR Portal: your summary of 11-02-2030');
    expect(next[1]!.body).toContain('15-03-2027');
    expect(next[1]!.body).not.toContain('01-03-2027');
  });

  it('is written in the reader’s language, and waits for the office’s morning', async () => {
    const c = await ctx.factory.cast();
    await ctx.db.update(users).set({ language: 'es' }).where(eq(users.employeeId, c.lm.id));
    await ok('PATCH', 'notifications/preferences', c.tokens.lm, { daily_digest: true });
    await leaveAct(c.tokens.employee, 'submit', await leaveOf(c));
    const digests = new NotificationDigests(ctx.db);
    const tickAt = async (instant: string) => {
      restoreClock = officeClockAt('Asia/Dhaka', new Date(instant));
      try {
        digests.tick();
        await digests.stop();
      } finally {
        restoreClock();
        restoreClock = null;
      }
    };
    // 05:00 in Dhaka: not yet.
    await tickAt('2031-05-03T23:00:00Z');
    expect(await mailsTo(emailOf(c.lm))).toEqual([]);
    // 08:00 in Dhaka.
    await tickAt('2031-05-04T02:00:00Z');
    const [mail] = await mailsTo(emailOf(c.lm));
    expect(mail!.subject).toBe('Portal de RR. HH.: tu resumen del 04-05-2031');
    expect(mail!.body).toContain('Esta solicitud de permiso espera tu decisión.');
    expect(mail!.body).toContain('Vacaciones anuales · 01-03-2027 – 03-03-2027');
  });
});

describe('the bell’s live count', () => {
  const discovery = async (token: string) =>
    (await ok<{ token: string }>('GET', 'discovery/employee', token)).token;
  const open = async (token: string) =>
    openStream(`${base}/api/v1/notifications/stream?token=${await discovery(token)}`);
  const unreadOf = async (stream: Awaited<ReturnType<typeof open>>) => {
    const event = await stream.next(3000);
    expect(event.event).toBe('unread');
    return (JSON.parse(event.data) as { unread: number }).unread;
  };

  it('sends the count at once, and again as it changes on another process', async () => {
    const c = await ctx.factory.cast();
    const stream = await open(c.tokens.lm);
    try {
      expect(await unreadOf(stream)).toBe(0);
      const id = await leaveOf(c);
      await leaveAct(c.tokens.employee, 'submit', id);
      expect(await unreadOf(stream)).toBe(1);
      await ok('PATCH', 'notifications/read', c.tokens.lm, { all: true });
      expect(await unreadOf(stream)).toBe(0);
    } finally {
      stream.close();
    }
  });

  it('refuses a missing or forged token, and ends with the session', async () => {
    expect((await fetch(`${base}/api/v1/notifications/stream`)).status).toBe(401);
    expect((await fetch(`${base}/api/v1/notifications/stream?token=1.2.${'0'.repeat(64)}`)).status).toBe(401);
    const who = await ctx.factory.employee();
    const token = await ctx.factory.token(who);
    const stream = await open(token);
    expect(await unreadOf(stream)).toBe(0);
    await call('POST', 'logout', token);
    const { events } = await stream.rest(3000);
    expect(events.at(-1)).toMatchObject({ event: 'end' });
    expect(JSON.parse(events.at(-1)!.data).code).toBe('session_invalid');
  });
});

describe('rows', () => {
  it('are never written for a disabled person', async () => {
    const c = await ctx.factory.cast();
    const id = await leaveOf(c);
    await ctx.db.update(employees).set({ enabled: false }).where(eq(employees.id, c.peer.id));
    await leaveAct(c.tokens.employee, 'submit', id);
    const [n] = await ctx.db
      .select({ n: count() })
      .from(notifications)
      .where(inArray(notifications.employeeId, [c.peer.id]));
    expect(n!.n).toBe(0);
  });
});
