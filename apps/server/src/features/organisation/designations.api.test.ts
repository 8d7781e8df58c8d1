import { ADMIN_MESSAGES } from '@hr/contracts/admin';
import { ORGANISATION_MESSAGES } from '@hr/contracts/organisation';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { setEmployee, tag } from '../../../test/factories/directory';
import { type Cast, setupApi, type TestContext } from '../../../test/helper';
import { auditLog, designations } from '../../db/schema';
import { ORGANISATION_TEXT } from './organisation.service';

let ctx: TestContext;
let cast: Cast;

const ROLES = ['employee', 'lm', 'oo', 'peer', 'stranger', 'admin', 'no token'] as const;
type Role = (typeof ROLES)[number];
const token = (role: Role) => (role === 'no token' ? null : cast.tokens[role]);
const refused = (role: Role) => (role === 'no token' ? 401 : 403);
const url = '/api/v1/designations';

beforeAll(async () => {
  ctx = await setupApi();
  cast = await ctx.factory.cast();
});

const make = async (name = tag('Designation '), enabled = true) => {
  const [row] = await ctx.db.insert(designations).values({ name, enabled }).returning();
  return row!;
};
const row = async (id: number) =>
  (await ctx.db.select().from(designations).where(eq(designations.id, id)))[0];
const all = () => ctx.db.select().from(designations).orderBy(designations.id);
const audits = (id: number, action: string) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'designation'), eq(auditLog.entityId, id), eq(auditLog.action, action)));
/** Gives `n` new employees this designation. */
async function holders(id: number, n: number) {
  for (let i = 0; i < n; i++)
    await setEmployee(ctx.db, (await ctx.factory.employee()).id, { designationId: id });
}

describe('GET designations', () => {
  it('answers the enabled ones by name with their employees, to any signed-in employee', async () => {
    const on = await make(tag('Architect '));
    const off = await make(tag('Retired '), false);
    await holders(on.id, 2);
    for (const role of ROLES.filter((r) => r !== 'no token')) {
      const res = await ctx.call({ method: 'GET', url, token: token(role) });
      expect(res.statusCode).toBe(200);
      const body: { id: number; name: string }[] = res.json();
      expect(body.find((d) => d.id === on.id)).toEqual({
        id: on.id,
        name: on.name,
        enabled: true,
        employees_count: 2,
        name_translations: {},
      });
      expect(body.map((d) => d.id)).not.toContain(off.id);
      const names = body.map((d) => d.name.toLowerCase());
      expect(names).toEqual([...names].sort());
    }
    const everything = await ctx.call({ method: 'GET', url: `${url}?all=true`, token: cast.tokens.admin });
    expect(everything.json().map((d: { id: number }) => d.id)).toContain(off.id);
    expect((await ctx.call({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('pages, sorts by employees and searches when asked', async () => {
    const word = tag('Analyst');
    const a = await make(`${word} A`);
    const b = await make(`${word} B`);
    await holders(b.id, 2);
    await holders(a.id, 1);
    const res = await ctx.call({
      method: 'GET',
      url: `${url}?search=${word}&sort=employees,desc&page=1&limit=10`,
      token: cast.tokens.admin,
    });
    expect(res.json()).toMatchObject({ count: 2, total: 2 });
    expect(
      res.json().items.map((d: { id: number; employees_count: number }) => [d.id, d.employees_count]),
    ).toEqual([
      [b.id, 2],
      [a.id, 1],
    ]);
  });

  it('answers one by id and 404 for an unknown one', async () => {
    const d = await make();
    expect(
      (await ctx.call({ method: 'GET', url: `${url}/${d.id}`, token: cast.tokens.peer })).json(),
    ).toMatchObject({
      id: d.id,
      name: d.name,
    });
    const missing = await ctx.call({ method: 'GET', url: `${url}/99999999`, token: cast.tokens.peer });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('This designation does not exist.');
  });
});

describe('POST designations', () => {
  it('adds a designation and audits it', async () => {
    const name = tag('Data Engineer ');
    const res = await ctx.call({ method: 'POST', url, token: cast.tokens.admin, payload: { name } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      name,
      enabled: true,
      employees_count: 0,
      name_translations: {},
    });
    expect(await row(res.json().id)).toMatchObject({ name, enabled: true });
    expect(await audits(res.json().id, 'create')).toHaveLength(1);
  });

  it.each<[string, object, string, string]>([
    ['a missing name', {}, 'name', ADMIN_MESSAGES.nameRequired],
    ['a blank name', { name: '  ' }, 'name', ADMIN_MESSAGES.nameRequired],
    ['a name of 101 letters', { name: 'D'.repeat(101) }, 'name', ADMIN_MESSAGES.nameLength],
    ['a name that is true', { name: true }, 'name', ADMIN_MESSAGES.nameType],
    [
      'a name taken (any case)',
      { name: 'TAKEN DESIGNATION' },
      'name',
      ORGANISATION_MESSAGES.designationNameTaken,
    ],
    ['enabled as text', { name: 'Good Designation', enabled: 'no' }, 'enabled', ADMIN_MESSAGES.enabled],
  ])('answers 422 for %s and adds nothing', async (_label, body, field, message) => {
    if (
      (await ctx.db.select().from(designations).where(eq(designations.name, 'Taken Designation'))).length ===
      0
    )
      await make('Taken Designation');
    const before = await all();
    const res = await ctx.call({ method: 'POST', url, token: cast.tokens.admin, payload: body });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.children[field].errors).toEqual([message]);
    expect(await all()).toEqual(before);
  });

  it.each(ROLES.map((r) => [r] as const))('%s', async (role) => {
    const name = tag('Role designation ');
    const res = await ctx.call({ method: 'POST', url, token: token(role), payload: { name } });
    expect(res.statusCode).toBe(role === 'admin' ? 201 : refused(role));
    expect(await ctx.db.select().from(designations).where(eq(designations.name, name))).toHaveLength(
      role === 'admin' ? 1 : 0,
    );
  });
});

describe('PATCH designations/{id}', () => {
  it('renames and disables a designation (its employees keep it) and audits the change', async () => {
    const d = await make(tag('Junior Dev '));
    await holders(d.id, 1);
    const name = tag('Associate Dev ');
    const res = await ctx.call({
      method: 'PATCH',
      url: `${url}/${d.id}`,
      token: cast.tokens.admin,
      payload: { name, enabled: false },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: d.id, name, enabled: false, employees_count: 1, name_translations: {} });
    const [audit] = await audits(d.id, 'update');
    expect(audit?.data).toEqual({
      changes: { name: { before: d.name, after: name }, enabled: { before: true, after: false } },
      fields: ['name', 'enabled'],
    });
  });

  it('refuses a taken name, an empty body and an unknown id, changing nothing', async () => {
    const d = await make();
    const other = await make();
    const before = await row(d.id);
    const patch = (id: number, payload: object) =>
      ctx.call({ method: 'PATCH', url: `${url}/${id}`, token: cast.tokens.admin, payload });
    const clash = await patch(d.id, { name: other.name.toLowerCase() });
    expect(clash.statusCode).toBe(422);
    expect(clash.json().errors.children.name.errors).toEqual([ORGANISATION_MESSAGES.designationNameTaken]);
    expect((await patch(d.id, {})).statusCode).toBe(422);
    expect((await patch(99_999_999, { name: 'Nobody' })).statusCode).toBe(404);
    expect(await row(d.id)).toEqual(before);
  });

  it.each(ROLES.map((r) => [r] as const))('%s', async (role) => {
    const d = await make();
    const res = await ctx.call({
      method: 'PATCH',
      url: `${url}/${d.id}`,
      token: token(role),
      payload: { enabled: false },
    });
    expect(res.statusCode).toBe(role === 'admin' ? 200 : refused(role));
    expect((await row(d.id))?.enabled).toBe(role !== 'admin');
  });
});

describe('DELETE designations/{id}', () => {
  it('deletes a designation nobody has and audits it', async () => {
    const d = await make();
    const res = await ctx.call({ method: 'DELETE', url: `${url}/${d.id}`, token: cast.tokens.admin });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(`${d.name} has been successfully deleted!`);
    expect(await row(d.id)).toBeUndefined();
    expect(await audits(d.id, 'delete')).toHaveLength(1);
  });

  it('refuses with 409 while employees have it, saying how many', async () => {
    const d = await make(tag('Busy '));
    await holders(d.id, 1);
    const one = await ctx.call({ method: 'DELETE', url: `${url}/${d.id}`, token: cast.tokens.admin });
    expect(one.statusCode).toBe(409);
    expect(one.json().message).toBe(
      `${d.name} cannot be deleted: 1 employee has this designation. Disable it instead, or change their designation first.`,
    );
    await holders(d.id, 1);
    const two = await ctx.call({ method: 'DELETE', url: `${url}/${d.id}`, token: cast.tokens.admin });
    expect(two.json().message).toBe(ORGANISATION_TEXT.designationInUse(d.name, 2));
    expect(await row(d.id)).toBeDefined();
    expect(await audits(d.id, 'delete')).toHaveLength(0);
  });

  it('answers 404 for an unknown id', async () => {
    expect(
      (await ctx.call({ method: 'DELETE', url: `${url}/99999999`, token: cast.tokens.admin })).statusCode,
    ).toBe(404);
  });

  it.each(ROLES.map((r) => [r] as const))('%s', async (role) => {
    const d = await make();
    const res = await ctx.call({ method: 'DELETE', url: `${url}/${d.id}`, token: token(role) });
    expect(res.statusCode).toBe(role === 'admin' ? 200 : refused(role));
    expect(Boolean(await row(d.id))).toBe(role !== 'admin');
  });
});
