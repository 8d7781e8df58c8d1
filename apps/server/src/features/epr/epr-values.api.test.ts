import { MESSAGES } from '@hr/contracts/messages';
import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { tag } from '../../../test/factories/directory';
import { approvedSheet } from '../../../test/factories/epr';
import { type Cast, setupApi, type TestContext } from '../../../test/helper';
import { auditLog, eprValueBehaviours, eprValues } from '../../db/schema';

const VALUES = '/api/v1/eprs/values';
const BEHAVIOURS = '/api/v1/eprs/values/behaviours';
const ACTORS = ['employee', 'line manager', 'O&O', 'unrelated employee', 'admin', 'no token'] as const;
type Actor = (typeof ACTORS)[number];

let ctx: TestContext;
let c: Cast;
let actors: Record<Actor, string | null>;

beforeAll(async () => {
  ctx = await setupApi();
  c = await ctx.factory.cast();
  actors = {
    employee: c.tokens.employee,
    'line manager': c.tokens.lm,
    'O&O': c.tokens.oo,
    'unrelated employee': c.tokens.stranger,
    admin: c.tokens.admin,
    'no token': null,
  };
});

interface Value {
  id: number;
  name: string;
  enabled: boolean;
  reviews_count: number;
  behaviours: Behaviour[];
}
interface Behaviour {
  id: number;
  value_id: number;
  name: string;
  enabled: boolean;
  reviews_count: number;
}
interface Stable {
  original: { name: string; objectives: { name: string; enabled: boolean }[] };
}

const expected = (actor: Actor, ok: number) => (actor === 'admin' ? ok : actor === 'no token' ? 401 : 403);

async function makeValue(payload: object = { name: tag('Courage ') }): Promise<Value> {
  const res = await ctx.call({ method: 'POST', url: VALUES, token: actors.admin, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
async function addBehaviour(
  valueId: number,
  payload: object = { name: tag('Speaks up ') },
): Promise<Behaviour> {
  const res = await ctx.call({
    method: 'POST',
    url: `${VALUES}/${valueId}/behaviours`,
    token: actors.admin,
    payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** A review of the employee for a new approved sheet: Section B copies the enabled values as they stand. */
async function review(): Promise<{ id: number; stables: Stable[] }> {
  const { sheet } = await approvedSheet(ctx.db, {
    employeeId: c.employee.id,
    lineManagerId: c.lm.id,
    oneOverOneId: c.oo.id,
  });
  const res = await ctx.call({
    method: 'POST',
    url: '/api/v1/eprs',
    token: c.tokens.employee,
    payload: { kpi_id: sheet.id, type_id: 2, from_date: '2031-01-01', to_date: '2031-06-30' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().id, stables: res.json().section_b.stables };
}
const stableOf = (r: { stables: Stable[] }, name: string) => r.stables.find((s) => s.original.name === name);

const valueRow = async (id: number) => (await ctx.db.select().from(eprValues).where(eq(eprValues.id, id)))[0];
const behaviourRow = async (id: number) =>
  (await ctx.db.select().from(eprValueBehaviours).where(eq(eprValueBehaviours.id, id)))[0];
const audits = (entity: string, id: number, action: string) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, id), eq(auditLog.action, action)));
/** Values, behaviours and their audit rows: what a refused call must leave as it was. */
async function written() {
  const n = async (q: Promise<{ n: number }[]>) => (await q)[0]?.n ?? 0;
  return {
    values: await n(ctx.db.select({ n: count() }).from(eprValues)),
    behaviours: await n(ctx.db.select({ n: count() }).from(eprValueBehaviours)),
    audits: await n(ctx.db.select({ n: count() }).from(auditLog).where(eq(auditLog.entity, 'epr_value'))),
    behaviourAudits: await n(
      ctx.db.select({ n: count() }).from(auditLog).where(eq(auditLog.entity, 'epr_value_behaviour')),
    ),
  };
}

describe('EPR values: HR administrators manage them', () => {
  it.each(ACTORS)('create a value as %s: only the admin writes, with an audit row', async (actor) => {
    const before = await written();
    const res = await ctx.call({
      method: 'POST',
      url: VALUES,
      token: actors[actor],
      payload: { name: tag('Care ') },
    });
    expect(res.statusCode).toBe(expected(actor, 201));
    if (actor === 'admin')
      expect(res.json()).toEqual({
        id: expect.any(Number),
        name: expect.stringMatching(/^Care /),
        sort_order: 0,
        enabled: true,
        reviews_count: 0,
        behaviours: [],
        name_translations: {},
      });
    const grew = actor === 'admin' ? 1 : 0;
    expect(await written()).toEqual({
      ...before,
      values: before.values + grew,
      audits: before.audits + grew,
    });
  });

  it.each(ACTORS)('change a value as %s: only the admin writes, with the changes audited', async (actor) => {
    const made = await makeValue();
    const before = await valueRow(made.id);
    const res = await ctx.call({
      method: 'PATCH',
      url: `${VALUES}/${made.id}`,
      token: actors[actor],
      payload: { sort_order: 12 },
    });
    expect(res.statusCode).toBe(expected(actor, 200));
    expect(await valueRow(made.id)).toEqual(actor === 'admin' ? { ...before, sortOrder: 12 } : before);
    const logged = await audits('epr_value', made.id, 'update');
    expect(logged.map((l) => l.data)).toEqual(
      actor === 'admin'
        ? [{ changes: { sort_order: { before: 0, after: 12 } }, fields: ['sort_order'] }]
        : [],
    );
  });

  it.each(ACTORS)('delete a value as %s: only the admin deletes it (and its behaviours)', async (actor) => {
    const made = await makeValue();
    const b = await addBehaviour(made.id);
    const res = await ctx.call({ method: 'DELETE', url: `${VALUES}/${made.id}`, token: actors[actor] });
    expect(res.statusCode).toBe(expected(actor, 200));
    expect(await valueRow(made.id)).toEqual(actor === 'admin' ? undefined : expect.anything());
    expect(await behaviourRow(b.id)).toEqual(actor === 'admin' ? undefined : expect.anything());
    const logged = await audits('epr_value', made.id, 'delete');
    expect(logged).toHaveLength(actor === 'admin' ? 1 : 0);
    // The audit row keeps what went, behaviours included.
    if (actor === 'admin')
      expect(logged[0]?.data).toMatchObject({ epr_value: { behaviours: [{ name: b.name }] } });
  });

  it.each(ACTORS)('add a behaviour as %s: only the admin writes', async (actor) => {
    const made = await makeValue();
    const before = await written();
    const res = await ctx.call({
      method: 'POST',
      url: `${VALUES}/${made.id}/behaviours`,
      token: actors[actor],
      payload: { name: 'Says no when it matters' },
    });
    expect(res.statusCode).toBe(expected(actor, 201));
    const grew = actor === 'admin' ? 1 : 0;
    expect(await written()).toEqual({
      ...before,
      behaviours: before.behaviours + grew,
      behaviourAudits: before.behaviourAudits + grew,
    });
    if (actor === 'admin') {
      expect(res.json()).toEqual({
        id: expect.any(Number),
        value_id: made.id,
        name: 'Says no when it matters',
        sort_order: 0,
        enabled: true,
        reviews_count: 0,
        name_translations: {},
      });
      const value = await ctx.call({ method: 'GET', url: `${VALUES}/${made.id}`, token: actors.employee });
      expect(value.json().behaviours.map((x: Behaviour) => x.name)).toEqual(['Says no when it matters']);
    }
  });

  it.each(ACTORS)('change and delete a behaviour as %s: only the admin writes', async (actor) => {
    const made = await makeValue();
    const b = await addBehaviour(made.id);
    const before = await behaviourRow(b.id);
    const changed = await ctx.call({
      method: 'PATCH',
      url: `${BEHAVIOURS}/${b.id}`,
      token: actors[actor],
      payload: { name: `${b.name} (renamed)`, enabled: false },
    });
    expect(changed.statusCode).toBe(expected(actor, 200));
    expect(await behaviourRow(b.id)).toEqual(
      actor === 'admin' ? { ...before, name: `${b.name} (renamed)`, enabled: false } : before,
    );
    expect((await audits('epr_value_behaviour', b.id, 'update')).map((l) => l.data)).toEqual(
      actor === 'admin'
        ? [
            {
              changes: {
                name: { before: b.name, after: `${b.name} (renamed)` },
                enabled: { before: true, after: false },
              },
              fields: ['name', 'enabled'],
            },
          ]
        : [],
    );
    const removed = await ctx.call({
      method: 'DELETE',
      url: BEHAVIOURS,
      token: actors[actor],
      payload: { behaviour_id: b.id },
    });
    expect(removed.statusCode).toBe(expected(actor, 200));
    expect(await behaviourRow(b.id)).toEqual(actor === 'admin' ? undefined : expect.anything());
    expect(await audits('epr_value_behaviour', b.id, 'delete')).toHaveLength(actor === 'admin' ? 1 : 0);
  });

  it.each<[string, string, Record<string, unknown>, string, string]>([
    ['value', 'a missing name', { sort_order: 1 }, 'name', MESSAGES.nameRequired],
    ['value', 'a name of one letter', { name: 'I' }, 'name', 'Name must have a length between 2 and 100'],
    [
      'value',
      'a name of 101 letters',
      { name: 'V'.repeat(101) },
      'name',
      'Name must have a length between 2 and 100',
    ],
    [
      'value',
      'an order of -1',
      { name: 'Good', sort_order: -1 },
      'sort_order',
      'Order must be a whole number from 0 to 100',
    ],
    [
      'value',
      'enabled as text',
      { name: 'Good', enabled: 'true' },
      'enabled',
      'Enabled must be true or false',
    ],
    ['behaviour', 'a missing name', { enabled: true }, 'name', MESSAGES.nameRequired],
    ['behaviour', 'a blank name', { name: ' ' }, 'name', MESSAGES.nameRequired],
    [
      'behaviour',
      'a name of 251 letters',
      { name: 'B'.repeat(251) },
      'name',
      'Behaviour must have a length between 2 and 250',
    ],
    [
      'behaviour',
      'an order of 1.5',
      { name: 'Good', sort_order: 1.5 },
      'sort_order',
      'Order must be a whole number from 0 to 100',
    ],
  ])('a %s with %s is a 422 and nothing is written', async (kind, _label, payload, field, message) => {
    const value = await makeValue();
    const b = await addBehaviour(value.id);
    const rows = { value: await valueRow(value.id), behaviour: await behaviourRow(b.id) };
    const before = await written();
    const [createUrl, changeUrl] =
      kind === 'value'
        ? [VALUES, `${VALUES}/${value.id}`]
        : [`${VALUES}/${value.id}/behaviours`, `${BEHAVIOURS}/${b.id}`];
    const created = await ctx.call({ method: 'POST', url: createUrl, token: actors.admin, payload });
    expect(created.statusCode).toBe(422);
    expect(created.json().errors.children[field].errors).toEqual([message]);
    if (field in payload) {
      const changed = await ctx.call({ method: 'PATCH', url: changeUrl, token: actors.admin, payload });
      expect(changed.statusCode).toBe(422);
      expect(changed.json().errors.children[field].errors).toEqual([message]);
    }
    const empty = await ctx.call({ method: 'PATCH', url: changeUrl, token: actors.admin, payload: {} });
    expect(empty.statusCode).toBe(422);
    expect(await written()).toEqual(before);
    expect({ value: await valueRow(value.id), behaviour: await behaviourRow(b.id) }).toEqual(rows);
  });

  it('unknown values and behaviours are 404s, bad ids 400s or 422s, and nothing is written', async () => {
    const before = await written();
    const cases: [string, 'GET' | 'POST' | 'PATCH' | 'DELETE', string, object | undefined, string][] = [
      ['a value', 'GET', `${VALUES}/99999999`, undefined, 'This company value does not exist.'],
      ['a value', 'PATCH', `${VALUES}/99999999`, { name: 'Calm' }, 'This company value does not exist.'],
      ['a value', 'DELETE', VALUES, { value_id: 99999999 }, 'This company value does not exist.'],
      [
        'a value',
        'POST',
        `${VALUES}/99999999/behaviours`,
        { name: 'Calm' },
        'This company value does not exist.',
      ],
      ['a behaviour', 'PATCH', `${BEHAVIOURS}/99999999`, { name: 'Calm' }, 'This behaviour does not exist.'],
      ['a behaviour', 'DELETE', BEHAVIOURS, { behaviour_id: 99999999 }, 'This behaviour does not exist.'],
    ];
    for (const [, method, url, payload, message] of cases) {
      const res = await ctx.call({ method, url, token: actors.admin, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toMatchObject({ error: 'reference_not_found', message });
    }
    const bad = await ctx.call({
      method: 'POST',
      url: `${VALUES}/x/behaviours`,
      token: actors.admin,
      payload: { name: 'Calm' },
    });
    expect(bad.statusCode).toBe(400);
    const badBody = await ctx.call({
      method: 'DELETE',
      url: BEHAVIOURS,
      token: actors.admin,
      payload: { behaviour_id: 'x' },
    });
    expect(badBody.statusCode).toBe(422);
    expect(await written()).toEqual(before);
  });

  it('names: a value name is unique (any case); a behaviour name within its value only', async () => {
    const first = await makeValue();
    const other = await makeValue();
    const b = await addBehaviour(first.id, { name: 'Listens first' });
    const before = await written();
    const dup = await ctx.call({
      method: 'POST',
      url: VALUES,
      token: actors.admin,
      payload: { name: first.name.toUpperCase() },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({
      error: 'reference_name_taken',
      message: 'A company value with this name exists already.',
    });
    const sameValue = await ctx.call({
      method: 'POST',
      url: `${VALUES}/${first.id}/behaviours`,
      token: actors.admin,
      payload: { name: 'LISTENS FIRST' },
    });
    expect(sameValue.statusCode).toBe(409);
    expect(sameValue.json().error).toBe('reference_name_taken');
    expect(await written()).toEqual(before);
    // Another value may have a behaviour of that name; renaming into a taken name is refused.
    const elsewhere = await addBehaviour(other.id, { name: 'Listens first' });
    const second = await addBehaviour(first.id, { name: 'Asks questions' });
    const rename = await ctx.call({
      method: 'PATCH',
      url: `${BEHAVIOURS}/${second.id}`,
      token: actors.admin,
      payload: { name: 'listens first' },
    });
    expect(rename.statusCode).toBe(409);
    expect(await behaviourRow(second.id)).toMatchObject({ name: 'Asks questions' });
    expect(elsewhere.value_id).toBe(other.id);
    expect(b.value_id).toBe(first.id);
  });

  it('reads: everyone gets the enabled values with their behaviours; admins page through all of them', async () => {
    const t = tag('Vq');
    const on = await makeValue({ name: `${t} Bravery`, sort_order: 2 });
    const off = await makeValue({ name: `${t} Apathy`, enabled: false });
    const shown = await addBehaviour(on.id, { name: 'Owns the hard calls', sort_order: 2 });
    const first = await addBehaviour(on.id, { name: 'Raises risks early', sort_order: 1 });
    for (const actor of ACTORS.filter((a) => a !== 'no token')) {
      const res = await ctx.call({ method: 'GET', url: VALUES, token: actors[actor] });
      expect(res.statusCode).toBe(200);
      const mine = (res.json() as Value[]).filter((v) => v.name.startsWith(t));
      expect(mine.map((v) => v.id)).toEqual([on.id]);
      expect(mine[0]!.behaviours.map((b) => b.id)).toEqual([first.id, shown.id]);
    }
    const all = await ctx.call({ method: 'GET', url: `${VALUES}?all=true`, token: actors.employee });
    expect((all.json() as Value[]).some((v) => v.id === off.id)).toBe(false);
    const page = await ctx.call({
      method: 'GET',
      url: `${VALUES}?search=${t}&sort=name,asc&page=1&limit=10&all=true`,
      token: actors.admin,
    });
    expect(page.json()).toMatchObject({ count: 2, total: 2 });
    expect(page.json().items.map((v: Value) => v.id)).toEqual([off.id, on.id]);
    const behaviours = await ctx.call({
      method: 'GET',
      url: `${BEHAVIOURS}?value_id=${on.id}`,
      token: actors.employee,
    });
    expect(behaviours.json().map((b: Behaviour) => b.name)).toEqual([
      'Raises risks early',
      'Owns the hard calls',
    ]);
    expect((await ctx.call({ method: 'GET', url: VALUES })).statusCode).toBe(401);
    expect(
      (await ctx.call({ method: 'GET', url: `${VALUES}?sort=size,asc`, token: actors.admin })).statusCode,
    ).toBe(400);
  });
});

describe('EPR values and reviews', () => {
  it('a value or behaviour a review carries is a 409 saying how many reviews, and stays', async () => {
    const value = await makeValue({ name: tag('Humility ') });
    const kept = await addBehaviour(value.id, { name: 'Credits the team' });
    const later = await addBehaviour(value.id, { name: 'Admits what they do not know' });
    await review();
    const before = await written();
    const refuse = async (
      method: 'DELETE',
      url: string,
      payload: object | undefined,
      name: string,
      n: number,
    ) => {
      const res = await ctx.call({ method, url, token: actors.admin, ...(payload ? { payload } : {}) });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        error: 'reference_in_use',
        message: `${name} is in Section B of ${n} ${n === 1 ? 'review' : 'reviews'}; disable it instead of deleting it.`,
      });
    };
    await refuse('DELETE', `${VALUES}/${value.id}`, undefined, value.name, 1);
    await refuse('DELETE', BEHAVIOURS, { behaviour_id: kept.id }, kept.name, 1);
    await review();
    await refuse('DELETE', VALUES, { value_id: value.id }, value.name, 2);
    await refuse('DELETE', `${BEHAVIOURS}/${later.id}`, undefined, later.name, 2);
    expect(await written()).toEqual(before);
    const read = (
      await ctx.call({ method: 'GET', url: `${VALUES}/${value.id}`, token: actors.admin })
    ).json() as Value;
    expect(read.reviews_count).toBe(2);
    expect(read.behaviours.map((b) => b.reviews_count)).toEqual([2, 2]);
    // A behaviour added after the reviews is in none of them: it may go.
    const fresh = await addBehaviour(value.id, { name: 'Asks for help' });
    expect(fresh.reviews_count).toBe(0);
    const gone = await ctx.call({ method: 'DELETE', url: `${BEHAVIOURS}/${fresh.id}`, token: actors.admin });
    expect(gone.statusCode).toBe(200);
  });

  it('disabled values and behaviours are not offered to new reviews; reviews made before keep their copy', async () => {
    const value = await makeValue({ name: tag('Curiosity ') });
    const stays = await addBehaviour(value.id, { name: 'Reads beyond the brief' });
    const goes = await addBehaviour(value.id, { name: 'Tries new tools' });
    const first = await review();
    expect(stableOf(first, value.name)?.original.objectives).toEqual([
      { name: stays.name, enabled: true },
      { name: goes.name, enabled: true },
    ]);

    await ctx.call({
      method: 'PATCH',
      url: `${BEHAVIOURS}/${goes.id}`,
      token: actors.admin,
      payload: { enabled: false },
    });
    await ctx.call({
      method: 'PATCH',
      url: `${BEHAVIOURS}/${stays.id}`,
      token: actors.admin,
      payload: { name: 'Reads widely' },
    });
    const second = await review();
    expect(stableOf(second, value.name)?.original.objectives).toEqual([
      { name: 'Reads widely', enabled: true },
    ]);

    await ctx.call({
      method: 'PATCH',
      url: `${VALUES}/${value.id}`,
      token: actors.admin,
      payload: { enabled: false },
    });
    const third = await review();
    expect(stableOf(third, value.name)).toBeUndefined();

    // The first review still shows the value and behaviours as they were when it was made.
    const again = await ctx.call({
      method: 'GET',
      url: `/api/v1/eprs/${first.id}`,
      token: c.tokens.employee,
    });
    expect(stableOf({ stables: again.json().section_b.stables }, value.name)?.original.objectives).toEqual([
      { name: stays.name, enabled: true },
      { name: goes.name, enabled: true },
    ]);
  });
});
