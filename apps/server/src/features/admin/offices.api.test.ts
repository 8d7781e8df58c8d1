import { ADMIN_MESSAGES } from '@hr/contracts/admin';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeCompany, makeOffice, setEmployee, tag } from '../../../test/factories/directory';
import { setupApi, type TestContext } from '../../../test/helper';
import { auditLog, offices } from '../../db/schema';
import { ADMIN_TEXT } from './admin.service';

let ctx: TestContext;
let adminToken: string;
let actors: Record<string, string | null>;

beforeAll(async () => {
  ctx = await setupApi();
  const f = ctx.factory;
  const { oo, lm, employee } = await f.chain();
  adminToken = await f.token(await f.employee({ admin: true }));
  actors = {
    employee: await f.token(employee),
    'line manager': await f.token(lm),
    'O&O': await f.token(oo),
    admin: adminToken,
    'no token': null,
  };
});

const allOffices = () => ctx.db.select().from(offices).orderBy(offices.id);
const officeRow = async (id: number) => (await ctx.db.select().from(offices).where(eq(offices.id, id)))[0];
const audits = (id: number, action: string) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'office'), eq(auditLog.entityId, id), eq(auditLog.action, action)));

describe('GET offices', () => {
  it('answers the enabled offices with their company to any signed-in employee (offices?enabled=true)', async () => {
    const c = await makeCompany(ctx.db);
    const open = await makeOffice(ctx.db, c.id, 'Open Office');
    const closed = await makeOffice(ctx.db, c.id, 'Closed Office');
    await ctx.db.update(offices).set({ enabled: false }).where(eq(offices.id, closed.id));
    const someone = await ctx.factory.employee();
    await setEmployee(ctx.db, someone.id, { officeId: open.id });

    const res = await ctx.call({
      method: 'GET',
      url: `/api/v1/offices?enabled=true&company_id=${c.id}`,
      token: actors.employee,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toEqual([
      {
        id: open.id,
        name: 'Open Office',
        company: { id: c.id, name: c.name },
        address: null,
        enabled: true,
        employees_count: 1,
        created: expect.any(String),
        updated: expect.any(String),
      },
    ]);
    const all = await ctx.call({
      method: 'GET',
      url: `/api/v1/offices?company_id=${c.id}`,
      token: adminToken,
    });
    expect(
      all
        .json()
        .items.map((o: { id: number }) => o.id)
        .sort(),
    ).toEqual([open.id, closed.id].sort());
    expect((await ctx.call({ method: 'GET', url: '/api/v1/offices' })).statusCode).toBe(401);
  });

  it('pages when asked: 10 by default once a page is named', async () => {
    const c = await makeCompany(ctx.db);
    for (let i = 0; i < 12; i++) await makeOffice(ctx.db, c.id, `Branch ${String(i).padStart(2, '0')}`);
    const res = await ctx.call({
      method: 'GET',
      url: `/api/v1/offices?company_id=${c.id}&page=2&sort=name,asc`,
      token: adminToken,
    });
    expect(res.json()).toMatchObject({ count: 2, total: 12, pagination: { page: 2, limit: 10, pages: 2 } });
    expect(res.json().items.map((o: { name: string }) => o.name)).toEqual(['Branch 10', 'Branch 11']);
  });

  it.each([
    ['limit 15', '?limit=15', 'limit must be one of 10, 20, 50'],
    ['an unknown sort', '?sort=size,asc', 'unknown field "size"'],
    ['a bad company id', '?company_id=x', 'company_id must be a company id'],
  ])('answers 400 for %s', async (_label, query, message) => {
    const res = await ctx.call({ method: 'GET', url: `/api/v1/offices${query}`, token: adminToken });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });
});

describe('POST offices', () => {
  it('adds an office to a company and audits it', async () => {
    const c = await makeCompany(ctx.db);
    const res = await ctx.call({
      method: 'POST',
      url: '/api/v1/offices',
      token: adminToken,
      payload: { company_id: c.id, name: 'Khulna Office', address: 'KDA Avenue, Khulna' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Khulna Office',
      company: { id: c.id, name: c.name },
      address: 'KDA Avenue, Khulna',
      enabled: true,
      employees_count: 0,
    });
    expect(await officeRow(res.json().id)).toMatchObject({ companyId: c.id, name: 'Khulna Office' });
    expect(await audits(res.json().id, 'create')).toHaveLength(1);
  });

  it('allows the same name in another company', async () => {
    const a = await makeCompany(ctx.db);
    const b = await makeCompany(ctx.db);
    await makeOffice(ctx.db, a.id, 'Head Office');
    const res = await ctx.call({
      method: 'POST',
      url: '/api/v1/offices',
      token: adminToken,
      payload: { company_id: b.id, name: 'Head Office' },
    });
    expect(res.statusCode).toBe(201);
  });

  it.each<[string, (companyId: number) => object, string, string]>([
    ['a missing company', () => ({ name: 'Good Office' }), 'company_id', ADMIN_MESSAGES.companyRequired],
    [
      'an unknown company',
      () => ({ company_id: 99_999_999, name: 'Good Office' }),
      'company_id',
      ADMIN_MESSAGES.companyUnknown,
    ],
    [
      'a company id as text',
      () => ({ company_id: 'one', name: 'Good Office' }),
      'company_id',
      ADMIN_MESSAGES.companyUnknown,
    ],
    ['a missing name', (id) => ({ company_id: id }), 'name', ADMIN_MESSAGES.nameRequired],
    ['a name of one letter', (id) => ({ company_id: id, name: 'K' }), 'name', ADMIN_MESSAGES.nameLength],
    [
      'a name of 101 letters',
      (id) => ({ company_id: id, name: 'K'.repeat(101) }),
      'name',
      ADMIN_MESSAGES.nameLength,
    ],
    [
      'too long an address',
      (id) => ({ company_id: id, name: 'Good Office', address: 'x'.repeat(251) }),
      'address',
      ADMIN_MESSAGES.addressTooLong,
    ],
    [
      'enabled as a number',
      (id) => ({ company_id: id, name: 'Good Office', enabled: 1 }),
      'enabled',
      ADMIN_MESSAGES.enabled,
    ],
    [
      'a name taken in that company',
      (id) => ({ company_id: id, name: 'taken office' }),
      'name',
      ADMIN_MESSAGES.officeNameTaken,
    ],
  ])('answers 422 for %s and adds nothing', async (_label, body, field, message) => {
    const c = await makeCompany(ctx.db);
    await makeOffice(ctx.db, c.id, 'Taken Office');
    const before = await allOffices();
    const res = await ctx.call({
      method: 'POST',
      url: '/api/v1/offices',
      token: adminToken,
      payload: body(c.id),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.children[field].errors).toEqual([message]);
    expect(await allOffices()).toEqual(before);
  });

  it.each([
    ['employee', 403],
    ['line manager', 403],
    ['O&O', 403],
    ['admin', 201],
    ['no token', 401],
  ])('%s: %i', async (actor, status) => {
    const c = await makeCompany(ctx.db);
    const res = await ctx.call({
      method: 'POST',
      url: '/api/v1/offices',
      token: actors[actor]!,
      payload: { company_id: c.id, name: 'Rajshahi Office' },
    });
    expect(res.statusCode).toBe(status);
    expect(await ctx.db.select().from(offices).where(eq(offices.companyId, c.id))).toHaveLength(
      status === 201 ? 1 : 0,
    );
  });
});

describe('PATCH offices/{id}', () => {
  it('moves an office to another company, disables it and audits the change', async () => {
    const a = await makeCompany(ctx.db);
    const b = await makeCompany(ctx.db);
    const o = await makeOffice(ctx.db, a.id, 'Moving Office');
    const res = await ctx.call({
      method: 'PATCH',
      url: `/api/v1/offices/${o.id}`,
      token: adminToken,
      payload: { company_id: b.id, enabled: false },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      company: { id: b.id, name: b.name },
      enabled: false,
      name: 'Moving Office',
    });
    const [row] = await audits(o.id, 'update');
    expect(row?.data).toEqual({
      changes: { company_id: { before: a.id, after: b.id }, enabled: { before: true, after: false } },
      fields: ['company_id', 'enabled'],
    });
  });

  it('refuses a name taken in the company it would be in, an unknown company and an unknown office', async () => {
    const a = await makeCompany(ctx.db);
    const b = await makeCompany(ctx.db);
    const o = await makeOffice(ctx.db, a.id, 'Unique Office');
    await makeOffice(ctx.db, b.id, 'Unique Office');
    const before = await officeRow(o.id);
    const clash = await ctx.call({
      method: 'PATCH',
      url: `/api/v1/offices/${o.id}`,
      token: adminToken,
      payload: { company_id: b.id },
    });
    expect(clash.statusCode).toBe(422);
    expect(clash.json().errors.children.name.errors).toEqual([ADMIN_MESSAGES.officeNameTaken]);
    const unknown = await ctx.call({
      method: 'PATCH',
      url: `/api/v1/offices/${o.id}`,
      token: adminToken,
      payload: { company_id: 99_999_999 },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.children.company_id.errors).toEqual([ADMIN_MESSAGES.companyUnknown]);
    expect(await officeRow(o.id)).toEqual(before);
    const missing = await ctx.call({
      method: 'PATCH',
      url: '/api/v1/offices/99999999',
      token: adminToken,
      payload: { name: 'Whatever' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(ADMIN_TEXT.officeNotFound);
  });

  it.each([
    ['employee', 403],
    ['line manager', 403],
    ['O&O', 403],
    ['admin', 200],
    ['no token', 401],
  ])('%s: %i', async (actor, status) => {
    const c = await makeCompany(ctx.db);
    const o = await makeOffice(ctx.db, c.id, 'Before');
    const res = await ctx.call({
      method: 'PATCH',
      url: `/api/v1/offices/${o.id}`,
      token: actors[actor]!,
      payload: { name: 'After' },
    });
    expect(res.statusCode).toBe(status);
    expect((await officeRow(o.id))?.name).toBe(status === 200 ? 'After' : 'Before');
  });
});

describe('DELETE offices', () => {
  it('deletes an office nobody works in (by id or with office_id in the body) and audits it', async () => {
    const c = await makeCompany(ctx.db);
    const a = await makeOffice(ctx.db, c.id);
    const res = await ctx.call({ method: 'DELETE', url: `/api/v1/offices/${a.id}`, token: adminToken });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(`${a.name} has been successfully deleted!`);
    expect(await officeRow(a.id)).toBeUndefined();
    expect(await audits(a.id, 'delete')).toHaveLength(1);
    const b = await makeOffice(ctx.db, c.id);
    const byBody = await ctx.call({
      method: 'DELETE',
      url: '/api/v1/offices',
      token: adminToken,
      payload: { office_id: b.id },
    });
    expect(byBody.statusCode).toBe(200);
    expect(await officeRow(b.id)).toBeUndefined();
  });

  it('refuses with 409 while employees work there', async () => {
    const c = await makeCompany(ctx.db);
    const o = await makeOffice(ctx.db, c.id, tag('Busy Office '));
    for (let i = 0; i < 2; i++)
      await setEmployee(ctx.db, (await ctx.factory.employee()).id, { officeId: o.id });
    const res = await ctx.call({ method: 'DELETE', url: `/api/v1/offices/${o.id}`, token: adminToken });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ADMIN_TEXT.officeInUse(o.name, 2));
    expect(res.json().message).toBe(
      `${o.name} cannot be deleted: 2 employees work there. Move them to another office first.`,
    );
    expect(await officeRow(o.id)).toBeDefined();
  });

  it('answers 404 for an unknown office', async () => {
    const res = await ctx.call({ method: 'DELETE', url: '/api/v1/offices/99999999', token: adminToken });
    expect(res.statusCode).toBe(404);
  });

  it.each([
    ['employee', 403],
    ['line manager', 403],
    ['O&O', 403],
    ['admin', 200],
    ['no token', 401],
  ])('%s: %i', async (actor, status) => {
    const c = await makeCompany(ctx.db);
    const o = await makeOffice(ctx.db, c.id);
    const res = await ctx.call({
      method: 'DELETE',
      url: '/api/v1/offices',
      token: actors[actor]!,
      payload: { office_id: o.id },
    });
    expect(res.statusCode).toBe(status);
    expect(Boolean(await officeRow(o.id))).toBe(status !== 200);
  });
});
