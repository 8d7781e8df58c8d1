import { ADMIN_MESSAGES } from '@hr/contracts/admin';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { assignAsset, makeAsset, makeCompany, tag } from '../../../test/factories/directory';
import { setupApi, type TestContext } from '../../../test/helper';
import { assetAssignments, assets, auditLog } from '../../db/schema';
import { ADMIN_TEXT } from './admin.service';

let ctx: TestContext;
let adminToken: string;
let actors: Record<string, string | null>;
let companyId: number;

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
  companyId = (await makeCompany(ctx.db)).id;
});

const allAssets = () => ctx.db.select().from(assets).orderBy(assets.id);
const assetRow = async (id: number) => (await ctx.db.select().from(assets).where(eq(assets.id, id)))[0];
const audits = (id: number, action: string) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'asset'), eq(auditLog.entityId, id), eq(auditLog.action, action)));

describe('GET assets', () => {
  it('lists assets with their current holder (an assignment not returned)', async () => {
    const c = await makeCompany(ctx.db);
    const holder = await ctx.factory.employee({ name: `Holder ${tag()}` });
    const former = await ctx.factory.employee();
    const held = await makeAsset(ctx.db, c.id, 'Laptop Held');
    const returned = await makeAsset(ctx.db, c.id, 'Laptop Returned');
    await assignAsset(ctx.db, held.id, former.id, true);
    await assignAsset(ctx.db, held.id, holder.id);
    await assignAsset(ctx.db, returned.id, former.id, true);

    const res = await ctx.call({
      method: 'GET',
      url: `/api/v1/assets?company_id=${c.id}&sort=name,asc`,
      token: adminToken,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toEqual([
      {
        id: held.id,
        name: 'Laptop Held',
        code: held.code,
        description: null,
        company: { id: c.id, name: c.name },
        enabled: true,
        holder: { id: holder.id, eid: holder.eid, name: holder.name, photo: null },
        assigned_at: expect.any(String),
        created: expect.any(String),
        updated: expect.any(String),
      },
      expect.objectContaining({ id: returned.id, holder: null, assigned_at: null }),
    ]);
    const free = await ctx.call({
      method: 'GET',
      url: `/api/v1/assets?company_id=${c.id}&assigned=false`,
      token: adminToken,
    });
    expect(free.json().items.map((a: { id: number }) => a.id)).toEqual([returned.id]);
    const taken = await ctx.call({
      method: 'GET',
      url: `/api/v1/assets?company_id=${c.id}&assigned=true`,
      token: adminToken,
    });
    expect(taken.json().items.map((a: { id: number }) => a.id)).toEqual([held.id]);
  });

  it('pages 10 by default and searches name and code', async () => {
    const c = await makeCompany(ctx.db);
    const t = tag('Mon');
    for (let i = 0; i < 11; i++) await makeAsset(ctx.db, c.id, `${t} ${i}`);
    const first = await ctx.call({ method: 'GET', url: `/api/v1/assets?search=${t}`, token: adminToken });
    expect(first.json()).toMatchObject({
      count: 10,
      total: 11,
      pagination: { page: 1, limit: 10, pages: 2 },
    });
    const byCode = await ctx.call({
      method: 'GET',
      url: `/api/v1/assets?search=${first.json().items[0].code}`,
      token: adminToken,
    });
    expect(byCode.json().total).toBe(1);
  });

  it.each([
    ['employee', 403],
    ['line manager', 403],
    ['O&O', 403],
    ['admin', 200],
    ['no token', 401],
  ])('%s: %i', async (actor, status) => {
    const res = await ctx.call({ method: 'GET', url: '/api/v1/assets', token: actors[actor]! });
    expect(res.statusCode).toBe(status);
  });

  it.each([
    ['limit 15', '?limit=15', 'limit must be one of 10, 20, 50'],
    ['an unknown sort', '?sort=price,desc', 'unknown field "price"'],
    ['assigned=perhaps', '?assigned=perhaps', 'assigned must be true or false'],
  ])('answers 400 for %s', async (_label, query, message) => {
    const res = await ctx.call({ method: 'GET', url: `/api/v1/assets${query}`, token: adminToken });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });
});

describe('POST assets', () => {
  it('adds an asset and audits it', async () => {
    const res = await ctx.call({
      method: 'POST',
      url: '/api/v1/assets',
      token: adminToken,
      payload: {
        company_id: companyId,
        name: 'Projector Epson',
        code: 'PRJ-001',
        description: 'Meeting room 2',
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Projector Epson',
      code: 'PRJ-001',
      description: 'Meeting room 2',
      company: { id: companyId },
      holder: null,
    });
    expect(await assetRow(res.json().id)).toMatchObject({ name: 'Projector Epson', companyId });
    expect(await audits(res.json().id, 'create')).toHaveLength(1);
  });

  it.each<[string, () => object, string, string]>([
    ['a missing company', () => ({ name: 'Good Asset' }), 'company_id', ADMIN_MESSAGES.companyRequired],
    [
      'an unknown company',
      () => ({ company_id: 99_999_999, name: 'Good Asset' }),
      'company_id',
      ADMIN_MESSAGES.companyUnknown,
    ],
    ['a missing name', () => ({ company_id: companyId }), 'name', ADMIN_MESSAGES.nameRequired],
    ['a name of one letter', () => ({ company_id: companyId, name: 'P' }), 'name', ADMIN_MESSAGES.nameLength],
    [
      'a name of 101 letters',
      () => ({ company_id: companyId, name: 'P'.repeat(101) }),
      'name',
      ADMIN_MESSAGES.nameLength,
    ],
    [
      'too long a code',
      () => ({ company_id: companyId, name: 'Good Asset', code: 'C'.repeat(41) }),
      'code',
      ADMIN_MESSAGES.assetCodeLength,
    ],
    [
      'a code that is a number',
      () => ({ company_id: companyId, name: 'Good Asset', code: 7 }),
      'code',
      ADMIN_MESSAGES.codeType,
    ],
    [
      'too long a description',
      () => ({ company_id: companyId, name: 'Good Asset', description: 'd'.repeat(1001) }),
      'description',
      ADMIN_MESSAGES.descriptionTooLong,
    ],
  ])('answers 422 for %s and adds nothing', async (_label, body, field, message) => {
    const before = await allAssets();
    const res = await ctx.call({ method: 'POST', url: '/api/v1/assets', token: adminToken, payload: body() });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.children[field].errors).toEqual([message]);
    expect(await allAssets()).toEqual(before);
  });

  it.each([
    ['employee', 403],
    ['line manager', 403],
    ['O&O', 403],
    ['admin', 201],
    ['no token', 401],
  ])('%s: %i', async (actor, status) => {
    const name = tag('Camera ');
    const res = await ctx.call({
      method: 'POST',
      url: '/api/v1/assets',
      token: actors[actor]!,
      payload: { company_id: companyId, name },
    });
    expect(res.statusCode).toBe(status);
    expect(await ctx.db.select().from(assets).where(eq(assets.name, name))).toHaveLength(
      status === 201 ? 1 : 0,
    );
  });
});

describe('PATCH assets/{id}', () => {
  it('changes the fields sent and audits the change', async () => {
    const a = await makeAsset(ctx.db, companyId, 'Old Name');
    const res = await ctx.call({
      method: 'PATCH',
      url: `/api/v1/assets/${a.id}`,
      token: adminToken,
      payload: { name: 'New Name', description: 'Fixed screen' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'New Name', description: 'Fixed screen', code: a.code });
    const [row] = await audits(a.id, 'update');
    expect(row?.data).toEqual({
      changes: {
        name: { before: 'Old Name', after: 'New Name' },
        description: { before: null, after: 'Fixed screen' },
      },
      fields: ['name', 'description'],
    });
  });

  it('answers 422 for bad input and 404 for an unknown asset, changing nothing', async () => {
    const a = await makeAsset(ctx.db, companyId);
    const before = await assetRow(a.id);
    const bad = await ctx.call({
      method: 'PATCH',
      url: `/api/v1/assets/${a.id}`,
      token: adminToken,
      payload: { name: 'x', company_id: 99_999_999 },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.children.name.errors).toEqual([ADMIN_MESSAGES.nameLength]);
    const unknown = await ctx.call({
      method: 'PATCH',
      url: `/api/v1/assets/${a.id}`,
      token: adminToken,
      payload: { company_id: 99_999_999 },
    });
    expect(unknown.statusCode).toBe(422);
    expect(await assetRow(a.id)).toEqual(before);
    const missing = await ctx.call({
      method: 'PATCH',
      url: '/api/v1/assets/99999999',
      token: adminToken,
      payload: { name: 'Whatever' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(ADMIN_TEXT.assetNotFound);
  });

  it.each([
    ['employee', 403],
    ['line manager', 403],
    ['O&O', 403],
    ['admin', 200],
    ['no token', 401],
  ])('%s: %i', async (actor, status) => {
    const a = await makeAsset(ctx.db, companyId, 'Before');
    const res = await ctx.call({
      method: 'PATCH',
      url: `/api/v1/assets/${a.id}`,
      token: actors[actor]!,
      payload: { name: 'After' },
    });
    expect(res.statusCode).toBe(status);
    expect((await assetRow(a.id))?.name).toBe(status === 200 ? 'After' : 'Before');
  });
});

describe('DELETE assets', () => {
  it('deletes an asset nobody holds, with its past assignments, and audits it', async () => {
    const a = await makeAsset(ctx.db, companyId);
    await assignAsset(ctx.db, a.id, (await ctx.factory.employee()).id, true);
    const res = await ctx.call({ method: 'DELETE', url: `/api/v1/assets/${a.id}`, token: adminToken });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(`${a.name} has been successfully deleted!`);
    expect(await assetRow(a.id)).toBeUndefined();
    expect(
      await ctx.db.select().from(assetAssignments).where(eq(assetAssignments.assetId, a.id)),
    ).toHaveLength(0);
    expect(await audits(a.id, 'delete')).toHaveLength(1);
    const b = await makeAsset(ctx.db, companyId);
    const byBody = await ctx.call({
      method: 'DELETE',
      url: '/api/v1/assets',
      token: adminToken,
      payload: { asset_id: b.id },
    });
    expect(byBody.statusCode).toBe(200);
  });

  it('refuses with 409 while someone holds it', async () => {
    const a = await makeAsset(ctx.db, companyId, 'Laptop Busy');
    const holder = await ctx.factory.employee({ name: 'Hasan Holder' });
    await assignAsset(ctx.db, a.id, holder.id);
    const res = await ctx.call({ method: 'DELETE', url: `/api/v1/assets/${a.id}`, token: adminToken });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      `Laptop Busy cannot be deleted: it is assigned to Hasan Holder (${holder.eid}). Take it back first.`,
    );
    expect(await assetRow(a.id)).toBeDefined();
    expect(
      await ctx.db.select().from(assetAssignments).where(eq(assetAssignments.assetId, a.id)),
    ).toHaveLength(1);
  });

  it('answers 404 for an unknown asset', async () => {
    expect(
      (await ctx.call({ method: 'DELETE', url: '/api/v1/assets/99999999', token: adminToken })).statusCode,
    ).toBe(404);
  });

  it.each([
    ['employee', 403],
    ['line manager', 403],
    ['O&O', 403],
    ['admin', 200],
    ['no token', 401],
  ])('%s: %i', async (actor, status) => {
    const a = await makeAsset(ctx.db, companyId);
    const res = await ctx.call({ method: 'DELETE', url: `/api/v1/assets/${a.id}`, token: actors[actor]! });
    expect(res.statusCode).toBe(status);
    expect(Boolean(await assetRow(a.id))).toBe(status !== 200);
  });
});
