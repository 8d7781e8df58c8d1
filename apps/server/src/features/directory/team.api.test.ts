import { beforeAll, describe, expect, it } from 'vitest';
import { tag } from '../../../test/factories/directory';
import { type MadeEmployee, setupApi, type TestContext } from '../../../test/helper';

let ctx: TestContext;

/**
 *            top
 *             |
 *          manager ─────────── (manager's peer: sideways)
 *        /    |    \      \
 *   viewer  peer1  peer2  disabledPeer
 *    /   \
 *  r1     r2
 *  |
 * rr1
 *  |
 * rrr1
 */
const people = {} as Record<
  | 'top'
  | 'manager'
  | 'sideways'
  | 'viewer'
  | 'peer1'
  | 'peer2'
  | 'disabledPeer'
  | 'r1'
  | 'r2'
  | 'rr1'
  | 'rrr1'
  | 'unrelated'
  | 'admin',
  MadeEmployee
>;
const tokens = {} as Record<keyof typeof people, string>;
let t: string;

beforeAll(async () => {
  ctx = await setupApi();
  const f = ctx.factory;
  t = tag('Tm');
  const make = (name: string, parentId: number | null, extra: { enabled?: boolean; admin?: boolean } = {}) =>
    f.employee({ name: `${name} ${t}`, parentId, ...extra });
  people.top = await make('Tahmid Top', null);
  people.manager = await make('Maliha Manager', people.top.id);
  people.sideways = await make('Sabbir Sideways', people.top.id);
  people.viewer = await make('Vikram Viewer', people.manager.id);
  people.peer1 = await make('Parisa Peer', people.manager.id);
  people.peer2 = await make('Pavel Peer', people.manager.id);
  people.disabledPeer = await make('Dina Disabled', people.manager.id, { enabled: false });
  people.r1 = await make('Rafi Report', people.viewer.id);
  people.r2 = await make('Rima Report', people.viewer.id);
  people.rr1 = await make('Rony Indirect', people.r1.id);
  people.rrr1 = await make('Ruby Third', people.rr1.id);
  people.unrelated = await make('Uma Unrelated', null);
  people.admin = await make('Anika Admin', null, { admin: true });
  for (const key of Object.keys(people) as (keyof typeof people)[])
    if (key !== 'disabledPeer') tokens[key] = await f.token(people[key]);
});

const team = (token: string | null, query = '') =>
  ctx.call({ method: 'GET', url: `/api/v1/employees/team${query}`, token });

async function teamOf(key: keyof typeof people, query = '?limit=50') {
  const res = await team(tokens[key], query);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().items as { id: number; relation: string }[]).map((i) => [nameOf(i.id), i.relation]);
}

const nameOf = (id: number) =>
  (Object.keys(people) as (keyof typeof people)[]).find((k) => people[k].id === id) ?? String(id);

describe('who is in the team', () => {
  it("is the viewer's line manager, peers, direct reports and their reports, by name", async () => {
    expect(await teamOf('viewer')).toEqual([
      ['manager', 'line_manager'],
      ['peer1', 'peer'],
      ['peer2', 'peer'],
      ['r1', 'report'],
      ['r2', 'report'],
      ['rr1', 'indirect_report'],
    ]);
  });

  it("of a manager: their own manager, their peers, their reports and their reports' reports", async () => {
    expect(await teamOf('manager')).toEqual([
      ['peer1', 'report'],
      ['peer2', 'report'],
      ['r1', 'indirect_report'],
      ['r2', 'indirect_report'],
      ['sideways', 'peer'],
      ['top', 'line_manager'],
      ['viewer', 'report'],
    ]);
  });

  it('of the person at the top: two levels of reports', async () => {
    expect(await teamOf('top')).toEqual([
      ['manager', 'report'],
      ['peer1', 'indirect_report'],
      ['peer2', 'indirect_report'],
      ['sideways', 'report'],
      ['viewer', 'indirect_report'],
    ]);
  });

  it('of someone with no manager and no reports is empty', async () => {
    const res = await team(tokens.unrelated);
    expect(res.json()).toMatchObject({ items: [], count: 0, total: 0 });
  });

  it('never holds the viewer, disabled employees, or a third level of reports', async () => {
    const ids = (await teamOf('viewer')).map(([name]) => name);
    expect(ids).not.toContain('viewer');
    expect(ids).not.toContain('disabledPeer');
    expect(ids).not.toContain('rrr1');
  });

  it.each([
    ['line_manager', [['manager', 'line_manager']]],
    [
      'peers',
      [
        ['peer1', 'peer'],
        ['peer2', 'peer'],
      ],
    ],
    [
      'reports',
      [
        ['r1', 'report'],
        ['r2', 'report'],
        ['rr1', 'indirect_report'],
      ],
    ],
  ])('narrows to type=%s', async (type, expected) => {
    expect(await teamOf('viewer', `?type=${type}`)).toEqual(expected);
  });

  // SPEC.md §7 sends type as a number: 1 the whole team, 2 the line manager, 3 the peers, 4 the reports.
  it.each([
    ['1', 'all'],
    ['2', 'line_manager'],
    ['3', 'peers'],
    ['4', 'reports'],
  ])('takes type=%s as type=%s', async (code, name) => {
    const byCode = await teamOf('viewer', `?limit=50&type=${code}`);
    expect(byCode.length).toBeGreaterThan(0);
    expect(byCode).toEqual(await teamOf('viewer', `?limit=50&type=${name}`));
  });

  it('answers type=1 with the whole team, as without a type, also for the team of someone below', async () => {
    const whole = await teamOf('viewer', '?limit=50&type=1');
    expect(whole).toEqual(await teamOf('viewer', '?limit=50'));
    expect(whole).toHaveLength(6);
    const below = await teamOf('viewer', `?limit=50&type=1&id=${people.r1.id}`);
    expect(below.map(([n]) => n)).toEqual(['r2', 'rr1', 'rrr1', 'viewer']);
  });

  it('answers directory cards', async () => {
    const res = await team(tokens.viewer, '?type=line_manager');
    expect(res.json().items[0]).toEqual({
      id: people.manager.id,
      eid: people.manager.eid,
      name: people.manager.name,
      designation: expect.any(String),
      email: expect.any(String),
      mobile: expect.any(String),
      company: expect.any(String),
      office: 'Main Office',
      photo: null,
      relation: 'line_manager',
    });
  });
});

describe('search, sorting and pages', () => {
  it.each([
    ['search', 'Peer'],
    ['full_text', 'peer'],
  ])('narrows by %s (name, E-ID, e-mail or mobile)', async (param, term) => {
    expect((await teamOf('viewer', `?${param}=${term}`)).map(([n]) => n)).toEqual(['peer1', 'peer2']);
    const byEid = await teamOf('viewer', `?${param}=${people.r2.eid}`);
    expect(byEid.map(([n]) => n)).toEqual(['r2']);
  });

  it('sorts by E-ID descending when asked', async () => {
    const res = await team(tokens.viewer, '?sort=eid,desc');
    const eids = res.json().items.map((i: { eid: string }) => i.eid);
    expect(eids).toEqual([...eids].sort().reverse());
  });

  it('pages: 20 per page for the card view, then the rest', async () => {
    const boss = await ctx.factory.employee({ name: `Big Boss ${tag()}` });
    for (let i = 0; i < 22; i++) await ctx.factory.employee({ parentId: boss.id });
    const token = await ctx.factory.token(boss);
    const first = await team(token, '?limit=20');
    expect(first.json()).toMatchObject({
      count: 20,
      total: 22,
      pagination: { page: 1, limit: 20, pages: 2 },
    });
    const second = await team(token, '?limit=20&page=2');
    expect(second.json()).toMatchObject({ count: 2, total: 22, pagination: { page: 2, next: null } });
    const seen = new Set([...first.json().items, ...second.json().items].map((i: { id: number }) => i.id));
    expect(seen.size).toBe(22);
  });

  it.each([
    ['limit 15', '?limit=15', 'limit must be one of 10, 20, 50'],
    ['an unknown sort field', '?sort=salary,asc', 'unknown field "salary"; use one of name, eid, id'],
    ['a sort in another form', '?sort=name-asc', 'sort must look like'],
    ['page 0', '?page=0', 'page must be a whole number from 1'],
    ['an unknown type', '?type=friends', 'type must be one of all, line_manager, peers, reports'],
    ['type 0', '?type=0', 'type must be one of all, line_manager, peers, reports (or 1, 2, 3, 4'],
    ['type 5', '?type=5', 'type must be one of all, line_manager, peers, reports (or 1, 2, 3, 4'],
    ['type 1.5', '?type=1.5', 'type must be one of all, line_manager, peers, reports (or 1, 2, 3, 4'],
    ['id x', '?id=x', 'id must be an employee id'],
    ['too long a search', `?search=${'x'.repeat(101)}`, 'The search text must be at most 100 characters'],
  ])('answers 400 for %s', async (_label, query, message) => {
    const res = await team(tokens.viewer, query);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });
});

describe("who may see whose team (GET employees/team?id=viewer's id)", () => {
  it.each<[string, keyof typeof people | null, number]>([
    ['self', 'viewer', 200],
    ['line manager', 'manager', 200],
    ['O&O', 'top', 200],
    ['admin', 'admin', 200],
    ['a peer', 'peer1', 403],
    ['a report', 'r1', 403],
    ['an unrelated employee', 'unrelated', 403],
    ['no token', null, 401],
  ])('%s: %i', async (_label, actor, status) => {
    const res = await team(actor ? tokens[actor] : null, `?id=${people.viewer.id}`);
    expect(res.statusCode).toBe(status);
    if (status === 200) expect(res.json().total).toBe(6);
    if (status === 403)
      expect(res.json()).toMatchObject({
        error: 'team_forbidden',
        message: 'You may see your own team, or the team of someone who reports to you.',
      });
  });

  it('answers 404 for an employee who does not exist', async () => {
    const res = await team(tokens.admin, '?id=99999999');
    expect(res.statusCode).toBe(404);
  });

  it('shows the team relative to that employee', async () => {
    const res = await team(tokens.viewer, `?id=${people.r1.id}&limit=50`);
    const items = res.json().items.map((i: { id: number; relation: string }) => [nameOf(i.id), i.relation]);
    expect(items).toEqual([
      ['r2', 'peer'],
      ['rr1', 'report'],
      ['rrr1', 'indirect_report'],
      ['viewer', 'line_manager'],
    ]);
  });
});
