import { LEAVE_POLICY_MESSAGES, type TeamCalendar } from '@hr/contracts/leave-policies';
import { REQUEST_STATUS } from '@hr/contracts/workflow';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addToGroup, makeGroup, makeTreeItem } from '../../../test/factories/directory';
import {
  makeLeaveType,
  makeOffice,
  makeRemoteWorkType,
  putHoliday,
  putLeave,
  putRemoteWork,
} from '../../../test/factories/leave-calendar';
import {
  type Cast,
  type MadeEmployee,
  setupApi,
  statementsDuring,
  type TestContext,
} from '../../../test/helper';
import { companies, employees } from '../../db/schema';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await setupApi();
});

const MARCH = { from: '2027-03-01', to: '2027-03-31' };

const calendar = (token: string | null, query: Record<string, string | number>, headers = {}) =>
  ctx.call({
    method: 'GET',
    url: `/api/v1/leave/calendar?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`,
    token,
    headers,
  });

async function read(token: string, query: Record<string, string | number> = MARCH, headers = {}) {
  const res = await calendar(token, query, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TeamCalendar;
}

/** The people of an answer as `id: relation`, in the answer's order. */
const relations = (answer: TeamCalendar) => answer.people.map((p) => `${p.employee.id}:${p.relation}`);
const personIn = (answer: TeamCalendar, id: number) => answer.people.find((p) => p.employee.id === id);
const labelsOf = (answer: TeamCalendar, id: number, kind = 'leave') =>
  personIn(answer, id)
    ?.entries.filter((e) => e.kind === kind)
    .map((e) => e.label);

/**
 * oo ─ lm ─┬ employee ─ below
 *          ├ peer
 *          ├ hr (an HR administrator)
 *          └ gone (disabled)
 * and, apart: admin (an HR administrator with no manager) and a stranger.
 */
interface World {
  c: Cast;
  below: MadeEmployee;
  hr: MadeEmployee;
  gone: MadeEmployee;
  tokens: { below: string; hr: string };
  annual: { id: number; name: string };
  remote: { id: number; name: string };
}

let world: World;
async function theWorld(): Promise<World> {
  if (world) return world;
  const c = await ctx.factory.cast({ name: 'Nadia Rahman' });
  const below = await ctx.factory.employee({ parentId: c.employee.id, name: 'Omar Below' });
  const hr = await ctx.factory.employee({ parentId: c.lm.id, admin: true, name: 'Hana HR' });
  const gone = await ctx.factory.employee({ parentId: c.lm.id, enabled: false, name: 'Gone Away' });
  const annual = await makeLeaveType(ctx.db, `Annual ${Date.now()}`, { fr: 'Congé annuel' });
  const remote = await makeRemoteWorkType(ctx.db);
  const e = c.employee.id;
  const approvers = { lineManagerId: c.lm.id, oneOverOneId: c.oo.id };
  await putLeave(ctx.db, {
    employeeId: e,
    typeId: annual.id,
    from: '2027-03-01',
    to: '2027-03-03',
    ...approvers,
  });
  await putLeave(ctx.db, {
    employeeId: e,
    typeId: annual.id,
    from: '2027-03-10',
    fromTime: '10:00',
    toTime: '12:00',
    status: REQUEST_STATUS.submitted,
    ...approvers,
  });
  await putLeave(ctx.db, {
    employeeId: e,
    typeId: annual.id,
    from: '2027-03-15',
    status: REQUEST_STATUS.draft,
  });
  await putLeave(ctx.db, {
    employeeId: e,
    typeId: annual.id,
    from: '2027-03-16',
    status: REQUEST_STATUS.rejected,
  });
  await putLeave(ctx.db, { employeeId: e, typeId: annual.id, from: '2027-05-03' });
  await putLeave(ctx.db, { employeeId: e, typeId: annual.id, from: '2027-03-30', to: '2027-04-02' });
  await putRemoteWork(ctx.db, {
    employeeId: e,
    typeId: remote.id,
    from: '2027-03-20',
    to: '2027-03-21',
    status: REQUEST_STATUS.submitted,
  });
  await putRemoteWork(ctx.db, {
    employeeId: e,
    typeId: remote.id,
    from: '2027-03-22',
    fromTime: '09:00',
    toTime: '11:00',
  });
  await putRemoteWork(ctx.db, { employeeId: e, typeId: remote.id, from: '2027-03-23', status: 1 });
  await putLeave(ctx.db, { employeeId: c.peer.id, typeId: annual.id, from: '2027-03-05' });
  await putLeave(ctx.db, { employeeId: below.id, typeId: annual.id, from: '2027-03-08' });
  await putLeave(ctx.db, { employeeId: gone.id, typeId: annual.id, from: '2027-03-08' });
  world = {
    c,
    below,
    hr,
    gone,
    tokens: { below: await ctx.factory.token(below), hr: await ctx.factory.token(hr) },
    annual,
    remote,
  };
  return world;
}

describe('who a calendar shows, and in how much detail (DESIGN.md §9)', () => {
  type Reader = 'employee' | 'lm' | 'oo' | 'peer' | 'hr' | 'admin' | 'stranger' | 'below';
  const token = (w: World, who: Reader) =>
    who === 'hr' ? w.tokens.hr : who === 'below' ? w.tokens.below : w.c.tokens[who];
  const id = (w: World, who: Reader | 'gone') =>
    who === 'hr' ? w.hr.id : who === 'below' ? w.below.id : who === 'gone' ? w.gone.id : w.c[who].id;

  // For each reader: everyone they see, as relation, and whether the employee's leave type shows to them.
  const cases: [Reader, [Reader, 'self' | 'team' | 'peer'][], 'type' | 'on leave' | 'absent'][] = [
    [
      'employee',
      [
        ['employee', 'self'],
        ['below', 'team'],
        ['hr', 'peer'],
        ['peer', 'peer'],
      ],
      'type',
    ],
    [
      'lm',
      [
        ['lm', 'self'],
        ['hr', 'team'],
        ['employee', 'team'],
        ['below', 'team'],
        ['peer', 'team'],
      ],
      'type',
    ],
    [
      'oo',
      [
        ['oo', 'self'],
        ['hr', 'team'],
        ['employee', 'team'],
        ['peer', 'team'],
        ['lm', 'team'],
      ],
      'type',
    ],
    [
      'peer',
      [
        ['peer', 'self'],
        ['hr', 'peer'],
        ['employee', 'peer'],
      ],
      'on leave',
    ],
    [
      'hr',
      [
        ['hr', 'self'],
        ['employee', 'peer'],
        ['peer', 'peer'],
      ],
      'type',
    ],
    ['below', [['below', 'self']], 'absent'],
    ['admin', [['admin', 'self']], 'absent'],
    ['stranger', [['stranger', 'self']], 'absent'],
  ];

  it.each(cases)('%s sees %j; the employee’s leave as %s', async (reader, expected, detail) => {
    const w = await theWorld();
    const answer = await read(token(w, reader));
    const names = new Map(answer.people.map((p) => [p.employee.id, p.employee.name]));
    // The reader first, then the team, then the peers, each by name.
    const order = { self: 0, team: 1, peer: 2 };
    const sorted = [...expected].sort(
      ([a, ra], [b, rb]) =>
        order[ra] - order[rb] || (names.get(id(w, a)) ?? '').localeCompare(names.get(id(w, b)) ?? ''),
    );
    expect(relations(answer)).toEqual(sorted.map(([who, r]) => `${id(w, who)}:${r}`));
    expect(personIn(answer, w.gone.id)).toBeUndefined();

    const labels = labelsOf(answer, w.c.employee.id);
    if (detail === 'absent') expect(labels).toBeUndefined();
    else if (detail === 'type') expect(labels).toEqual([w.annual.name, w.annual.name, w.annual.name]);
    else expect(labels).toEqual([null, null, null]);
  });

  it('answers 401 without a token, and with an unknown one', async () => {
    expect((await calendar(null, MARCH)).statusCode).toBe(401);
    expect((await calendar('not-a-real-token-at-all', MARCH)).statusCode).toBe(401);
  });
});

describe('what a calendar shows of a person', () => {
  it('submitted and approved leave and remote work touching the range, with hours and pending flags; no draft, no rejected', async () => {
    const w = await theWorld();
    const answer = await read(w.c.tokens.lm);
    const nadia = personIn(answer, w.c.employee.id)!;
    expect(nadia.employee).toMatchObject({
      id: w.c.employee.id,
      name: 'Nadia Rahman',
      eid: w.c.employee.eid,
    });
    expect(nadia.weekly_off_day).toBe(5);
    const requests = nadia.entries.filter((e) => e.kind !== 'holiday');
    expect(requests).toEqual([
      {
        kind: 'leave',
        from: '2027-03-01',
        to: '2027-03-03',
        from_time: null,
        to_time: null,
        pending: false,
        label: w.annual.name,
      },
      {
        kind: 'leave',
        from: '2027-03-10',
        to: '2027-03-10',
        from_time: '10:00',
        to_time: '12:00',
        pending: true,
        label: w.annual.name,
      },
      {
        kind: 'remote_work',
        from: '2027-03-20',
        to: '2027-03-21',
        from_time: null,
        to_time: null,
        pending: true,
        label: w.remote.name,
      },
      {
        kind: 'remote_work',
        from: '2027-03-22',
        to: '2027-03-22',
        from_time: '09:00',
        to_time: '11:00',
        pending: false,
        label: w.remote.name,
      },
      {
        kind: 'leave',
        from: '2027-03-30',
        to: '2027-04-02',
        from_time: null,
        to_time: null,
        pending: false,
        label: w.annual.name,
      },
    ]);
  });

  it('shows remote work to a peer as remote work, without its type', async () => {
    const w = await theWorld();
    const answer = await read(w.c.tokens.peer);
    expect(labelsOf(answer, w.c.employee.id, 'remote_work')).toEqual([null, null]);
    expect(personIn(answer, w.c.employee.id)!.entries.filter((e) => e.pending).length).toBe(2);
  });

  it('names the type in the reader’s language', async () => {
    const w = await theWorld();
    const answer = await read(w.c.tokens.lm, MARCH, { 'accept-language': 'fr' });
    expect(labelsOf(answer, w.c.employee.id)).toEqual(['Congé annuel', 'Congé annuel', 'Congé annuel']);
  });

  it('shows each person their holidays: everyone’s, their company’s and their office’s, not another office’s or company’s', async () => {
    const w = await theWorld();
    const { companyId, officeId } = await ctx.factory.company();
    const [other] = await ctx.db
      .insert(companies)
      .values({ name: `Other ${Date.now()}` })
      .returning();
    const otherOffice = await makeOffice(ctx.db, companyId);
    const range = { from: '2027-06-01', to: '2027-06-30' };
    await putHoliday(ctx.db, { name: 'Everyone’s day', from: '2027-06-02' });
    await putHoliday(ctx.db, { name: 'Company day', from: '2027-06-03', to: '2027-06-04', companyId });
    await putHoliday(ctx.db, { name: 'Office day', from: '2027-06-06', companyId, officeId });
    await putHoliday(ctx.db, { name: 'Office day, no company', from: '2027-06-07', officeId });
    await putHoliday(ctx.db, {
      name: 'Other office',
      from: '2027-06-08',
      companyId,
      officeId: otherOffice.id,
    });
    await putHoliday(ctx.db, { name: 'Other company', from: '2027-06-09', companyId: other!.id });
    // A holiday that began before the range shows with its own days.
    await putHoliday(ctx.db, { name: 'Long weekend', from: '2027-05-30', to: '2027-06-01' });

    const answer = await read(w.c.tokens.peer, range);
    const shown = personIn(answer, w.c.employee.id)!.entries.filter((e) => e.kind === 'holiday');
    expect(shown.map((h) => [h.label, h.from, h.to])).toEqual([
      ['Long weekend', '2027-05-30', '2027-06-01'],
      ['Everyone’s day', '2027-06-02', '2027-06-02'],
      ['Company day', '2027-06-03', '2027-06-04'],
      ['Office day', '2027-06-06', '2027-06-06'],
      ['Office day, no company', '2027-06-07', '2027-06-07'],
    ]);
    expect(shown.every((h) => !h.pending && h.from_time === null)).toBe(true);

    // Someone of the other office sees that office's day and not the first office's.
    const elsewhere = await ctx.factory.employee({ parentId: w.c.lm.id });
    await ctx.db.update(employees).set({ officeId: otherOffice.id }).where(eq(employees.id, elsewhere.id));
    const theirs = await read(await ctx.factory.token(elsewhere), range);
    const own = personIn(theirs, elsewhere.id)!.entries.map((e) => e.label);
    expect(own).toContain('Other office');
    expect(own).not.toContain('Office day');
    expect(own).not.toContain('Office day, no company');
    await ctx.factory.setEnabled(elsewhere.id, false);
  });
});

describe('the group filter', () => {
  it('keeps the members of a group item and of the items below it', async () => {
    const w = await theWorld();
    const group = await makeGroup(ctx.db);
    const item = await makeTreeItem(ctx.db, group.id);
    const child = await makeTreeItem(ctx.db, group.id, undefined, item.id);
    await addToGroup(ctx.db, w.c.employee.id, item.id);
    await addToGroup(ctx.db, w.c.peer.id, child.id);
    await addToGroup(ctx.db, w.c.stranger.id, item.id);

    const answer = await read(w.c.tokens.lm, { ...MARCH, group_id: item.id });
    // The stranger is in the group but not in the manager's circle; the manager is not in the group.
    expect(relations(answer).sort()).toEqual([`${w.c.employee.id}:team`, `${w.c.peer.id}:team`].sort());
    const onlyChild = await read(w.c.tokens.lm, { ...MARCH, group_id: child.id });
    expect(relations(onlyChild)).toEqual([`${w.c.peer.id}:team`]);
  });

  it('answers an empty calendar for a group item nobody of the circle is in', async () => {
    const w = await theWorld();
    const group = await makeGroup(ctx.db);
    const item = await makeTreeItem(ctx.db, group.id);
    const answer = await read(w.c.tokens.lm, { ...MARCH, group_id: item.id });
    expect(answer).toEqual({ ...MARCH, people: [] });
  });
});

describe('refused input', () => {
  const cases: [string, Record<string, string | number>, number, string, string | undefined][] = [
    ['no first day', { to: '2027-03-31' }, 400, 'invalid_query', undefined],
    ['no last day', { from: '2027-03-01' }, 400, 'invalid_query', undefined],
    ['a day that does not exist', { from: '2027-02-30', to: '2027-03-31' }, 400, 'invalid_query', undefined],
    ['a day in another format', { from: '01-03-2027', to: '2027-03-31' }, 400, 'invalid_query', undefined],
    ['a group id that is not a number', { ...MARCH, group_id: 'abc' }, 400, 'invalid_query', undefined],
    [
      'the last day before the first',
      { from: '2027-03-10', to: '2027-03-09' },
      422,
      'validation_failed',
      LEAVE_POLICY_MESSAGES.toBeforeFrom,
    ],
    [
      '63 days',
      { from: '2027-03-01', to: '2027-05-02' },
      422,
      'validation_failed',
      LEAVE_POLICY_MESSAGES.rangeTooLong,
    ],
    ['an unknown group item', { ...MARCH, group_id: 99_999_999 }, 404, 'group_item_not_found', undefined],
  ];

  it.each(cases)('%s: %i %s', async (_, query, status, code, message) => {
    const w = await theWorld();
    const res = await calendar(w.c.tokens.lm, query);
    expect(res.statusCode, res.body).toBe(status);
    const body = res.json();
    expect(body.error).toBe(code);
    if (message) expect(body.errors.children.to.errors).toEqual([message]);
  });

  it('answers 62 days, both counted', async () => {
    const w = await theWorld();
    const answer = await read(w.c.tokens.lm, { from: '2027-03-01', to: '2027-05-01' });
    expect(answer.from).toBe('2027-03-01');
    expect(answer.to).toBe('2027-05-01');
  });
});

describe('statements', () => {
  /** A manager with `n` reports, each with two leaves and a remote-work request in March 2027. */
  async function managerWith(n: number, typeIds: { leave: number; remote: number }) {
    const manager = await ctx.factory.employee();
    const reports = await ctx.db
      .insert(employees)
      .values(
        Array.from({ length: n }, (_, i) => ({
          eid: ctx.factory.nextEid(),
          name: `Report ${String(i).padStart(2, '0')}`,
          parentId: manager.id,
        })),
      )
      .returning();
    for (const r of reports) {
      await putLeave(ctx.db, { employeeId: r.id, typeId: typeIds.leave, from: '2027-03-02' });
      await putLeave(ctx.db, { employeeId: r.id, typeId: typeIds.leave, from: '2027-03-09', status: 2 });
      await putRemoteWork(ctx.db, { employeeId: r.id, typeId: typeIds.remote, from: '2027-03-11' });
    }
    return ctx.factory.token(manager);
  }

  it('reads a calendar of 2 people or of 40 in as many statements, a group named or not', async () => {
    const w = await theWorld();
    const typeIds = { leave: w.annual.id, remote: w.remote.id };
    const measure = async (token: string, query: Record<string, string | number>) => {
      await read(token, query);
      let people = 0;
      const sent = await statementsDuring(ctx, async () => {
        people = (await read(token, query)).people.length;
      });
      return { count: sent.length, people, sent };
    };
    const small = await measure(await managerWith(2, typeIds), MARCH);
    const big = await measure(await managerWith(40, typeIds), MARCH);
    expect(small.people).toBe(3);
    expect(big.people).toBe(41);
    expect(big.count, big.sent.join('\n')).toBe(small.count);
    // The session, the people, their requests and their holidays.
    expect(small.count).toBeLessThanOrEqual(4);

    const group = await makeGroup(ctx.db);
    const item = await makeTreeItem(ctx.db, group.id);
    const grouped = await measure(w.c.tokens.lm, { ...MARCH, group_id: item.id });
    expect(grouped.count).toBeLessThanOrEqual(small.count);
  });
});
