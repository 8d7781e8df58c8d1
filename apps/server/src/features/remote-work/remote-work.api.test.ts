import { MESSAGES } from '@hr/contracts/messages';
import { REMOTE_WORK_MESSAGES, remoteWorkForm } from '@hr/contracts/remote-work';
import dayjs from 'dayjs';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  hourlyRemoteWorkBody,
  remoteWorkBody,
  remoteWorkCount,
  remoteWorkRow,
  setRemoteWorkStatus,
} from '../../../test/factories/remote-work';
import { type MadeEmployee, setupApi, type TestContext } from '../../../test/helper';
import { auditLog, employees, remoteWorks, remoteWorkTypes } from '../../db/schema';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await setupApi();
});

type Who = 'oo' | 'lm' | 'employee' | 'peer' | 'admin' | 'stranger';

interface Cast {
  oo: MadeEmployee;
  lm: MadeEmployee;
  employee: MadeEmployee;
  peer: MadeEmployee;
  admin: MadeEmployee;
  stranger: MadeEmployee;
  tokens: Record<Who, string>;
}

/** An O&O, a line manager, the employee and a peer under that manager, an admin and a stranger. */
async function cast(): Promise<Cast> {
  const { oo, lm, employee } = await ctx.factory.chain();
  const peer = await ctx.factory.employee({ parentId: lm.id });
  const admin = await ctx.factory.employee({ admin: true });
  const stranger = await ctx.factory.employee();
  const tokens = {
    oo: await ctx.factory.token(oo),
    lm: await ctx.factory.token(lm),
    employee: await ctx.factory.token(employee),
    peer: await ctx.factory.token(peer),
    admin: await ctx.factory.token(admin),
    stranger: await ctx.factory.token(stranger),
  };
  return { oo, lm, employee, peer, admin, stranger, tokens };
}

const BASE = '/api/v1/remote-work';

const create = (token: string, payload: object) => ctx.call({ method: 'POST', url: BASE, token, payload });
const edit = (token: string, id: number | string, payload: object) =>
  ctx.call({ method: 'PATCH', url: `${BASE}/${id}`, token, payload });
const remove = (token: string, id: number) =>
  ctx.call({ method: 'DELETE', url: BASE, token, payload: { remote_work_id: id } });
const act = (token: string, action: string, id: number) =>
  ctx.call({ method: 'PATCH', url: `${BASE}/actions/${action}`, token, payload: { remote_work_id: id } });
const list = (token: string, query: string) => ctx.call({ method: 'GET', url: `${BASE}?${query}`, token });
const ids = (body: { items: { id: number }[] }) => body.items.map((i) => i.id);

/** Makes a request through the API and answers its id (the test fails if it is refused). */
async function made(token: string, payload: object): Promise<number> {
  const res = await create(token, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

async function auditOf(id: number) {
  return ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'remote_work'), eq(auditLog.entityId, id)))
    .orderBy(auditLog.id);
}

/** Consecutive single days from a start, one per call. */
function days(start: string) {
  let day = dayjs(start);
  return () => {
    const date = day.format('YYYY-MM-DD');
    day = day.add(1, 'day');
    return date;
  };
}

describe('applying for remote work', () => {
  it('saves a day-based request as a draft with the approvers of the day', async () => {
    const c = await cast();
    const res = await create(c.tokens.employee, remoteWorkBody());
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      id: expect.any(Number),
      employee: { id: c.employee.id, eid: c.employee.eid, name: c.employee.name, photo: null },
      employee_id: c.employee.id,
      line_manager: { id: c.lm.id, eid: c.lm.eid, name: c.lm.name, photo: null },
      one_over_one: { id: c.oo.id, eid: c.oo.eid, name: c.oo.name, photo: null },
      type: { id: 2, name: 'Work from home' },
      type_id: 2,
      from_date: '2027-03-01',
      to_date: '2027-03-03',
      from_time: null,
      to_time: null,
      description: 'Working on the release from home',
      status: { id: 1, name: 'Draft', color: expect.any(String) },
      decision: null,
      // Its employee may submit, change or delete a draft.
      actions: ['submit', 'edit', 'delete'],
      created: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      updated: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });
    expect(await remoteWorkRow(ctx.db, body.id)).toMatchObject({
      employeeId: c.employee.id,
      lineManagerId: c.lm.id,
      oneOverOneId: c.oo.id,
      statusId: 1,
      fromTime: null,
      toTime: null,
    });
    expect((await auditOf(body.id)).map((a) => [a.action, a.toStatus, a.actorEmployeeId])).toEqual([
      ['create', 1, c.employee.id],
    ]);
  });

  it('saves an hourly request: the day, HH:mm times, to_date set to the day', async () => {
    const c = await cast();
    const res = await create(c.tokens.employee, hourlyRemoteWorkBody({ description: null }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      type: { id: 1, name: 'Hourly (within a day)' },
      type_id: 1,
      from_date: '2027-03-01',
      to_date: '2027-03-01',
      from_time: '10:00',
      to_time: '12:00',
      description: null,
      status: { id: 1 },
    });
    // to_date may also be sent, as long as it is the same day; a blank description is stored as none.
    const sameDay = await create(
      c.tokens.employee,
      hourlyRemoteWorkBody({ from_date: '2027-03-02', to_date: '2027-03-02', description: '   ' }),
    );
    expect(sameDay.statusCode).toBe(201);
    expect(sameDay.json()).toMatchObject({ to_date: '2027-03-02', description: null });
    expect((await remoteWorkRow(ctx.db, sameDay.json().id))?.fromTime).toBe('10:00:00');
  });

  it('takes every other type as days, a one-day request and a description of 1000 characters', async () => {
    const c = await cast();
    const next = days('2027-04-01');
    for (const typeId of [2, 3, 4]) {
      const date = next();
      const res = await create(
        c.tokens.employee,
        remoteWorkBody({ type_id: typeId, from_date: date, to_date: date, description: 'x'.repeat(1000) }),
      );
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ type_id: typeId, from_date: date, to_date: date, from_time: null });
    }
  });

  const H = hourlyRemoteWorkBody;
  const D = remoteWorkBody;
  const M = REMOTE_WORK_MESSAGES;
  it.each([
    // SPEC.md §5: type_id required ('Select type'); from and to required; type 1 needs a date.
    ['type missing', D({ type_id: undefined }), 'type_id', MESSAGES.selectType],
    ['type of the wrong kind', D({ type_id: 'home' as unknown as number }), 'type_id', MESSAGES.selectType],
    ['type zero', D({ type_id: 0 }), 'type_id', MESSAGES.selectType],
    ['from date missing', D({ from_date: undefined }), 'from_date', M.fromDateRequired],
    ['to date missing', D({ to_date: null }), 'to_date', M.toDateRequired],
    ['to date blank', D({ to_date: '' }), 'to_date', M.toDateRequired],
    ['the day of an hourly request missing', H({ from_date: undefined }), 'from_date', M.dateRequired],
    ['the start time missing', H({ from_time: undefined }), 'from_time', M.fromTimeRequired],
    ['the end time missing', H({ to_time: null }), 'to_time', M.toTimeRequired],
    // Bad input.
    ['a day that does not exist', D({ to_date: '2027-02-29' }), 'to_date', M.dateFormat],
    ['a 31st of June', H({ from_date: '2027-06-31' }), 'from_date', M.dateFormat],
    ['a date in the wrong form', D({ from_date: '01-03-2027' }), 'from_date', M.dateFormat],
    ['a date of the wrong kind', D({ from_date: 20270301 as unknown as string }), 'from_date', M.dateFormat],
    ['a time without a colon', H({ from_time: '10.00' }), 'from_time', M.timeFormat],
    ['a time with one hour digit', H({ from_time: '9:00' }), 'from_time', M.timeFormat],
    ['a time past midnight', H({ to_time: '24:00' }), 'to_time', M.timeFormat],
    ['a time with seconds', H({ to_time: '12:00:00' }), 'to_time', M.timeFormat],
    ['a time of the wrong kind', H({ to_time: 1200 as unknown as string }), 'to_time', M.timeFormat],
    [
      'an end time before the start',
      H({ from_time: '14:00', to_time: '13:59' }),
      'to_time',
      M.toTimeNotAfterFromTime,
    ],
    ['an end time equal to the start', H({ to_time: '10:00' }), 'to_time', M.toTimeNotAfterFromTime],
    ['an hourly request over two days', H({ to_date: '2027-03-02' }), 'to_date', M.hourlyOneDay],
    [
      'an end date before the start',
      D({ from_date: '2027-03-03', to_date: '2027-03-01' }),
      'to_date',
      M.toDateBeforeFromDate,
    ],
    ['a start time for a day-based type', D({ from_time: '10:00' }), 'from_time', M.noTimesForDays],
    ['an end time for a day-based type', D({ type_id: 4, to_time: '12:00' }), 'to_time', M.noTimesForDays],
    ['more than 366 days', D({ from_date: '2027-01-01', to_date: '2028-01-02' }), 'to_date', M.tooLong],
    [
      'a description of 1001 characters',
      D({ description: 'x'.repeat(1001) }),
      'description',
      M.descriptionTooLong,
    ],
    [
      'a description of the wrong kind',
      D({ description: 5 as unknown as string }),
      'description',
      M.descriptionText,
    ],
    ['an unknown type', D({ type_id: 99 }), 'type_id', M.typeUnknown],
  ])('refuses %s with 422 and its message, saving nothing', async (_label, payload, field, message) => {
    const c = await cast();
    const res = await create(c.tokens.employee, payload);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors.children[field].errors).toContain(message);
    expect(await remoteWorkCount(ctx.db, c.employee.id)).toBe(0);
  });

  it('refuses a disabled type and does not list it', async () => {
    const c = await cast();
    const [disabled] = await ctx.db
      .insert(remoteWorkTypes)
      .values({ name: 'Sabbatical abroad', enabled: false })
      .returning();
    const res = await create(c.tokens.employee, remoteWorkBody({ type_id: disabled!.id }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.children.type_id.errors).toEqual([REMOTE_WORK_MESSAGES.typeUnknown]);
    expect(await remoteWorkCount(ctx.db, c.employee.id)).toBe(0);
    const types = await ctx.call({ method: 'GET', url: `${BASE}/types`, token: c.tokens.employee });
    expect(types.statusCode).toBe(200);
    expect(types.json()).toEqual([
      { id: 1, name: 'Hourly (within a day)' },
      { id: 2, name: 'Work from home' },
      { id: 3, name: 'Field work' },
      { id: 4, name: 'Business travel' },
    ]);
  });

  it('refuses overlapping requests, naming the other one, but not over a rejected one', async () => {
    const c = await cast();
    const first = await made(c.tokens.employee, remoteWorkBody());
    const clash = await create(
      c.tokens.employee,
      remoteWorkBody({ from_date: '2027-03-03', to_date: '2027-03-05' }),
    );
    expect(clash.statusCode).toBe(422);
    expect(clash.json().errors.children.from_date.errors).toEqual([
      `These dates overlap your remote-work request #${first} (01-03-2027 to 03-03-2027).`,
    ]);
    const hoursInside = await create(c.tokens.employee, hourlyRemoteWorkBody({ from_date: '2027-03-02' }));
    expect(hoursInside.statusCode).toBe(422);
    expect(hoursInside.json().errors.children.from_date.errors).toEqual([
      `These hours overlap your remote-work request #${first} (01-03-2027 to 03-03-2027).`,
    ]);

    // Hours on another day; then hours overlapping those hours, and hours just after them.
    const hours = await made(c.tokens.employee, hourlyRemoteWorkBody({ from_date: '2027-03-04' }));
    const overlapHours = await create(
      c.tokens.employee,
      hourlyRemoteWorkBody({ from_date: '2027-03-04', from_time: '11:59', to_time: '13:00' }),
    );
    expect(overlapHours.json().errors.children.from_date.errors).toEqual([
      `These hours overlap your remote-work request #${hours} (04-03-2027 10:00 to 12:00).`,
    ]);
    const daysOverHours = await create(
      c.tokens.employee,
      remoteWorkBody({ from_date: '2027-03-04', to_date: '2027-03-04' }),
    );
    expect(daysOverHours.json().errors.children.from_date.errors).toEqual([
      `These dates overlap your remote-work request #${hours} (04-03-2027 10:00 to 12:00).`,
    ]);
    await made(
      c.tokens.employee,
      hourlyRemoteWorkBody({ from_date: '2027-03-04', from_time: '12:00', to_time: '13:00' }),
    );
    expect(await remoteWorkCount(ctx.db, c.employee.id)).toBe(3);

    // A submitted or approved request still blocks; a rejected one does not.
    for (const status of [2, 3]) {
      await setRemoteWorkStatus(ctx.db, first, status);
      expect(
        (await create(c.tokens.employee, hourlyRemoteWorkBody({ from_date: '2027-03-02' }))).statusCode,
      ).toBe(422);
    }
    await setRemoteWorkStatus(ctx.db, first, 4);
    await made(c.tokens.employee, hourlyRemoteWorkBody({ from_date: '2027-03-02' }));
    // Another employee's requests never clash with the employee's.
    await made(c.tokens.peer, remoteWorkBody());
  });

  it('of two overlapping requests saved at the same moment, exactly one is kept', async () => {
    const c = await cast();
    const [a, b] = await Promise.all([
      create(c.tokens.employee, remoteWorkBody()),
      create(c.tokens.employee, remoteWorkBody({ from_date: '2027-03-02', to_date: '2027-03-04' })),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 422]);
    expect(await remoteWorkCount(ctx.db, c.employee.id)).toBe(1);
  });
});

describe('the remote-work workflow, action by action, actor by actor, status by status', () => {
  // Expected HTTP status per action, actor and starting status (1 draft, 2 submitted, 3 approved, 4 rejected).
  const table: Record<'submit' | 'approve' | 'reject', Record<Who, [number, number, number, number]>> = {
    submit: {
      employee: [200, 409, 409, 409],
      lm: [403, 403, 403, 403],
      oo: [403, 403, 403, 403],
      admin: [403, 403, 403, 403],
      peer: [403, 403, 403, 403],
      stranger: [403, 403, 403, 403],
    },
    approve: {
      employee: [403, 403, 403, 403],
      lm: [409, 200, 409, 409],
      oo: [403, 403, 403, 403],
      admin: [403, 403, 403, 403],
      peer: [403, 403, 403, 403],
      stranger: [403, 403, 403, 403],
    },
    reject: {
      employee: [403, 403, 403, 403],
      lm: [409, 200, 409, 409],
      oo: [403, 403, 403, 403],
      admin: [403, 403, 403, 403],
      peer: [403, 403, 403, 403],
      stranger: [403, 403, 403, 403],
    },
  };
  const resulting = { submit: 2, approve: 3, reject: 4 } as const;

  for (const [action, byActor] of Object.entries(table) as [keyof typeof table, Record<Who, number[]>][]) {
    it(`${action}: allowed only as the table says, and nothing changes when refused`, async () => {
      const c = await cast();
      const next = days('2027-06-01');
      for (const [actor, expected] of Object.entries(byActor) as [Who, number[]][]) {
        for (let status = 1; status <= 4; status++) {
          const date = next();
          const id = await made(c.tokens.employee, remoteWorkBody({ from_date: date, to_date: date }));
          await setRemoteWorkStatus(ctx.db, id, status);
          const before = await remoteWorkRow(ctx.db, id);
          const auditsBefore = (await auditOf(id)).length;
          const res = await act(c.tokens[actor], action, id);
          const want = expected[status - 1];
          const label = `${action} by ${actor} at status ${status}: ${res.body}`;
          expect(res.statusCode, label).toBe(want);
          const after = await remoteWorkRow(ctx.db, id);
          if (want === 200) {
            expect(after!.statusId, label).toBe(resulting[action]);
            // The answer is the changed record: the client replaces its row with it.
            expect(res.json()).toMatchObject({
              id,
              employee_id: c.employee.id,
              from_date: date,
              status: { id: resulting[action] },
            });
            expect(await auditOf(id)).toHaveLength(auditsBefore + 1);
          } else {
            expect(after, label).toEqual(before);
            expect(await auditOf(id), label).toHaveLength(auditsBefore);
          }
        }
      }
    });
  }

  it('every change is audited with who, from and to', async () => {
    const c = await cast();
    const id = await made(c.tokens.employee, remoteWorkBody());
    expect((await edit(c.tokens.employee, id, remoteWorkBody({ to_date: '2027-03-02' }))).statusCode).toBe(
      200,
    );
    await act(c.tokens.employee, 'submit', id);
    await act(c.tokens.lm, 'reject', id);
    expect((await auditOf(id)).map((r) => [r.action, r.fromStatus, r.toStatus, r.actorEmployeeId])).toEqual([
      ['create', null, 1, c.employee.id],
      ['update', 1, 1, c.employee.id],
      ['submit', 1, 2, c.employee.id],
      ['reject', 2, 4, c.lm.id],
    ]);
  });

  it('two decisions at the same moment: exactly one wins, with one audit row', async () => {
    const c = await cast();
    const id = await made(c.tokens.employee, remoteWorkBody());
    expect((await act(c.tokens.employee, 'submit', id)).statusCode).toBe(200);
    const [a, b] = await Promise.all([act(c.tokens.lm, 'approve', id), act(c.tokens.lm, 'reject', id)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const winner = a.statusCode === 200 ? a : b;
    const final = (await remoteWorkRow(ctx.db, id))!.statusId;
    expect([3, 4]).toContain(final);
    expect(winner.json().status.id).toBe(final);
    const decisions = (await auditOf(id)).filter((r) => r.fromStatus === 2);
    expect(decisions).toHaveLength(1);
    expect(decisions[0]!.toStatus).toBe(final);
  });

  it('refuses to submit without a line manager', async () => {
    const top = await ctx.factory.employee();
    const token = await ctx.factory.token(top);
    const id = await made(token, remoteWorkBody());
    expect(await remoteWorkRow(ctx.db, id)).toMatchObject({ lineManagerId: null, oneOverOneId: null });
    const res = await act(token, 'submit', id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/no line manager/);
    expect((await remoteWorkRow(ctx.db, id))!.statusId).toBe(1);
  });

  it('the approvers stored at creation decide, even after the employee moves to another manager', async () => {
    const c = await cast();
    const id = await made(c.tokens.employee, remoteWorkBody());
    await act(c.tokens.employee, 'submit', id);
    await ctx.db.update(employees).set({ parentId: c.stranger.id }).where(eq(employees.id, c.employee.id));
    expect((await act(c.tokens.stranger, 'approve', id)).statusCode).toBe(403);
    const res = await act(c.tokens.lm, 'approve', id);
    expect(res.statusCode).toBe(200);
    expect(res.json().line_manager.id).toBe(c.lm.id);
  });

  it('unknown, missing or wrongly typed ids are clear 4xx', async () => {
    const c = await cast();
    expect((await act(c.tokens.employee, 'submit', 99999999)).statusCode).toBe(404);
    for (const payload of [{ remote_work_id: 'x' }, {}, { remote_work_id: -1 }]) {
      const res = await ctx.call({
        method: 'PATCH',
        url: `${BASE}/actions/approve`,
        token: c.tokens.lm,
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().errors.children.remote_work_id).toBeDefined();
    }
    const unknownAction = await ctx.call({
      method: 'PATCH',
      url: `${BASE}/actions/cancel`,
      token: c.tokens.lm,
      payload: { remote_work_id: 1 },
    });
    expect(unknownAction.statusCode).toBe(404);
  });
});

describe('editing and deleting', () => {
  it('only the employee, only as a draft; others get 403, later statuses 409, unknown ids 404', async () => {
    const c = await cast();
    const id = await made(c.tokens.employee, remoteWorkBody());
    const change = remoteWorkBody({ to_date: '2027-03-02', description: 'Shorter' });
    for (const who of ['lm', 'oo', 'admin', 'peer', 'stranger'] as const) {
      expect((await edit(c.tokens[who], id, change)).statusCode, who).toBe(403);
      expect((await remove(c.tokens[who], id)).statusCode, who).toBe(403);
    }
    const untouched = await remoteWorkRow(ctx.db, id);
    expect(untouched).toMatchObject({
      toDate: '2027-03-03',
      description: 'Working on the release from home',
    });

    const ok = await edit(c.tokens.employee, id, change);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ id, to_date: '2027-03-02', description: 'Shorter', status: { id: 1 } });

    for (const status of [2, 3, 4]) {
      await setRemoteWorkStatus(ctx.db, id, status);
      const before = await remoteWorkRow(ctx.db, id);
      expect((await edit(c.tokens.employee, id, remoteWorkBody())).statusCode, `edit at ${status}`).toBe(409);
      expect((await remove(c.tokens.employee, id)).statusCode, `delete at ${status}`).toBe(409);
      expect(await remoteWorkRow(ctx.db, id)).toEqual(before);
    }

    await setRemoteWorkStatus(ctx.db, id, 1);
    const gone = await remove(c.tokens.employee, id);
    expect(gone.statusCode).toBe(200);
    expect(gone.json().message).toBe(`Remote-work request #${id} has been successfully deleted!`);
    expect(await remoteWorkRow(ctx.db, id)).toBeNull();
    expect((await auditOf(id)).at(-1)).toMatchObject({ action: 'delete', fromStatus: 1 });

    expect((await edit(c.tokens.employee, 99999999, remoteWorkBody())).statusCode).toBe(404);
    expect((await remove(c.tokens.employee, 99999999)).statusCode).toBe(404);
    expect((await edit(c.tokens.employee, 'abc', remoteWorkBody())).statusCode).toBe(400);
    const noBody = await ctx.call({ method: 'DELETE', url: BASE, token: c.tokens.employee, payload: {} });
    expect(noBody.statusCode).toBe(422);
  });

  it('an edit is checked like a new request and changes nothing when refused', async () => {
    const c = await cast();
    const id = await made(c.tokens.employee, remoteWorkBody());
    const before = await remoteWorkRow(ctx.db, id);
    const bad = await edit(c.tokens.employee, id, remoteWorkBody({ from_time: '10:00' }));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.children.from_time.errors).toEqual([REMOTE_WORK_MESSAGES.noTimesForDays]);
    expect(await remoteWorkRow(ctx.db, id)).toEqual(before);
  });

  it('switches between kinds: to hours and back to days, the times going with the kind', async () => {
    const c = await cast();
    const id = await made(c.tokens.employee, remoteWorkBody());
    const hourly = await edit(c.tokens.employee, id, hourlyRemoteWorkBody({ from_date: '2027-03-02' }));
    expect(hourly.json()).toMatchObject({
      type_id: 1,
      from_date: '2027-03-02',
      to_date: '2027-03-02',
      from_time: '10:00',
      to_time: '12:00',
    });
    const back = await edit(c.tokens.employee, id, remoteWorkBody({ type_id: 3 }));
    expect(back.json()).toMatchObject({ type_id: 3, from_time: null, to_time: null, to_date: '2027-03-03' });
    expect(await remoteWorkRow(ctx.db, id)).toMatchObject({ fromTime: null, toTime: null });
  });

  it('an edit may not overlap the employee’s other requests, but may overlap itself', async () => {
    const c = await cast();
    const a = await made(c.tokens.employee, remoteWorkBody());
    const b = await made(
      c.tokens.employee,
      remoteWorkBody({ from_date: '2027-03-08', to_date: '2027-03-09' }),
    );
    expect((await edit(c.tokens.employee, a, remoteWorkBody({ to_date: '2027-03-04' }))).statusCode).toBe(
      200,
    );
    const clash = await edit(c.tokens.employee, a, remoteWorkBody({ to_date: '2027-03-08' }));
    expect(clash.statusCode).toBe(422);
    expect(clash.json().errors.children.from_date.errors).toEqual([
      `These dates overlap your remote-work request #${b} (08-03-2027 to 09-03-2027).`,
    ]);
    expect((await remoteWorkRow(ctx.db, a))!.toDate).toBe('2027-03-04');
  });
});

describe('reading and listing', () => {
  it('self shows own requests; team shows the stored line manager’s and O&O’s', async () => {
    const c = await cast();
    const id = await made(c.tokens.employee, remoteWorkBody());
    const see = async (who: Who, type: string) =>
      ids((await list(c.tokens[who], `list_type=${type}`)).json());
    expect(await see('employee', 'self')).toEqual([id]);
    expect(await see('employee', 'team')).toEqual([]);
    expect(await see('lm', 'team')).toEqual([id]);
    expect(await see('oo', 'team')).toEqual([id]);
    expect(await see('lm', 'self')).toEqual([]);
    for (const who of ['peer', 'admin', 'stranger'] as const) expect(await see(who, 'team'), who).toEqual([]);
    // The default view is self.
    expect(ids((await list(c.tokens.employee, '')).json())).toEqual([id]);
  });

  it('reading one request: the employee, line manager and O&O may; others get 403; unknown 404', async () => {
    const c = await cast();
    const id = await made(c.tokens.employee, hourlyRemoteWorkBody());
    for (const who of ['employee', 'lm', 'oo'] as const) {
      const res = await ctx.call({ method: 'GET', url: `${BASE}/${id}`, token: c.tokens[who] });
      expect(res.statusCode, who).toBe(200);
      expect(res.json()).toMatchObject({
        id,
        from_time: '10:00',
        to_time: '12:00',
        line_manager: { id: c.lm.id },
      });
    }
    for (const who of ['peer', 'admin', 'stranger'] as const) {
      const res = await ctx.call({ method: 'GET', url: `${BASE}/${id}`, token: c.tokens[who] });
      expect(res.statusCode, who).toBe(403);
    }
    expect(
      (await ctx.call({ method: 'GET', url: `${BASE}/99999999`, token: c.tokens.employee })).statusCode,
    ).toBe(404);
    expect((await ctx.call({ method: 'GET', url: `${BASE}/abc`, token: c.tokens.employee })).statusCode).toBe(
      400,
    );
  });

  it('filters by type, status, employee and the two date ranges', async () => {
    const c = await cast();
    const a = await made(
      c.tokens.employee,
      remoteWorkBody({ from_date: '2027-03-01', to_date: '2027-03-03' }),
    );
    const b = await made(c.tokens.employee, hourlyRemoteWorkBody({ from_date: '2027-03-05' }));
    const p = await made(
      c.tokens.peer,
      remoteWorkBody({ type_id: 3, from_date: '2027-03-04', to_date: '2027-03-10' }),
    );
    await setRemoteWorkStatus(ctx.db, b, 2);
    const team = async (query: string) => {
      const res = await list(c.tokens.lm, `list_type=team&sort=id,asc&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return ids(res.json());
    };
    expect(await team('')).toEqual([a, b, p]);
    expect(await team('type_id=1')).toEqual([b]);
    expect(await team('type_id=3')).toEqual([p]);
    expect(await team('status_id=2')).toEqual([b]);
    expect(await team('status_id=1')).toEqual([a, p]);
    expect(await team(`employee_id=${c.peer.id}`)).toEqual([p]);
    expect(await team(`employee_id=${c.employee.id}&type_id=2`)).toEqual([a]);
    expect(await team('from_date_range=2027-03-02,2027-03-05')).toEqual([b, p]);
    expect(await team('from_date_range=,2027-03-04')).toEqual([a, p]);
    expect(await team('to_date_range=2027-03-05,')).toEqual([b, p]);
    expect(await team('to_date_range=2027-03-01,2027-03-05')).toEqual([a, b]);
    expect(await team('from_date_range=2027-03-01,2027-03-01&to_date_range=2027-03-03,2027-03-03')).toEqual([
      a,
    ]);
    expect(await team('from_date_range=2028-01-01,2028-12-31')).toEqual([]);
    // The self view takes the same filters, except the employee.
    const self = await list(c.tokens.employee, 'type_id=1');
    expect(ids(self.json())).toEqual([b]);
  });

  it('sorts by every sortable field, ascending and descending, id,desc by default', async () => {
    const oo = await ctx.factory.employee();
    const lm = await ctx.factory.employee({ parentId: oo.id });
    const zed = await ctx.factory.employee({ parentId: lm.id, name: 'Zed Rahman' });
    const amy = await ctx.factory.employee({ parentId: lm.id, name: 'Amy Chowdhury' });
    const tokens = { zed: await ctx.factory.token(zed), amy: await ctx.factory.token(amy) };
    const lmToken = await ctx.factory.token(lm);
    // r1: Zed, work from home 10–12 May; r2: Amy, business travel 1–20 May; r3: Zed, hourly 3 May.
    const r1 = await made(
      tokens.zed,
      remoteWorkBody({ type_id: 2, from_date: '2027-05-10', to_date: '2027-05-12' }),
    );
    const r2 = await made(
      tokens.amy,
      remoteWorkBody({ type_id: 4, from_date: '2027-05-01', to_date: '2027-05-20' }),
    );
    const r3 = await made(tokens.zed, hourlyRemoteWorkBody({ from_date: '2027-05-03' }));
    await setRemoteWorkStatus(ctx.db, r1, 3);
    await setRemoteWorkStatus(ctx.db, r2, 2);
    // Created and updated in an order of their own.
    const stamp = async (id: number, created: string, updated: string) =>
      ctx.db
        .update(remoteWorks)
        .set({ createdAt: new Date(created), updatedAt: new Date(updated) })
        .where(eq(remoteWorks.id, id));
    await stamp(r1, '2027-01-02T00:00:00Z', '2027-01-05T00:00:00Z');
    await stamp(r2, '2027-01-03T00:00:00Z', '2027-01-04T00:00:00Z');
    await stamp(r3, '2027-01-01T00:00:00Z', '2027-01-06T00:00:00Z');

    const sorted = async (sort: string) => {
      const res = await list(lmToken, `list_type=team${sort ? `&sort=${sort}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      return ids(res.json());
    };
    const cases: [string, number[]][] = [
      ['', [r3, r2, r1]],
      ['id,asc', [r1, r2, r3]],
      ['id,desc', [r3, r2, r1]],
      ['created,asc', [r3, r1, r2]],
      ['updated,desc', [r3, r1, r2]],
      ['from_date,asc', [r2, r3, r1]],
      ['to_date,desc', [r2, r1, r3]],
      // Types by name: Business travel, Hourly (within a day), Work from home.
      ['type,asc', [r2, r3, r1]],
      ['status,desc', [r1, r2, r3]],
      // Employees by name, then id in the same direction: Amy, then Zed's.
      ['employee,asc', [r2, r1, r3]],
      ['employee,desc', [r3, r1, r2]],
    ];
    for (const [sort, expected] of cases) expect(await sorted(sort), sort).toEqual(expected);
  });

  it('pages with links, count and total', async () => {
    const c = await cast();
    const next = days('2027-07-01');
    for (let i = 0; i < 12; i++) {
      const date = next();
      await made(c.tokens.employee, remoteWorkBody({ from_date: date, to_date: date }));
    }
    const one = (await list(c.tokens.employee, 'limit=10&page=1')).json();
    expect(one).toMatchObject({
      count: 10,
      total: 12,
      pagination: { page: 1, limit: 10, pages: 2, prev: null, next: `${BASE}?limit=10&page=2` },
    });
    const two = (await list(c.tokens.employee, 'limit=10&page=2')).json();
    expect(two).toMatchObject({
      count: 2,
      total: 12,
      pagination: { page: 2, pages: 2, next: null, prev: `${BASE}?limit=10&page=1` },
    });
    expect(new Set([...ids(one), ...ids(two)]).size).toBe(12);
    const twenty = (await list(c.tokens.employee, 'limit=20')).json();
    expect(twenty).toMatchObject({ count: 12, total: 12, pagination: { pages: 1, next: null, prev: null } });
    // Past the last page: no items, but the total and a way back.
    const past = (await list(c.tokens.employee, 'limit=10&page=5')).json();
    expect(past).toMatchObject({
      count: 0,
      total: 12,
      items: [],
      pagination: { page: 5, pages: 2, next: null },
    });
    expect(past.pagination.prev).toBe(`${BASE}?limit=10&page=2`);
  });

  it.each([
    ['limit=15', /limit/],
    ['limit=abc', /limit/],
    ['page=0', /page/],
    ['page=1.5', /page/],
    ['sort=salary,desc', /sort/],
    ['sort=id', /sort/],
    ['sort=id,sideways', /sort/],
    ['list_type=everyone', /list_type/],
    ['type_id=home', /type_id/],
    ['status_id=9', /status_id/],
    ['from_date_range=2027-03-05,2027-03-01', /range/],
    ['to_date_range=2027-02-30,', /range/],
    ['from_date_range=yesterday', /range/],
    ['employee_id=5', /team view/],
    ['list_type=self&employee_id=5', /team view/],
  ])('refuses %s with a clear 400', async (query, message) => {
    const c = await cast();
    const res = await list(c.tokens.employee, query);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
  });

  it('needs a token everywhere', async () => {
    const calls: ['GET' | 'POST' | 'PATCH' | 'DELETE', string, object?][] = [
      ['GET', BASE],
      ['GET', `${BASE}/types`],
      ['GET', `${BASE}/1`],
      ['POST', BASE, remoteWorkBody()],
      ['PATCH', `${BASE}/1`, remoteWorkBody()],
      ['DELETE', BASE, { remote_work_id: 1 }],
      ['PATCH', `${BASE}/actions/submit`, { remote_work_id: 1 }],
      ['PATCH', `${BASE}/actions/approve`, { remote_work_id: 1 }],
      ['PATCH', `${BASE}/actions/reject`, { remote_work_id: 1 }],
    ];
    for (const [method, url, payload] of calls) {
      const res = await ctx.call({ method, url, ...(payload ? { payload } : {}), token: null });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('the contract beyond the API', () => {
  it('the web form asks for the fields of the chosen kind, under the body’s names', () => {
    const errors = (value: object) =>
      (remoteWorkForm.safeParse(value).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);
    expect(errors({})).toEqual([['type_id', MESSAGES.selectType]]);
    expect(errors({ type_id: 1 })).toEqual([
      ['from_date', REMOTE_WORK_MESSAGES.dateRequired],
      ['from_time', REMOTE_WORK_MESSAGES.fromTimeRequired],
      ['to_time', REMOTE_WORK_MESSAGES.toTimeRequired],
    ]);
    expect(errors({ type_id: 2, from_date: '' })).toEqual([
      ['from_date', REMOTE_WORK_MESSAGES.fromDateRequired],
      ['to_date', REMOTE_WORK_MESSAGES.toDateRequired],
    ]);
    expect(errors({ type_id: 3, from_date: {}, to_date: {}, description: 'x'.repeat(1001) })).toEqual([
      ['description', REMOTE_WORK_MESSAGES.descriptionTooLong],
    ]);
    expect(errors({ type_id: 1, from_date: {}, from_time: {}, to_time: {} })).toEqual([]);
  });

  it('the OpenAPI document lists every remote-work call', async () => {
    const doc = (await ctx.call({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths['/api/v1/remote-work']).sort()).toEqual(['delete', 'get', 'post']);
    expect(Object.keys(doc.paths['/api/v1/remote-work/{id}']).sort()).toEqual(['get', 'patch']);
    for (const action of ['submit', 'approve', 'reject']) {
      expect(doc.paths[`/api/v1/remote-work/actions/${action}`].patch.operationId).toBe(
        `${action}RemoteWork`,
      );
    }
    expect(doc.paths['/api/v1/remote-work/types'].get).toBeDefined();
  });
});
