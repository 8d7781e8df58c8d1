import { ADMIN_MESSAGES } from '@hr/contracts/admin';
import { ORGANISATION_MESSAGES } from '@hr/contracts/organisation';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { tag } from '../../../test/factories/directory';
import { type Cast, setupApi, type TestContext } from '../../../test/helper';
import { auditLog, developmentAreas } from '../../db/schema';

let ctx: TestContext;
let cast: Cast;

const ROLES = ['employee', 'lm', 'oo', 'peer', 'stranger', 'admin', 'no token'] as const;
type Role = (typeof ROLES)[number];
const token = (role: Role) => (role === 'no token' ? null : cast.tokens[role]);
const refused = (role: Role) => (role === 'no token' ? 401 : 403);
const url = '/api/v1/development-areas';

beforeAll(async () => {
  ctx = await setupApi();
  cast = await ctx.factory.cast();
});

const make = async (name = tag('Area '), values: { description?: string; enabled?: boolean } = {}) => {
  const [row] = await ctx.db
    .insert(developmentAreas)
    .values({ name, description: values.description ?? null, enabled: values.enabled ?? true })
    .returning();
  return row!;
};
const row = async (id: number) =>
  (await ctx.db.select().from(developmentAreas).where(eq(developmentAreas.id, id)))[0];
const all = () => ctx.db.select().from(developmentAreas).orderBy(developmentAreas.id);
const audits = (id: number, action: string) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(
      and(eq(auditLog.entity, 'development_area'), eq(auditLog.entityId, id), eq(auditLog.action, action)),
    );

describe('GET development-areas', () => {
  it('answers the enabled areas by name to any signed-in employee (the review plan offers them)', async () => {
    const b = await make(tag('Beta '), { description: 'Speaking to a room' });
    const a = await make(tag('Alpha '));
    const off = await make(tag('Gamma '), { enabled: false });
    for (const role of ROLES.filter((r) => r !== 'no token')) {
      const res = await ctx.call({ method: 'GET', url, token: token(role) });
      expect(res.statusCode).toBe(200);
      const body: { id: number }[] = res.json();
      expect(body.filter((x) => [a.id, b.id, off.id].includes(x.id))).toEqual([
        { id: a.id, name: a.name, description: null, enabled: true, name_translations: {} },
        { id: b.id, name: b.name, description: 'Speaking to a room', enabled: true, name_translations: {} },
      ]);
    }
    const everything = await ctx.call({ method: 'GET', url: `${url}?all=true`, token: cast.tokens.admin });
    expect(everything.json().map((x: { id: number }) => x.id)).toContain(off.id);
    expect((await ctx.call({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('searches the name and the description, a page when asked', async () => {
    const word = tag('needle');
    const byName = await make(`${word} area`);
    const byText = await make(tag('Other '), { description: `About ${word}` });
    await make();
    const res = await ctx.call({
      method: 'GET',
      url: `${url}?search=${word}&page=1`,
      token: cast.tokens.admin,
    });
    expect(res.json().total).toBe(2);
    expect(
      res
        .json()
        .items.map((x: { id: number }) => x.id)
        .sort(),
    ).toEqual([byName.id, byText.id].sort());
  });
});

describe('POST development-areas', () => {
  it('adds an area and audits it', async () => {
    const name = tag('Negotiation ');
    const res = await ctx.call({
      method: 'POST',
      url,
      token: cast.tokens.admin,
      payload: { name, description: '  Agreeing terms with clients  ' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      name,
      description: 'Agreeing terms with clients',
      enabled: true,
      name_translations: {},
    });
    expect(await audits(res.json().id, 'create')).toHaveLength(1);
  });

  it.each<[string, object, string, string]>([
    ['a missing name', {}, 'name', ADMIN_MESSAGES.nameRequired],
    ['a name of 101 letters', { name: 'N'.repeat(101) }, 'name', ADMIN_MESSAGES.nameLength],
    [
      'a name taken (any case)',
      { name: 'taken area' },
      'name',
      ORGANISATION_MESSAGES.developmentAreaNameTaken,
    ],
    [
      'a description of 1001 characters',
      { name: 'Good Area', description: 'd'.repeat(1001) },
      'description',
      ADMIN_MESSAGES.descriptionTooLong,
    ],
    [
      'a description that is a number',
      { name: 'Good Area', description: 4 },
      'description',
      ADMIN_MESSAGES.descriptionType,
    ],
  ])('answers 422 for %s and adds nothing', async (_label, body, field, message) => {
    if (
      (await ctx.db.select().from(developmentAreas).where(eq(developmentAreas.name, 'Taken Area'))).length ===
      0
    )
      await make('Taken Area');
    const before = await all();
    const res = await ctx.call({ method: 'POST', url, token: cast.tokens.admin, payload: body });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.children[field].errors).toEqual([message]);
    expect(await all()).toEqual(before);
  });

  it.each(ROLES.map((r) => [r] as const))('%s', async (role) => {
    const name = tag('Role area ');
    const res = await ctx.call({ method: 'POST', url, token: token(role), payload: { name } });
    expect(res.statusCode).toBe(role === 'admin' ? 201 : refused(role));
    expect(await ctx.db.select().from(developmentAreas).where(eq(developmentAreas.name, name))).toHaveLength(
      role === 'admin' ? 1 : 0,
    );
  });
});

describe('PATCH development-areas/{id}', () => {
  it('changes the description (blank clears it) and audits the change', async () => {
    const area = await make(tag('Coaching '), { description: 'Old text' });
    const res = await ctx.call({
      method: 'PATCH',
      url: `${url}/${area.id}`,
      token: cast.tokens.admin,
      payload: { description: '' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().description).toBeNull();
    const [audit] = await audits(area.id, 'update');
    expect(audit?.data).toEqual({
      changes: { description: { before: 'Old text', after: null } },
      fields: ['description'],
    });
  });

  it('refuses a taken name and an unknown id, changing nothing', async () => {
    const area = await make();
    const other = await make();
    const before = await row(area.id);
    const clash = await ctx.call({
      method: 'PATCH',
      url: `${url}/${area.id}`,
      token: cast.tokens.admin,
      payload: { name: other.name },
    });
    expect(clash.statusCode).toBe(422);
    const missing = await ctx.call({
      method: 'PATCH',
      url: `${url}/99999999`,
      token: cast.tokens.admin,
      payload: { name: 'Nothing' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('This development area does not exist.');
    expect(await row(area.id)).toEqual(before);
  });

  it.each(ROLES.map((r) => [r] as const))('%s', async (role) => {
    const area = await make();
    const res = await ctx.call({
      method: 'PATCH',
      url: `${url}/${area.id}`,
      token: token(role),
      payload: { enabled: false },
    });
    expect(res.statusCode).toBe(role === 'admin' ? 200 : refused(role));
    expect((await row(area.id))?.enabled).toBe(role !== 'admin');
  });
});

describe('DELETE development-areas/{id}', () => {
  it('deletes an area (plans keep their own text) and audits it', async () => {
    const area = await make();
    const res = await ctx.call({ method: 'DELETE', url: `${url}/${area.id}`, token: cast.tokens.admin });
    expect(res.statusCode).toBe(200);
    expect(await row(area.id)).toBeUndefined();
    expect(await audits(area.id, 'delete')).toHaveLength(1);
    expect(
      (await ctx.call({ method: 'DELETE', url: `${url}/${area.id}`, token: cast.tokens.admin })).statusCode,
    ).toBe(404);
  });

  it.each(ROLES.map((r) => [r] as const))('%s', async (role) => {
    const area = await make();
    const res = await ctx.call({ method: 'DELETE', url: `${url}/${area.id}`, token: token(role) });
    expect(res.statusCode).toBe(role === 'admin' ? 200 : refused(role));
    expect(Boolean(await row(area.id))).toBe(role !== 'admin');
  });
});
