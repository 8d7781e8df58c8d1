import { MESSAGES } from '@hr/contracts/messages';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeAsset, makeGroupTree, profileState } from '../../../test/factories/profile';
import { type MadeEmployee, randomAddress, setupApi, type TestContext } from '../../../test/helper';
import { assetAssignments, auditLog, companies, employees, offices, outbox, users } from '../../db/schema';

let ctx: TestContext;
let admin: MadeEmployee;
let adminToken: string;

beforeAll(async () => {
  ctx = await setupApi();
  admin = await ctx.factory.employee({ admin: true });
  adminToken = await ctx.factory.token(admin);
});

const patch = (path: string, payload: object, token: string | null = adminToken) =>
  ctx.call({ method: 'PATCH', url: `/api/v1/${path}`, payload, token });

const login = (eid: string, password: string) =>
  ctx.call({
    method: 'POST',
    url: '/api/v1/login_check',
    payload: { username: eid, password, app_id: 3 },
    remoteAddress: randomAddress(),
  });

async function lastAudit(action: string, entityId: number) {
  const [row] = await ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, entityId)))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
}

describe("the administrator's controls: only HR may use them", () => {
  type Kind = 'employee' | 'line_manager' | 'one_over_one' | 'self' | 'nobody';
  const controls: [string, 'PATCH' | 'POST', string, (employeeId: number) => Promise<object>][] = [
    ['disable', 'PATCH', 'employees/disable', async (id) => ({ employee_id: id })],
    ['enable', 'PATCH', 'employees/enable', async (id) => ({ employee_id: id })],
    ['add user', 'POST', 'users/employees', async (id) => ({ employee_id: id })],
    [
      'assign company',
      'PATCH',
      'employees/assign/company',
      async (id) => {
        const [c] = await ctx.db
          .insert(companies)
          .values({ name: `Other Co ${id}-${Math.random()}` })
          .returning();
        return { employee_id: id, company_id: c!.id };
      },
    ],
    [
      'assign office',
      'PATCH',
      'employees/assign/office',
      async (id) => {
        const [e] = await ctx.db.select().from(employees).where(eq(employees.id, id));
        const [o] = await ctx.db
          .insert(offices)
          .values({ companyId: e!.companyId!, name: `Branch ${Math.random()}` })
          .returning();
        return { employee_id: id, office_id: o!.id };
      },
    ],
    [
      'assign group',
      'PATCH',
      'employees/assign/group',
      async (id) => ({ employee_id: id, group_tree_id: (await makeGroupTree(ctx.db)).id }),
    ],
    [
      'assign asset',
      'PATCH',
      'employees/assets/assign',
      async (id) => ({ employee_id: id, asset_id: (await makeAsset(ctx.db)).id }),
    ],
  ];
  const kinds: Kind[] = ['self', 'line_manager', 'one_over_one', 'employee', 'nobody'];
  const cases = controls.flatMap(([name, method, path, body]) =>
    kinds.map((kind) => [name, kind, method, path, body] as const),
  );

  it.each(cases)('%s by %s is refused and changes nothing', async (_name, kind, method, path, body) => {
    const { oo, lm, employee } = await ctx.factory.chain();
    const stranger = await ctx.factory.employee();
    const caller = { self: employee, line_manager: lm, one_over_one: oo, employee: stranger, nobody: null }[
      kind
    ];
    const token = caller ? await ctx.factory.token(caller) : null;
    const payload = await body(employee.id);
    const before = await profileState(ctx.db, employee.id);
    const users0 = await ctx.db.select().from(users).where(eq(users.employeeId, employee.id));
    const res = await ctx.call({ method, url: `/api/v1/${path}`, payload, token });
    expect(res.statusCode).toBe(kind === 'nobody' ? 401 : 403);
    expect(await profileState(ctx.db, employee.id)).toEqual(before);
    expect(await ctx.db.select().from(users).where(eq(users.employeeId, employee.id))).toEqual(users0);
  });

  it.each(controls)('%s by HR works and is audited', async (name, method, path, body) => {
    const employee = await ctx.factory.employee({
      withUser: name !== 'add user',
      enabled: name !== 'enable',
    });
    const res = await ctx.call({
      method,
      url: `/api/v1/${path}`,
      payload: await body(employee.id),
      token: adminToken,
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    const action = {
      disable: 'disable',
      enable: 'enable',
      'add user': 'create_user',
      'assign company': 'assign_company',
      'assign office': 'assign_office',
      'assign group': 'assign_group',
      'assign asset': 'assign_asset',
    }[name]!;
    expect(await lastAudit(action, employee.id)).toMatchObject({ actorUserId: admin.userId });
  });

  it('an unknown employee is a 404', async () => {
    expect((await patch('employees/disable', { employee_id: 99_999_999 })).statusCode).toBe(404);
    expect(
      (
        await ctx.call({
          method: 'POST',
          url: '/api/v1/users/employees',
          payload: { employee_id: 99_999_999 },
          token: adminToken,
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('enable and disable', () => {
  it('disabling ends the sessions and stops sign-in; enabling lets the employee sign in again', async () => {
    const person = await ctx.factory.employee();
    const token = await ctx.factory.token(person);
    expect((await ctx.call({ method: 'GET', url: '/api/v1/me', token })).statusCode).toBe(200);

    const res = await patch('employees/disable', { employee_id: person.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ enabled: false });
    expect((await ctx.call({ method: 'GET', url: '/api/v1/me', token })).statusCode).toBe(401);
    const refused = await login(person.eid, person.password);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error).toBe('account_disabled');
    expect(await lastAudit('disable', person.id)).toMatchObject({
      fromStatus: 1,
      toStatus: 0,
      data: { sessions_ended: 1 },
    });

    expect((await patch('employees/enable', { employee_id: person.id })).statusCode).toBe(200);
    // The ended session stays ended; a new sign-in works.
    expect((await ctx.call({ method: 'GET', url: '/api/v1/me', token })).statusCode).toBe(401);
    const again = await login(person.eid, person.password);
    expect(again.statusCode).toBe(200);
    expect(await lastAudit('enable', person.id)).toMatchObject({ fromStatus: 0, toStatus: 1 });
  });

  it('an administrator cannot disable themselves', async () => {
    const res = await patch('employees/disable', { employee_id: admin.id });
    expect(res.statusCode).toBe(400);
    const [row] = await ctx.db.select().from(employees).where(eq(employees.id, admin.id));
    expect(row!.enabled).toBe(true);
  });
});

describe('Add User (POST users/employees)', () => {
  it('makes a user without a password and sends an invitation whose link sets the password', async () => {
    const person = await ctx.factory.employee({
      withUser: false,
      mobile: '01911000111',
      email: 'rumana@portal.test',
    });
    const res = await ctx.call({
      method: 'POST',
      url: '/api/v1/users/employees',
      payload: { employee_id: person.id },
      token: adminToken,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      user: { username: person.eid, has_password: false },
      sent_to: [
        { channel: 'email', recipient: 'rumana@portal.test' },
        { channel: 'sms', recipient: '01911000111' },
      ],
    });
    const [user] = await ctx.db.select().from(users).where(eq(users.employeeId, person.id));
    expect(user!.passwordHash).toBeNull();

    const messages = await ctx.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.employeeId, person.id), eq(outbox.topic, 'user-invite')));
    expect(messages.map((m) => m.channel).sort()).toEqual(['email', 'sms']);
    const link = /\/resetpassword\/([A-Za-z0-9_-]+)/.exec(
      messages.find((m) => m.channel === 'email')!.body,
    )?.[1];
    expect(link).toBeTruthy();
    expect(messages.find((m) => m.channel === 'email')!.body).toContain('http://portal.test/resetpassword/');

    // No password yet: no sign-in.
    expect((await login(person.eid, 'chosen-pass')).statusCode).toBe(401);
    const reset = await ctx.call({
      method: 'POST',
      url: '/api/v1/reset/password/otp',
      payload: { token: link, plain_password: 'chosen-pass' },
      remoteAddress: randomAddress(),
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await login(person.eid, 'chosen-pass')).statusCode).toBe(200);

    // Add User is done once.
    const twice = await ctx.call({
      method: 'POST',
      url: '/api/v1/users/employees',
      payload: { employee_id: person.id },
      token: adminToken,
    });
    expect(twice.statusCode).toBe(409);
    const profile = await ctx.call({
      method: 'GET',
      url: `/api/v1/employees/${person.id}`,
      token: adminToken,
    });
    expect(profile.json().employee_user).toMatchObject({ username: person.eid, has_password: true });
  });

  it('sends only what the employee has (an SMS when there is no e-mail)', async () => {
    const person = await ctx.factory.employee({ withUser: false, email: null, mobile: '01811000222' });
    const res = await ctx.call({
      method: 'POST',
      url: '/api/v1/users/employees',
      payload: { employee_id: person.id },
      token: adminToken,
    });
    expect(res.json().sent_to).toEqual([{ channel: 'sms', recipient: '01811000222' }]);
  });

  it('refuses an employee with no e-mail and no mobile, and a disabled one, making no user', async () => {
    const unreachable = await ctx.factory.employee({ withUser: false, email: null, mobile: null });
    const disabled = await ctx.factory.employee({ withUser: false, enabled: false });
    for (const [person, status] of [
      [unreachable, 422],
      [disabled, 409],
    ] as const) {
      const res = await ctx.call({
        method: 'POST',
        url: '/api/v1/users/employees',
        payload: { employee_id: person.id },
        token: adminToken,
      });
      expect(res.statusCode).toBe(status);
      expect(await ctx.db.select().from(users).where(eq(users.employeeId, person.id))).toEqual([]);
      expect(await ctx.db.select().from(outbox).where(eq(outbox.employeeId, person.id))).toEqual([]);
    }
  });
});

describe('company, office and groups', () => {
  it('moving to another company clears an office of the old one; an office must be of the employee company', async () => {
    const person = await ctx.factory.employee();
    const [co] = await ctx.db.insert(companies).values({ name: 'Meghna Logistics Test' }).returning();
    const [hub] = await ctx.db
      .insert(offices)
      .values({ companyId: co!.id, name: 'Logistics Hub' })
      .returning();

    const wrong = await patch('employees/assign/office', { employee_id: person.id, office_id: hub!.id });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.children.office_id.errors).toEqual([MESSAGES.officeOtherCompany]);

    expect(
      (await patch('employees/assign/company', { employee_id: person.id, company_id: co!.id })).statusCode,
    ).toBe(200);
    let [row] = await ctx.db.select().from(employees).where(eq(employees.id, person.id));
    expect(row).toMatchObject({ companyId: co!.id, officeId: null });

    expect(
      (await patch('employees/assign/office', { employee_id: person.id, office_id: hub!.id })).statusCode,
    ).toBe(200);
    [row] = await ctx.db.select().from(employees).where(eq(employees.id, person.id));
    expect(row!.officeId).toBe(hub!.id);

    const unknown = await patch('employees/assign/company', {
      employee_id: person.id,
      company_id: 99_999_999,
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.children.company_id.errors).toEqual([MESSAGES.choiceInvalid]);
  });

  it('audits a move with the names as changes and the ids in the same shape', async () => {
    const person = await ctx.factory.employee();
    const [before] = await ctx.db.select().from(employees).where(eq(employees.id, person.id));
    const [co] = await ctx.db.insert(companies).values({ name: 'Padma Traders Test' }).returning();
    const [hub] = await ctx.db.insert(offices).values({ companyId: co!.id, name: 'Padma Hub' }).returning();
    await patch('employees/assign/company', { employee_id: person.id, company_id: co!.id });
    await patch('employees/assign/office', { employee_id: person.id, office_id: hub!.id });

    const moved = await lastAudit('assign_company', person.id);
    expect(moved?.data).toEqual({
      section: 'company',
      changes: {
        company: { before: expect.any(String), after: 'Padma Traders Test' },
        office: { before: 'Main Office', after: null },
      },
      fields: ['company', 'office'],
      ids: {
        company: { before: before!.companyId, after: co!.id },
        office: { before: before!.officeId, after: null },
      },
      office_cleared: true,
    });
    const placed = await lastAudit('assign_office', person.id);
    expect(placed?.data).toEqual({
      section: 'office',
      changes: { office: { before: null, after: 'Padma Hub' } },
      fields: ['office'],
      ids: { office: { before: null, after: hub!.id } },
    });
  });

  it('puts an employee in a group and takes them out again', async () => {
    const person = await ctx.factory.employee();
    const tree = await makeGroupTree(ctx.db);
    const body = { employee_id: person.id, group_tree_id: tree.id };
    expect((await patch('employees/assign/group', body)).statusCode).toBe(200);
    expect((await patch('employees/assign/group', body)).statusCode).toBe(409);
    const profile = await ctx.call({
      method: 'GET',
      url: `/api/v1/employees/${person.id}`,
      token: adminToken,
    });
    expect(profile.json().groups).toEqual([expect.objectContaining({ id: tree.id, name: 'Payroll revamp' })]);
    expect((await patch('employees/remove/group', body)).statusCode).toBe(200);
    expect((await patch('employees/remove/group', body)).statusCode).toBe(404);
    expect(await lastAudit('remove_group', person.id)).toBeTruthy();
  });
});

describe('assets', () => {
  async function holderOf(assetId: number) {
    const rows = await ctx.db
      .select({ employeeId: assetAssignments.employeeId })
      .from(assetAssignments)
      .where(and(eq(assetAssignments.assetId, assetId), isNull(assetAssignments.returnedAt)));
    return rows.map((r) => r.employeeId);
  }

  it('an asset held by someone cannot be assigned to another until it is returned', async () => {
    const a = await ctx.factory.employee({ name: 'Arif Islam' });
    const b = await ctx.factory.employee();
    const asset = await makeAsset(ctx.db);
    expect(
      (await patch('employees/assets/assign', { employee_id: a.id, asset_id: asset.id })).statusCode,
    ).toBe(200);

    const taken = await patch('employees/assets/assign', { employee_id: b.id, asset_id: asset.id });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toContain('Arif Islam');
    expect(
      (await patch('employees/assets/assign', { employee_id: a.id, asset_id: asset.id })).statusCode,
    ).toBe(409);
    expect(await holderOf(asset.id)).toEqual([a.id]);

    expect(
      (await patch('employees/assets/remove', { employee_id: b.id, asset_id: asset.id })).statusCode,
    ).toBe(404);
    expect(
      (await patch('employees/assets/remove', { employee_id: a.id, asset_id: asset.id })).statusCode,
    ).toBe(200);
    expect(
      (await patch('employees/assets/assign', { employee_id: b.id, asset_id: asset.id })).statusCode,
    ).toBe(200);
    expect(await holderOf(asset.id)).toEqual([b.id]);
    const profile = await ctx.call({ method: 'GET', url: `/api/v1/employees/${b.id}`, token: adminToken });
    expect(profile.json().assets).toEqual([expect.objectContaining({ id: asset.id, name: asset.name })]);
  });

  it('two assignments of one asset at the same moment: exactly one wins', async () => {
    const asset = await makeAsset(ctx.db);
    const people = await Promise.all([
      ctx.factory.employee(),
      ctx.factory.employee(),
      ctx.factory.employee(),
    ]);
    const results = await Promise.all(
      people.map((p) => patch('employees/assets/assign', { employee_id: p.id, asset_id: asset.id })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await holderOf(asset.id)).toHaveLength(1);
  });

  it('offers only free assets, with companies, offices and groups, to HR only', async () => {
    const person = await ctx.factory.employee();
    const free = await makeAsset(ctx.db, 'Monitor');
    const held = await makeAsset(ctx.db, 'Phone');
    await patch('employees/assets/assign', { employee_id: person.id, asset_id: held.id });
    const res = await ctx.call({
      method: 'GET',
      url: `/api/v1/employees/${person.id}/admin-options`,
      token: adminToken,
    });
    expect(res.statusCode).toBe(200);
    const ids = res.json().assets.map((a: { id: number }) => a.id);
    expect(ids).toContain(free.id);
    expect(ids).not.toContain(held.id);
    expect(res.json().companies.length).toBeGreaterThan(0);
    const token = await ctx.factory.token(person);
    expect(
      (await ctx.call({ method: 'GET', url: `/api/v1/employees/${person.id}/admin-options`, token }))
        .statusCode,
    ).toBe(403);
  });
});
