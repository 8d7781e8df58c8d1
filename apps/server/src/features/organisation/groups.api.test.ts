import { ADMIN_MESSAGES } from '@hr/contracts/admin';
import { GROUP_MESSAGES, ORGANISATION_MESSAGES } from '@hr/contracts/organisation';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addToGroup, lookupId, makeGroup, makeTreeItem, tag } from '../../../test/factories/directory';
import { type Cast, setupApi, type TestContext } from '../../../test/helper';
import { auditLog, eprCycles, groups, groupTrees } from '../../db/schema';
import { ORGANISATION_TEXT } from './organisation.service';

let ctx: TestContext;
let cast: Cast;
let department: number;
let project: number;

/** Every kind of caller: the employee, their line manager and O&O, a peer, a stranger, an HR admin and no token. */
const ROLES = ['employee', 'lm', 'oo', 'peer', 'stranger', 'admin', 'no token'] as const;
type Role = (typeof ROLES)[number];
const token = (role: Role) => (role === 'no token' ? null : cast.tokens[role]);
const refused = (role: Role) => (role === 'no token' ? 401 : 403);

beforeAll(async () => {
  ctx = await setupApi();
  cast = await ctx.factory.cast();
  department = await lookupId(ctx.db, 'group_type', 'Department');
  project = await lookupId(ctx.db, 'group_type', 'Project');
});

const groupRow = async (id: number) => (await ctx.db.select().from(groups).where(eq(groups.id, id)))[0];
const allGroups = () => ctx.db.select().from(groups).orderBy(groups.id);
const treeRows = (groupId: number) =>
  ctx.db.select().from(groupTrees).where(eq(groupTrees.groupId, groupId)).orderBy(groupTrees.id);
const audits = (entity: string, id: number, action: string) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, id), eq(auditLog.action, action)));

/** A review cycle launched for a group item (it keeps the item). */
async function cycleFor(groupTreeId: number) {
  await ctx.db.insert(eprCycles).values({
    name: tag('Cycle '),
    typeId: 1,
    fromDate: '2031-01-01',
    toDate: '2031-12-31',
    deadline: '2031-12-31',
    groupTreeId,
  });
}

describe('GET groups', () => {
  it('answers each enabled group with its tree nested and its counts, to any signed-in employee', async () => {
    const g = await makeGroup(ctx.db, tag('Projects '), project);
    const apollo = await makeTreeItem(ctx.db, g.id, 'Apollo');
    const api = await makeTreeItem(ctx.db, g.id, 'API', apollo.id);
    const zeus = await makeTreeItem(ctx.db, g.id, 'Zeus');
    const someone = await ctx.factory.employee();
    await addToGroup(ctx.db, someone.id, api.id);
    await addToGroup(ctx.db, someone.id, zeus.id);

    for (const role of ROLES.filter((r) => r !== 'no token')) {
      const res = await ctx.call({ method: 'GET', url: '/api/v1/groups', token: token(role) });
      expect(res.statusCode).toBe(200);
      expect(res.json().find((x: { id: number }) => x.id === g.id)).toEqual({
        id: g.id,
        name: g.name,
        type: { id: project, name: 'Project' },
        tree: [
          {
            id: apollo.id,
            name: 'Apollo',
            parent_id: null,
            employees_count: 0,
            children: [{ id: api.id, name: 'API', parent_id: apollo.id, employees_count: 1, children: [] }],
          },
          { id: zeus.id, name: 'Zeus', parent_id: null, employees_count: 1, children: [] },
        ],
        enabled: true,
        list_filter: false,
        items_count: 3,
        members_count: 1,
        created: expect.any(String),
      });
    }
    expect((await ctx.call({ method: 'GET', url: '/api/v1/groups' })).statusCode).toBe(401);
  });

  it('filters by group type; type 1 is the list filters (the first group type, Department)', async () => {
    const d = await makeGroup(ctx.db, tag('Departments '), department);
    const p = await makeGroup(ctx.db, tag('Projects '), project);
    const ids = async (query: string) =>
      (await ctx.call({ method: 'GET', url: `/api/v1/groups?${query}`, token: cast.tokens.employee }))
        .json()
        .map((x: { id: number }) => x.id);
    for (const query of ['type_id=1', `type_id=${department}`]) {
      expect(await ids(query)).toContain(d.id);
      expect(await ids(query)).not.toContain(p.id);
    }
    expect(await ids(`type_id=${project}`)).toEqual(expect.arrayContaining([p.id]));
    expect(await ids(`type_id=${project}`)).not.toContain(d.id);
    const one = await ctx.call({ method: 'GET', url: `/api/v1/groups/${d.id}`, token: cast.tokens.employee });
    expect(one.json().list_filter).toBe(true);
    expect(
      (await ctx.call({ method: 'GET', url: '/api/v1/groups?type_id=x', token: cast.tokens.admin }))
        .statusCode,
    ).toBe(400);
  });

  it('leaves disabled groups out of the plain list unless an administrator asks for all', async () => {
    const off = await makeGroup(ctx.db, tag('Old '), project);
    await ctx.db.update(groups).set({ enabled: false }).where(eq(groups.id, off.id));
    const list = async (role: Role, query = '') =>
      (await ctx.call({ method: 'GET', url: `/api/v1/groups${query}`, token: token(role) }))
        .json()
        .map((x: { id: number }) => x.id);
    expect(await list('employee')).not.toContain(off.id);
    expect(await list('employee', '?all=true')).not.toContain(off.id);
    expect(await list('admin')).not.toContain(off.id);
    expect(await list('admin', '?all=true')).toContain(off.id);
  });

  it('pages, sorts and searches when asked', async () => {
    const word = tag('Paged');
    for (const n of ['C', 'A', 'B']) await makeGroup(ctx.db, `${word} ${n}`, project);
    const res = await ctx.call({
      method: 'GET',
      url: `/api/v1/groups?search=${word}&sort=name,desc&limit=10&page=1`,
      token: cast.tokens.admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ count: 3, total: 3, pagination: { page: 1, pages: 1 } });
    expect(res.json().items.map((g: { name: string }) => g.name)).toEqual([
      `${word} C`,
      `${word} B`,
      `${word} A`,
    ]);
    const bad = await ctx.call({
      method: 'GET',
      url: '/api/v1/groups?sort=size,asc',
      token: cast.tokens.admin,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('answers one group by id, 404 for an unknown one and 400 for a bad id', async () => {
    const g = await makeGroup(ctx.db, tag('One '), project);
    const res = await ctx.call({ method: 'GET', url: `/api/v1/groups/${g.id}`, token: cast.tokens.peer });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: g.id, name: g.name, tree: [] });
    const missing = await ctx.call({
      method: 'GET',
      url: '/api/v1/groups/99999999',
      token: cast.tokens.peer,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('This group does not exist.');
    expect(
      (await ctx.call({ method: 'GET', url: '/api/v1/groups/abc', token: cast.tokens.peer })).statusCode,
    ).toBe(400);
  });
});

describe('POST groups', () => {
  it('adds a group of a type and audits it', async () => {
    const name = tag('Squads ');
    const res = await ctx.call({
      method: 'POST',
      url: '/api/v1/groups',
      token: cast.tokens.admin,
      payload: { name: `  ${name}  `, type_id: department },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name,
      type: { id: department, name: 'Department' },
      enabled: true,
      list_filter: true,
      tree: [],
      items_count: 0,
      members_count: 0,
    });
    expect(await groupRow(res.json().id)).toMatchObject({ name, typeId: department, enabled: true });
    const [row] = await audits('group', res.json().id, 'create');
    expect(row?.actorEmployeeId).toBe(cast.admin.id);
  });

  it.each<[string, object, string, string]>([
    ['a missing name', {}, 'name', ADMIN_MESSAGES.nameRequired],
    ['a name of 101 letters', { name: 'G'.repeat(101) }, 'name', ADMIN_MESSAGES.nameLength],
    ['a name that is a number', { name: 5 }, 'name', ADMIN_MESSAGES.nameType],
    ['a name taken (any case)', { name: 'TAKEN GROUP' }, 'name', ORGANISATION_MESSAGES.groupNameTaken],
    [
      'a missing type',
      { name: 'Good Group', type_id: undefined },
      'type_id',
      ORGANISATION_MESSAGES.groupTypeRequired,
    ],
    [
      'a type as text',
      { name: 'Good Group', type_id: 'x' },
      'type_id',
      ORGANISATION_MESSAGES.groupTypeUnknown,
    ],
    [
      'an unknown type',
      { name: 'Good Group', type_id: 99_999 },
      'type_id',
      ORGANISATION_MESSAGES.groupTypeUnknown,
    ],
    [
      'a type of another kind (a gender)',
      { name: 'Good Group', type_id: 1 },
      'type_id',
      ORGANISATION_MESSAGES.groupTypeUnknown,
    ],
    ['enabled as text', { name: 'Good Group', enabled: 'yes' }, 'enabled', ADMIN_MESSAGES.enabled],
  ])('answers 422 for %s and adds nothing', async (_label, body, field, message) => {
    const taken = await ctx.db.select().from(groups).where(eq(groups.name, 'Taken Group'));
    if (taken.length === 0) await makeGroup(ctx.db, 'Taken Group', project);
    const before = await allGroups();
    const res = await ctx.call({
      method: 'POST',
      url: '/api/v1/groups',
      token: cast.tokens.admin,
      payload: { type_id: project, ...body },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.children[field].errors).toEqual([message]);
    expect(await allGroups()).toEqual(before);
  });

  it.each(ROLES.map((r) => [r] as const))('%s', async (role) => {
    const name = tag('Role group ');
    const res = await ctx.call({
      method: 'POST',
      url: '/api/v1/groups',
      token: token(role),
      payload: { name, type_id: project },
    });
    expect(res.statusCode).toBe(role === 'admin' ? 201 : refused(role));
    expect(await ctx.db.select().from(groups).where(eq(groups.name, name))).toHaveLength(
      role === 'admin' ? 1 : 0,
    );
  });
});

describe('PATCH groups/{id}', () => {
  it('renames, retypes and disables a group and audits the changes', async () => {
    const g = await makeGroup(ctx.db, tag('Before '), project);
    const name = tag('After ');
    const res = await ctx.call({
      method: 'PATCH',
      url: `/api/v1/groups/${g.id}`,
      token: cast.tokens.admin,
      payload: { name, type_id: department, enabled: false },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name, type: { id: department }, enabled: false, list_filter: true });
    const [row] = await audits('group', g.id, 'update');
    expect(row?.data).toEqual({
      changes: {
        name: { before: g.name, after: name },
        type_id: { before: project, after: department },
        enabled: { before: true, after: false },
      },
      fields: ['name', 'type_id', 'enabled'],
    });
  });

  it('refuses a taken name, an unknown type, an empty body and an unknown group, changing nothing', async () => {
    const g = await makeGroup(ctx.db, tag('Keep '), project);
    const other = await makeGroup(ctx.db, tag('Other '), project);
    const before = await groupRow(g.id);
    const patch = (id: number, payload: object) =>
      ctx.call({ method: 'PATCH', url: `/api/v1/groups/${id}`, token: cast.tokens.admin, payload });
    const clash = await patch(g.id, { name: other.name.toUpperCase() });
    expect(clash.statusCode).toBe(422);
    expect(clash.json().errors.children.name.errors).toEqual([ORGANISATION_MESSAGES.groupNameTaken]);
    const type = await patch(g.id, { type_id: 99_999 });
    expect(type.statusCode).toBe(422);
    expect(type.json().errors.children.type_id.errors).toEqual([ORGANISATION_MESSAGES.groupTypeUnknown]);
    const empty = await patch(g.id, {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.errors).toEqual([ADMIN_MESSAGES.nothingToChange]);
    expect(await groupRow(g.id)).toEqual(before);
    expect((await patch(99_999_999, { name: 'Whatever' })).statusCode).toBe(404);
  });

  it.each(ROLES.map((r) => [r] as const))('%s', async (role) => {
    const g = await makeGroup(ctx.db, tag('Role before '), project);
    const res = await ctx.call({
      method: 'PATCH',
      url: `/api/v1/groups/${g.id}`,
      token: token(role),
      payload: { enabled: false },
    });
    expect(res.statusCode).toBe(role === 'admin' ? 200 : refused(role));
    expect((await groupRow(g.id))?.enabled).toBe(role !== 'admin');
  });
});

describe('DELETE groups', () => {
  it('deletes a group nobody belongs to, with its items (by id or { group_id }), and audits it', async () => {
    const g = await makeGroup(ctx.db, tag('Gone '), project);
    const top = await makeTreeItem(ctx.db, g.id, 'Top');
    await makeTreeItem(ctx.db, g.id, 'Below', top.id);
    const res = await ctx.call({ method: 'DELETE', url: `/api/v1/groups/${g.id}`, token: cast.tokens.admin });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(`${g.name} has been successfully deleted!`);
    expect(await groupRow(g.id)).toBeUndefined();
    expect(await treeRows(g.id)).toEqual([]);
    expect(await audits('group', g.id, 'delete')).toHaveLength(1);
    const h = await makeGroup(ctx.db, tag('Gone too '), project);
    const byBody = await ctx.call({
      method: 'DELETE',
      url: '/api/v1/groups',
      token: cast.tokens.admin,
      payload: { group_id: h.id },
    });
    expect(byBody.statusCode).toBe(200);
    expect(await groupRow(h.id)).toBeUndefined();
  });

  it('refuses with 409 while employees belong to any of its items, saying how many', async () => {
    const g = await makeGroup(ctx.db, tag('Busy '), project);
    const top = await makeTreeItem(ctx.db, g.id, 'Top');
    const below = await makeTreeItem(ctx.db, g.id, 'Below', top.id);
    const a = await ctx.factory.employee();
    const b = await ctx.factory.employee();
    await addToGroup(ctx.db, a.id, below.id);
    await addToGroup(ctx.db, a.id, top.id);
    await addToGroup(ctx.db, b.id, top.id);
    const res = await ctx.call({ method: 'DELETE', url: `/api/v1/groups/${g.id}`, token: cast.tokens.admin });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('reference_in_use');
    expect(res.json().message).toBe(ORGANISATION_TEXT.groupHasMembers(g.name, 2));
    expect(res.json().message).toBe(
      `${g.name} cannot be deleted: 2 employees belong to its items. Take them out of the group first, or disable it.`,
    );
    expect(await groupRow(g.id)).toBeDefined();
    expect(await treeRows(g.id)).toHaveLength(2);
  });

  it('refuses with 409 while a review cycle was launched for one of its items', async () => {
    const g = await makeGroup(ctx.db, tag('Cycled '), project);
    const item = await makeTreeItem(ctx.db, g.id, 'Reviewed');
    await cycleFor(item.id);
    const res = await ctx.call({
      method: 'DELETE',
      url: '/api/v1/groups',
      token: cast.tokens.admin,
      payload: { group_id: g.id },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ORGANISATION_TEXT.cyclesFor(g.name, 1));
    expect(await groupRow(g.id)).toBeDefined();
  });

  it('answers 404 for an unknown group and 422 for a bad body', async () => {
    expect(
      (await ctx.call({ method: 'DELETE', url: '/api/v1/groups/99999999', token: cast.tokens.admin }))
        .statusCode,
    ).toBe(404);
    const bad = await ctx.call({
      method: 'DELETE',
      url: '/api/v1/groups',
      token: cast.tokens.admin,
      payload: { group_id: 'one' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.children.group_id.errors).toEqual([ORGANISATION_MESSAGES.groupId]);
  });

  it.each(ROLES.map((r) => [r] as const))('%s', async (role) => {
    const g = await makeGroup(ctx.db, tag('Role gone '), project);
    const res = await ctx.call({ method: 'DELETE', url: `/api/v1/groups/${g.id}`, token: token(role) });
    expect(res.statusCode).toBe(role === 'admin' ? 200 : refused(role));
    expect(Boolean(await groupRow(g.id))).toBe(role !== 'admin');
  });
});

describe('POST groups/{id}/trees', () => {
  it('adds an item, under a parent or at the top, and audits it', async () => {
    const g = await makeGroup(ctx.db);
    const top = await ctx.call({
      method: 'POST',
      url: `/api/v1/groups/${g.id}/trees`,
      token: cast.tokens.admin,
      payload: { name: '  Finance  ' },
    });
    expect(top.statusCode).toBe(201);
    expect(top.json()).toEqual({ id: expect.any(Number), group_id: g.id, name: 'Finance', parent_id: null });
    const child = await ctx.call({
      method: 'POST',
      url: `/api/v1/groups/${g.id}/trees`,
      token: cast.tokens.admin,
      payload: { name: 'Payroll', parent_id: top.json().id },
    });
    expect(child.statusCode).toBe(201);
    expect((await treeRows(g.id)).map((r) => [r.name, r.parentId])).toEqual([
      ['Finance', null],
      ['Payroll', top.json().id],
    ]);
    expect(await audits('group_tree', child.json().id, 'create')).toHaveLength(1);
    const read = await ctx.call({
      method: 'GET',
      url: `/api/v1/groups/${g.id}`,
      token: cast.tokens.employee,
    });
    expect(read.json().tree[0].children[0]).toMatchObject({ name: 'Payroll', parent_id: top.json().id });
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
      token: cast.tokens.admin,
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
      token: cast.tokens.admin,
      payload: { name: 'Nowhere' },
    });
    expect(res.statusCode).toBe(404);
    const bad = await ctx.call({
      method: 'POST',
      url: '/api/v1/groups/abc/trees',
      token: cast.tokens.admin,
      payload: { name: 'X1' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it.each(ROLES.map((r) => [r] as const))('%s', async (role) => {
    const g = await makeGroup(ctx.db);
    const res = await ctx.call({
      method: 'POST',
      url: `/api/v1/groups/${g.id}/trees`,
      token: token(role),
      payload: { name: 'Team A' },
    });
    expect(res.statusCode).toBe(role === 'admin' ? 201 : refused(role));
    expect(await treeRows(g.id)).toHaveLength(role === 'admin' ? 1 : 0);
  });
});

describe('DELETE groups/trees', () => {
  const remove = (role: Role, body: object) =>
    ctx.call({ method: 'DELETE', url: '/api/v1/groups/trees', token: token(role), payload: body });

  it('removes an item nobody belongs to, with the items below it, and audits it', async () => {
    const g = await makeGroup(ctx.db);
    const top = await makeTreeItem(ctx.db, g.id, 'Legal');
    await makeTreeItem(ctx.db, g.id, 'Contracts', top.id);
    const keep = await makeTreeItem(ctx.db, g.id, 'Keep');
    const res = await remove('admin', { tree_id: top.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Legal has been successfully deleted!');
    expect((await treeRows(g.id)).map((r) => r.id)).toEqual([keep.id]);
    const [row] = await audits('group_tree', top.id, 'delete');
    expect(row?.data).toMatchObject({ name: 'Legal', removed_items: 2 });
  });

  it('refuses with 409 while someone belongs to the item or an item below it', async () => {
    const g = await makeGroup(ctx.db);
    const top = await makeTreeItem(ctx.db, g.id, 'Support');
    const below = await makeTreeItem(ctx.db, g.id, 'Tier 1', top.id);
    await addToGroup(ctx.db, (await ctx.factory.employee()).id, below.id);
    const res = await remove('admin', { tree_id: top.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('group_item_has_member');
    expect(res.json().message).toBe(
      'Support cannot be deleted: 1 employee belongs to it or to an item below it.',
    );
    await addToGroup(ctx.db, (await ctx.factory.employee()).id, top.id);
    const two = await remove('admin', { tree_id: top.id });
    expect(two.json().message).toBe(
      'Support cannot be deleted: 2 employees belong to it or to an item below it.',
    );
    expect(await treeRows(g.id)).toHaveLength(2);
  });

  it('refuses with 409 while a review cycle was launched for the item or one below it', async () => {
    const g = await makeGroup(ctx.db);
    const top = await makeTreeItem(ctx.db, g.id, 'Field');
    const below = await makeTreeItem(ctx.db, g.id, 'Field North', top.id);
    await cycleFor(below.id);
    const res = await remove('admin', { tree_id: top.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ORGANISATION_TEXT.cyclesFor('Field', 1));
    expect(await treeRows(g.id)).toHaveLength(2);
  });

  it('answers 404 for an unknown item and 422 for a bad body', async () => {
    expect((await remove('admin', { tree_id: 99_999_999 })).statusCode).toBe(404);
    const bad = await remove('admin', { tree_id: 'one' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.children.tree_id.errors).toEqual([GROUP_MESSAGES.treeId]);
    expect((await remove('admin', {})).statusCode).toBe(422);
  });

  it.each(ROLES.map((r) => [r] as const))('%s', async (role) => {
    const g = await makeGroup(ctx.db);
    const item = await makeTreeItem(ctx.db, g.id);
    const res = await remove(role, { tree_id: item.id });
    expect(res.statusCode).toBe(role === 'admin' ? 200 : refused(role));
    const left = await ctx.db
      .select()
      .from(groupTrees)
      .where(inArray(groupTrees.id, [item.id]));
    expect(left).toHaveLength(role === 'admin' ? 0 : 1);
  });
});
