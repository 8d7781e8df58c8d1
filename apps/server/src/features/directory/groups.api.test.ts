import { GROUP_MESSAGES } from '@hr/contracts/employee-search';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addToGroup, lookupId, makeGroup, makeTreeItem, tag } from '../../../test/factories/directory';
import { setupApi, type TestContext } from '../../../test/helper';
import { auditLog, groupTrees } from '../../db/schema';

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

const treeRows = (groupId: number) =>
  ctx.db.select().from(groupTrees).where(eq(groupTrees.groupId, groupId)).orderBy(groupTrees.id);

describe('GET groups', () => {
  it('answers each group with its tree nested, to any signed-in employee', async () => {
    const type = await lookupId(ctx.db, 'group_type', 'Project');
    const g = await makeGroup(ctx.db, tag('Projects '), type);
    const apollo = await makeTreeItem(ctx.db, g.id, 'Apollo');
    const api = await makeTreeItem(ctx.db, g.id, 'API', apollo.id);
    const zeus = await makeTreeItem(ctx.db, g.id, 'Zeus');
    const someone = await ctx.factory.employee();
    await addToGroup(ctx.db, someone.id, api.id);

    for (const token of [actors.employee, adminToken]) {
      const res = await ctx.call({ method: 'GET', url: '/api/v1/groups', token });
      expect(res.statusCode).toBe(200);
      expect(res.json().find((x: { id: number }) => x.id === g.id)).toEqual({
        id: g.id,
        name: g.name,
        type: { id: type, name: 'Project' },
        tree: [
          {
            id: apollo.id,
            name: 'Apollo',
            parent_id: null,
            employees_count: 0,
            children: [{ id: api.id, name: 'API', parent_id: apollo.id, employees_count: 1, children: [] }],
          },
          { id: zeus.id, name: 'Zeus', parent_id: null, employees_count: 0, children: [] },
        ],
      });
    }
    expect((await ctx.call({ method: 'GET', url: '/api/v1/groups' })).statusCode).toBe(401);
  });

  it('filters by group type', async () => {
    const department = await lookupId(ctx.db, 'group_type', 'Department');
    const g = await makeGroup(ctx.db, tag('Departments '), department);
    const res = await ctx.call({
      method: 'GET',
      url: `/api/v1/groups?type_id=${department}`,
      token: adminToken,
    });
    const types = res.json().map((x: { type: { id: number } | null }) => x.type?.id);
    expect(res.json().map((x: { id: number }) => x.id)).toContain(g.id);
    expect(new Set(types)).toEqual(new Set([department]));
    expect(
      (await ctx.call({ method: 'GET', url: '/api/v1/groups?type_id=x', token: adminToken })).statusCode,
    ).toBe(400);
  });
});

describe('POST groups/{id}/trees', () => {
  it('adds an item, under a parent or at the top, and audits it', async () => {
    const g = await makeGroup(ctx.db);
    const top = await ctx.call({
      method: 'POST',
      url: `/api/v1/groups/${g.id}/trees`,
      token: adminToken,
      payload: { name: '  Finance  ' },
    });
    expect(top.statusCode).toBe(201);
    expect(top.json()).toEqual({ id: expect.any(Number), group_id: g.id, name: 'Finance', parent_id: null });
    const child = await ctx.call({
      method: 'POST',
      url: `/api/v1/groups/${g.id}/trees`,
      token: adminToken,
      payload: { name: 'Payroll', parent_id: top.json().id },
    });
    expect(child.statusCode).toBe(201);
    expect((await treeRows(g.id)).map((r) => [r.name, r.parentId])).toEqual([
      ['Finance', null],
      ['Payroll', top.json().id],
    ]);
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'group_tree'), eq(auditLog.entityId, child.json().id)));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.action).toBe('create');
  });

  it.each<[string, (other: number) => object, string, string]>([
    ['a missing name', () => ({}), 'name', GROUP_MESSAGES.nameRequired],
    ['a blank name', () => ({ name: '   ' }), 'name', GROUP_MESSAGES.nameRequired],
    ['a name of one letter', () => ({ name: 'A' }), 'name', GROUP_MESSAGES.nameLength],
    ['a name of 101 letters', () => ({ name: 'A'.repeat(101) }), 'name', GROUP_MESSAGES.nameLength],
    ['a name that is a number', () => ({ name: 12 }), 'name', GROUP_MESSAGES.nameType],
    ['a parent id as text', () => ({ name: 'Ops', parent_id: 'x' }), 'parent_id', GROUP_MESSAGES.parentId],
    [
      'a parent of another group',
      (other) => ({ name: 'Ops', parent_id: other }),
      'parent_id',
      GROUP_MESSAGES.parentUnknown,
    ],
    [
      'an unknown parent',
      () => ({ name: 'Ops', parent_id: 99_999_999 }),
      'parent_id',
      GROUP_MESSAGES.parentUnknown,
    ],
    ['a name taken at that place', () => ({ name: 'existing' }), 'name', GROUP_MESSAGES.nameTaken],
  ])('answers 422 for %s and changes nothing', async (_label, body, field, message) => {
    const g = await makeGroup(ctx.db);
    await makeTreeItem(ctx.db, g.id, 'Existing');
    const otherGroup = await makeGroup(ctx.db);
    const foreign = await makeTreeItem(ctx.db, otherGroup.id, 'Foreign');
    const before = await treeRows(g.id);
    const res = await ctx.call({
      method: 'POST',
      url: `/api/v1/groups/${g.id}/trees`,
      token: adminToken,
      payload: body(foreign.id),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.children[field].errors).toEqual([message]);
    expect(await treeRows(g.id)).toEqual(before);
  });

  it('answers 404 for a group that does not exist, and 400 for a bad id', async () => {
    const res = await ctx.call({
      method: 'POST',
      url: '/api/v1/groups/99999999/trees',
      token: adminToken,
      payload: { name: 'Nowhere' },
    });
    expect(res.statusCode).toBe(404);
    const bad = await ctx.call({
      method: 'POST',
      url: '/api/v1/groups/abc/trees',
      token: adminToken,
      payload: { name: 'X1' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it.each([
    ['employee', 403],
    ['line manager', 403],
    ['O&O', 403],
    ['admin', 201],
    ['no token', 401],
  ])('%s: %i', async (actor, status) => {
    const g = await makeGroup(ctx.db);
    const res = await ctx.call({
      method: 'POST',
      url: `/api/v1/groups/${g.id}/trees`,
      token: actors[actor]!,
      payload: { name: 'Team A' },
    });
    expect(res.statusCode).toBe(status);
    expect(await treeRows(g.id)).toHaveLength(status === 201 ? 1 : 0);
  });
});

describe('DELETE groups/trees', () => {
  const remove = (token: string | null, body: object) =>
    ctx.call({ method: 'DELETE', url: '/api/v1/groups/trees', token, payload: body });

  it('removes an item nobody belongs to, with the items below it, and audits it', async () => {
    const g = await makeGroup(ctx.db);
    const top = await makeTreeItem(ctx.db, g.id, 'Legal');
    await makeTreeItem(ctx.db, g.id, 'Contracts', top.id);
    const keep = await makeTreeItem(ctx.db, g.id, 'Keep');
    const res = await remove(adminToken, { tree_id: top.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Legal has been successfully deleted!');
    expect((await treeRows(g.id)).map((r) => r.id)).toEqual([keep.id]);
    const [row] = await ctx.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.entity, 'group_tree'), eq(auditLog.entityId, top.id), eq(auditLog.action, 'delete')),
      );
    expect(row?.data).toMatchObject({ name: 'Legal', removed_items: 2 });
  });

  it('refuses with 409 while someone belongs to the item or an item below it', async () => {
    const g = await makeGroup(ctx.db);
    const top = await makeTreeItem(ctx.db, g.id, 'Support');
    const below = await makeTreeItem(ctx.db, g.id, 'Tier 1', top.id);
    await addToGroup(ctx.db, (await ctx.factory.employee()).id, below.id);
    const res = await remove(adminToken, { tree_id: top.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'Support cannot be deleted: 1 employee belongs to it or to an item below it.',
    );
    expect(await treeRows(g.id)).toHaveLength(2);
  });

  it('answers 404 for an unknown item and 422 for a bad body', async () => {
    expect((await remove(adminToken, { tree_id: 99_999_999 })).statusCode).toBe(404);
    const bad = await remove(adminToken, { tree_id: 'one' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.children.tree_id.errors).toEqual([GROUP_MESSAGES.treeId]);
    expect((await remove(adminToken, {})).statusCode).toBe(422);
  });

  it.each([
    ['employee', 403],
    ['line manager', 403],
    ['O&O', 403],
    ['admin', 200],
    ['no token', 401],
  ])('%s: %i', async (actor, status) => {
    const g = await makeGroup(ctx.db);
    const item = await makeTreeItem(ctx.db, g.id);
    const res = await remove(actors[actor]!, { tree_id: item.id });
    expect(res.statusCode).toBe(status);
    expect(await treeRows(g.id)).toHaveLength(status === 200 ? 0 : 1);
  });
});
