import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { approvedSheet, eprRow, setEprStatus } from '../../../test/factories/epr';
import { certificateBody, nextIssueDate, serviceRow } from '../../../test/factories/hr-services';
import { customSheetBody, kpiRow, setKpiStatus } from '../../../test/factories/kpi';
import { remoteWorkBody } from '../../../test/factories/remote-work';
import { leaveBody, leaveRow } from '../../../test/factories/requests';
import { type MadeEmployee, setupApi, type TestContext } from '../../../test/helper';
import { remoteWorks } from '../../db/schema';

/**
 * Separation of duties follows the real person (docs/decisions.md, Sign-in
 * and recovery): an HR administrator signed in as someone else sees as them
 * and may act on the person's own records, but decides nothing, on the
 * person's team or on the administrator's own records, and has no
 * administrator's rights in that session.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await setupApi();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, token: string, payload?: object) =>
  ctx.call({ method, url, token, ...(payload ? { payload } : {}) });

async function created(method: Method, url: string, token: string, payload: object): Promise<number> {
  const res = await call(method, url, token, payload);
  expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(300);
  return res.json().id;
}

async function impersonate(adminToken: string, target: MadeEmployee): Promise<string> {
  const res = await call('POST', '/api/v1/impersonate', adminToken, { employee_id: target.id });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token;
}

function refusedAsSomeoneElse(res: { statusCode: number; body: string; json(): unknown }) {
  expect(res.statusCode, res.body).toBe(403);
  expect(res.json()).toMatchObject({ error: 'impersonation_no_decision' });
}

/** A submitted leave of `who` (their own token), answers its id. */
async function submittedLeave(token: string, responsibleId: number, from: string, to: string) {
  const id = await created('POST', '/api/v1/leave', token, leaveBody(responsibleId, { from, to }));
  const res = await call('PATCH', '/api/v1/leave/actions/submit', token, { leave_id: id });
  expect(res.statusCode, res.body).toBe(200);
  return id;
}

describe('an administrator signed in as their own line manager', () => {
  it('cannot approve their own leave; the manager signed in as themself can', async () => {
    const oo = await ctx.factory.employee();
    const manager = await ctx.factory.employee({ parentId: oo.id });
    const admin = await ctx.factory.employee({ admin: true, parentId: manager.id });
    const adminToken = await ctx.factory.token(admin);
    const leaveId = await submittedLeave(adminToken, manager.id, '2027-06-07', '2027-06-08');

    const asManager = await impersonate(adminToken, manager);
    // The list shows the leave as the manager's team sees it...
    const team = await call('GET', '/api/v1/leave?list_type=team', asManager);
    expect(team.statusCode, team.body).toBe(200);
    expect(team.json().items.map((i: { id: number }) => i.id)).toContain(leaveId);
    // ...but neither decision is taken.
    for (const action of ['approve', 'reject'])
      refusedAsSomeoneElse(
        await call('PATCH', `/api/v1/leave/actions/${action}`, asManager, { leave_id: leaveId }),
      );
    expect((await leaveRow(ctx.db, leaveId))?.statusId).toBe(2);

    const byManager = await call('PATCH', '/api/v1/leave/actions/approve', await ctx.factory.token(manager), {
      leave_id: leaveId,
    });
    expect(byManager.statusCode, byManager.body).toBe(200);
  });

  it('cannot move their own KPI sheet on', async () => {
    const manager = await ctx.factory.employee();
    const admin = await ctx.factory.employee({ admin: true, parentId: manager.id });
    const adminToken = await ctx.factory.token(admin);
    const kpiId = await created('POST', '/api/v1/kpis', adminToken, customSheetBody());
    await setKpiStatus(ctx.db, kpiId, 2);
    const asManager = await impersonate(adminToken, manager);
    for (const action of ['approve-line-manager', 'update-requested'])
      refusedAsSomeoneElse(
        await call('PATCH', `/api/v1/kpis/actions/${action}`, asManager, { kpi_id: kpiId }),
      );
    expect((await kpiRow(ctx.db, kpiId))?.statusId).toBe(2);
  });
});

describe("an administrator signed in as a line manager decides nothing of the manager's team", () => {
  it('leave, remote work and HR services stay undecided', async () => {
    const { oo, lm, employee } = await ctx.factory.chain();
    const admin = await ctx.factory.employee({ admin: true });
    const own = await ctx.factory.token(employee);
    const asLm = await impersonate(await ctx.factory.token(admin), lm);
    const asOo = await impersonate(await ctx.factory.token(admin), oo);

    const leaveId = await submittedLeave(own, lm.id, '2027-07-05', '2027-07-06');
    for (const action of ['approve', 'reject'])
      refusedAsSomeoneElse(
        await call('PATCH', `/api/v1/leave/actions/${action}`, asLm, { leave_id: leaveId }),
      );
    expect((await leaveRow(ctx.db, leaveId))?.statusId).toBe(2);

    const remoteId = await created('POST', '/api/v1/remote-work', own, remoteWorkBody());
    await call('PATCH', '/api/v1/remote-work/actions/submit', own, { remote_work_id: remoteId });
    for (const action of ['approve', 'reject'])
      refusedAsSomeoneElse(
        await call('PATCH', `/api/v1/remote-work/actions/${action}`, asLm, { remote_work_id: remoteId }),
      );
    const [remote] = await ctx.db.select().from(remoteWorks).where(eq(remoteWorks.id, remoteId));
    expect(remote?.statusId).toBe(2);

    const base = '/api/v1/employee/service-requests';
    const serviceId = await created('POST', base, own, certificateBody({ issue_date: nextIssueDate() }));
    expect((await call('PATCH', `${base}/${serviceId}/actions/submit`, own)).statusCode).toBe(200);
    for (const action of ['approve', 'cancel'])
      refusedAsSomeoneElse(await call('PATCH', `${base}/${serviceId}/actions/${action}`, asLm));
    expect((await serviceRow(ctx.db, serviceId))?.statusId).toBe(2);

    // The O&O's session as someone else is no different.
    const kpiId = await created('POST', '/api/v1/kpis', own, customSheetBody());
    await setKpiStatus(ctx.db, kpiId, 3);
    refusedAsSomeoneElse(await call('PATCH', '/api/v1/kpis/actions/approve', asOo, { kpi_id: kpiId }));
    expect((await kpiRow(ctx.db, kpiId))?.statusId).toBe(3);
  });

  it("a KPI sheet and a review offer the manager's session as someone else no action, and refuse the manager's part", async () => {
    const { oo, lm, employee } = await ctx.factory.chain();
    const admin = await ctx.factory.employee({ admin: true });
    const own = await ctx.factory.token(employee);
    const lmToken = await ctx.factory.token(lm);
    const asLm = await impersonate(await ctx.factory.token(admin), lm);

    const kpiId = await created('POST', '/api/v1/kpis', own, customSheetBody());
    await setKpiStatus(ctx.db, kpiId, 2);
    const sheetAsLm = await call('GET', `/api/v1/kpis/${kpiId}`, asLm);
    expect(sheetAsLm.statusCode, sheetAsLm.body).toBe(200);
    expect(sheetAsLm.json().actions).toEqual([]);
    expect((await call('GET', `/api/v1/kpis/${kpiId}`, lmToken)).json().actions).toEqual(
      expect.arrayContaining(['approve-line-manager', 'update-requested']),
    );

    const { sheet } = await approvedSheet(ctx.db, {
      employeeId: employee.id,
      lineManagerId: lm.id,
      oneOverOneId: oo.id,
    });
    const eprId = await created('POST', '/api/v1/eprs', own, {
      kpi_id: sheet.id,
      type_id: 2,
      from_date: '2031-01-01',
      to_date: '2031-06-30',
    });
    await setEprStatus(ctx.db, eprId, 2);
    const reviewAsLm = (await call('GET', `/api/v1/eprs/${eprId}`, asLm)).json();
    expect(reviewAsLm.actions).toEqual([]);
    expect(reviewAsLm.editable.line_manager).toBe(false);
    const reviewByLm = (await call('GET', `/api/v1/eprs/${eprId}`, lmToken)).json();
    expect(reviewByLm.editable.line_manager).toBe(true);

    const before = await eprRow(ctx.db, eprId);
    refusedAsSomeoneElse(await call('PATCH', `/api/v1/eprs/${eprId}/sections/a`, asLm, { lm_rating: 3 }));
    for (const action of ['approve-line-manager', 'update-requested'])
      refusedAsSomeoneElse(await call('PATCH', `/api/v1/eprs/actions/${action}`, asLm, { epr_id: eprId }));
    expect(await eprRow(ctx.db, eprId)).toEqual(before);
  });
});

describe('what an administrator signed in as someone else may still do', () => {
  it("the person's own records: apply, change and submit, as the person would", async () => {
    const { lm, employee } = await ctx.factory.chain();
    const admin = await ctx.factory.employee({ admin: true });
    const asEmployee = await impersonate(await ctx.factory.token(admin), employee);
    const leaveId = await submittedLeave(asEmployee, lm.id, '2027-08-02', '2027-08-03');
    expect((await leaveRow(ctx.db, leaveId))?.statusId).toBe(2);
    const kpiId = await created('POST', '/api/v1/kpis', asEmployee, customSheetBody());
    const sheet = (await call('GET', `/api/v1/kpis/${kpiId}`, asEmployee)).json();
    expect(sheet.editable).toBe(true);
  });

  it('reads a thread of comments as the person would, but writes none in their name', async () => {
    const { lm, employee } = await ctx.factory.chain();
    const admin = await ctx.factory.employee({ admin: true });
    const own = await ctx.factory.token(employee);
    const kpiId = await created('POST', '/api/v1/kpis', own, customSheetBody());
    await setKpiStatus(ctx.db, kpiId, 2);
    const url = `/api/v1/kpis/${kpiId}/comments`;
    expect((await call('POST', url, await ctx.factory.token(lm), { comment: 'Looks good' })).statusCode).toBe(
      201,
    );
    const asEmployee = await impersonate(await ctx.factory.token(admin), employee);
    const read = await call('GET', url, asEmployee);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toHaveLength(1);
    const written = await call('POST', url, asEmployee, { comment: 'Thanks!' });
    expect(written.statusCode, written.body).toBe(403);
    expect(written.json()).toMatchObject({ error: 'impersonation_no_comment' });
    expect((await call('GET', url, own)).json()).toHaveLength(1);
  });

  it("no administrator's rights, even as another administrator", async () => {
    const admin = await ctx.factory.employee({ admin: true });
    const otherAdmin = await ctx.factory.employee({ admin: true });
    const someone = await ctx.factory.employee();
    const asOtherAdmin = await impersonate(await ctx.factory.token(admin), otherAdmin);

    const me = await call('GET', '/api/v1/me', asOtherAdmin);
    expect(me.json().user.is_admin).toBe(false);
    const company = await call('POST', '/api/v1/companies', asOtherAdmin, {
      name: `Impersonated ${Date.now()}`,
    });
    expect(company.statusCode, company.body).toBe(403);
    const disabled = await call('PATCH', '/api/v1/employees/disable', asOtherAdmin, {
      employee_id: someone.id,
    });
    expect(disabled.statusCode, disabled.body).toBe(403);
    const nested = await call('POST', '/api/v1/impersonate', asOtherAdmin, { employee_id: someone.id });
    expect(nested.statusCode, nested.body).toBe(403);
    // The other administrator's own session keeps them.
    const theirOwn = await call('GET', '/api/v1/me', await ctx.factory.token(otherAdmin));
    expect(theirOwn.json().user.is_admin).toBe(true);
  });
});
