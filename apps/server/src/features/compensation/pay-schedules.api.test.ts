import { COMPENSATION_MESSAGES as M } from '@hr/contracts/compensation';
import { errorText } from '@hr/contracts/error-codes';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { lastAuditId } from '../../../test/factories/changes';
import {
  auditsOf,
  daysFromToday,
  makeLoan,
  makePayType,
  makeSchedule,
} from '../../../test/factories/compensation';
import { tag } from '../../../test/factories/directory';
import { type Cast, setupApi, type TestContext } from '../../../test/helper';
import { paySchedules, payScheduleTypes } from '../../db/schema';

/**
 * Pay schedules and their types (SPEC.md §7): reference lists every
 * signed-in employee reads, HR administrators manage; in use, they stay.
 */

let ctx: TestContext;
let cast: Cast;

beforeAll(async () => {
  ctx = await setupApi();
  cast = await ctx.factory.cast();
});

const TYPES = '/api/v1/employees/pay-schedules/types';
const SCHEDULES = '/api/v1/employees/pay-schedules';

type Role = 'employee' | 'lm' | 'stranger' | 'admin' | 'none';
const token = (role: Role) => (role === 'none' ? null : cast.tokens[role]);

const typeRow = async (id: number) =>
  (await ctx.db.select().from(payScheduleTypes).where(eq(payScheduleTypes.id, id)))[0];
const scheduleRow = async (id: number) =>
  (await ctx.db.select().from(paySchedules).where(eq(paySchedules.id, id)))[0];

describe('pay schedule types', () => {
  it.each<[Role, number]>([
    ['employee', 200],
    ['lm', 200],
    ['stranger', 200],
    ['admin', 200],
    ['none', 401],
  ])('are read by %s: %i', async (role, status) => {
    const made = await makePayType(ctx.db, 26, tag('Fortnightly '));
    const list = await ctx.call({ method: 'GET', url: `${TYPES}?search=${made.name}`, token: token(role) });
    expect(list.statusCode).toBe(status);
    const one = await ctx.call({ method: 'GET', url: `${TYPES}/${made.id}`, token: token(role) });
    expect(one.statusCode).toBe(status);
    if (status !== 200) return;
    expect(list.json()).toMatchObject({
      total: 1,
      items: [{ id: made.id, name: made.name, periods_per_year: 26, enabled: true }],
    });
    expect(one.json()).toEqual({ id: made.id, name: made.name, periods_per_year: 26, enabled: true });
  });

  it('pages, sorts and filters', async () => {
    const prefix = tag('Paged ');
    for (const n of [12, 52, 26]) await makePayType(ctx.db, n, `${prefix} ${n}`);
    const res = await ctx.call({
      method: 'GET',
      url: `${TYPES}?search=${prefix}&sort=periods_per_year,desc&page=1&limit=10`,
      token: token('employee'),
    });
    expect(res.json().items.map((t: { periods_per_year: number }) => t.periods_per_year)).toEqual([
      52, 26, 12,
    ]);
    const bad = await ctx.call({ method: 'GET', url: `${TYPES}?sort=amount,asc`, token: token('admin') });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('sort_unknown');
  });

  it.each<[Role, number]>([
    ['employee', 403],
    ['lm', 403],
    ['none', 401],
  ])('are changed by HR administrators only: %s gets %i and nothing changes', async (role, status) => {
    const made = await makePayType(ctx.db);
    const before = await lastAuditId(ctx.db);
    const calls = [
      { method: 'POST' as const, url: TYPES, payload: { name: tag('Mine '), periods_per_year: 12 } },
      { method: 'PATCH' as const, url: `${TYPES}/${made.id}`, payload: { name: 'Changed' } },
      { method: 'DELETE' as const, url: `${TYPES}/${made.id}` },
      { method: 'DELETE' as const, url: TYPES, payload: { pay_schedule_type_id: made.id } },
    ];
    for (const call of calls)
      expect((await ctx.call({ ...call, token: token(role) })).statusCode).toBe(status);
    expect(await typeRow(made.id)).toEqual(made);
    expect(await lastAuditId(ctx.db)).toBe(before);
  });

  it('HR administrators add, change and delete one, each audited', async () => {
    const name = tag('Quarterly ');
    const created = await ctx.call({
      method: 'POST',
      url: TYPES,
      token: token('admin'),
      payload: { name, periods_per_year: 4 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    expect(created.json()).toEqual({ id, name, periods_per_year: 4, enabled: true });
    const changed = await ctx.call({
      method: 'PATCH',
      url: `${TYPES}/${id}`,
      token: token('admin'),
      payload: { periods_per_year: 6, enabled: false },
    });
    expect(changed.json()).toMatchObject({ periods_per_year: 6, enabled: false });
    const deleted = await ctx.call({
      method: 'DELETE',
      url: TYPES,
      token: token('admin'),
      payload: { pay_schedule_type_id: id },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await typeRow(id)).toBeUndefined();
    const audits = (await auditsOf(ctx.db, 'pay_schedule_type')).filter((a) => a.entityId === id);
    expect(audits.map((a) => a.action)).toEqual(['create', 'update', 'delete']);
    expect(audits[1]!.data).toEqual({
      changes: { periods_per_year: { before: 4, after: 6 }, enabled: { before: true, after: false } },
      fields: ['periods_per_year', 'enabled'],
    });
  });

  it.each<[string, object, string, string]>([
    ['no name', { periods_per_year: 12 }, 'name', M.nameRequired],
    ['a one-letter name', { name: 'M', periods_per_year: 12 }, 'name', M.nameLength],
    ['no pay days', { name: 'Some type' }, 'periods_per_year', M.periodsRange],
    ['zero pay days', { name: 'Some type', periods_per_year: 0 }, 'periods_per_year', M.periodsRange],
    ['too many pay days', { name: 'Some type', periods_per_year: 366 }, 'periods_per_year', M.periodsRange],
    ['pay days as text', { name: 'Some type', periods_per_year: '12' }, 'periods_per_year', M.periodsRange],
    ['enabled as text', { name: 'Some type', periods_per_year: 12, enabled: 'yes' }, 'enabled', M.enabled],
  ])('refuses %s with a 422 and adds nothing', async (_label, payload, field, message) => {
    const before = await lastAuditId(ctx.db);
    const res = await ctx.call({ method: 'POST', url: TYPES, token: token('admin'), payload });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.children[field].errors).toContain(message);
    expect(await lastAuditId(ctx.db)).toBe(before);
  });

  it('refuses a name taken (any case) with a 409', async () => {
    const made = await makePayType(ctx.db);
    const res = await ctx.call({
      method: 'POST',
      url: TYPES,
      token: token('admin'),
      payload: { name: made.name.toUpperCase(), periods_per_year: 12 },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('reference_name_taken');
  });

  it('a type some schedule is of cannot be deleted: a 409 saying how many', async () => {
    const type = await makePayType(ctx.db);
    await makeSchedule(ctx.db, { typeId: type.id });
    const one = await ctx.call({ method: 'DELETE', url: `${TYPES}/${type.id}`, token: token('admin') });
    expect(one.statusCode).toBe(409);
    expect(one.json()).toMatchObject({
      error: 'pay_schedule_type_in_use_one',
      message: errorText('pay_schedule_type_in_use_one', { name: type.name }),
    });
    await makeSchedule(ctx.db, { typeId: type.id });
    const two = await ctx.call({
      method: 'DELETE',
      url: TYPES,
      token: token('admin'),
      payload: { pay_schedule_type_id: type.id },
    });
    expect(two.json()).toMatchObject({
      error: 'pay_schedule_type_in_use',
      params: { name: type.name, schedules: 2 },
    });
    expect(two.json().message).toContain('2 pay schedules');
    expect(await typeRow(type.id)).toBeDefined();
  });

  it('answers 404 for a type that does not exist', async () => {
    const res = await ctx.call({ method: 'GET', url: `${TYPES}/99999999`, token: token('admin') });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('reference_not_found');
  });
});

describe('pay schedules', () => {
  it.each<[Role, number]>([
    ['employee', 200],
    ['stranger', 200],
    ['admin', 200],
    ['none', 401],
  ])('are read by %s (%i) with their type and next pay dates', async (role, status) => {
    const type = await makePayType(ctx.db, 12);
    const made = await makeSchedule(ctx.db, { typeId: type.id, firstPayDate: '2020-01-31' });
    const res = await ctx.call({ method: 'GET', url: `${SCHEDULES}/${made.id}`, token: token(role) });
    expect(res.statusCode).toBe(status);
    if (status !== 200) return;
    const body = res.json();
    expect(body).toMatchObject({
      id: made.id,
      name: made.name,
      type: { id: type.id, name: type.name, periods_per_year: 12 },
      first_pay_date: '2020-01-31',
      enabled: true,
    });
    // Month ends from today on, in order, each in a month of its own.
    expect(body.next_pay_dates).toHaveLength(4);
    expect(body.next_pay_dates[0] >= daysFromToday(0)).toBe(true);
    expect(body.next_pay_dates[0] <= daysFromToday(31)).toBe(true);
    expect([...body.next_pay_dates].sort()).toEqual(body.next_pay_dates);
    expect(new Set(body.next_pay_dates.map((d: string) => d.slice(0, 7))).size).toBe(4);
    const list = await ctx.call({
      method: 'GET',
      url: `${SCHEDULES}?type_id=${type.id}`,
      token: token(role),
    });
    expect(list.json()).toMatchObject({ total: 1, items: [{ id: made.id }] });
  });

  it('a weekly schedule starting later pays from its first date, a week apart', async () => {
    const made = await makeSchedule(ctx.db, { periodsPerYear: 52, firstPayDate: '2099-01-01' });
    const res = await ctx.call({ method: 'GET', url: `${SCHEDULES}/${made.id}`, token: token('employee') });
    expect(res.json().next_pay_dates).toEqual(['2099-01-01', '2099-01-08', '2099-01-15', '2099-01-22']);
  });

  it('HR administrators add one, change it (by id and with pay_schedule_id in the body) and delete it, audited', async () => {
    const type = await makePayType(ctx.db, 26);
    const name = tag('Factory fortnightly ');
    const created = await ctx.call({
      method: 'POST',
      url: SCHEDULES,
      token: token('admin'),
      payload: { name, type_id: type.id, first_pay_date: '2026-01-09' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    expect(created.json()).toMatchObject({
      name,
      type: { id: type.id },
      first_pay_date: '2026-01-09',
      enabled: true,
    });
    const byId = await ctx.call({
      method: 'PATCH',
      url: `${SCHEDULES}/${id}`,
      token: token('admin'),
      payload: { first_pay_date: '2026-01-16' },
    });
    expect(byId.json().first_pay_date).toBe('2026-01-16');
    const byBody = await ctx.call({
      method: 'PATCH',
      url: SCHEDULES,
      token: token('admin'),
      payload: { pay_schedule_id: id, enabled: false },
    });
    expect(byBody.statusCode, byBody.body).toBe(200);
    expect(byBody.json()).toMatchObject({ id, enabled: false, first_pay_date: '2026-01-16' });
    const deleted = await ctx.call({
      method: 'DELETE',
      url: SCHEDULES,
      token: token('admin'),
      payload: { pay_schedule_id: id },
    });
    expect(deleted.statusCode).toBe(200);
    expect(await scheduleRow(id)).toBeUndefined();
    const audits = (await auditsOf(ctx.db, 'pay_schedule')).filter((a) => a.entityId === id);
    expect(audits.map((a) => a.action)).toEqual(['create', 'update', 'update', 'delete']);
    expect(audits[1]!.data).toEqual({
      changes: { first_pay_date: { before: '2026-01-09', after: '2026-01-16' } },
      fields: ['first_pay_date'],
    });
  });

  it.each<[Role, number]>([
    ['employee', 403],
    ['stranger', 403],
    ['none', 401],
  ])('are changed by HR administrators only: %s gets %i', async (role, status) => {
    const made = await makeSchedule(ctx.db);
    const calls = [
      {
        method: 'POST' as const,
        url: SCHEDULES,
        payload: { name: tag('X '), type_id: made.typeId, first_pay_date: '2026-01-01' },
      },
      { method: 'PATCH' as const, url: `${SCHEDULES}/${made.id}`, payload: { name: 'Changed name' } },
      {
        method: 'PATCH' as const,
        url: SCHEDULES,
        payload: { pay_schedule_id: made.id, name: 'Changed name' },
      },
      { method: 'DELETE' as const, url: SCHEDULES, payload: { pay_schedule_id: made.id } },
    ];
    for (const call of calls)
      expect((await ctx.call({ ...call, token: token(role) })).statusCode).toBe(status);
    expect(await scheduleRow(made.id)).toEqual(made);
  });

  it.each<[string, (typeId: number) => object, string, string]>([
    ['no name', (t) => ({ type_id: t, first_pay_date: '2026-01-01' }), 'name', M.nameRequired],
    ['no type', () => ({ name: 'Some payroll', first_pay_date: '2026-01-01' }), 'type_id', M.typeRequired],
    [
      'an unknown type',
      () => ({ name: 'Some payroll', type_id: 99_999_999, first_pay_date: '2026-01-01' }),
      'type_id',
      M.typeUnknown,
    ],
    [
      'a type as text',
      () => ({ name: 'Some payroll', type_id: 'monthly', first_pay_date: '2026-01-01' }),
      'type_id',
      M.typeUnknown,
    ],
    [
      'no first pay date',
      (t) => ({ name: 'Some payroll', type_id: t }),
      'first_pay_date',
      M.firstPayDateRequired,
    ],
    [
      'a day that does not exist',
      (t) => ({ name: 'Some payroll', type_id: t, first_pay_date: '2026-02-29' }),
      'first_pay_date',
      M.dateFormat,
    ],
  ])('refuses %s with a 422 and adds nothing', async (_label, payload, field, message) => {
    const type = await makePayType(ctx.db);
    const before = await lastAuditId(ctx.db);
    const res = await ctx.call({
      method: 'POST',
      url: SCHEDULES,
      token: token('admin'),
      payload: payload(type.id),
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors.children[field].errors).toContain(message);
    expect(await lastAuditId(ctx.db)).toBe(before);
  });

  it('a schedule loans are repaid on cannot be deleted: a 409 saying how many', async () => {
    const made = await makeSchedule(ctx.db);
    await makeLoan(ctx.db, cast.employee.id, made.id);
    await makeLoan(ctx.db, cast.peer.id, made.id);
    await makeLoan(ctx.db, cast.lm.id, made.id);
    const res = await ctx.call({ method: 'DELETE', url: `${SCHEDULES}/${made.id}`, token: token('admin') });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      error: 'pay_schedule_in_use',
      message: errorText('pay_schedule_in_use', { name: made.name, loans: 3 }),
    });
    expect(await scheduleRow(made.id)).toBeDefined();
  });

  it('an answer to everyone names no loans or pay', async () => {
    const made = await makeSchedule(ctx.db);
    await makeLoan(ctx.db, cast.employee.id, made.id, { amount: '98765.00' });
    const res = await ctx.call({
      method: 'GET',
      url: `${SCHEDULES}?search=${made.name}`,
      token: token('stranger'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('98765');
    expect(Object.keys(res.json().items[0]).sort()).toEqual(
      [
        'company',
        'created',
        'enabled',
        'first_pay_date',
        'id',
        'name',
        'next_pay_dates',
        'type',
        'updated',
      ].sort(),
    );
  });
});
