import { MESSAGES } from '@hr/contracts/messages';
import { REMOTE_WORK_MESSAGES } from '@hr/contracts/remote-work';
import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { tag } from '../../../test/factories/directory';
import { remoteWorkBody } from '../../../test/factories/remote-work';
import { setupApi, type TestContext } from '../../../test/helper';
import { auditLog, remoteWorks, remoteWorkTypes } from '../../db/schema';

const PATH = '/api/v1/remote-work/types';
const ACTORS = ['employee', 'line manager', 'O&O', 'unrelated employee', 'admin', 'no token'] as const;
type Actor = (typeof ACTORS)[number];
const NAME_LENGTH = 'Name must have a length between 2 and 60';

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

const expected = (actor: Actor, ok: number) => (actor === 'admin' ? ok : actor === 'no token' ? 401 : 403);
const body = () => ({ name: tag('Client site ') });
const make = async (payload: object = body()) => {
  const res = await ctx.call({ method: 'POST', url: PATH, token: actors.admin, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; name: string; enabled: boolean };
};
const rowOf = async (id: number) =>
  (await ctx.db.select().from(remoteWorkTypes).where(eq(remoteWorkTypes.id, id)))[0];
const audits = (id: number, action: string) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(
      and(eq(auditLog.entity, 'remote_work_type'), eq(auditLog.entityId, id), eq(auditLog.action, action)),
    );
/** The types and their audit rows, to show that a refused call wrote nothing. */
async function written() {
  const [rows] = await ctx.db.select({ n: count() }).from(remoteWorkTypes);
  const [logged] = await ctx.db
    .select({ n: count() })
    .from(auditLog)
    .where(eq(auditLog.entity, 'remote_work_type'));
  return { rows: rows?.n ?? 0, audits: logged?.n ?? 0 };
}
/** `n` requests of a type, straight into the table. */
async function use(typeId: number, n: number) {
  for (let i = 0; i < n; i++)
    await ctx.db
      .insert(remoteWorks)
      .values({ employeeId: applicantId, typeId, fromDate: '2027-04-01', toDate: '2027-04-02' });
}

describe('remote-work types: HR administrators manage them', () => {
  it.each(ACTORS)('create as %s: only the admin writes, with an audit row', async (actor) => {
    const before = await written();
    const res = await ctx.call({ method: 'POST', url: PATH, token: actors[actor], payload: body() });
    expect(res.statusCode).toBe(expected(actor, 201));
    if (res.statusCode === 201)
      expect(res.json()).toEqual({
        id: expect.any(Number),
        name: expect.stringMatching(/^Client site /),
        enabled: true,
        hourly: false,
        requests_count: 0,
        name_translations: {},
      });
    if (res.statusCode === 403) expect(res.json().error).toBe('admin_only');
    const grew = actor === 'admin' ? 1 : 0;
    expect(await written()).toEqual({ rows: before.rows + grew, audits: before.audits + grew });
  });

  it.each(ACTORS)('change as %s: only the admin writes, with an audit row of what changed', async (actor) => {
    const made = await make();
    const before = await rowOf(made.id);
    const res = await ctx.call({
      method: 'PATCH',
      url: `${PATH}/${made.id}`,
      token: actors[actor],
      payload: { enabled: false },
    });
    expect(res.statusCode).toBe(expected(actor, 200));
    expect(await rowOf(made.id)).toEqual(actor === 'admin' ? { ...before, enabled: false } : before);
    const logged = await audits(made.id, 'update');
    expect(logged).toHaveLength(actor === 'admin' ? 1 : 0);
    if (actor === 'admin')
      expect(logged[0]?.data).toEqual({
        changes: { enabled: { before: true, after: false } },
        fields: ['enabled'],
      });
  });

  it.each(ACTORS)('delete as %s: only the admin deletes, with an audit row', async (actor) => {
    const made = await make();
    const res = await ctx.call({ method: 'DELETE', url: `${PATH}/${made.id}`, token: actors[actor] });
    expect(res.statusCode).toBe(expected(actor, 200));
    expect(await rowOf(made.id)).toEqual(actor === 'admin' ? undefined : expect.anything());
    if (actor === 'admin') expect(res.json().message).toBe(`${made.name} has been successfully deleted!`);
    expect(await audits(made.id, 'delete')).toHaveLength(actor === 'admin' ? 1 : 0);
  });

  it('deletes with { remote_work_type_id } in the body; a bad body is a 422', async () => {
    const made = await make();
    const bad = await ctx.call({
      method: 'DELETE',
      url: PATH,
      token: actors.admin,
      payload: { remote_work_type_id: '1' },
    });
    expect(bad.statusCode).toBe(422);
    expect(await rowOf(made.id)).toBeDefined();
    const res = await ctx.call({
      method: 'DELETE',
      url: PATH,
      token: actors.admin,
      payload: { remote_work_type_id: made.id },
    });
    expect(res.statusCode).toBe(200);
    expect(await rowOf(made.id)).toBeUndefined();
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ['a missing name', { enabled: true }, 'name', MESSAGES.nameRequired],
    ['a blank name', { name: '  ' }, 'name', MESSAGES.nameRequired],
    ['a name of one letter', { name: 'X' }, 'name', NAME_LENGTH],
    ['a name of 61 letters', { name: 'N'.repeat(61) }, 'name', NAME_LENGTH],
    ['a name as a number', { name: 7 }, 'name', MESSAGES.nameRequired],
    ['enabled as text', { name: 'Good name', enabled: 'no' }, 'enabled', 'Enabled must be true or false'],
  ])('answers 422 for %s and writes nothing', async (_label, payload, field, message) => {
    const made = await make();
    const row = await rowOf(made.id);
    const before = await written();
    const created = await ctx.call({ method: 'POST', url: PATH, token: actors.admin, payload });
    expect(created.statusCode).toBe(422);
    expect(created.json().errors.children[field].errors).toEqual([message]);
    if (field in payload) {
      const changed = await ctx.call({
        method: 'PATCH',
        url: `${PATH}/${made.id}`,
        token: actors.admin,
        payload,
      });
      expect(changed.statusCode).toBe(422);
      expect(changed.json().errors.children[field].errors).toEqual([message]);
    }
    const empty = await ctx.call({
      method: 'PATCH',
      url: `${PATH}/${made.id}`,
      token: actors.admin,
      payload: {},
    });
    expect(empty.statusCode).toBe(422);
    expect(await written()).toEqual(before);
    expect(await rowOf(made.id)).toEqual(row);
  });

  it('answers 404 for an unknown id and 400 for a bad one, and writes nothing', async () => {
    const before = await written();
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const res = await ctx.call({
        method,
        url: `${PATH}/99999999`,
        token: actors.admin,
        ...(method === 'PATCH' ? { payload: { enabled: false } } : {}),
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({
        error: 'reference_not_found',
        message: 'This remote-work type does not exist.',
      });
    }
    expect(
      (await ctx.call({ method: 'PATCH', url: `${PATH}/x`, token: actors.admin, payload: {} })).statusCode,
    ).toBe(400);
    expect(await written()).toEqual(before);
  });

  it('a name taken (any case) is a 409 on create and rename', async () => {
    const first = await make();
    const second = await make();
    const before = await written();
    const dup = await ctx.call({
      method: 'POST',
      url: PATH,
      token: actors.admin,
      payload: { name: first.name.toLowerCase() },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({
      error: 'reference_name_taken',
      message: 'A remote-work type with this name exists already.',
    });
    const rename = await ctx.call({
      method: 'PATCH',
      url: `${PATH}/${second.id}`,
      token: actors.admin,
      payload: { name: first.name },
    });
    expect(rename.statusCode).toBe(409);
    expect(await written()).toEqual(before);
  });

  it('a type requests use is a 409 saying how many, and stays', async () => {
    for (const n of [1, 2]) {
      const made = await make();
      await use(made.id, n);
      const res = await ctx.call({ method: 'DELETE', url: `${PATH}/${made.id}`, token: actors.admin });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        error: 'reference_in_use',
        message: `${made.name} is used by ${n} remote-work ${n === 1 ? 'request' : 'requests'}; disable it instead of deleting it.`,
      });
      expect(await rowOf(made.id)).toBeDefined();
      expect(await audits(made.id, 'delete')).toHaveLength(0);
      expect(
        (await ctx.call({ method: 'GET', url: `${PATH}/${made.id}`, token: actors.employee })).json(),
      ).toMatchObject({
        requests_count: n,
      });
    }
  });

  it('type 1 (hours within a day) is never deleted; it may be renamed', async () => {
    const before = await rowOf(1);
    for (const call of [
      { method: 'DELETE' as const, url: `${PATH}/1` },
      { method: 'DELETE' as const, url: PATH, payload: { remote_work_type_id: 1 } },
    ]) {
      const res = await ctx.call({ ...call, token: actors.admin });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        error: 'reference_builtin',
        message: `${before!.name} has a meaning of its own in the portal; it cannot be deleted. Disable it instead.`,
      });
    }
    expect(await rowOf(1)).toEqual(before);
    expect(await audits(1, 'delete')).toHaveLength(0);
    const one = await ctx.call({ method: 'GET', url: `${PATH}/1`, token: actors.employee });
    expect(one.json()).toMatchObject({ id: 1, hourly: true });
    const renamed = await ctx.call({
      method: 'PATCH',
      url: `${PATH}/1`,
      token: actors.admin,
      payload: { name: 'A few hours' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id: 1, name: 'A few hours', hourly: true });
    await ctx.call({
      method: 'PATCH',
      url: `${PATH}/1`,
      token: actors.admin,
      payload: { name: before!.name },
    });
  });

  it('the form reads the enabled ones as before; admins page through every one', async () => {
    const t = tag('Rq');
    const on = await make({ name: `${t} Beach office` });
    const off = await make({ name: `${t} Airport lounge`, enabled: false });
    for (const actor of ACTORS.filter((a) => a !== 'no token')) {
      const res = await ctx.call({ method: 'GET', url: PATH, token: actors[actor] });
      expect(res.statusCode).toBe(200);
      const mine = (res.json() as { name: string }[]).filter((x) => x.name.startsWith(t));
      expect(mine).toEqual([{ id: on.id, name: on.name }]);
    }
    const ids = async (token: string | null) =>
      ((await ctx.call({ method: 'GET', url: `${PATH}?all=true`, token })).json() as { id: number }[]).map(
        (x) => x.id,
      );
    expect(await ids(actors.employee)).not.toContain(off.id);
    expect(await ids(actors.admin)).toContain(off.id);
    expect((await ctx.call({ method: 'GET', url: PATH })).statusCode).toBe(401);
    const page = await ctx.call({
      method: 'GET',
      url: `${PATH}?search=${t}&sort=name,asc&page=1&limit=10&all=true`,
      token: actors.admin,
    });
    expect(page.json()).toMatchObject({ count: 2, total: 2 });
    expect(page.json().items.map((x: { id: number }) => x.id)).toEqual([off.id, on.id]);
  });

  it('a new type is offered to the request form; disabled, requests for it are refused', async () => {
    const made = await make();
    const asked = await ctx.call({
      method: 'POST',
      url: '/api/v1/remote-work',
      token: actors.employee,
      payload: remoteWorkBody({ type_id: made.id, from_date: '2027-06-07', to_date: '2027-06-08' }),
    });
    expect(asked.statusCode).toBe(201);
    expect(asked.json().type).toEqual({ id: made.id, name: made.name });
    await ctx.call({
      method: 'PATCH',
      url: `${PATH}/${made.id}`,
      token: actors.admin,
      payload: { enabled: false },
    });
    const refused = await ctx.call({
      method: 'POST',
      url: '/api/v1/remote-work',
      token: actors.employee,
      payload: remoteWorkBody({ type_id: made.id, from_date: '2027-06-14', to_date: '2027-06-15' }),
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.children.type_id.errors).toEqual([REMOTE_WORK_MESSAGES.typeUnknown]);
  });
});
