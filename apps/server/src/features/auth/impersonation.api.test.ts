import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { certificateBody, nextIssueDate } from '../../../test/factories/hr-services';
import { remoteWorkBody } from '../../../test/factories/remote-work';
import { leaveBody } from '../../../test/factories/requests';
import { type MadeEmployee, setupApi, type TestContext } from '../../../test/helper';
import { auditLog, sessions } from '../../db/schema';
import { newToken, sha256 } from '../../lib/tokens';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await setupApi();
});

/** Opens a session as `target` from the administrator's session `adminToken`; answers its token. */
async function impersonate(adminToken: string, target: MadeEmployee): Promise<string> {
  const res = await ctx.call({
    method: 'POST',
    url: '/api/v1/impersonate',
    token: adminToken,
    payload: { employee_id: target.id },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token;
}

const me = (token: string) => ctx.call({ method: 'GET', url: '/api/v1/me', token });
const logout = (token: string) => ctx.call({ method: 'POST', url: '/api/v1/logout', token });

async function endings(adminUserId: number) {
  return ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'impersonate_end'), eq(auditLog.actorUserId, adminUserId)))
    .orderBy(auditLog.id);
}

describe('impersonation ends with the administrator', () => {
  it("the administrator's logout ends every session they opened as someone else", async () => {
    const admin = await ctx.factory.employee({ admin: true });
    const [a, b, c] = [
      await ctx.factory.employee(),
      await ctx.factory.employee(),
      await ctx.factory.employee(),
    ];
    const first = await ctx.factory.token(admin);
    const second = await ctx.factory.token(admin);
    const asA = await impersonate(first, a);
    const asB = await impersonate(first, b);
    const asC = await impersonate(second, c);
    // Someone else's own session is no business of the administrator's logout.
    const aOwn = await ctx.factory.token(a);
    for (const token of [asA, asB, asC, aOwn]) expect((await me(token)).statusCode).toBe(200);

    expect((await logout(first)).statusCode).toBe(200);

    for (const token of [first, asA, asB, asC]) expect((await me(token)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(200);
    expect((await me(aOwn)).statusCode).toBe(200);
    // Revoked in the table too, not only refused.
    const rows = await ctx.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.impersonatorUserId, admin.userId!), eq(sessions.kind, 'impersonation')));
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row.revokedAt).toBeInstanceOf(Date);

    const ended = await endings(admin.userId!);
    expect(ended.map((r) => r.entityId).sort()).toEqual([a.id, b.id, c.id].sort());
    for (const row of ended) {
      expect(row.data).toMatchObject({ reason: 'administrator_logout' });
      expect(row.impersonatorUserId).toBeNull();
    }
  });

  it('stopping an impersonation ends that session only, audited with both people', async () => {
    const admin = await ctx.factory.employee({ admin: true });
    const target = await ctx.factory.employee();
    const other = await ctx.factory.employee();
    const adminToken = await ctx.factory.token(admin);
    const asTarget = await impersonate(adminToken, target);
    const asOther = await impersonate(adminToken, other);

    expect((await logout(asTarget)).statusCode).toBe(200);

    expect((await me(asTarget)).statusCode).toBe(401);
    expect((await me(asOther)).statusCode).toBe(200);
    expect((await me(adminToken)).statusCode).toBe(200);
    const [row] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'impersonate_end'), eq(auditLog.entityId, target.id)));
    expect(row).toMatchObject({
      actorUserId: target.userId,
      impersonatorUserId: admin.userId,
      data: expect.objectContaining({ reason: 'stopped' }),
    });
  });

  it("an impersonation ends when the administrator's session expires", async () => {
    const admin = await ctx.factory.employee({ admin: true });
    const target = await ctx.factory.employee();
    const { token: adminToken } = await ctx.factory.login(admin);
    const asTarget = await impersonate(adminToken, target);
    expect((await me(asTarget)).statusCode).toBe(200);

    await ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(sessions.userId, admin.userId!), eq(sessions.kind, 'login')));

    expect((await me(asTarget)).statusCode).toBe(401);
  });

  it('an impersonation ends when the administrator is disabled', async () => {
    const admin = await ctx.factory.employee({ admin: true });
    const otherAdmin = await ctx.factory.employee({ admin: true });
    const target = await ctx.factory.employee();
    const asTarget = await impersonate(await ctx.factory.token(admin), target);

    const disabled = await ctx.call({
      method: 'PATCH',
      url: '/api/v1/employees/disable',
      token: await ctx.factory.token(otherAdmin),
      payload: { employee_id: admin.id },
    });
    expect(disabled.statusCode, disabled.body).toBe(200);

    expect((await me(asTarget)).statusCode).toBe(401);
  });

  it("an impersonation session not tied to an administrator's session is refused", async () => {
    const admin = await ctx.factory.employee({ admin: true });
    const target = await ctx.factory.employee();
    const token = newToken();
    await ctx.db.insert(sessions).values({
      userId: target.userId!,
      tokenHash: sha256(token),
      kind: 'impersonation',
      impersonatorUserId: admin.userId,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    expect((await me(token)).statusCode).toBe(401);
  });

  it('/me names both people while impersonating', async () => {
    const admin = await ctx.factory.employee({ admin: true, name: 'Nadia Admin' });
    const target = await ctx.factory.employee({ name: 'Tanvir Target' });
    const asTarget = await impersonate(await ctx.factory.token(admin), target);
    const res = await me(asTarget);
    expect(res.json()).toMatchObject({
      employee: { id: target.id, eid: target.eid, name: 'Tanvir Target' },
      session: { impersonated_by: admin.eid, impersonator: { eid: admin.eid, name: 'Nadia Admin' } },
    });
    const own = await me(await ctx.factory.token(target));
    expect(own.json().session).toMatchObject({ impersonated_by: null, impersonator: null });
  });
});

describe('writes made while impersonating', () => {
  it('every audited write names the employee and the administrator', async () => {
    const admin = await ctx.factory.employee({ admin: true });
    const { lm, employee } = await ctx.factory.chain();
    const hrAdmin = await ctx.factory.employee({ admin: true });
    const adminToken = await ctx.factory.token(admin);
    const asEmployee = await impersonate(adminToken, employee);
    const asHrAdmin = await impersonate(adminToken, hrAdmin);

    const writes: { token: string; method: 'POST' | 'PATCH'; url: string; payload: object }[] = [
      { token: asEmployee, method: 'POST', url: '/api/v1/leave', payload: leaveBody(lm.id) },
      { token: asEmployee, method: 'POST', url: '/api/v1/remote-work', payload: remoteWorkBody() },
      {
        token: asEmployee,
        method: 'POST',
        url: '/api/v1/employee/service-requests',
        payload: certificateBody({ issue_date: nextIssueDate() }),
      },
      {
        token: asEmployee,
        method: 'PATCH',
        url: `/api/v1/employees/${employee.id}/address`,
        payload: { present: 'House 7, Road 3, Dhanmondi, Dhaka', permanent: 'Comilla Sadar' },
      },
      // An administrator's own record, written as them (their rights as an administrator stay behind).
      {
        token: asHrAdmin,
        method: 'POST',
        url: '/api/v1/remote-work',
        payload: remoteWorkBody({ from_date: '2027-05-03', to_date: '2027-05-04' }),
      },
    ];
    const answers = [];
    for (const { token, ...call } of writes) {
      const res = await ctx.call({ ...call, token });
      expect(res.statusCode, `${call.url}: ${res.body}`).toBe(call.method === 'POST' ? 201 : 200);
      answers.push(res.json());
    }
    const submitted = await ctx.call({
      method: 'PATCH',
      url: '/api/v1/leave/actions/submit',
      token: asEmployee,
      payload: { leave_id: answers[0]!.id },
    });
    expect(submitted.statusCode, submitted.body).toBe(200);

    const rows = await ctx.db
      .select()
      .from(auditLog)
      .where(inArray(auditLog.actorUserId, [employee.userId!, hrAdmin.userId!]));
    // Each request module and the reference data audit their writes (the profile may add its own rows).
    expect(rows.map((r) => `${r.entity}:${r.action}`)).toEqual(
      expect.arrayContaining(['leave:create', 'leave:submit', 'remote_work:create', 'hr_service:create']),
    );
    for (const row of rows) {
      expect(row.impersonatorUserId, `${row.entity}:${row.action}`).toBe(admin.userId);
      expect([employee.id, hrAdmin.id]).toContain(row.actorEmployeeId);
    }

    // The same write made by the employee themself names them alone.
    const own = await ctx.call({
      method: 'POST',
      url: '/api/v1/remote-work',
      token: await ctx.factory.token(employee),
      payload: remoteWorkBody({ from_date: '2027-04-05', to_date: '2027-04-06' }),
    });
    expect(own.statusCode, own.body).toBe(201);
    const [ownRow] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'remote_work'), eq(auditLog.entityId, own.json().id)));
    expect(ownRow).toMatchObject({ actorUserId: employee.userId, impersonatorUserId: null });
  });
});
