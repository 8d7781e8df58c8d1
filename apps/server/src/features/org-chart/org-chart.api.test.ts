import { ORG_CHART_PAGE_SIZE } from '@hr/contracts/org-chart';
import { beforeAll, describe, expect, it } from 'vitest';
import { setEmployee, tag } from '../../../test/factories/directory';
import { type MadeEmployee, setupApi, statementsDuring, type TestContext } from '../../../test/helper';

let ctx: TestContext;

/**
 *              oo (no line manager)
 *               |
 *               lm ──────────────────────────┐
 *        /      |        \                   |
 *  employee   peer   disabledPeer        (nobody else)
 *    /   \
 *   r1    r2
 *   |
 *  rr1
 */
const people = {} as Record<
  'oo' | 'lm' | 'employee' | 'peer' | 'disabledPeer' | 'r1' | 'r2' | 'rr1' | 'stranger' | 'admin',
  MadeEmployee
>;
const tokens = {} as Record<'oo' | 'lm' | 'employee' | 'peer' | 'r1' | 'stranger' | 'admin', string>;
let t: string;

beforeAll(async () => {
  ctx = await setupApi();
  const f = ctx.factory;
  t = tag('Oc');
  const make = (name: string, parentId: number | null, extra: { enabled?: boolean; admin?: boolean } = {}) =>
    f.employee({ name: `${name} ${t}`, parentId, ...extra });
  people.oo = await make('Omar Oo', null);
  people.lm = await make('Lina Manager', people.oo.id);
  people.employee = await make('Emon Employee', people.lm.id);
  people.peer = await make('Priya Peer', people.lm.id);
  people.disabledPeer = await make('Dipu Disabled', people.lm.id, { enabled: false });
  people.r1 = await make('Rafi Report', people.employee.id);
  people.r2 = await make('Rima Report', people.employee.id);
  people.rr1 = await make('Rony Indirect', people.r1.id);
  people.stranger = await make('Sumi Stranger', null);
  people.admin = await make('Anika Admin', null, { admin: true });
  for (const key of ['oo', 'lm', 'employee', 'peer', 'r1', 'stranger', 'admin'] as const)
    tokens[key] = await f.token(people[key]);
});

interface Node {
  id: number;
  eid: string;
  name: string;
  designation: string | null;
  photo: { small: string; medium: string; big: string } | null;
  line_manager_id: number | null;
  reports_count: number;
}
interface Branch {
  manager_id: number;
  items: Node[];
  total: number;
}
interface Chart {
  viewer: { id: number; line_manager_id: number | null };
  chain: Node[];
  person: Node;
  reports: Branch;
  branches: Branch[];
}

const NODE_FIELDS = ['designation', 'eid', 'id', 'line_manager_id', 'name', 'photo', 'reports_count'];

const chartCall = (token: string | null, query = '') =>
  ctx.call({ method: 'GET', url: `/api/v1/employees/org-chart${query}`, token });
const reportsCall = (token: string | null, id: number | string, query = '') =>
  ctx.call({ method: 'GET', url: `/api/v1/employees/org-chart/${id}/reports${query}`, token });

async function chart(token: string, query = ''): Promise<Chart> {
  const res = await chartCall(token, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Chart;
}

const nameOf = (id: number) =>
  (Object.keys(people) as (keyof typeof people)[]).find((k) => people[k].id === id) ?? String(id);
/** `name:count` of each box, to read a branch at a glance. */
const boxes = (nodes: Node[]) => nodes.map((n) => `${nameOf(n.id)}:${n.reports_count}`);
const branchesOf = (c: Chart) =>
  c.branches.map((b) => ({ manager: nameOf(b.manager_id), items: boxes(b.items), total: b.total }));

describe('GET employees/org-chart', () => {
  it("answers the caller's chain from the top, the people beside it and their own reports, with counts", async () => {
    const c = await chart(tokens.employee);
    expect(c.viewer).toEqual({ id: people.employee.id, line_manager_id: people.lm.id });
    expect(boxes(c.chain)).toEqual(['oo:1', 'lm:2']);
    expect(boxes([c.person])).toEqual(['employee:2']);
    expect(c.person).toMatchObject({
      eid: people.employee.eid,
      name: people.employee.name,
      line_manager_id: people.lm.id,
    });
    // The disabled peer is in no branch and in no count.
    expect(branchesOf(c)).toEqual([
      { manager: 'oo', items: ['lm:2'], total: 1 },
      { manager: 'lm', items: ['employee:2', 'peer:0'], total: 2 },
    ]);
    expect(c.reports.manager_id).toBe(people.employee.id);
    expect(boxes(c.reports.items)).toEqual(['r1:1', 'r2:0']);
    expect(c.reports.total).toBe(2);
    expect(c.chain[1]!.line_manager_id).toBe(people.oo.id);
    expect(c.chain[0]!.line_manager_id).toBeNull();
  });

  it('centres on someone else with id, and still names the caller and their line manager', async () => {
    const c = await chart(tokens.peer, `?id=${people.r1.id}`);
    expect(c.viewer).toEqual({ id: people.peer.id, line_manager_id: people.lm.id });
    expect(boxes(c.chain)).toEqual(['oo:1', 'lm:2', 'employee:2']);
    expect(boxes([c.person])).toEqual(['r1:1']);
    expect(boxes(c.reports.items)).toEqual(['rr1:0']);
    expect(branchesOf(c).map((b) => b.manager)).toEqual(['oo', 'lm', 'employee']);
  });

  it('for a person with no line manager: an empty chain and no branches above', async () => {
    const c = await chart(tokens.oo);
    expect(c.chain).toEqual([]);
    expect(c.branches).toEqual([]);
    expect(boxes([c.person])).toEqual(['oo:1']);
    expect(c.person.line_manager_id).toBeNull();
    expect(c.viewer.line_manager_id).toBeNull();
    expect(boxes(c.reports.items)).toEqual(['lm:2']);

    const alone = await chart(tokens.stranger);
    expect(alone.chain).toEqual([]);
    expect(alone.reports).toEqual({ manager_id: people.stranger.id, items: [], total: 0 });
  });

  it('is directory data: an unrelated employee and an admin read it, with only the directory fields', async () => {
    // Personal data the chart must not carry.
    await setEmployee(ctx.db, people.employee.id, {
      dob: '1990-04-12',
      bloodGroup: 'AB-',
      nid: '19901234567890123',
      presentAddress: `Road 7 ${t}`,
    });
    for (const token of [tokens.stranger, tokens.admin, tokens.r1]) {
      const res = await chartCall(token, `?id=${people.employee.id}`);
      expect(res.statusCode, res.body).toBe(200);
      const c = res.json() as Chart;
      expect(Object.keys(c).sort()).toEqual(['branches', 'chain', 'person', 'reports', 'viewer']);
      const all = [c.person, ...c.chain, ...c.reports.items, ...c.branches.flatMap((b) => b.items)];
      expect(all.length).toBeGreaterThan(4);
      for (const n of all) expect(Object.keys(n).sort()).toEqual(NODE_FIELDS);
      for (const text of [
        '1990-04-12',
        'AB-',
        '19901234567890123',
        `Road 7 ${t}`,
        '@portal.test',
        '01712345678',
      ])
        expect(res.body).not.toContain(text);
    }
    const reports = await reportsCall(tokens.stranger, people.lm.id);
    expect(reports.statusCode).toBe(200);
    for (const n of reports.json().items as Node[]) expect(Object.keys(n).sort()).toEqual(NODE_FIELDS);
  });

  it('gives a photo in three sizes to someone who has one, null to someone who has not', async () => {
    await setEmployee(ctx.db, people.peer.id, { photoVersion: 3 });
    const c = await chart(tokens.employee);
    const lmBranch = c.branches.find((b) => b.manager_id === people.lm.id)!;
    const peer = lmBranch.items.find((n) => n.id === people.peer.id)!;
    expect(peer.photo).toEqual({
      small: expect.stringMatching(new RegExp(`^/api/v1/files/photos/${people.peer.id}/small\\?v=3&s=`)),
      medium: expect.stringMatching(/\/medium\?v=3&s=/),
      big: expect.stringMatching(/\/big\?v=3&s=/),
    });
    expect(c.person.photo).toBeNull();
  });

  it('stops the chain below a disabled manager', async () => {
    const top = await ctx.factory.employee({ name: `Top ${t}` });
    const gone = await ctx.factory.employee({ name: `Gone ${t}`, parentId: top.id, enabled: false });
    const below = await ctx.factory.employee({ name: `Below ${t}`, parentId: gone.id });
    const c = await chart(tokens.stranger, `?id=${below.id}`);
    expect(c.chain).toEqual([]);
    expect(c.person.id).toBe(below.id);
    expect(c.person.line_manager_id).toBe(gone.id);
  });

  it('ends a loop of line managers instead of following it for ever', async () => {
    const a = await ctx.factory.employee({ name: `Loop A ${t}` });
    const b = await ctx.factory.employee({ name: `Loop B ${t}`, parentId: a.id });
    await setEmployee(ctx.db, a.id, { parentId: b.id });
    const c = await chart(tokens.stranger, `?id=${a.id}`);
    expect(c.chain.map((n) => n.id)).toEqual([b.id]);
    expect(c.person.id).toBe(a.id);
    expect(c.reports.items.map((n) => n.id)).toEqual([b.id]);
  });

  it('answers 404 for an unknown or disabled person, 400 for a bad id or limit, 401 without a token', async () => {
    for (const id of [2_147_483_000, people.disabledPeer.id]) {
      const res = await chartCall(tokens.employee, `?id=${id}`);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().error).toBe('employee_not_found');
    }
    for (const query of ['?id=abc', '?id=0', '?id=-3', '?id=1.5', '?limit=0', '?limit=101', '?limit=x']) {
      const res = await chartCall(tokens.employee, query);
      expect(res.statusCode, `${query}: ${res.body}`).toBe(400);
    }
    expect((await chartCall(null)).statusCode).toBe(401);
    expect((await chartCall(null, `?id=${people.employee.id}`)).statusCode).toBe(401);
    expect((await chartCall('not-a-token')).statusCode).toBe(401);
  });
});

describe('GET employees/org-chart/{id}/reports', () => {
  it("answers one person's direct reports by name with their counts, to anyone signed in", async () => {
    for (const token of [tokens.stranger, tokens.employee, tokens.admin]) {
      const res = await reportsCall(token, people.lm.id);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(boxes(body.items)).toEqual(['employee:2', 'peer:0']);
      expect(body).toMatchObject({ count: 2, total: 2 });
    }
    const none = (await reportsCall(tokens.r1, people.rr1.id)).json();
    expect(none).toMatchObject({ items: [], count: 0, total: 0 });
  });

  it('answers 404 for an unknown or disabled person, 400 for a bad id or page, 401 without a token', async () => {
    for (const id of [2_147_483_000, people.disabledPeer.id]) {
      const res = await reportsCall(tokens.employee, id);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().error).toBe('employee_not_found');
    }
    for (const [id, query] of [
      ['abc', ''],
      ['0', ''],
      [String(people.lm.id), '?page=0'],
      [String(people.lm.id), '?limit=101'],
      [String(people.lm.id), '?limit=-1'],
    ] as const) {
      const res = await reportsCall(tokens.employee, id, query);
      expect(res.statusCode, `${id}${query}: ${res.body}`).toBe(400);
    }
    expect((await reportsCall(null, people.lm.id)).statusCode).toBe(401);
  });
});

describe('a manager of very many', () => {
  let boss: MadeEmployee;
  let last: MadeEmployee;
  const WIDE = ORG_CHART_PAGE_SIZE + 5;

  beforeAll(async () => {
    boss = await ctx.factory.employee({ name: `Wide Boss ${t}` });
    for (let i = 0; i < WIDE; i++) {
      const e = await ctx.factory.employee({
        name: `Wide ${String(i).padStart(2, '0')} ${t}`,
        parentId: boss.id,
        withUser: i === WIDE - 1,
      });
      if (i === WIDE - 1) last = e;
    }
  });

  it('pages the reports: 50 by default with the total, then the rest; limit and page as asked', async () => {
    const first = (await reportsCall(tokens.stranger, boss.id)).json();
    expect(first.items).toHaveLength(ORG_CHART_PAGE_SIZE);
    expect(first.total).toBe(WIDE);
    expect(first.items[0].name).toBe(`Wide 00 ${t}`);
    expect(first.pagination).toMatchObject({ page: 1, limit: ORG_CHART_PAGE_SIZE, pages: 2 });
    expect(first.pagination.next).toContain('page=2');

    const second = (await reportsCall(tokens.stranger, boss.id, '?page=2')).json();
    expect(second.items.map((n: Node) => n.name)).toEqual(
      Array.from({ length: 5 }, (_, i) => `Wide ${ORG_CHART_PAGE_SIZE + i} ${t}`),
    );
    expect(second.pagination.next).toBeNull();

    const third = (await reportsCall(tokens.stranger, boss.id, '?page=3&limit=20')).json();
    expect(third.items.map((n: Node) => n.name)).toEqual(
      Array.from({ length: 15 }, (_, i) => `Wide ${40 + i} ${t}`),
    );
    const past = (await reportsCall(tokens.stranger, boss.id, '?page=9')).json();
    expect(past).toMatchObject({ items: [], count: 0, total: WIDE });
  });

  it("keeps the chart's branches to one page with the total, and still shows a chain member past it", async () => {
    const token = await ctx.factory.token(last);
    const c = await chart(token);
    const branch = c.branches.find((b) => b.manager_id === boss.id)!;
    expect(branch.items).toHaveLength(ORG_CHART_PAGE_SIZE);
    expect(branch.total).toBe(WIDE);
    expect(branch.items.some((n) => n.id === last.id)).toBe(false);
    expect(c.chain.map((n) => n.id)).toEqual([boss.id]);
    expect(c.person.id).toBe(last.id);
    expect(c.chain[0]!.reports_count).toBe(WIDE);

    const small = await chart(token, '?limit=3');
    expect(small.branches[0]!.items.map((n) => n.name)).toEqual([
      `Wide 00 ${t}`,
      `Wide 01 ${t}`,
      `Wide 02 ${t}`,
    ]);
  });
});

describe('statements per call', () => {
  /** The statements one call sends, with its status checked. */
  async function statementsOf(url: string, token: string) {
    const sent = await statementsDuring(ctx, async () => {
      const res = await ctx.call({ method: 'GET', url, token });
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    });
    return sent.length;
  }

  it('is the same for a chain of 3 and of 15, and for a team of 2 and of 60: the session and one', async () => {
    // A deep chain: 15 levels, each with a second report beside the chain.
    let parentId: number | null = null;
    const deep: MadeEmployee[] = [];
    for (let i = 0; i < 15; i++) {
      const e: MadeEmployee = await ctx.factory.employee({
        name: `Deep ${i} ${t}`,
        parentId,
        withUser: i === 14,
      });
      await ctx.factory.employee({ name: `Beside ${i} ${t}`, parentId, withUser: false });
      deep.push(e);
      parentId = e.id;
    }
    const deepToken = await ctx.factory.token(deep[14]!);
    const wide = await ctx.factory.employee({ name: `Wide Team ${t}` });
    for (let i = 0; i < 60; i++)
      await ctx.factory.employee({ name: `Member ${i} ${t}`, parentId: wide.id, withUser: false });
    const wideToken = await ctx.factory.token(wide);

    const deepChart = await chart(deepToken);
    expect(deepChart.chain).toHaveLength(14);

    const shallow = await statementsOf('/api/v1/employees/org-chart', tokens.employee);
    expect(shallow).toBe(2);
    expect(await statementsOf('/api/v1/employees/org-chart', deepToken)).toBe(shallow);
    expect(await statementsOf('/api/v1/employees/org-chart', wideToken)).toBe(shallow);
    expect(await statementsOf(`/api/v1/employees/org-chart?id=${deep[14]!.id}`, tokens.stranger)).toBe(
      shallow,
    );

    const few = await statementsOf(`/api/v1/employees/org-chart/${people.employee.id}/reports`, tokens.r1);
    expect(few).toBe(2);
    expect(await statementsOf(`/api/v1/employees/org-chart/${wide.id}/reports`, tokens.r1)).toBe(few);
    expect(await statementsOf(`/api/v1/employees/org-chart/${wide.id}/reports?page=2`, tokens.r1)).toBe(few);
  });
});
