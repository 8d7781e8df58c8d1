import { ADMIN_MESSAGES } from '@hr/contracts/admin';
import { ORGANISATION_MESSAGES } from '@hr/contracts/organisation';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { setEmployee, tag } from '../../../test/factories/directory';
import { type Cast, setupApi, type TestContext } from '../../../test/helper';
import { auditLog, lookupValues } from '../../db/schema';
import { ORGANISATION_TEXT } from './organisation.service';

let ctx: TestContext;
let cast: Cast;

const ROLES = ['employee', 'lm', 'oo', 'peer', 'stranger', 'admin', 'no token'] as const;
type Role = (typeof ROLES)[number];
const token = (role: Role) => (role === 'no token' ? null : cast.tokens[role]);
const refused = (role: Role) => (role === 'no token' ? 401 : 403);

beforeAll(async () => {
  ctx = await setupApi();
  cast = await ctx.factory.cast();
});

/**
 * Levels and grades are kinds of lookup_values: each list sees its own kind
 * only, and an employee's level (grade) keeps it from being deleted.
 */
describe.each([
  {
    kind: 'level',
    other: 'grade',
    path: 'levels',
    seeded: ['Entry', 'Junior', 'Mid', 'Senior', 'Lead', 'Executive'],
  },
  {
    kind: 'grade',
    other: 'level',
    path: 'grades',
    seeded: ['Grade A', 'Grade B', 'Grade C', 'Grade D', 'Grade E', 'Grade F'],
  },
] as const)('$path', ({ kind, other, path, seeded }) => {
  const url = `/api/v1/${path}`;
  const column = kind === 'level' ? 'levelId' : 'gradeId';
  const nameTaken =
    kind === 'level' ? ORGANISATION_MESSAGES.levelNameTaken : ORGANISATION_MESSAGES.gradeNameTaken;

  const make = async (name = tag(`${kind} `), values: { sortOrder?: number; enabled?: boolean } = {}) => {
    const [row] = await ctx.db
      .insert(lookupValues)
      .values({ kind, name, sortOrder: values.sortOrder ?? 50, enabled: values.enabled ?? true })
      .returning();
    return row!;
  };
  const row = async (id: number) =>
    (await ctx.db.select().from(lookupValues).where(eq(lookupValues.id, id)))[0];
  const ofKind = (k: string) =>
    ctx.db.select().from(lookupValues).where(eq(lookupValues.kind, k)).orderBy(lookupValues.id);
  const audits = (id: number, action: string) =>
    ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, kind), eq(auditLog.entityId, id), eq(auditLog.action, action)));

  describe(`GET ${path}`, () => {
    it('answers the enabled ones in their order, with the employees of each, to any signed-in employee', async () => {
      const first = await make(tag('First '), { sortOrder: 0 });
      const off = await make(tag('Off '), { sortOrder: 0, enabled: false });
      const someone = await ctx.factory.employee();
      await setEmployee(ctx.db, someone.id, { [column]: first.id });
      for (const role of ROLES.filter((r) => r !== 'no token')) {
        const res = await ctx.call({ method: 'GET', url, token: token(role) });
        expect(res.statusCode).toBe(200);
        const body: { id: number; name: string; sort_order: number }[] = res.json();
        expect(body.find((r) => r.id === first.id)).toEqual({
          id: first.id,
          name: first.name,
          sort_order: 0,
          enabled: true,
          employees_count: 1,
          name_translations: {},
        });
        const orders = body.map((r) => r.sort_order);
        expect(orders).toEqual([...orders].sort((a, b) => a - b));
        expect(body.map((r) => r.id)).not.toContain(off.id);
        expect(body.map((r) => r.name)).toEqual(expect.arrayContaining([...seeded]));
      }
      const all = await ctx.call({ method: 'GET', url: `${url}?all=true`, token: cast.tokens.admin });
      expect(all.json().map((r: { id: number }) => r.id)).toContain(off.id);
      expect((await ctx.call({ method: 'GET', url })).statusCode).toBe(401);
    });

    it('pages, sorts and searches when asked, within its own kind', async () => {
      const word = tag('Band');
      for (const n of ['C', 'A', 'B']) await make(`${word} ${n}`);
      const res = await ctx.call({
        method: 'GET',
        url: `${url}?search=${word}&sort=name,asc&page=1&limit=10`,
        token: cast.tokens.admin,
      });
      expect(res.json()).toMatchObject({ count: 3, total: 3 });
      expect(res.json().items.map((r: { name: string }) => r.name)).toEqual([
        `${word} A`,
        `${word} B`,
        `${word} C`,
      ]);
      const foreign = await ctx.call({
        method: 'GET',
        url: `${url}?search=${other === 'grade' ? 'Grade A' : 'Senior'}&page=1`,
        token: cast.tokens.admin,
      });
      expect(foreign.json().total).toBe(0);
      expect(
        (await ctx.call({ method: 'GET', url: `${url}?sort=size,asc`, token: cast.tokens.admin })).statusCode,
      ).toBe(400);
    });

    it('answers one by id, and 404 for an id of another kind', async () => {
      const mine = await make();
      const res = await ctx.call({ method: 'GET', url: `${url}/${mine.id}`, token: cast.tokens.stranger });
      expect(res.json()).toMatchObject({ id: mine.id, name: mine.name });
      const [foreign] = await ofKind(other);
      const missing = await ctx.call({
        method: 'GET',
        url: `${url}/${foreign!.id}`,
        token: cast.tokens.stranger,
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe(`This ${kind} does not exist.`);
    });
  });

  describe(`POST ${path}`, () => {
    it(`adds a ${kind} of its kind and audits it`, async () => {
      const name = tag('New ');
      const res = await ctx.call({
        method: 'POST',
        url,
        token: cast.tokens.admin,
        payload: { name: ` ${name} `, sort_order: 7 },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({
        id: expect.any(Number),
        name,
        sort_order: 7,
        enabled: true,
        employees_count: 0,
        name_translations: {},
      });
      expect(await row(res.json().id)).toMatchObject({ kind, name, sortOrder: 7, enabled: true });
      expect(await audits(res.json().id, 'create')).toHaveLength(1);
    });

    it(`allows the name of a ${other}`, async () => {
      const name = tag('Shared ');
      await ctx.db.insert(lookupValues).values({ kind: other, name });
      const res = await ctx.call({ method: 'POST', url, token: cast.tokens.admin, payload: { name } });
      expect(res.statusCode).toBe(201);
    });

    it.each<[string, object, string, string]>([
      ['a missing name', {}, 'name', ADMIN_MESSAGES.nameRequired],
      ['a name of 101 letters', { name: 'L'.repeat(101) }, 'name', ADMIN_MESSAGES.nameLength],
      ['a name that is a number', { name: 3 }, 'name', ADMIN_MESSAGES.nameType],
      ['a name taken (any case)', { name: seeded[0].toUpperCase() }, 'name', nameTaken],
      [
        'a sort order below 0',
        { name: 'Good one', sort_order: -1 },
        'sort_order',
        ORGANISATION_MESSAGES.sortOrder,
      ],
      [
        'a sort order of 1000',
        { name: 'Good one', sort_order: 1000 },
        'sort_order',
        ORGANISATION_MESSAGES.sortOrder,
      ],
      [
        'a sort order as text',
        { name: 'Good one', sort_order: '1' },
        'sort_order',
        ORGANISATION_MESSAGES.sortOrder,
      ],
      ['enabled as a number', { name: 'Good one', enabled: 1 }, 'enabled', ADMIN_MESSAGES.enabled],
    ])('answers 422 for %s and adds nothing', async (_label, body, field, message) => {
      const before = await ofKind(kind);
      const res = await ctx.call({ method: 'POST', url, token: cast.tokens.admin, payload: body });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.children[field].errors).toEqual([message]);
      expect(await ofKind(kind)).toEqual(before);
    });

    it.each(ROLES.map((r) => [r] as const))('%s', async (role) => {
      const name = tag('Role ');
      const res = await ctx.call({ method: 'POST', url, token: token(role), payload: { name } });
      expect(res.statusCode).toBe(role === 'admin' ? 201 : refused(role));
      const made = await ctx.db.select().from(lookupValues).where(eq(lookupValues.name, name));
      expect(made).toHaveLength(role === 'admin' ? 1 : 0);
    });
  });

  describe(`PATCH ${path}/{id}`, () => {
    it('renames, reorders and disables, and audits the changes', async () => {
      const r = await make(tag('Old '), { sortOrder: 3 });
      const name = tag('Renamed ');
      const res = await ctx.call({
        method: 'PATCH',
        url: `${url}/${r.id}`,
        token: cast.tokens.admin,
        payload: { name, sort_order: 4, enabled: false },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ name, sort_order: 4, enabled: false });
      const [audit] = await audits(r.id, 'update');
      expect(audit?.data).toEqual({
        changes: {
          name: { before: r.name, after: name },
          sort_order: { before: 3, after: 4 },
          enabled: { before: true, after: false },
        },
        fields: ['name', 'sort_order', 'enabled'],
      });
    });

    it(`refuses a taken name and leaves the ${other}s alone`, async () => {
      const r = await make();
      const before = await row(r.id);
      const clash = await ctx.call({
        method: 'PATCH',
        url: `${url}/${r.id}`,
        token: cast.tokens.admin,
        payload: { name: seeded[1] },
      });
      expect(clash.statusCode).toBe(422);
      expect(clash.json().errors.children.name.errors).toEqual([nameTaken]);
      const [foreign] = await ofKind(other);
      const cross = await ctx.call({
        method: 'PATCH',
        url: `${url}/${foreign!.id}`,
        token: cast.tokens.admin,
        payload: { name: 'Hijacked' },
      });
      expect(cross.statusCode).toBe(404);
      expect(await row(r.id)).toEqual(before);
      expect((await row(foreign!.id))?.name).toBe(foreign!.name);
    });

    it.each(ROLES.map((r) => [r] as const))('%s', async (role) => {
      const r = await make();
      const res = await ctx.call({
        method: 'PATCH',
        url: `${url}/${r.id}`,
        token: token(role),
        payload: { sort_order: 9 },
      });
      expect(res.statusCode).toBe(role === 'admin' ? 200 : refused(role));
      expect((await row(r.id))?.sortOrder).toBe(role === 'admin' ? 9 : 50);
    });
  });

  describe(`DELETE ${path}/{id}`, () => {
    it(`deletes a ${kind} nobody has and audits it`, async () => {
      const r = await make();
      const res = await ctx.call({ method: 'DELETE', url: `${url}/${r.id}`, token: cast.tokens.admin });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe(`${r.name} has been successfully deleted!`);
      expect(await row(r.id)).toBeUndefined();
      expect(await audits(r.id, 'delete')).toHaveLength(1);
    });

    it('refuses with 409 while employees have it, saying how many', async () => {
      const r = await make(tag('Busy '));
      for (let i = 0; i < 3; i++)
        await setEmployee(ctx.db, (await ctx.factory.employee()).id, { [column]: r.id });
      const res = await ctx.call({ method: 'DELETE', url: `${url}/${r.id}`, token: cast.tokens.admin });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(ORGANISATION_TEXT.rankInUse(kind, r.name, 3));
      expect(res.json().message).toBe(
        `${r.name} cannot be deleted: 3 employees have this ${kind}. Disable it instead, or change their ${kind} first.`,
      );
      expect(await row(r.id)).toBeDefined();
    });

    it(`answers 404 for an unknown id or a ${other}'s`, async () => {
      const [foreign] = await ofKind(other);
      for (const id of [99_999_999, foreign!.id]) {
        const res = await ctx.call({ method: 'DELETE', url: `${url}/${id}`, token: cast.tokens.admin });
        expect(res.statusCode).toBe(404);
      }
      expect(await row(foreign!.id)).toBeDefined();
    });

    it.each(ROLES.map((r) => [r] as const))('%s', async (role) => {
      const r = await make();
      const res = await ctx.call({ method: 'DELETE', url: `${url}/${r.id}`, token: token(role) });
      expect(res.statusCode).toBe(role === 'admin' ? 200 : refused(role));
      expect(Boolean(await row(r.id))).toBe(role !== 'admin');
    });
  });
});
