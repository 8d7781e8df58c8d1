import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { remoteWorkBody, setRemoteWorkStatus } from '../../../test/factories/remote-work';
import { leaveBody, setLeaveStatus } from '../../../test/factories/requests';
import { type Cast, setupApi, type TestContext } from '../../../test/helper';
import { auditLog, delegations, leaves } from '../../db/schema';
import { officeToday } from '../../lib/office-clock';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await setupApi();
});

/** `today` moved by `n` days, as `YYYY-MM-DD`. */
function day(n: number): string {
  const d = new Date(`${officeToday()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  token: string | null,
  payload?: object,
) => ctx.call({ method, url: `/api/v1/${url}`, token, ...(payload ? { payload } : {}) });

async function delegate(token: string, payload: object) {
  const res = await call('POST', 'delegations', token, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; state: string; actions: string[] };
}

async function submittedLeave(c: Cast, from = '2027-03-01', to = '2027-03-03'): Promise<number> {
  const res = await call('POST', 'leave', c.tokens.employee, leaveBody(c.peer.id, { from, to }));
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().id as number;
  await setLeaveStatus(ctx.db, id, 2);
  return id;
}

async function inbox(token: string) {
  const res = await call('GET', 'approvals?limit=50', token);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().items as { module: string; id: number; actions: string[] }[]).map(
    (i) => `${i.module}:${i.id}:${i.actions.join('+')}`,
  );
}

const countRows = async () => (await ctx.db.select({ id: delegations.id }).from(delegations)).length;

describe('delegation', () => {
  it('hands a line manager’s decisions to a delegate while it holds: inbox, decision on behalf, both names', async () => {
    const c = await ctx.factory.cast();
    const leave = await submittedLeave(c);
    expect(await inbox(c.tokens.stranger)).toEqual([]);

    const made = await delegate(c.tokens.lm, { delegate_id: c.stranger.id, from: day(0), to: day(7) });
    expect(made).toMatchObject({ state: 'in_force', actions: ['edit', 'delete'] });
    const mine = (await call('GET', 'delegations', c.tokens.lm)).json();
    expect(mine.given).toHaveLength(1);
    expect(mine.given[0]).toMatchObject({
      delegator: { id: c.lm.id },
      delegate: { id: c.stranger.id },
      from: day(0),
      to: day(7),
      modules: null,
      created_by: { id: c.lm.id },
    });
    // The delegate is told.
    const bell = (await call('GET', 'notifications', c.tokens.stranger)).json();
    expect(bell.items.map((n: { event: string }) => n.event)).toContain('delegate');
    const theirs = (await call('GET', 'delegations', c.tokens.stranger)).json();
    expect(theirs.received.map((d: { id: number }) => d.id)).toEqual([made.id]);
    expect(theirs.received[0].actions).toEqual([]);

    // The delegator's waiting item is the delegate's too, and still the delegator's.
    expect(await inbox(c.tokens.stranger)).toEqual([`leave:${leave}:approve+reject`]);
    expect(await inbox(c.tokens.lm)).toContain(`leave:${leave}:approve+reject`);
    expect((await call('GET', 'approvals/counts', c.tokens.stranger)).json()).toMatchObject({
      leave: 1,
      total: 1,
    });
    // The delegate reads the request, with the actions they may take.
    const read = await call('GET', `leave/${leave}`, c.tokens.stranger);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().actions).toEqual(['approve', 'reject']);

    const tooLong = await call('PATCH', 'approvals/actions/approve', c.tokens.stranger, {
      items: [{ module: 'leave', id: leave }],
      comment: 'x'.repeat(501),
    });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().errors.children.comment.errors).toEqual([
      'A comment can be at most 500 characters',
    ]);
    const decided = await call('PATCH', 'approvals/actions/approve', c.tokens.stranger, {
      items: [{ module: 'leave', id: leave }],
      comment: '  Enjoy the break  ',
    });
    expect(decided.json().items[0]).toMatchObject({ status: { id: 3 } });
    const [row] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'leave'), eq(auditLog.entityId, leave), eq(auditLog.action, 'approve')));
    expect(row).toMatchObject({ actorEmployeeId: c.stranger.id, onBehalfOfEmployeeId: c.lm.id });
    // The requester sees both names: who decided, and for whom.
    const seen = (await call('GET', `leave/${leave}`, c.tokens.employee)).json();
    expect(seen.decision).toEqual({
      action: 'approve',
      by: c.stranger.name,
      on_behalf_of: c.lm.name,
      at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      comment: 'Enjoy the break',
    });
    const listed = (await call('GET', 'leave?list_type=self', c.tokens.employee)).json();
    expect(listed.items.find((i: { id: number }) => i.id === leave).decision.on_behalf_of).toBe(c.lm.name);
  });

  it('covers only the modules handed over', async () => {
    const c = await ctx.factory.cast();
    const leave = await submittedLeave(c);
    const res = await call('POST', 'remote-work', c.tokens.employee, remoteWorkBody());
    const remote = res.json().id as number;
    await setRemoteWorkStatus(ctx.db, remote, 2);
    await delegate(c.tokens.lm, {
      delegate_id: c.stranger.id,
      from: day(0),
      to: day(3),
      modules: ['remote-work'],
    });
    expect(await inbox(c.tokens.stranger)).toEqual([`remote-work:${remote}:approve+reject`]);
    const refused = await call('PATCH', 'leave/actions/approve', c.tokens.stranger, { leave_id: leave });
    expect(refused.statusCode).toBe(403);
    expect((await ctx.db.select().from(leaves).where(eq(leaves.id, leave)))[0]!.statusId).toBe(2);
  });

  it('keeps separation of duties: a delegate never decides their own request', async () => {
    const c = await ctx.factory.cast();
    const own = await submittedLeave(c);
    // The line manager hands their decisions to the employee, whose own request waits for them.
    await delegate(c.tokens.lm, { delegate_id: c.employee.id, from: day(0), to: day(2) });
    const peerLeave = await call('POST', 'leave', c.tokens.peer, leaveBody(c.employee.id));
    const peerId = peerLeave.json().id as number;
    await setLeaveStatus(ctx.db, peerId, 2);
    expect(await inbox(c.tokens.employee)).toEqual([`leave:${peerId}:approve+reject`]);
    const refused = await call('PATCH', 'approvals/actions/approve', c.tokens.employee, {
      items: [
        { module: 'leave', id: own },
        { module: 'leave', id: peerId },
      ],
    });
    expect(refused.json().items).toMatchObject([
      { id: own, error: 'own_request_decision' },
      { id: peerId, status: { id: 3 } },
    ]);
    expect((await ctx.db.select().from(leaves).where(eq(leaves.id, own)))[0]!.statusId).toBe(2);
  });

  it('ends by itself after its last day, and holds only from its first', async () => {
    const c = await ctx.factory.cast();
    const leave = await submittedLeave(c);
    await ctx.db
      .insert(delegations)
      .values({ delegatorId: c.lm.id, delegateId: c.stranger.id, fromDate: day(-5), toDate: day(-1) });
    await delegate(c.tokens.lm, { delegate_id: c.peer.id, from: day(1), to: day(4) });
    for (const who of [c.tokens.stranger, c.tokens.peer]) {
      expect(await inbox(who)).toEqual([]);
      const refused = await call('PATCH', 'leave/actions/approve', who, { leave_id: leave });
      expect(refused.statusCode).toBe(403);
    }
    const mine = (await call('GET', 'delegations', c.tokens.lm)).json();
    expect(mine.given.map((d: { state: string; actions: string[] }) => [d.state, d.actions])).toEqual([
      ['upcoming', ['edit', 'delete']],
      ['ended', []],
    ]);
    // An ended one is a record: neither changed nor deleted.
    const ended = mine.given[1].id as number;
    expect((await call('PATCH', `delegations/${ended}`, c.tokens.lm, { to: day(9) })).json().error).toBe(
      'delegation_ended',
    );
    expect((await call('DELETE', 'delegations', c.tokens.lm, { delegation_id: ended })).statusCode).toBe(409);
  });

  it('refuses a delegate who is oneself, inactive or unknown, days in the past or too many, and bad input', async () => {
    const c = await ctx.factory.cast();
    const before = await countRows();
    const cases: [object, number, string][] = [
      [{ delegate_id: c.lm.id, from: day(0), to: day(1) }, 422, 'delegation_self'],
      [{ delegate_id: 987654, from: day(0), to: day(1) }, 422, 'delegate_inactive'],
      [{ delegate_id: c.stranger.id, from: day(-3), to: day(-1) }, 422, 'delegation_past'],
      [{ delegate_id: c.stranger.id, from: day(2), to: day(1) }, 422, 'validation_failed'],
      [{ delegate_id: c.stranger.id, from: day(0), to: day(400) }, 422, 'validation_failed'],
      [{ delegate_id: c.stranger.id, from: '2027-02-30', to: day(1) }, 422, 'validation_failed'],
      [{ delegate_id: c.stranger.id, from: day(0), to: day(1), modules: [] }, 422, 'validation_failed'],
      [
        { delegate_id: c.stranger.id, from: day(0), to: day(1), modules: ['payroll'] },
        422,
        'validation_failed',
      ],
      [{ delegate_id: 'x', from: day(0), to: day(1) }, 422, 'validation_failed'],
      [{ from: day(0), to: day(1) }, 422, 'validation_failed'],
      [{ delegate_id: c.stranger.id, from: day(0), to: day(1), extra: 1 }, 422, 'validation_failed'],
    ];
    for (const [payload, status, code] of cases) {
      const res = await call('POST', 'delegations', c.tokens.lm, payload);
      expect(res.statusCode, `${JSON.stringify(payload)} ${res.body}`).toBe(status);
      expect(res.json().error).toBe(code);
    }
    const tooLong = await call('POST', 'delegations', c.tokens.lm, {
      delegate_id: c.stranger.id,
      from: day(0),
      to: day(400),
    });
    expect(tooLong.json().errors.children.to.errors).toEqual(['A delegation lasts at most 366 days']);
    await ctx.factory.setEnabled(c.stranger.id, false);
    const inactive = await call('POST', 'delegations', c.tokens.lm, {
      delegate_id: c.stranger.id,
      from: day(0),
      to: day(1),
    });
    expect(inactive.json()).toMatchObject({
      error: 'delegate_inactive',
      errors: { children: { delegate_id: { errors: ['The delegate must be an active employee.'] } } },
    });
    expect(await countRows()).toBe(before);
  });

  it('refuses overlaps, chains and circles', async () => {
    const c = await ctx.factory.cast();
    const a = c.lm;
    const b = c.stranger;
    const cc = c.peer;
    await delegate(c.tokens.lm, { delegate_id: b.id, from: day(2), to: day(5) });
    const before = await countRows();
    const refused = async (token: string, payload: object, code: string) => {
      const res = await call('POST', 'delegations', token, payload);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error).toBe(code);
    };
    // A second delegation of A over some of the same days, to anyone.
    await refused(c.tokens.lm, { delegate_id: cc.id, from: day(5), to: day(8) }, 'delegation_overlap');
    // A circle: B hands back to A while A's delegation to B holds (A is away, and B stands in).
    await refused(c.tokens.stranger, { delegate_id: a.id, from: day(3), to: day(3) }, 'delegate_away');
    // A chain from B's end: B, standing in for A, hands on to C.
    await refused(c.tokens.stranger, { delegate_id: cc.id, from: day(0), to: day(2) }, 'delegator_stands_in');
    // A chain from A's end: C is away (handed to D) on A's days, so A cannot name C.
    await delegate(c.tokens.peer, { delegate_id: c.oo.id, from: day(10), to: day(12) });
    await refused(c.tokens.lm, { delegate_id: cc.id, from: day(12), to: day(14) }, 'delegate_away');
    expect(await countRows()).toBe(before + 1);
    // On other days every one of these is fine.
    await delegate(c.tokens.lm, { delegate_id: cc.id, from: day(6), to: day(8) });
    await delegate(c.tokens.stranger, { delegate_id: a.id, from: day(9), to: day(9) });
  });

  it('lets the delegator or HR change and delete it; the delegate and others may not', async () => {
    const c = await ctx.factory.cast();
    const made = await delegate(c.tokens.lm, { delegate_id: c.stranger.id, from: day(1), to: day(3) });
    const patch = (token: string, body: object) => call('PATCH', `delegations/${made.id}`, token, body);
    expect((await patch(c.tokens.stranger, { to: day(4) })).json().error).toBe('delegation_forbidden');
    expect((await patch(c.tokens.employee, { to: day(4) })).json().error).toBe('delegation_not_found');
    expect((await patch(c.tokens.lm, { to: day(0) })).json().error).toBe('delegation_days');
    expect((await call('PATCH', 'delegations/999999', c.tokens.lm, { to: day(4) })).statusCode).toBe(404);
    expect((await patch(c.tokens.lm, { extra: true })).statusCode).toBe(422);
    const changed = await patch(c.tokens.lm, { to: day(6), modules: ['leave', 'kpi'] });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ to: day(6), modules: ['leave', 'kpi'] });
    const byHr = await patch(c.tokens.admin, { delegate_id: c.peer.id });
    expect(byHr.json()).toMatchObject({ delegate: { id: c.peer.id } });
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'delegation'), eq(auditLog.entityId, made.id)));
    expect(audits.map((a) => [a.action, a.actorEmployeeId])).toEqual([
      ['create', c.lm.id],
      ['update', c.lm.id],
      ['update', c.admin.id],
    ]);
    const del = (token: string) => call('DELETE', 'delegations', token, { delegation_id: made.id });
    expect((await del(c.tokens.peer)).statusCode).toBe(403);
    expect((await del(c.tokens.stranger)).statusCode).toBe(404);
    expect((await call('DELETE', 'delegations', c.tokens.lm, {})).statusCode).toBe(422);
    expect((await del(c.tokens.lm)).statusCode).toBe(200);
    expect((await del(c.tokens.lm)).statusCode).toBe(404);
  });

  it('HR names a delegate for someone; others may not, and no token is a 401', async () => {
    const c = await ctx.factory.cast();
    const body = { delegate_id: c.peer.id, from: day(0), to: day(2), employee_id: c.lm.id };
    expect((await call('POST', 'delegations', c.tokens.employee, body)).json().error).toBe(
      'delegation_for_other',
    );
    expect((await call('GET', `delegations?employee_id=${c.lm.id}`, c.tokens.employee)).statusCode).toBe(403);
    expect((await call('GET', 'delegations?employee_id=987654', c.tokens.admin)).statusCode).toBe(404);
    expect(
      (await call('POST', 'delegations', c.tokens.admin, { ...body, employee_id: 987654 })).statusCode,
    ).toBe(404);
    const made = await delegate(c.tokens.admin, body);
    const listed = (await call('GET', `delegations?employee_id=${c.lm.id}`, c.tokens.admin)).json();
    expect(listed.given[0]).toMatchObject({
      id: made.id,
      delegator: { id: c.lm.id },
      created_by: { id: c.admin.id },
    });
    expect((await call('GET', 'delegations', null)).statusCode).toBe(401);
    expect((await call('POST', 'delegations', null, body)).statusCode).toBe(401);
  });
});
