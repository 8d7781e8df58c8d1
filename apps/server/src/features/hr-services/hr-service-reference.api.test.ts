import { MESSAGES } from '@hr/contracts/messages';
import { and, count, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { tag } from '../../../test/factories/directory';
import { certificateBody, nextIssueDate, nocBody } from '../../../test/factories/hr-services';
import { setupApi, type TestContext } from '../../../test/helper';
import type { Db } from '../../db/client';
import { auditLog, nocTypes, serviceCategories, serviceRequests } from '../../db/schema';
import { seedReferenceData } from '../../db/seed/reference';

const BASE = '/api/v1/employee/service-requests';
const ACTORS = ['employee', 'line manager', 'O&O', 'unrelated employee', 'admin', 'no token'] as const;
type Actor = (typeof ACTORS)[number];

let ctx: TestContext;
let actors: Record<Actor, string | null>;
let applicantId: number;

beforeAll(async () => {
  ctx = await setupApi();
  const f = ctx.factory;
  const { oo, lm, employee } = await f.chain();
  applicantId = employee.id;
  actors = {
    employee: await f.token(employee),
    'line manager': await f.token(lm),
    'O&O': await f.token(oo),
    'unrelated employee': await f.token(await f.employee()),
    admin: await f.token(await f.employee({ admin: true })),
    'no token': null,
  };
});

/** A request of the applicant straight into the table: a category (by value) or a NOC type in use. */
async function requestUsing(db: Db, use: { category?: string; nocTypeId?: number }) {
  await db.insert(serviceRequests).values({
    employeeId: applicantId,
    category: use.category ?? 'noc',
    nocTypeId: use.nocTypeId ?? null,
    description: 'Made for the reference-data tests',
    issueDate: '2027-05-01',
  });
}

interface Kind {
  path: string;
  table: PgTable & { id: PgColumn };
  entity: string;
  /** The English kind in messages. */
  kind: string;
  deleteKey: string;
  body: () => Record<string, unknown>;
  change: Record<string, unknown>;
  /** Bodies refused with 422: the field and its message, on create and on change. */
  bad: [string, Record<string, unknown>, string, string][];
  /** Puts a record to use `n` times. */
  use: (row: { id: number; value?: string }, n: number) => Promise<void>;
  usedBy: (name: string, n: number) => string;
}

const KINDS: Record<string, Kind> = {
  'service categories': {
    path: `${BASE}/categories`,
    table: serviceCategories,
    entity: 'service_category',
    kind: 'service category',
    deleteKey: 'service_category_id',
    body: () => ({ name: tag('Pay slip copy '), sort_order: 7, enabled: true }),
    change: { sort_order: 9 },
    bad: [
      ['a missing name', { sort_order: 1 }, 'name', MESSAGES.nameRequired],
      ['a blank name', { name: '   ' }, 'name', MESSAGES.nameRequired],
      ['a name of one letter', { name: 'X' }, 'name', 'Name must have a length between 2 and 100'],
      [
        'a name of 101 letters',
        { name: 'N'.repeat(101) },
        'name',
        'Name must have a length between 2 and 100',
      ],
      ['a name as a number', { name: 42 }, 'name', MESSAGES.nameRequired],
      [
        'an order of 101',
        { name: 'Good Name', sort_order: 101 },
        'sort_order',
        'Order must be a whole number from 0 to 100',
      ],
      [
        'an order as text',
        { name: 'Good Name', sort_order: 'first' },
        'sort_order',
        'Order must be a whole number from 0 to 100',
      ],
      ['enabled as text', { name: 'Good Name', enabled: 'yes' }, 'enabled', 'Enabled must be true or false'],
      [
        'a value with a space',
        { name: 'Good Name', value: 'pay slip' },
        'value',
        'Value must be 1 to 40 small letters, digits or _, starting with a letter',
      ],
      [
        'a value of 41 letters',
        { name: 'Good Name', value: 'v'.repeat(41) },
        'value',
        'Value must be 1 to 40 small letters, digits or _, starting with a letter',
      ],
    ],
    use: async (row, n) => {
      for (let i = 0; i < n; i++) await requestUsing(ctx.db, { category: row.value! });
    },
    usedBy: (name, n) =>
      `${name} is used by ${n} service request${n === 1 ? '' : 's'}; disable it instead of deleting it.`,
  },
  'NOC types': {
    path: `${BASE}/noc-types`,
    table: nocTypes,
    entity: 'noc_type',
    kind: 'NOC type',
    deleteKey: 'noc_type_id',
    body: () => ({ name: tag('Conference abroad '), enabled: true }),
    change: { enabled: false },
    bad: [
      ['a missing name', { enabled: true }, 'name', MESSAGES.nameRequired],
      ['a name of one letter', { name: 'X' }, 'name', 'Name must have a length between 2 and 100'],
      [
        'a name of 101 letters',
        { name: 'N'.repeat(101) },
        'name',
        'Name must have a length between 2 and 100',
      ],
      ['enabled as a number', { name: 'Good Name', enabled: 1 }, 'enabled', 'Enabled must be true or false'],
    ],
    use: async (row, n) => {
      for (let i = 0; i < n; i++) await requestUsing(ctx.db, { nocTypeId: row.id });
    },
    usedBy: (name, n) =>
      `${name} is used by ${n} NOC request${n === 1 ? '' : 's'}; disable it instead of deleting it.`,
  },
};

async function rowCount(table: PgTable) {
  const [row] = await ctx.db.select({ n: count() }).from(table);
  return row?.n ?? 0;
}
async function auditCount(entity: string) {
  const [row] = await ctx.db.select({ n: count() }).from(auditLog).where(eq(auditLog.entity, entity));
  return row?.n ?? 0;
}
const audits = (entity: string, id: number, action: string) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, id), eq(auditLog.action, action)));
/** The rows and audit rows of a kind, to show that a refused call wrote nothing. */
const written = async (k: Kind) => ({ rows: await rowCount(k.table), audits: await auditCount(k.entity) });
const rowOf = async (k: Kind, id: number) =>
  (await ctx.db.select().from(k.table).where(eq(k.table.id, id)))[0];

describe.each(Object.entries(KINDS))('%s: HR administrators manage them', (_name, k) => {
  const make = async (body = k.body()) => {
    const res = await ctx.call({ method: 'POST', url: k.path, token: actors.admin, payload: body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; name: string; value?: string; enabled: boolean };
  };

  const expected = (actor: Actor, ok: number) => (actor === 'admin' ? ok : actor === 'no token' ? 401 : 403);

  it.each(ACTORS)('create as %s: only the admin writes, with an audit row', async (actor) => {
    const before = await written(k);
    const res = await ctx.call({ method: 'POST', url: k.path, token: actors[actor], payload: k.body() });
    expect(res.statusCode).toBe(expected(actor, 201));
    if (res.statusCode === 403) expect(res.json().error).toBe('admin_only');
    const grew = actor === 'admin' ? 1 : 0;
    expect(await written(k)).toEqual({ rows: before.rows + grew, audits: before.audits + grew });
  });

  it.each(ACTORS)('change as %s: only the admin writes, with an audit row', async (actor) => {
    const made = await make();
    const before = await rowOf(k, made.id);
    const res = await ctx.call({
      method: 'PATCH',
      url: `${k.path}/${made.id}`,
      token: actors[actor],
      payload: k.change,
    });
    expect(res.statusCode).toBe(expected(actor, 200));
    const after = await rowOf(k, made.id);
    if (actor === 'admin') expect(after).not.toEqual(before);
    else expect(after).toEqual(before);
    expect(await audits(k.entity, made.id, 'update')).toHaveLength(actor === 'admin' ? 1 : 0);
  });

  it.each(ACTORS)('delete as %s: only the admin deletes, with an audit row', async (actor) => {
    const made = await make();
    const res = await ctx.call({ method: 'DELETE', url: `${k.path}/${made.id}`, token: actors[actor] });
    expect(res.statusCode).toBe(expected(actor, 200));
    expect(await rowOf(k, made.id)).toEqual(actor === 'admin' ? undefined : expect.anything());
    if (actor === 'admin') expect(res.json().message).toBe(`${made.name} has been successfully deleted!`);
    expect(await audits(k.entity, made.id, 'delete')).toHaveLength(actor === 'admin' ? 1 : 0);
  });

  it('deletes with the id in the body too; a bad body is a 422 and deletes nothing', async () => {
    const made = await make();
    const before = await written(k);
    const bad = await ctx.call({
      method: 'DELETE',
      url: k.path,
      token: actors.admin,
      payload: { [k.deleteKey]: 'one' },
    });
    expect(bad.statusCode).toBe(422);
    expect(await written(k)).toEqual(before);
    const res = await ctx.call({
      method: 'DELETE',
      url: k.path,
      token: actors.admin,
      payload: { [k.deleteKey]: made.id },
    });
    expect(res.statusCode).toBe(200);
    expect(await rowOf(k, made.id)).toBeUndefined();
  });

  it.each(k.bad)('answers 422 for %s and writes nothing', async (_label, body, field, message) => {
    const made = await make();
    const before = await written(k);
    const row = await rowOf(k, made.id);
    const created = await ctx.call({ method: 'POST', url: k.path, token: actors.admin, payload: body });
    expect(created.statusCode).toBe(422);
    expect(created.json().errors.children[field].errors).toEqual([message]);
    // A change sends only what it changes: a field it leaves out is no error.
    if (field in body) {
      const changed = await ctx.call({
        method: 'PATCH',
        url: `${k.path}/${made.id}`,
        token: actors.admin,
        payload: body,
      });
      expect(changed.statusCode).toBe(422);
      expect(changed.json().errors.children[field].errors).toEqual([message]);
    }
    expect(await written(k)).toEqual(before);
    expect(await rowOf(k, made.id)).toEqual(row);
  });

  it('an empty change is a 422 and changes nothing', async () => {
    const made = await make();
    const row = await rowOf(k, made.id);
    const res = await ctx.call({
      method: 'PATCH',
      url: `${k.path}/${made.id}`,
      token: actors.admin,
      payload: {},
    });
    expect(res.statusCode).toBe(422);
    expect(await rowOf(k, made.id)).toEqual(row);
  });

  it('a non-admin with a bad body learns nothing: 403 before the body is read', async () => {
    const [, body] = k.bad[0]!;
    const res = await ctx.call({ method: 'POST', url: k.path, token: actors.employee, payload: body });
    expect(res.statusCode).toBe(403);
  });

  it('answers 404 reference_not_found for an unknown id, 400 for a bad one, and writes nothing', async () => {
    const before = await written(k);
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const res = await ctx.call({
        method,
        url: `${k.path}/99999999`,
        token: actors.admin,
        ...(method === 'PATCH' ? { payload: k.change } : {}),
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({
        error: 'reference_not_found',
        message: `This ${k.kind} does not exist.`,
      });
    }
    const byBody = await ctx.call({
      method: 'DELETE',
      url: k.path,
      token: actors.admin,
      payload: { [k.deleteKey]: 99999999 },
    });
    expect(byBody.statusCode).toBe(404);
    expect((await ctx.call({ method: 'DELETE', url: `${k.path}/abc`, token: actors.admin })).statusCode).toBe(
      400,
    );
    expect(await written(k)).toEqual(before);
  });

  it('audits a change with the fields that changed, before and after', async () => {
    const made = await make();
    const [created] = await audits(k.entity, made.id, 'create');
    expect(created?.data).toMatchObject({ [k.entity]: { id: made.id, name: made.name } });
    await ctx.call({ method: 'PATCH', url: `${k.path}/${made.id}`, token: actors.admin, payload: k.change });
    const [row] = await audits(k.entity, made.id, 'update');
    const [field, to] = Object.entries(k.change)[0]!;
    expect(row?.data).toEqual({
      changes: { [field]: { before: expect.anything(), after: to } },
      fields: [field],
    });
  });

  it('a name taken (any case) is a 409 reference_name_taken on create and rename', async () => {
    const first = await make();
    const second = await make();
    const before = await written(k);
    const dup = await ctx.call({
      method: 'POST',
      url: k.path,
      token: actors.admin,
      payload: { ...k.body(), name: first.name.toUpperCase() },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({
      error: 'reference_name_taken',
      message: `A ${k.kind} with this name exists already.`,
    });
    const rename = await ctx.call({
      method: 'PATCH',
      url: `${k.path}/${second.id}`,
      token: actors.admin,
      payload: { name: first.name },
    });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().errors.children.name.errors).toEqual([`A ${k.kind} with this name exists already.`]);
    expect(await written(k)).toEqual(before);
  });

  it('one in use is a 409 reference_in_use saying how many requests use it, and stays', async () => {
    for (const n of [1, 3]) {
      const made = await make();
      await k.use(made, n);
      const res = await ctx.call({ method: 'DELETE', url: `${k.path}/${made.id}`, token: actors.admin });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error: 'reference_in_use', message: k.usedBy(made.name, n) });
      expect(await rowOf(k, made.id)).toBeDefined();
      expect(await audits(k.entity, made.id, 'delete')).toHaveLength(0);
      const listed = await ctx.call({ method: 'GET', url: `${k.path}/${made.id}`, token: actors.admin });
      expect(listed.json().requests_count).toBe(n);
    }
  });

  it('everyone signed in reads the enabled ones in the form’s shape; admins page through all of them', async () => {
    const t = tag('Zq');
    const on = await make({ ...k.body(), name: `${t} Bravo` });
    const off = await make({ ...k.body(), name: `${t} Alpha`, enabled: false });
    const key = 'value' in on ? 'value' : 'id';
    const plain = async (token: string | null, query = '') => {
      const res = await ctx.call({ method: 'GET', url: `${k.path}${query}`, token });
      expect(res.statusCode).toBe(200);
      return res.json() as Record<string, unknown>[];
    };
    for (const actor of ACTORS.filter((a) => a !== 'no token')) {
      const items = await plain(actors[actor]);
      const mine = items.filter((x) => String(x.name).startsWith(t));
      // The form's shape: what it has always read.
      expect(mine).toEqual([
        key === 'value' ? { value: on.value, name: on.name } : { id: on.id, name: on.name },
      ]);
    }
    expect((await plain(actors.employee, '?all=true')).some((x) => x.name === off.name)).toBe(false);
    expect((await plain(actors.admin, '?all=true')).some((x) => x.name === off.name)).toBe(true);
    expect((await ctx.call({ method: 'GET', url: k.path })).statusCode).toBe(401);

    const page = await ctx.call({
      method: 'GET',
      url: `${k.path}?search=${t}&sort=name,asc&page=1&limit=10&all=true`,
      token: actors.admin,
    });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ count: 2, total: 2, pagination: { page: 1, limit: 10, pages: 1 } });
    expect(page.json().items).toEqual([
      expect.objectContaining({ id: off.id, name: off.name, enabled: false, requests_count: 0 }),
      expect.objectContaining({ id: on.id, name: on.name, enabled: true, requests_count: 0 }),
    ]);
    const badSort = await ctx.call({ method: 'GET', url: `${k.path}?sort=revenue,asc`, token: actors.admin });
    expect(badSort.statusCode).toBe(400);
  });
});

describe('service categories: the value and the special noc', () => {
  const path = `${BASE}/categories`;
  const create = (payload: object) => ctx.call({ method: 'POST', url: path, token: actors.admin, payload });
  const noc = async () =>
    (await ctx.db.select().from(serviceCategories).where(eq(serviceCategories.value, 'noc')))[0]!;

  it('a new category gets its value from its name, unique, or the one given', async () => {
    const t = tag();
    const first = await create({ name: `Bank Letter ${t}` });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      value: `bank_letter_${t}`,
      name: `Bank Letter ${t}`,
      sort_order: 0,
      enabled: true,
      requests_count: 0,
    });
    // Another name that makes the same value gets the next free one.
    const second = await create({ name: `Bank-letter ${t}!` });
    expect(second.json().value).toBe(`bank_letter_${t}_2`);
    const given = await create({ name: `Tax certificate ${t}`, value: `Tax_Cert_${t}` });
    expect(given.json().value).toBe(`tax_cert_${t}`);
    // A name without Latin letters still makes a value.
    const arabic = await create({ name: 'شهادة راتب' });
    expect(arabic.json().value).toBe('category');
    const chinese = await create({ name: '工资证明' });
    expect(chinese.json().value).toBe('category_2');
  });

  it('a value given that another category has is a 409 on the value field', async () => {
    const before = await written(KINDS['service categories']!);
    const res = await create({ name: tag('Another NOC '), value: 'noc' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      error: 'service_category_value_taken',
      message: 'A service category with the value noc exists already.',
    });
    expect(res.json().errors.children.value.errors).toEqual([
      'A service category with the value noc exists already.',
    ]);
    expect(await written(KINDS['service categories']!)).toEqual(before);
  });

  it('a value stays: a change may send the value it has, not another', async () => {
    const made = (await create({ name: tag('Visa invitation ') })).json();
    const same = await ctx.call({
      method: 'PATCH',
      url: `${path}/${made.id}`,
      token: actors.admin,
      payload: { value: made.value, name: `${made.name} letter` },
    });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ value: made.value, name: `${made.name} letter` });
    const moved = await ctx.call({
      method: 'PATCH',
      url: `${path}/${made.id}`,
      token: actors.admin,
      payload: { value: 'something_else', name: 'Other name' },
    });
    expect(moved.statusCode).toBe(409);
    expect(moved.json()).toMatchObject({
      error: 'service_category_value_fixed',
      message: `The value of ${made.name} letter cannot change: service requests and their letters keep it.`,
    });
    const [row] = await ctx.db.select().from(serviceCategories).where(eq(serviceCategories.id, made.id));
    expect(row).toMatchObject({ value: made.value, name: `${made.name} letter` });
  });

  it('noc is never deleted and keeps its value; it may be renamed', async () => {
    const before = await noc();
    for (const call of [
      { method: 'DELETE' as const, url: `${path}/${before.id}` },
      { method: 'DELETE' as const, url: path, payload: { service_category_id: before.id } },
    ]) {
      const res = await ctx.call({ ...call, token: actors.admin });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        error: 'reference_builtin',
        message: `${before.name} has a meaning of its own in the portal; it cannot be deleted. Disable it instead.`,
      });
    }
    const moved = await ctx.call({
      method: 'PATCH',
      url: `${path}/${before.id}`,
      token: actors.admin,
      payload: { value: 'no_objection' },
    });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().error).toBe('service_category_value_fixed');
    expect(await noc()).toEqual(before);
    expect(await audits('service_category', before.id, 'delete')).toHaveLength(0);

    const renamed = await ctx.call({
      method: 'PATCH',
      url: `${path}/${before.id}`,
      token: actors.admin,
      payload: { name: 'No objection certificate' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(await noc()).toMatchObject({ value: 'noc', name: 'No objection certificate' });
    await ctx.call({
      method: 'PATCH',
      url: `${path}/${before.id}`,
      token: actors.admin,
      payload: { name: before.name },
    });
  });

  it('a new category is offered at once and an employee asks for it; disabled, it is refused', async () => {
    const made = (await create({ name: tag('Reference letter '), sort_order: 0 })).json();
    const offered = await ctx.call({ method: 'GET', url: path, token: actors.employee });
    expect(offered.json()).toContainEqual({ value: made.value, name: made.name });
    const asked = await ctx.call({
      method: 'POST',
      url: BASE,
      token: actors.employee,
      payload: certificateBody({ category: made.value, issue_date: nextIssueDate() }),
    });
    expect(asked.statusCode).toBe(201);
    expect(asked.json()).toMatchObject({ category: made.value, category_name: made.name });

    await ctx.call({
      method: 'PATCH',
      url: `${path}/${made.id}`,
      token: actors.admin,
      payload: { enabled: false },
    });
    expect((await ctx.call({ method: 'GET', url: path, token: actors.employee })).json()).not.toContainEqual({
      value: made.value,
      name: made.name,
    });
    const refused = await ctx.call({
      method: 'POST',
      url: BASE,
      token: actors.employee,
      payload: certificateBody({ category: made.value, issue_date: nextIssueDate() }),
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.children.category.errors).toEqual(['This service is not offered']);
    // The request made before keeps its category.
    const kept = await ctx.call({ method: 'GET', url: `${BASE}/${asked.json().id}`, token: actors.employee });
    expect(kept.json()).toMatchObject({ category: made.value, category_name: made.name });
  });

  it('a new NOC type is offered at once and a NOC request uses it', async () => {
    const made = (
      await ctx.call({
        method: 'POST',
        url: `${BASE}/noc-types`,
        token: actors.admin,
        payload: { name: tag('Sports tournament ') },
      })
    ).json();
    const offered = await ctx.call({ method: 'GET', url: `${BASE}/noc-types`, token: actors.employee });
    expect(offered.json()).toContainEqual({ id: made.id, name: made.name });
    const asked = await ctx.call({
      method: 'POST',
      url: BASE,
      token: actors.employee,
      payload: nocBody({ noc_type_id: made.id, issue_date: nextIssueDate() }),
    });
    expect(asked.statusCode).toBe(201);
    expect(asked.json().type).toEqual({ id: made.id, name: made.name });
  });

  it('a seeded service or NOC type HR deleted stays deleted when the server starts again', async () => {
    const [idCard] = await ctx.db
      .select()
      .from(serviceCategories)
      .where(eq(serviceCategories.value, 'id_card'));
    const [bankLoan] = await ctx.db.select().from(nocTypes).where(eq(nocTypes.name, 'Bank loan'));
    for (const url of [`${path}/${idCard!.id}`, `${BASE}/noc-types/${bankLoan!.id}`]) {
      expect((await ctx.call({ method: 'DELETE', url, token: actors.admin })).statusCode).toBe(200);
    }
    await seedReferenceData(ctx.db);
    expect(
      await ctx.db.select().from(serviceCategories).where(eq(serviceCategories.value, 'id_card')),
    ).toEqual([]);
    expect(await ctx.db.select().from(nocTypes).where(eq(nocTypes.name, 'Bank loan'))).toEqual([]);
  });
});
