import { ADMIN_MESSAGES } from '@hr/contracts/admin';
import { LEAVE_MESSAGES } from '@hr/contracts/leave';
import { MESSAGES } from '@hr/contracts/messages';
import { and, count, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeCompany, makeOffice, setEmployee, tag } from '../../../test/factories/directory';
import { leaveBody } from '../../../test/factories/requests';
import { setupApi, type TestContext } from '../../../test/helper';
import type { Db } from '../../db/client';
import { auditLog, holidays, leaveDurations, leaves, leaveTypes } from '../../db/schema';

let ctx: TestContext;
let actors: Record<'employee' | 'line manager' | 'admin' | 'no token', string | null>;
let applicantId: number;

beforeAll(async () => {
  ctx = await setupApi();
  const { lm, employee } = await ctx.factory.chain();
  applicantId = employee.id;
  actors = {
    employee: await ctx.factory.token(employee),
    'line manager': await ctx.factory.token(lm),
    admin: await ctx.factory.token(await ctx.factory.employee({ admin: true })),
    'no token': null,
  };
});

/** A leave request of the applicant that uses a type (and a duration), straight into the table. */
async function leaveUsing(db: Db, use: { typeId?: number; durationId?: number }) {
  await db.insert(leaves).values({
    employeeId: applicantId,
    typeId: use.typeId ?? 2,
    durationId: use.durationId ?? null,
    leaveFormat: use.durationId ? 2 : 1,
    fromDate: '2027-03-01',
    toDate: '2027-03-01',
    days: 1,
    leaveAddress: 'Dhaka',
  });
}

interface Kind {
  path: string;
  table: PgTable & { id: PgColumn };
  entity: string;
  /** The English kind in messages. */
  kind: string;
  body: () => Record<string, unknown>;
  /** A change of an existing record (the whole body, as the screens send it). */
  change: (body: Record<string, unknown>) => Record<string, unknown>;
  /** Bodies refused with 422: the field and its message. */
  bad: [string, Record<string, unknown>, string, string][];
}

const KINDS: Record<string, Kind> = {
  'leave types': {
    path: '/api/v1/leave/types',
    table: leaveTypes,
    entity: 'leave_type',
    kind: 'leave type',
    body: () => ({
      name: tag('Type '),
      days: 5,
      short_leave_applied: false,
      has_balance: true,
      enabled: true,
    }),
    change: (b) => ({ ...b, days: 7 }),
    bad: [
      ['a missing name', { days: 5 }, 'name', 'Name must not be empty'],
      ['a name of one letter', { name: 'X', days: 5 }, 'name', 'Name must have a length between 2 and 60'],
      ['missing days', { name: 'Good Name' }, 'days', 'Days must be a number from 0 to 365'],
      ['days as text', { name: 'Good Name', days: 'five' }, 'days', 'Days must be a number from 0 to 365'],
    ],
  },
  'short-leave durations': {
    path: '/api/v1/leave/durations',
    table: leaveDurations,
    entity: 'leave_duration',
    kind: 'duration',
    body: () => ({ name: tag('D '), minutes: 90, enabled: true }),
    change: (b) => ({ ...b, minutes: 105 }),
    bad: [
      ['a blank name', { name: '  ', minutes: 90 }, 'name', 'Name must not be empty'],
      ['10 minutes', { name: 'Ten', minutes: 10 }, 'minutes', 'Minutes must be a number from 15 to 480'],
      ['600 minutes', { name: 'Long', minutes: 600 }, 'minutes', 'Minutes must be a number from 15 to 480'],
    ],
  },
  holidays: {
    path: '/api/v1/holidays',
    table: holidays,
    entity: 'holiday',
    kind: 'holiday',
    body: () => ({ name: tag('Holiday '), from: '2027-12-16', to: '2027-12-16' }),
    change: (b) => ({ ...b, to: '2027-12-17' }),
    bad: [
      ['a missing name', { from: '2027-12-16', to: '2027-12-16' }, 'name', 'Name must not be empty'],
      ['a missing start', { name: 'Day', to: '2027-12-16' }, 'from', LEAVE_MESSAGES.fromRequired],
      [
        'an end before the start',
        { name: 'Day', from: '2027-12-17', to: '2027-12-16' },
        'to',
        LEAVE_MESSAGES.endBeforeStart,
      ],
      [
        '30 February',
        { name: 'Day', from: '2027-02-30', to: '2027-02-30' },
        'from',
        LEAVE_MESSAGES.dateFormat,
      ],
    ],
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

describe.each(Object.entries(KINDS))('%s (admins manage them)', (_name, k) => {
  const make = async (body = k.body()) => {
    const res = await ctx.call({ method: 'POST', url: k.path, token: actors.admin, payload: body });
    expect(res.statusCode).toBe(201);
    return { ...res.json(), body } as { id: number; name: string; body: Record<string, unknown> };
  };

  it.each([
    ['employee', 403],
    ['line manager', 403],
    ['admin', 201],
    ['no token', 401],
  ] as const)('create — %s: %i, and only the admin writes', async (actor, status) => {
    const before = await written(k);
    const res = await ctx.call({ method: 'POST', url: k.path, token: actors[actor], payload: k.body() });
    expect(res.statusCode).toBe(status);
    if (status === 403) expect(res.json().error).toBe('admin_only');
    const grew = status === 201 ? 1 : 0;
    expect(await written(k)).toEqual({ rows: before.rows + grew, audits: before.audits + grew });
  });

  it.each([
    ['employee', 403],
    ['line manager', 403],
    ['admin', 200],
    ['no token', 401],
  ] as const)('update — %s: %i, and only the admin writes', async (actor, status) => {
    const made = await make();
    const [before] = await ctx.db.select().from(k.table).where(eq(k.table.id, made.id));
    const res = await ctx.call({
      method: 'PATCH',
      url: `${k.path}/${made.id}`,
      token: actors[actor],
      payload: k.change(made.body),
    });
    expect(res.statusCode).toBe(status);
    const [after] = await ctx.db.select().from(k.table).where(eq(k.table.id, made.id));
    if (status === 200) expect(after).not.toEqual(before);
    else expect(after).toEqual(before);
    expect(await audits(k.entity, made.id, 'update')).toHaveLength(status === 200 ? 1 : 0);
  });

  it.each([
    ['employee', 403],
    ['line manager', 403],
    ['admin', 200],
    ['no token', 401],
  ] as const)('delete — %s: %i, and only the admin deletes', async (actor, status) => {
    const made = await make();
    const res = await ctx.call({ method: 'DELETE', url: `${k.path}/${made.id}`, token: actors[actor] });
    expect(res.statusCode).toBe(status);
    const rows = await ctx.db.select().from(k.table).where(eq(k.table.id, made.id));
    expect(rows).toHaveLength(status === 200 ? 0 : 1);
    if (status === 200) expect(res.json().message).toBe(`${made.name} has been successfully deleted!`);
    expect(await audits(k.entity, made.id, 'delete')).toHaveLength(status === 200 ? 1 : 0);
  });

  it.each(k.bad)('answers 422 for %s and writes nothing', async (_label, body, field, message) => {
    const made = await make();
    const before = await written(k);
    const created = await ctx.call({ method: 'POST', url: k.path, token: actors.admin, payload: body });
    expect(created.statusCode).toBe(422);
    expect(created.json().errors.children[field].errors).toEqual([message]);
    const changed = await ctx.call({
      method: 'PATCH',
      url: `${k.path}/${made.id}`,
      token: actors.admin,
      payload: body,
    });
    expect(changed.statusCode).toBe(422);
    expect(changed.json().errors.children[field].errors).toEqual([message]);
    expect(await written(k)).toEqual(before);
  });

  it('a non-admin with a bad body learns nothing: 403 before the body is read', async () => {
    const [, body] = k.bad[0]!;
    const res = await ctx.call({ method: 'POST', url: k.path, token: actors.employee, payload: body });
    expect(res.statusCode).toBe(403);
  });

  it('answers 404 reference_not_found for an unknown id and 400 for a bad one', async () => {
    const before = await written(k);
    for (const method of ['PATCH', 'DELETE'] as const) {
      const res = await ctx.call({
        method,
        url: `${k.path}/99999999`,
        token: actors.admin,
        ...(method === 'PATCH' ? { payload: k.body() } : {}),
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({
        error: 'reference_not_found',
        message: `This ${k.kind} does not exist.`,
      });
    }
    expect((await ctx.call({ method: 'DELETE', url: `${k.path}/abc`, token: actors.admin })).statusCode).toBe(
      400,
    );
    expect(await written(k)).toEqual(before);
  });

  it('audits a change with the fields that changed', async () => {
    const made = await make();
    expect(await audits(k.entity, made.id, 'create')).toHaveLength(1);
    const change = k.change(made.body);
    await ctx.call({ method: 'PATCH', url: `${k.path}/${made.id}`, token: actors.admin, payload: change });
    const [row] = await audits(k.entity, made.id, 'update');
    const changed = Object.keys(change).filter((key) => change[key] !== made.body[key]);
    expect(row).toBeDefined();
    expect(Object.keys((row!.data as { changes: object }).changes)).toEqual(changed);
  });

  it('pages, sorts and searches for the admin screen; whole, as before, without those', async () => {
    const t = tag('Pq');
    for (const n of ['Delta', 'Alpha', 'Charlie']) await make({ ...k.body(), name: `${t} ${n}` });
    const page = await ctx.call({
      method: 'GET',
      url: `${k.path}?search=${t}&sort=name,asc&page=1&limit=10&all=true`,
      token: actors.admin,
    });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ count: 3, total: 3, pagination: { page: 1, limit: 10, pages: 1 } });
    expect(page.json().items.map((x: { name: string }) => x.name)).toEqual(
      ['Alpha', 'Charlie', 'Delta'].map((n) => `${t} ${n}`),
    );
    const second = await ctx.call({
      method: 'GET',
      url: `${k.path}?search=${t}&sort=name,desc&page=2&limit=10`,
      token: actors.employee,
    });
    expect(second.json()).toMatchObject({
      count: 0,
      total: 3,
      pagination: { page: 2, prev: expect.any(String) },
    });
    const whole = await ctx.call({ method: 'GET', url: k.path, token: actors.employee });
    expect(Array.isArray(whole.json())).toBe(true);
    expect(whole.json().filter((x: { name: string }) => x.name.startsWith(t))).toHaveLength(3);
    const badSort = await ctx.call({ method: 'GET', url: `${k.path}?sort=revenue,asc`, token: actors.admin });
    expect(badSort.statusCode).toBe(400);
  });
});

describe('names, use and references', () => {
  it.each([
    ['leave types', 'leave type'],
    ['short-leave durations', 'duration'],
  ])(
    '%s: a name taken (any case) is a 409 reference_name_taken, on create and rename',
    async (name, kind) => {
      const k = KINDS[name]!;
      const first = k.body();
      const other = k.body();
      await ctx.call({ method: 'POST', url: k.path, token: actors.admin, payload: first });
      const second = (
        await ctx.call({ method: 'POST', url: k.path, token: actors.admin, payload: other })
      ).json();
      const before = await written(k);
      const dup = await ctx.call({
        method: 'POST',
        url: k.path,
        token: actors.admin,
        payload: { ...first, name: String(first.name).toUpperCase() },
      });
      expect(dup.statusCode).toBe(409);
      expect(dup.json()).toMatchObject({
        error: 'reference_name_taken',
        message: `A ${kind} with this name exists already.`,
      });
      const rename = await ctx.call({
        method: 'PATCH',
        url: `${k.path}/${second.id}`,
        token: actors.admin,
        payload: { ...other, name: first.name },
      });
      expect(rename.statusCode).toBe(409);
      expect(rename.json().errors.children.name.errors).toEqual([`A ${kind} with this name exists already.`]);
      expect(await written(k)).toEqual(before);
    },
  );

  it('a leave type or duration a request uses is a 409 reference_in_use and stays', async () => {
    for (const [name, use] of [
      ['leave types', (id: number) => leaveUsing(ctx.db, { typeId: id })],
      ['short-leave durations', (id: number) => leaveUsing(ctx.db, { durationId: id })],
    ] as const) {
      const k = KINDS[name]!;
      const made = (
        await ctx.call({ method: 'POST', url: k.path, token: actors.admin, payload: k.body() })
      ).json();
      await use(made.id);
      const res = await ctx.call({ method: 'DELETE', url: `${k.path}/${made.id}`, token: actors.admin });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        error: 'reference_in_use',
        message: `${made.name} is used by leave requests; disable it instead of deleting it.`,
      });
      expect(await ctx.db.select().from(k.table).where(eq(k.table.id, made.id))).toHaveLength(1);
      expect(await audits(k.entity, made.id, 'delete')).toHaveLength(0);
    }
  });

  it('two holidays may share a name; an unknown company is a field error', async () => {
    const k = KINDS.holidays!;
    const body = k.body();
    expect(
      (await ctx.call({ method: 'POST', url: k.path, token: actors.admin, payload: body })).statusCode,
    ).toBe(201);
    expect(
      (await ctx.call({ method: 'POST', url: k.path, token: actors.admin, payload: body })).statusCode,
    ).toBe(201);
    const before = await written(k);
    const unknown = await ctx.call({
      method: 'POST',
      url: k.path,
      token: actors.admin,
      payload: { ...body, company_id: 99999999 },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.children.company_id.errors).toEqual([ADMIN_MESSAGES.companyUnknown]);
    expect(await written(k)).toEqual(before);
  });

  it('disabled types and durations: only admins who ask see them', async () => {
    for (const name of ['leave types', 'short-leave durations']) {
      const k = KINDS[name]!;
      const off = (
        await ctx.call({
          method: 'POST',
          url: k.path,
          token: actors.admin,
          payload: { ...k.body(), enabled: false },
        })
      ).json();
      const ids = async (token: string | null, query: string) =>
        (await ctx.call({ method: 'GET', url: `${k.path}${query}`, token }))
          .json()
          .map((x: { id: number }) => x.id);
      expect(await ids(actors.admin, '?all=true')).toContain(off.id);
      expect(await ids(actors.admin, '')).not.toContain(off.id);
      expect(await ids(actors.employee, '?all=true')).not.toContain(off.id);
      expect((await ctx.call({ method: 'GET', url: k.path })).statusCode).toBe(401);
    }
  });
});

describe('holidays per office', () => {
  const path = '/api/v1/holidays';
  const post = (payload: Record<string, unknown>, token = actors.admin) =>
    ctx.call({ method: 'POST', url: path, token, payload });
  const body = (extra: Record<string, unknown> = {}) => ({
    name: tag('Office day '),
    from: '2027-08-10',
    to: '2027-08-10',
    ...extra,
  });

  it('an office alone stores its company; the list shows it and filters by office and company', async () => {
    const company = await makeCompany(ctx.db);
    const office = await makeOffice(ctx.db, company.id);
    const other = await makeOffice(ctx.db, company.id);
    const res = await post(body({ office_id: office.id }));
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json();
    expect(made).toMatchObject({ company_id: company.id, office_id: office.id });
    const [row] = await ctx.db.select().from(holidays).where(eq(holidays.id, made.id));
    expect(row).toMatchObject({ companyId: company.id, officeId: office.id });
    expect((await audits('holiday', made.id, 'create'))[0]!.data).toMatchObject({
      holiday: { company_id: company.id, office_id: office.id },
    });

    // The admin screen's list, and the plain array everyone reads.
    const page = await ctx.call({
      method: 'GET',
      url: `${path}?year=2027&page=1&search=${encodeURIComponent(made.name)}`,
      token: actors.admin,
    });
    expect(page.statusCode).toBe(200);
    expect(page.json().items.find((h: { id: number }) => h.id === made.id)).toEqual({
      id: made.id,
      name: made.name,
      from: '2027-08-10',
      to: '2027-08-10',
      company_id: company.id,
      office_id: office.id,
    });
    const plain = await ctx.call({ method: 'GET', url: `${path}?year=2027`, token: actors.employee });
    expect(plain.json().find((h: { id: number }) => h.id === made.id)?.office_id).toBe(office.id);

    const ids = async (query: string) =>
      (await ctx.call({ method: 'GET', url: `${path}?${query}`, token: actors.admin }))
        .json()
        .map((h: { id: number }) => h.id);
    const companyWide = (await post(body({ company_id: company.id }))).json();
    expect(await ids(`office_id=${office.id}`)).toEqual([made.id]);
    expect(await ids(`office_id=${other.id}`)).toEqual([]);
    expect((await ids(`company_id=${company.id}`)).sort()).toEqual([made.id, companyWide.id].sort());
    expect(
      (await ctx.call({ method: 'GET', url: `${path}?office_id=first`, token: actors.admin })).statusCode,
    ).toBe(400);
  });

  it('an office with its own company is taken; a change may move the holiday to another office or to none', async () => {
    const company = await makeCompany(ctx.db);
    const office = await makeOffice(ctx.db, company.id);
    const other = await makeOffice(ctx.db, company.id);
    const made = (await post(body({ company_id: company.id, office_id: office.id }))).json();
    expect(made).toMatchObject({ company_id: company.id, office_id: office.id });
    const moved = await ctx.call({
      method: 'PATCH',
      url: `${path}/${made.id}`,
      token: actors.admin,
      payload: { ...body(), name: made.name, office_id: other.id },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ company_id: company.id, office_id: other.id });
    const everyone = await ctx.call({
      method: 'PATCH',
      url: `${path}/${made.id}`,
      token: actors.admin,
      payload: { ...body(), name: made.name, company_id: null, office_id: null },
    });
    expect(everyone.json()).toMatchObject({ company_id: null, office_id: null });
  });

  it('an unknown office, or an office of another company, is a field error on office_id; nothing is written', async () => {
    const company = await makeCompany(ctx.db);
    const office = await makeOffice(ctx.db, company.id);
    const elsewhere = await makeOffice(ctx.db, (await makeCompany(ctx.db)).id);
    const made = (await post(body({ office_id: office.id }))).json();
    const before = await written(KINDS.holidays!);
    const refused = [
      await post(body({ office_id: 99999999 })),
      await post(body({ company_id: company.id, office_id: elsewhere.id })),
      await ctx.call({
        method: 'PATCH',
        url: `${path}/${made.id}`,
        token: actors.admin,
        payload: { ...body(), company_id: company.id, office_id: elsewhere.id },
      }),
      await post(body({ office_id: 'Sylhet' })),
      await post(body({ office_id: 0 })),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual([422, 422, 422, 422, 422]);
    // A zero is also refused as an id by the input check (a second text).
    expect(refused.map((r) => r.json().errors.children.office_id.errors[0])).toEqual([
      LEAVE_MESSAGES.officeUnknown,
      MESSAGES.officeOtherCompany,
      MESSAGES.officeOtherCompany,
      LEAVE_MESSAGES.officeUnknown,
      LEAVE_MESSAGES.officeUnknown,
    ]);
    expect(await written(KINDS.holidays!)).toEqual(before);
    const [row] = await ctx.db.select().from(holidays).where(eq(holidays.id, made.id));
    expect(row).toMatchObject({ companyId: company.id, officeId: office.id });
  });

  it.each([
    ['employee', 403],
    ['line manager', 403],
    ['no token', 401],
  ] as const)('%s may not write an office holiday (%i)', async (who, status) => {
    const office = await makeOffice(ctx.db, (await makeCompany(ctx.db)).id);
    const made = (await post(body({ office_id: office.id }))).json();
    const before = await written(KINDS.holidays!);
    const tries = [
      await post(body({ office_id: office.id }), actors[who]),
      await ctx.call({
        method: 'PATCH',
        url: `${path}/${made.id}`,
        token: actors[who],
        payload: { ...body(), office_id: null },
      }),
      await ctx.call({ method: 'DELETE', url: `${path}/${made.id}`, token: actors[who] }),
    ];
    expect(tries.map((r) => r.statusCode)).toEqual([status, status, status]);
    expect(await written(KINDS.holidays!)).toEqual(before);
  });

  it('a leave request over an office’s holiday counts a day fewer for its people only', async () => {
    const { companyId } = await ctx.factory.company();
    const branch = await makeOffice(ctx.db, companyId);
    const { lm, employee: inBranch } = await ctx.factory.chain();
    const atMain = await ctx.factory.employee({ parentId: lm.id });
    await setEmployee(ctx.db, inBranch.id, { officeId: branch.id });
    // Tuesday 14 September 2027, the branch's own.
    const made = await post({
      name: tag('Branch day '),
      from: '2027-09-14',
      to: '2027-09-14',
      office_id: branch.id,
    });
    expect(made.json()).toMatchObject({ company_id: companyId, office_id: branch.id });
    // Monday to Wednesday: three working days, two in the branch.
    const days = async (who: typeof inBranch) => {
      const res = await ctx.call({
        method: 'POST',
        url: '/api/v1/leave',
        token: await ctx.factory.token(who),
        payload: leaveBody(lm.id, { from: '2027-09-13', to: '2027-09-15' }),
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().days;
    };
    expect(await days(inBranch)).toBe(2);
    expect(await days(atMain)).toBe(3);
  });

  it('an office with holidays cannot be deleted while they point at it', async () => {
    const company = await makeCompany(ctx.db);
    const office = await makeOffice(ctx.db, company.id);
    await post(body({ office_id: office.id }));
    const res = await ctx.call({
      method: 'DELETE',
      url: `/api/v1/offices/${office.id}`,
      token: actors.admin,
    });
    expect(res.statusCode).toBe(409);
  });
});
