import { ADMIN_MESSAGES } from '@hr/contracts/admin';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeAsset, makeCompany, makeOffice, setEmployee, tag } from '../../../test/factories/directory';
import { setupApi, type TestContext } from '../../../test/helper';
import { auditLog, companies } from '../../db/schema';
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

const allCompanies = () => ctx.db.select().from(companies).orderBy(companies.id);
const companyRow = async (id: number) =>
  (await ctx.db.select().from(companies).where(eq(companies.id, id)))[0];
const audits = (id: number, action: string) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'company'), eq(auditLog.entityId, id), eq(auditLog.action, action)));

describe('GET companies', () => {
  it('answers every company without page or limit, with counts, to any signed-in employee', async () => {
    const c = await makeCompany(ctx.db, tag('Acme '));
    await makeOffice(ctx.db, c.id);
    await makeOffice(ctx.db, c.id);
    const res = await ctx.call({ method: 'GET', url: '/api/v1/companies', token: actors.employee });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe((await allCompanies()).length);
    expect(body.count).toBe(body.total);
    expect(body.pagination).toMatchObject({ page: 1, pages: 1, next: null, prev: null });
    expect(body.items.find((x: { id: number }) => x.id === c.id)).toEqual({
      id: c.id,
      name: c.name,
      code: null,
      address: null,
      weekly_off_day: 5,
      enabled: true,
      offices_count: 2,
      employees_count: 0,
      created: expect.any(String),
      updated: expect.any(String),
    });
    expect((await ctx.call({ method: 'GET', url: '/api/v1/companies' })).statusCode).toBe(401);
  });

  it('pages, sorts and searches when asked', async () => {
    const t = tag('Pq');
    for (const n of ['Delta', 'Alpha', 'Charlie', 'Bravo']) await makeCompany(ctx.db, `${t} ${n}`);
    const res = await ctx.call({
      method: 'GET',
      url: `/api/v1/companies?search=${t}&sort=name,asc&limit=10&page=1`,
      token: adminToken,
    });
    expect(res.json().items.map((c: { name: string }) => c.name)).toEqual(
      ['Alpha', 'Bravo', 'Charlie', 'Delta'].map((n) => `${t} ${n}`),
    );
    expect(res.json().pagination).toMatchObject({ page: 1, limit: 10, pages: 1 });
  });

  it.each([
    ['limit 15', '?limit=15'],
    ['an unknown sort field', '?sort=revenue,desc'],
    ['enabled=maybe', '?enabled=maybe'],
  ])('answers 400 for %s', async (_label, query) => {
    const res = await ctx.call({ method: 'GET', url: `/api/v1/companies${query}`, token: adminToken });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(
      /limit must be one of 10, 20, 50|unknown field "revenue"|enabled must be true or false/,
    );
  });
});

describe('POST companies', () => {
  it('adds a company, trimmed, and audits it', async () => {
    const name = tag('Meghna Foods ');
    const res = await ctx.call({
      method: 'POST',
      url: '/api/v1/companies',
      token: adminToken,
      payload: { name: `  ${name}  `, code: 'MFL', address: 'Motijheel, Dhaka', weekly_off_day: 6 },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name,
      code: 'MFL',
      address: 'Motijheel, Dhaka',
      weekly_off_day: 6,
      enabled: true,
    });
    expect(await companyRow(res.json().id)).toMatchObject({ name, code: 'MFL', weeklyOffDay: 6 });
    expect(await audits(res.json().id, 'create')).toHaveLength(1);
  });

  it.each<[string, object, string, string]>([
    ['a missing name', {}, 'name', ADMIN_MESSAGES.nameRequired],
    ['a blank name', { name: '  ' }, 'name', ADMIN_MESSAGES.nameRequired],
    ['a name of one letter', { name: 'X' }, 'name', ADMIN_MESSAGES.nameLength],
    ['a name of 101 letters', { name: 'X'.repeat(101) }, 'name', ADMIN_MESSAGES.nameLength],
    ['a name that is a number', { name: 42 }, 'name', ADMIN_MESSAGES.nameType],
    [
      'too long a code',
      { name: 'Good Name', code: 'C'.repeat(21) },
      'code',
      ADMIN_MESSAGES.companyCodeLength,
    ],
    [
      'too long an address',
      { name: 'Good Name', address: 'a'.repeat(251) },
      'address',
      ADMIN_MESSAGES.addressTooLong,
    ],
    [
      'weekly off day 7',
      { name: 'Good Name', weekly_off_day: 7 },
      'weekly_off_day',
      ADMIN_MESSAGES.weeklyOffDay,
    ],
    ['enabled as text', { name: 'Good Name', enabled: 'yes' }, 'enabled', ADMIN_MESSAGES.enabled],
    ['a name already taken (any case)', { name: 'TAKEN COMPANY' }, 'name', ADMIN_MESSAGES.companyNameTaken],
  ])('answers 422 for %s and adds nothing', async (_label, body, field, message) => {
    if (!(await ctx.db.select().from(companies).where(eq(companies.name, 'Taken Company'))).length)
      await makeCompany(ctx.db, 'Taken Company');
    const before = await allCompanies();
    const res = await ctx.call({
      method: 'POST',
      url: '/api/v1/companies',
      token: adminToken,
      payload: body,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.children[field].errors).toEqual([message]);
    expect(await allCompanies()).toEqual(before);
  });

  it.each([
    ['employee', 403],
    ['line manager', 403],
    ['O&O', 403],
    ['admin', 201],
    ['no token', 401],
  ])('%s: %i', async (actor, status) => {
    const name = tag('Actor Co ');
    const res = await ctx.call({
      method: 'POST',
      url: '/api/v1/companies',
      token: actors[actor]!,
      payload: { name },
    });
    expect(res.statusCode).toBe(status);
    expect(await ctx.db.select().from(companies).where(eq(companies.name, name))).toHaveLength(
      status === 201 ? 1 : 0,
    );
  });
});

describe('PATCH companies/{id}', () => {
  it('changes the fields sent, clears a blank code, and audits the change', async () => {
    const c = await makeCompany(ctx.db);
    await ctx.db.update(companies).set({ code: 'OLD' }).where(eq(companies.id, c.id));
    const name = tag('Renamed ');
    const res = await ctx.call({
      method: 'PATCH',
      url: `/api/v1/companies/${c.id}`,
      token: adminToken,
      payload: { name, code: '', enabled: false },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: c.id, name, code: null, enabled: false, weekly_off_day: 5 });
    const [a] = await audits(c.id, 'update');
    expect(a?.data).toEqual({
      changes: {
        name: { before: c.name, after: name },
        code: { before: 'OLD', after: null },
        enabled: { before: true, after: false },
      },
      fields: ['name', 'code', 'enabled'],
    });
  });

  it('answers 422 for an empty change or a taken name, 404 for an unknown company, and changes nothing', async () => {
    const c = await makeCompany(ctx.db);
    const other = await makeCompany(ctx.db);
    const before = await companyRow(c.id);
    const empty = await ctx.call({
      method: 'PATCH',
      url: `/api/v1/companies/${c.id}`,
      token: adminToken,
      payload: {},
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.errors).toEqual([ADMIN_MESSAGES.nothingToChange]);
    const taken = await ctx.call({
      method: 'PATCH',
      url: `/api/v1/companies/${c.id}`,
      token: adminToken,
      payload: { name: other.name },
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.children.name.errors).toEqual([ADMIN_MESSAGES.companyNameTaken]);
    expect(await companyRow(c.id)).toEqual(before);
    const missing = await ctx.call({
      method: 'PATCH',
      url: '/api/v1/companies/99999999',
      token: adminToken,
      payload: { name: 'Whatever' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(ADMIN_TEXT.companyNotFound);
  });

  it.each([
    ['employee', 403],
    ['line manager', 403],
    ['O&O', 403],
    ['admin', 200],
    ['no token', 401],
  ])('%s: %i', async (actor, status) => {
    const c = await makeCompany(ctx.db);
    const res = await ctx.call({
      method: 'PATCH',
      url: `/api/v1/companies/${c.id}`,
      token: actors[actor]!,
      payload: { address: 'New address' },
    });
    expect(res.statusCode).toBe(status);
    expect((await companyRow(c.id))?.address).toBe(status === 200 ? 'New address' : null);
  });
});

describe('DELETE companies', () => {
  it('deletes an unused company (by id or with company_id in the body) and audits it', async () => {
    const a = await makeCompany(ctx.db);
    const res = await ctx.call({ method: 'DELETE', url: `/api/v1/companies/${a.id}`, token: adminToken });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(`${a.name} has been successfully deleted!`);
    expect(await companyRow(a.id)).toBeUndefined();
    expect(await audits(a.id, 'delete')).toHaveLength(1);

    const b = await makeCompany(ctx.db);
    const byBody = await ctx.call({
      method: 'DELETE',
      url: '/api/v1/companies',
      token: adminToken,
      payload: { company_id: b.id },
    });
    expect(byBody.statusCode).toBe(200);
    expect(await companyRow(b.id)).toBeUndefined();
  });

  it.each([
    ['offices', async (id: number) => void (await makeOffice(ctx.db, id)), '1 office'],
    [
      'employees',
      async (id: number) =>
        setEmployee(ctx.db, (await ctx.factory.employee()).id, { companyId: id, officeId: null }),
      '1 employee',
    ],
    ['assets', async (id: number) => void (await makeAsset(ctx.db, id)), '1 asset'],
  ])('refuses with 409 while the company has %s', async (_label, attach, what) => {
    const c = await makeCompany(ctx.db);
    await attach(c.id);
    const res = await ctx.call({ method: 'DELETE', url: `/api/v1/companies/${c.id}`, token: adminToken });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      `${c.name} cannot be deleted: it still has ${what}. Move or delete them first.`,
    );
    expect(await companyRow(c.id)).toBeDefined();
    expect(await audits(c.id, 'delete')).toHaveLength(0);
  });

  it('answers 404 for an unknown company and 400/422 for a bad id', async () => {
    expect(
      (await ctx.call({ method: 'DELETE', url: '/api/v1/companies/99999999', token: adminToken })).statusCode,
    ).toBe(404);
    expect(
      (await ctx.call({ method: 'DELETE', url: '/api/v1/companies/abc', token: adminToken })).statusCode,
    ).toBe(400);
    const bad = await ctx.call({
      method: 'DELETE',
      url: '/api/v1/companies',
      token: adminToken,
      payload: { company_id: 'x' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.children.company_id.errors).toEqual([
      'company_id must be a whole number from 1',
    ]);
  });

  it.each([
    ['employee', 403],
    ['line manager', 403],
    ['O&O', 403],
    ['admin', 200],
    ['no token', 401],
  ])('%s: %i', async (actor, status) => {
    const c = await makeCompany(ctx.db);
    const res = await ctx.call({ method: 'DELETE', url: `/api/v1/companies/${c.id}`, token: actors[actor]! });
    expect(res.statusCode).toBe(status);
    expect(Boolean(await companyRow(c.id))).toBe(status !== 200);
  });
});
