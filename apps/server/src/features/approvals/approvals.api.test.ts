import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { approvedSheet, setEprStatus } from '../../../test/factories/epr';
import { certificateBody, setServiceStatus } from '../../../test/factories/hr-services';
import { setKpiStatus } from '../../../test/factories/kpi';
import { remoteWorkBody, setRemoteWorkStatus } from '../../../test/factories/remote-work';
import { leaveBody, setLeaveStatus } from '../../../test/factories/requests';
import { type Cast, type CastRole, setupApi, statementsDuring, type TestContext } from '../../../test/helper';
import { employees, leaves } from '../../db/schema';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await setupApi();
});

interface Item {
  module: string;
  id: number;
  title: string;
  employee: { id: number };
  status: { id: number };
  waiting_since: string;
  due: string | null;
  actions: string[];
}

const get = (url: string, token: string | null) => ctx.call({ method: 'GET', url: `/api/v1/${url}`, token });
async function inbox(token: string, query = '') {
  const res = await get(`approvals?limit=50${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: Item[]; total: number; count: number };
}
const keys = (items: Item[]) => items.map((i) => `${i.module}:${i.id}`).sort();

async function created(token: string, url: string, payload: object): Promise<number> {
  const res = await ctx.call({ method: 'POST', url: `/api/v1/${url}`, token, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

/**
 * One waiting item of every module and stage for a cast's employee: leave,
 * remote work and an HR request submitted (2); an HR request approved (3,
 * HR's to mark done); KPI sheets at 2 (line manager) and 3 (O&O); reviews at
 * 2 and 10 (line manager) and 3 (O&O); and a draft of each that waits for nobody.
 */
async function waitingItems(c: Cast) {
  const t = c.tokens.employee;
  const leave = await created(t, 'leave', leaveBody(c.peer.id, { from: '2027-03-01', to: '2027-03-03' }));
  await setLeaveStatus(ctx.db, leave, 2);
  const draftLeave = await created(
    t,
    'leave',
    leaveBody(c.peer.id, { from: '2027-04-05', to: '2027-04-05' }),
  );
  const remote = await created(t, 'remote-work', remoteWorkBody());
  await setRemoteWorkStatus(ctx.db, remote, 2);
  const service = await created(
    t,
    'employee/service-requests',
    certificateBody({ issue_date: '01-03-2027' }),
  );
  await setServiceStatus(ctx.db, service, 2);
  const serviceDone = await created(
    t,
    'employee/service-requests',
    certificateBody({ issue_date: '02-03-2027', category: 'employment_certificate' }),
  );
  await setServiceStatus(ctx.db, serviceDone, 3);
  const people = { employeeId: c.employee.id, lineManagerId: c.lm.id, oneOverOneId: c.oo.id };
  const kpiLm = (await approvedSheet(ctx.db, people, { from: '2031-01-01', to: '2031-03-31' })).sheet.id;
  await setKpiStatus(ctx.db, kpiLm, 2);
  const kpiOo = (await approvedSheet(ctx.db, people, { from: '2031-04-01', to: '2031-06-30' })).sheet.id;
  await setKpiStatus(ctx.db, kpiOo, 3);
  const { sheet } = await approvedSheet(ctx.db, people, { from: '2031-07-01', to: '2031-12-31' });
  const review = async (typeId: number, from: string, to: string, status: number) => {
    const id = await created(t, 'eprs', { kpi_id: sheet.id, type_id: typeId, from_date: from, to_date: to });
    await setEprStatus(ctx.db, id, status);
    return id;
  };
  const eprLm = await review(2, '2031-07-01', '2031-09-30', 2);
  const eprOo = await review(1, '2031-07-01', '2031-12-31', 3);
  return { leave, draftLeave, remote, service, serviceDone, kpiLm, kpiOo, eprLm, eprOo };
}

describe('the approvals inbox', () => {
  it('lists what waits for each person’s decision, in every module, with their actions', async () => {
    const c = await ctx.factory.cast();
    const w = await waitingItems(c);

    const lm = await inbox(c.tokens.lm, `&employee_id=${c.employee.id}`);
    expect(keys(lm.items)).toEqual(
      [
        `leave:${w.leave}`,
        `remote-work:${w.remote}`,
        `hr-service:${w.service}`,
        `kpi:${w.kpiLm}`,
        `epr:${w.eprLm}`,
      ].sort(),
    );
    const byKey = new Map(lm.items.map((i) => [`${i.module}:${i.id}`, i]));
    expect(byKey.get(`leave:${w.leave}`)).toMatchObject({
      title: 'Annual Leave · 01-03-2027 – 03-03-2027',
      employee: { id: c.employee.id },
      status: { id: 2 },
      due: null,
      actions: ['approve', 'reject'],
    });
    expect(byKey.get(`hr-service:${w.service}`)!.actions).toEqual(['approve', 'cancel']);
    expect(byKey.get(`kpi:${w.kpiLm}`)!.actions).toEqual(['approve-line-manager', 'update-requested']);
    expect(byKey.get(`epr:${w.eprLm}`)!.actions).toEqual(['approve-line-manager', 'update-requested']);

    const oo = await inbox(c.tokens.oo, `&employee_id=${c.employee.id}`);
    expect(keys(oo.items)).toEqual([`epr:${w.eprOo}`, `kpi:${w.kpiOo}`].sort());
    expect(oo.items.every((i) => i.actions.includes('approve'))).toBe(true);

    // HR decides HR requests of anyone: approve or cancel the submitted one, mark the approved one done.
    const hr = await inbox(c.tokens.admin, `&employee_id=${c.employee.id}`);
    expect(keys(hr.items)).toEqual([`hr-service:${w.service}`, `hr-service:${w.serviceDone}`].sort());
    expect(hr.items.find((i) => i.id === w.serviceDone)!.actions).toEqual(['done']);

    // The employee, a colleague and a stranger have nothing of it to decide.
    for (const who of ['employee', 'peer', 'stranger'] as CastRole[]) {
      const theirs = await inbox(c.tokens[who], `&employee_id=${c.employee.id}`);
      expect(theirs.items, who).toEqual([]);
    }
    expect((await get('approvals', null)).statusCode).toBe(401);
  });

  it('moves with the record: once decided it leaves the inbox; never one’s own request, HR included', async () => {
    const c = await ctx.factory.cast();
    const w = await waitingItems(c);
    await setLeaveStatus(ctx.db, w.leave, 3);
    await setKpiStatus(ctx.db, w.kpiLm, 3);
    const lm = await inbox(c.tokens.lm, `&employee_id=${c.employee.id}`);
    expect(keys(lm.items)).not.toContain(`leave:${w.leave}`);
    expect(keys(lm.items)).not.toContain(`kpi:${w.kpiLm}`);
    const oo = await inbox(c.tokens.oo, `&employee_id=${c.employee.id}`);
    expect(keys(oo.items)).toContain(`kpi:${w.kpiLm}`);
    // An HR administrator's own HR request waits for their line manager, not for them.
    const admin = await ctx.factory.employee({ admin: true, parentId: c.lm.id });
    const adminToken = await ctx.factory.token(admin);
    const own = await created(
      adminToken,
      'employee/service-requests',
      certificateBody({ issue_date: '05-03-2027' }),
    );
    await setServiceStatus(ctx.db, own, 2);
    expect(keys((await inbox(adminToken, `&employee_id=${admin.id}`)).items)).toEqual([]);
    expect(keys((await inbox(c.tokens.admin, `&employee_id=${admin.id}`)).items)).toEqual([
      `hr-service:${own}`,
    ]);
  });

  it('filters by module, employee, days waiting and the day it began to wait; pages the oldest first', async () => {
    const c = await ctx.factory.cast();
    const w = await waitingItems(c);
    const other = await ctx.factory.employee({ parentId: c.lm.id });
    const otherLeave = await created(
      await ctx.factory.token(other),
      'leave',
      leaveBody(c.peer.id, { from: '2027-03-08', to: '2027-03-08' }),
    );
    await setLeaveStatus(ctx.db, otherLeave, 2);
    // The employee's leave has waited ten days, the other's since today.
    const tenDaysAgo = new Date(Date.now() - 10 * 86_400_000);
    await ctx.db.update(leaves).set({ updatedAt: tenDaysAgo }).where(eq(leaves.id, w.leave));

    const onlyLeave = await inbox(c.tokens.lm, '&module=leave');
    expect(keys(onlyLeave.items)).toEqual([`leave:${otherLeave}`, `leave:${w.leave}`].sort());
    expect(onlyLeave.items[0]!.id).toBe(w.leave);
    const newest = await inbox(c.tokens.lm, '&module=leave&sort=waiting,desc');
    expect(newest.items[0]!.id).toBe(otherLeave);
    expect(keys((await inbox(c.tokens.lm, `&employee_id=${other.id}`)).items)).toEqual([
      `leave:${otherLeave}`,
    ]);
    expect(keys((await inbox(c.tokens.lm, '&waiting_days=7')).items)).toEqual([`leave:${w.leave}`]);
    const day = tenDaysAgo.toISOString().slice(0, 10);
    expect(keys((await inbox(c.tokens.lm, `&waiting_since=${day},${day}`)).items)).toEqual([
      `leave:${w.leave}`,
    ]);

    const first = await get('approvals?limit=10&page=1', c.tokens.lm);
    expect(first.json()).toMatchObject({ total: 6, count: 6 });
    const counts = await get('approvals/counts', c.tokens.lm);
    expect(counts.json()).toEqual({ leave: 2, 'remote-work': 1, 'hr-service': 1, kpi: 1, epr: 1, total: 6 });
    expect((await get('approvals/counts', c.tokens.stranger)).json().total).toBe(0);
    expect((await get('approvals/counts', null)).statusCode).toBe(401);
  });

  it('refuses bad filters with a 4xx', async () => {
    const c = await ctx.factory.cast();
    for (const query of [
      'module=payroll',
      'employee_id=abc',
      'waiting_days=-1',
      'waiting_days=4000',
      'waiting_since=2027-02-30,',
      'sort=id,asc',
      'limit=7',
    ]) {
      const res = await get(`approvals?${query}`, c.tokens.lm);
      expect(res.statusCode, query).toBe(400);
    }
    expect((await get('approvals?employee_id=99999999', c.tokens.lm)).statusCode).toBe(404);
  });

  it('reads a page and the counts in a constant number of statements, whatever waits', async () => {
    const few = await ctx.factory.cast();
    const many = await ctx.factory.cast();
    await waitingItems(many);
    // A second report of the same line manager with as much waiting.
    const second = await ctx.factory.employee({ parentId: many.lm.id });
    await waitingItems({
      ...many,
      employee: second,
      tokens: { ...many.tokens, employee: await ctx.factory.token(second) },
    });
    const during = async (token: string, url: string) =>
      (await statementsDuring(ctx, () => get(url, token))).length;
    for (const url of ['approvals', 'approvals/counts']) {
      expect(await during(many.tokens.lm, url), url).toBe(await during(few.tokens.lm, url));
      expect(await during(many.tokens.lm, url), url).toBeLessThanOrEqual(3);
    }
  });
});

describe('names in the inbox', () => {
  it('the employee is named as a person reference; the type in the caller’s language', async () => {
    const c = await ctx.factory.cast();
    const w = await waitingItems(c);
    const res = await ctx.call({
      method: 'GET',
      url: `/api/v1/approvals?module=leave&employee_id=${c.employee.id}`,
      token: c.tokens.lm,
      headers: { 'accept-language': 'ar' },
    });
    const item = (res.json().items as Item[]).find((i) => i.id === w.leave)!;
    expect(item.title).toBe('إجازة سنوية · \u206801-03-2027 – 03-03-2027\u2069');
    const [emp] = await ctx.db
      .select({ name: employees.name })
      .from(employees)
      .where(eq(employees.id, c.employee.id));
    expect(item.employee).toMatchObject({ id: c.employee.id, name: emp!.name });
  });

  it('a review is named with its type in the reader’s language, as the EPR list names it', async () => {
    const c = await ctx.factory.cast();
    const w = await waitingItems(c);
    const title = async (token: string, id: number, language?: string) => {
      const res = await ctx.call({
        method: 'GET',
        url: `/api/v1/approvals?module=epr&employee_id=${c.employee.id}`,
        token,
        ...(language ? { headers: { 'accept-language': language } } : {}),
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().items as Item[]).find((i) => i.id === id)?.title;
    };
    // The interim review waits for the line manager, the annual one for the O&O.
    const english = await title(c.tokens.lm, w.eprLm);
    expect(english).toMatch(/ – Interim review$/);
    const sheet = english!.slice(0, -' – Interim review'.length);
    expect(await title(c.tokens.lm, w.eprLm, 'ar')).toBe(`${sheet} – التقييم المرحلي`);
    const list = await ctx.call({
      method: 'GET',
      url: `/api/v1/eprs?list_type=team&limit=50`,
      token: c.tokens.lm,
      headers: { 'accept-language': 'ar' },
    });
    const listed = (list.json().items as { id: number; name: string }[]).find((r) => r.id === w.eprLm);
    expect(listed?.name).toBe(`${sheet} – التقييم المرحلي`);
    // Without Accept-Language, the language the reader saved.
    const saved = await ctx.call({
      method: 'PUT',
      url: '/api/v1/me/language',
      token: c.tokens.oo,
      payload: { language: 'fr' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await title(c.tokens.oo, w.eprOo)).toBe(`${sheet} – Évaluation annuelle`);
  });
});

const decide = (token: string | null, action: string, items: object[] | unknown) =>
  ctx.call({ method: 'PATCH', url: `/api/v1/approvals/actions/${action}`, token, payload: { items } });

describe('deciding many at once', () => {
  it('approves items of several modules in one call, each through its own workflow, with mixed outcomes', async () => {
    const c = await ctx.factory.cast();
    const w = await waitingItems(c);
    const res = await decide(c.tokens.lm, 'approve', [
      { module: 'leave', id: w.leave },
      { module: 'remote-work', id: w.remote },
      { module: 'hr-service', id: w.service },
      // Not the line manager's to approve (the O&O's at 3), and not an action of KPI sheets.
      { module: 'kpi', id: w.kpiOo },
      { module: 'leave', id: w.draftLeave },
      { module: 'leave', id: 99999999 },
      // Named twice: decided once.
      { module: 'leave', id: w.leave },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const out = res.json().items as { module: string; id: number; status?: { id: number }; error?: string }[];
    expect(out).toHaveLength(6);
    expect(out.slice(0, 3).map((o) => o.status?.id)).toEqual([3, 3, 3]);
    expect(out[3]).toMatchObject({ module: 'kpi', id: w.kpiOo, error: 'transition_forbidden' });
    expect(out[4]).toMatchObject({ module: 'leave', id: w.draftLeave, error: 'transition_not_allowed' });
    expect(out[5]).toMatchObject({ module: 'leave', id: 99999999 });
    expect(out[5]!.error).toMatch(/not_found/);
    const [leaveRow] = await ctx.db.select().from(leaves).where(eq(leaves.id, w.leave));
    expect(leaveRow!.statusId).toBe(3);
    const [draft] = await ctx.db.select().from(leaves).where(eq(leaves.id, w.draftLeave));
    expect(draft!.statusId).toBe(1);
    // The decisions are the line manager's, audited as if taken one by one.
    const history = await ctx.call({
      method: 'GET',
      url: `/api/v1/leave/${w.leave}`,
      token: c.tokens.employee,
    });
    expect(history.json().status.id).toBe(3);

    // Again: nothing changes twice; every item says it cannot be approved now.
    const again = await decide(c.tokens.lm, 'approve', [{ module: 'leave', id: w.leave }]);
    expect(again.json().items[0]).toMatchObject({ error: 'transition_not_allowed' });
    const [still] = await ctx.db.select().from(leaves).where(eq(leaves.id, w.leave));
    expect(still!.updatedAt).toEqual(leaveRow!.updatedAt);
  });

  it('never decides one’s own item or another’s, and refuses bad calls whole', async () => {
    const c = await ctx.factory.cast();
    const w = await waitingItems(c);
    const own = await decide(c.tokens.employee, 'approve', [{ module: 'leave', id: w.leave }]);
    expect(own.json().items[0]).toMatchObject({ error: 'transition_forbidden' });
    const stranger = await decide(c.tokens.stranger, 'reject', [{ module: 'leave', id: w.leave }]);
    expect(stranger.json().items[0].error).toBeDefined();
    const [row] = await ctx.db.select().from(leaves).where(eq(leaves.id, w.leave));
    expect(row!.statusId).toBe(2);

    const bad: [string, unknown, number][] = [
      ['approve', [], 422],
      ['approve', Array.from({ length: 51 }, (_, i) => ({ module: 'leave', id: i + 1 })), 422],
      ['approve', [{ module: 'payroll', id: 1 }], 422],
      ['approve', [{ module: 'leave', id: 'one' }], 422],
      ['approve', [{ module: 'leave', id: 1, extra: true }], 422],
      ['approve', 'all', 422],
      ['destroy', [{ module: 'leave', id: w.leave }], 400],
    ];
    for (const [action, items, status] of bad) {
      const res = await decide(c.tokens.lm, action, items);
      expect(res.statusCode, `${action} ${JSON.stringify(items).slice(0, 40)}`).toBe(status);
    }
    expect((await decide(null, 'approve', [{ module: 'leave', id: w.leave }])).statusCode).toBe(401);
    const [after] = await ctx.db.select().from(leaves).where(eq(leaves.id, w.leave));
    expect(after!.statusId).toBe(2);
  });
});
