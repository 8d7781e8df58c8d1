import { LEAVE_MESSAGES } from '@hr/contracts/leave';
import { MESSAGES } from '@hr/contracts/messages';
import dayjs from 'dayjs';
import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  leaveBody,
  leaveRow,
  makeHoliday,
  setLeaveStatus,
  shortLeaveBody,
} from '../../../test/factories/requests';
import { type MadeEmployee, setupApi, type TestContext } from '../../../test/helper';
import { auditLog, leaves } from '../../db/schema';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await setupApi();
});

interface Cast {
  oo: MadeEmployee;
  lm: MadeEmployee;
  employee: MadeEmployee;
  peer: MadeEmployee;
  admin: MadeEmployee;
  stranger: MadeEmployee;
  tokens: Record<'oo' | 'lm' | 'employee' | 'peer' | 'admin' | 'stranger', string>;
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

const create = (token: string, payload: object) =>
  ctx.call({ method: 'POST', url: '/api/v1/leave', token, payload });
const act = (token: string, action: string, leaveId: number) =>
  ctx.call({
    method: 'PATCH',
    url: `/api/v1/leave/actions/${action}`,
    token,
    payload: { leave_id: leaveId },
  });

async function leaveCount(employeeId: number) {
  const [row] = await ctx.db.select({ n: count() }).from(leaves).where(eq(leaves.employeeId, employeeId));
  return row?.n ?? 0;
}

describe('creating leave', () => {
  it('saves a full-day request as a draft with working days and the approvers of the day', async () => {
    const c = await cast();
    const res = await create(c.tokens.employee, leaveBody(c.peer.id));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      employee: { id: c.employee.id, eid: c.employee.eid },
      responsible: { id: c.peer.id },
      line_manager: { id: c.lm.id },
      one_over_one: { id: c.oo.id },
      type: { id: 1, name: 'Annual Leave' },
      leave_format: 1,
      from: '2027-03-01',
      to: '2027-03-03',
      days: 3,
      status: { id: 1, name: 'Draft' },
    });
    const [audited] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'leave'), eq(auditLog.entityId, body.id)));
    expect(audited).toMatchObject({ action: 'create', toStatus: 1, actorEmployeeId: c.employee.id });
  });

  it('saves a short leave: to is from plus the duration, a fraction of a day', async () => {
    const c = await cast();
    const res = await create(c.tokens.employee, shortLeaveBody(c.lm.id));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      leave_format: 2,
      from: '2027-03-01 10:00:00',
      to: '2027-03-01 12:00:00',
      duration: { id: 2, minutes: 120 },
      days: 0.25,
    });
  });

  it('counts working days only: the weekly off day and holidays do not count', async () => {
    const c = await cast();
    // Thursday to Saturday: Friday is off.
    const res = await create(
      c.tokens.employee,
      leaveBody(c.peer.id, { from: '2027-03-04', to: '2027-03-06' }),
    );
    expect(res.json().days).toBe(2);
    await makeHoliday(ctx.db, '2027-03-09');
    const withHoliday = await create(
      c.tokens.employee,
      leaveBody(c.peer.id, { from: '2027-03-08', to: '2027-03-10' }),
    );
    expect(withHoliday.json().days).toBe(2);
    const fridayOnly = await create(
      c.tokens.employee,
      leaveBody(c.peer.id, { from: '2027-03-12', to: '2027-03-12' }),
    );
    expect(fridayOnly.statusCode).toBe(422);
    expect(fridayOnly.json().errors.children.to.errors[0]).toMatch(/no working day/);
  });

  it.each([
    ['format missing', { leave_format: undefined }, 'leave_format', MESSAGES.selectFormat],
    ['format unknown', { leave_format: 3 }, 'leave_format', MESSAGES.selectFormat],
    ['type missing', { type_id: undefined }, 'type_id', LEAVE_MESSAGES.typeRequired],
    ['from missing', { from: undefined }, 'from', LEAVE_MESSAGES.fromRequired],
    ['to missing', { to: '' }, 'to', LEAVE_MESSAGES.toRequired],
    ['responsible missing', { responsible_id: undefined }, 'responsible_id', MESSAGES.selectResponsible],
    ['address missing', { leave_address: '  ' }, 'leave_address', LEAVE_MESSAGES.addressRequired],
    ['address too long', { leave_address: 'x'.repeat(251) }, 'leave_address', MESSAGES.addressTooLong],
    ['end before start', { from: '2027-03-03', to: '2027-03-01' }, 'to', LEAVE_MESSAGES.endBeforeStart],
    ['a date in the wrong form', { from: '01-03-2027' }, 'from', LEAVE_MESSAGES.dateFormat],
    ['a day that does not exist', { to: '2027-02-30' }, 'to', LEAVE_MESSAGES.dateFormat],
    ['type of the wrong kind', { type_id: 'annual' }, 'type_id', LEAVE_MESSAGES.typeRequired],
  ])('refuses %s with 422 and its message, saving nothing', async (_label, change, field, message) => {
    const c = await cast();
    const res = await create(c.tokens.employee, { ...leaveBody(c.peer.id), ...change });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.children[field].errors).toContain(message);
    expect(await leaveCount(c.employee.id)).toBe(0);
  });

  it('refuses short-leave rules: duration, a type not for short leave, a wrong end, a day off', async () => {
    const c = await cast();
    const cases: [object, string, RegExp | string][] = [
      [{ duration_id: undefined }, 'duration_id', LEAVE_MESSAGES.durationRequired],
      [{ type_id: 1 }, 'type_id', /cannot be taken as short leave/],
      [{ to: '2027-03-01 13:00:00' }, 'to', /start plus the duration/],
      [{ from: '2027-03-05 10:00:00', to: '2027-03-05 12:00:00' }, 'from', /working day/],
      [{ from: '2027-03-01 10:00', to: '2027-03-01 12:00' }, 'from', LEAVE_MESSAGES.dateFormat],
    ];
    for (const [change, field, message] of cases) {
      const res = await create(c.tokens.employee, shortLeaveBody(c.lm.id, change));
      expect(res.statusCode, JSON.stringify(change)).toBe(422);
      const errors: string[] = res.json().errors.children[field].errors;
      expect(
        errors.some((e) => (typeof message === 'string' ? e === message : message.test(e))),
        errors.join(),
      ).toBe(true);
    }
    expect(await leaveCount(c.employee.id)).toBe(0);
  });

  it('refuses unknown ids and other people as responsible', async () => {
    const c = await cast();
    const cases: [object, string][] = [
      [{ type_id: 9999 }, 'type_id'],
      [{ responsible_id: c.employee.id }, 'responsible_id'],
      [{ responsible_id: c.stranger.id }, 'responsible_id'],
      [{ responsible_id: 99999999 }, 'responsible_id'],
    ];
    for (const [change, field] of cases) {
      const res = await create(c.tokens.employee, leaveBody(c.peer.id, change));
      expect(res.statusCode, JSON.stringify(change)).toBe(422);
      expect(res.json().errors.children[field]).toBeDefined();
    }
    expect(await leaveCount(c.employee.id)).toBe(0);
  });

  it('refuses overlapping requests, but not over a rejected one', async () => {
    const c = await cast();
    const first = (await create(c.tokens.employee, leaveBody(c.peer.id))).json();
    const clash = await create(
      c.tokens.employee,
      leaveBody(c.peer.id, { from: '2027-03-02', to: '2027-03-04' }),
    );
    expect(clash.statusCode).toBe(422);
    expect(clash.json().errors.children.from.errors[0]).toBe(
      `These dates overlap your leave request #${first.id} (01-03-2027 to 03-03-2027).`,
    );
    const shortInside = await create(
      c.tokens.employee,
      shortLeaveBody(c.peer.id, { from: '2027-03-02 10:00:00', to: '2027-03-02 12:00:00' }),
    );
    expect(shortInside.statusCode).toBe(422);
    await setLeaveStatus(ctx.db, first.id, 4);
    expect(
      (await create(c.tokens.employee, leaveBody(c.peer.id, { from: '2027-03-02', to: '2027-03-04' })))
        .statusCode,
    ).toBe(201);
  });

  it('refuses a full-day leave above the balance; types without balance have no limit', async () => {
    const c = await cast();
    // 15 working days of annual leave (18 a year), submitted.
    const big = (
      await create(c.tokens.employee, leaveBody(c.peer.id, { from: '2027-04-01', to: '2027-04-20' }))
    ).json();
    expect(big.days).toBe(17);
    expect((await act(c.tokens.employee, 'submit', big.id)).statusCode).toBe(200);
    const over = await create(
      c.tokens.employee,
      leaveBody(c.peer.id, { from: '2027-05-03', to: '2027-05-04' }),
    );
    expect(over.statusCode).toBe(422);
    expect(over.json().errors.children.type_id.errors[0]).toBe(
      'Not enough Annual Leave balance for 2027: 1 day(s) left, 2 asked.',
    );
    // The type is named as the reader names it, for the web to word the message in their language.
    const arabic = await ctx.call({
      method: 'POST',
      url: '/api/v1/leave',
      token: c.tokens.employee,
      headers: { 'accept-language': 'ar' },
      payload: leaveBody(c.peer.id, { from: '2027-05-03', to: '2027-05-04' }),
    });
    expect(arabic.json()).toMatchObject({
      error: 'balance_exceeded',
      params: { type: 'إجازة سنوية', year: 2027, left: 1, asked: 2 },
    });
    const unpaid = await create(
      c.tokens.employee,
      leaveBody(c.peer.id, { type_id: 5, from: '2027-05-03', to: '2027-05-27' }),
    );
    expect(unpaid.statusCode).toBe(201);
  });

  it('needs a token', async () => {
    expect((await ctx.call({ method: 'POST', url: '/api/v1/leave', payload: leaveBody(1) })).statusCode).toBe(
      401,
    );
  });
});

describe('the leave workflow, action by action, actor by actor, status by status', () => {
  type Actor = keyof Cast['tokens'] | 'responsible';
  // Expected HTTP status per action, actor and starting status (1 draft, 2 submitted, 3 approved, 4 rejected).
  const table: Record<'submit' | 'approve' | 'reject', Record<Actor, [number, number, number, number]>> = {
    submit: {
      employee: [200, 409, 409, 409],
      lm: [403, 403, 403, 403],
      oo: [403, 403, 403, 403],
      admin: [403, 403, 403, 403],
      peer: [403, 403, 403, 403],
      responsible: [403, 403, 403, 403],
      stranger: [403, 403, 403, 403],
    },
    approve: {
      employee: [403, 403, 403, 403],
      lm: [409, 200, 409, 409],
      oo: [403, 403, 403, 403],
      admin: [403, 403, 403, 403],
      peer: [403, 403, 403, 403],
      responsible: [403, 403, 403, 403],
      stranger: [403, 403, 403, 403],
    },
    reject: {
      employee: [403, 403, 403, 403],
      lm: [409, 200, 409, 409],
      oo: [403, 403, 403, 403],
      admin: [403, 403, 403, 403],
      peer: [403, 403, 403, 403],
      responsible: [403, 403, 403, 403],
      stranger: [403, 403, 403, 403],
    },
  };
  const resulting = { submit: 2, approve: 3, reject: 4 } as const;

  for (const [action, byActor] of Object.entries(table) as [keyof typeof table, Record<Actor, number[]>][]) {
    it(`${action}: allowed only as the table says, and nothing changes when refused`, async () => {
      const c = await cast();
      // The responsible person is a report of the employee, outside the approval line.
      const report = await ctx.factory.employee({ parentId: c.employee.id });
      const tokens: Record<Actor, string> = { ...c.tokens, responsible: await ctx.factory.token(report) };
      // One working day per case (Fridays are off).
      let day = dayjs('2027-06-01');
      const nextDay = () => {
        while (day.day() === 5) day = day.add(1, 'day');
        const date = day.format('YYYY-MM-DD');
        day = day.add(1, 'day');
        return date;
      };
      for (const [actor, expected] of Object.entries(byActor) as [Actor, number[]][]) {
        for (let status = 1; status <= 4; status++) {
          const date = nextDay();
          const made = await create(
            c.tokens.employee,
            leaveBody(report.id, { type_id: 5, from: date, to: date }),
          );
          expect(made.statusCode, `${actor} ${status} ${date} ${made.body}`).toBe(201);
          const id = made.json().id;
          await setLeaveStatus(ctx.db, id, status);
          const res = await act(tokens[actor], action, id);
          const want = expected[status - 1];
          expect(res.statusCode, `${action} by ${actor} at status ${status}: ${res.body}`).toBe(want);
          const after = await leaveRow(ctx.db, id);
          expect(after!.statusId).toBe(want === 200 ? resulting[action] : status);
          if (want === 200) expect(res.json().status.id).toBe(resulting[action]);
        }
      }
    });
  }

  it('every decision is audited with who, from and to', async () => {
    const c = await cast();
    const id = (await create(c.tokens.employee, leaveBody(c.peer.id))).json().id;
    await act(c.tokens.employee, 'submit', id);
    await act(c.tokens.lm, 'approve', id);
    const rows = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'leave'), eq(auditLog.entityId, id)));
    expect(rows.map((r) => [r.action, r.fromStatus, r.toStatus, r.actorEmployeeId])).toEqual([
      ['create', null, 1, c.employee.id],
      ['submit', 1, 2, c.employee.id],
      ['approve', 2, 3, c.lm.id],
    ]);
  });

  it('two decisions at the same moment: exactly one wins', async () => {
    const c = await cast();
    const id = (await create(c.tokens.employee, leaveBody(c.peer.id))).json().id;
    await act(c.tokens.employee, 'submit', id);
    const [a, b] = await Promise.all([act(c.tokens.lm, 'approve', id), act(c.tokens.lm, 'reject', id)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const final = (await leaveRow(ctx.db, id))!.statusId;
    expect([3, 4]).toContain(final);
    const decisions = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'leave'), eq(auditLog.entityId, id), eq(auditLog.fromStatus, 2)));
    expect(decisions).toHaveLength(1);
    expect(decisions[0]!.toStatus).toBe(final);
  });

  it('refuses to submit without a line manager', async () => {
    const top = await ctx.factory.employee();
    const report = await ctx.factory.employee({ parentId: top.id });
    const token = await ctx.factory.token(top);
    const id = (await create(token, leaveBody(report.id))).json().id;
    const res = await act(token, 'submit', id);
    expect(res.statusCode).toBe(409);
    expect((await leaveRow(ctx.db, id))!.statusId).toBe(1);
  });

  it('unknown, missing or wrongly typed leave ids are clear 4xx', async () => {
    const c = await cast();
    expect((await act(c.tokens.employee, 'submit', 99999999)).statusCode).toBe(404);
    const wrongType = await ctx.call({
      method: 'PATCH',
      url: '/api/v1/leave/actions/submit',
      token: c.tokens.employee,
      payload: { leave_id: 'x' },
    });
    expect(wrongType.statusCode).toBe(422);
    const missing = await ctx.call({
      method: 'PATCH',
      url: '/api/v1/leave/actions/submit',
      token: c.tokens.employee,
      payload: {},
    });
    expect(missing.statusCode).toBe(422);
  });
});

describe('editing and deleting', () => {
  it('only the employee, only as a draft', async () => {
    const c = await cast();
    const id = (await create(c.tokens.employee, leaveBody(c.peer.id))).json().id;
    const edit = (token: string) =>
      ctx.call({
        method: 'PATCH',
        url: `/api/v1/leave/${id}`,
        token,
        payload: leaveBody(c.peer.id, { to: '2027-03-02' }),
      });
    expect((await edit(c.tokens.lm)).statusCode).toBe(403);
    expect((await edit(c.tokens.admin)).statusCode).toBe(403);
    const ok = await edit(c.tokens.employee);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ to: '2027-03-02', days: 2 });

    const del = (token: string) =>
      ctx.call({ method: 'DELETE', url: '/api/v1/leave', token, payload: { leave_id: id } });
    expect((await del(c.tokens.stranger)).statusCode).toBe(403);
    await setLeaveStatus(ctx.db, id, 2);
    expect((await edit(c.tokens.employee)).statusCode).toBe(409);
    expect((await del(c.tokens.employee)).statusCode).toBe(409);
    expect((await leaveRow(ctx.db, id))!.toDate).toBe('2027-03-02');
    await setLeaveStatus(ctx.db, id, 1);
    const gone = await del(c.tokens.employee);
    expect(gone.statusCode).toBe(200);
    expect(await leaveRow(ctx.db, id)).toBeNull();
    expect(
      (
        await ctx.call({
          method: 'PATCH',
          url: '/api/v1/leave/99999999',
          token: c.tokens.employee,
          payload: leaveBody(c.peer.id),
        })
      ).statusCode,
    ).toBe(404);
  });

  it('an edit may not overlap the employee’s other requests, but may overlap itself', async () => {
    const c = await cast();
    const a = (await create(c.tokens.employee, leaveBody(c.peer.id))).json().id;
    await create(c.tokens.employee, leaveBody(c.peer.id, { from: '2027-03-08', to: '2027-03-09' }));
    const self = await ctx.call({
      method: 'PATCH',
      url: `/api/v1/leave/${a}`,
      token: c.tokens.employee,
      payload: leaveBody(c.peer.id, { to: '2027-03-04' }),
    });
    expect(self.statusCode).toBe(200);
    const clash = await ctx.call({
      method: 'PATCH',
      url: `/api/v1/leave/${a}`,
      token: c.tokens.employee,
      payload: leaveBody(c.peer.id, { to: '2027-03-08' }),
    });
    expect(clash.statusCode).toBe(422);
  });
});

describe('listing', () => {
  it('self shows own requests; team shows the line manager’s, the O&O’s and the responsible person’s', async () => {
    const c = await cast();
    const id = (await create(c.tokens.employee, leaveBody(c.peer.id))).json().id;
    const list = async (token: string, type: string) =>
      (await ctx.call({ method: 'GET', url: `/api/v1/leave?list_type=${type}`, token }))
        .json()
        .items.map((l: { id: number }) => l.id);
    expect(await list(c.tokens.employee, 'self')).toEqual([id]);
    expect(await list(c.tokens.employee, 'team')).toEqual([]);
    expect(await list(c.tokens.lm, 'team')).toEqual([id]);
    expect(await list(c.tokens.oo, 'team')).toEqual([id]);
    // The responsible person sees it once it is submitted, not as a draft.
    expect(await list(c.tokens.peer, 'team')).toEqual([]);
    expect((await act(c.tokens.employee, 'submit', id)).statusCode).toBe(200);
    expect(await list(c.tokens.peer, 'team')).toEqual([id]);
    expect(await list(c.tokens.stranger, 'team')).toEqual([]);
    expect(await list(c.tokens.lm, 'self')).toEqual([]);
    expect((await ctx.call({ method: 'GET', url: '/api/v1/leave' })).statusCode).toBe(401);
  });

  it('the responsible person sees submitted and approved leave they cover, without the leave address', async () => {
    const c = await cast();
    type Who = keyof Cast['tokens'] | 'nobody';
    const ids: number[] = [];
    for (let status = 1; status <= 4; status++) {
      const date = ['2027-04-05', '2027-04-06', '2027-04-07', '2027-04-08'][status - 1]!;
      const made = await create(
        c.tokens.employee,
        leaveBody(c.peer.id, { from: date, to: date, leave_address: 'Flat 3, Road 7, Sylhet; 01711111111' }),
      );
      expect(made.statusCode, made.body).toBe(201);
      await setLeaveStatus(ctx.db, made.json().id, status);
      ids.push(made.json().id);
    }
    const seen = (ok: number) => [ok, ok, ok, ok];
    // Per status (draft, submitted, approved, rejected): the detail's status code, and whether the address shows.
    const table: Record<Who, { detail: number[]; address: boolean; list: 'self' | 'team' | null }> = {
      employee: { detail: seen(200), address: true, list: 'self' },
      lm: { detail: seen(200), address: true, list: 'team' },
      oo: { detail: seen(200), address: true, list: 'team' },
      peer: { detail: [403, 200, 200, 403], address: false, list: 'team' },
      admin: { detail: seen(403), address: false, list: null },
      stranger: { detail: seen(403), address: false, list: null },
      nobody: { detail: seen(401), address: false, list: null },
    };
    for (const [who, want] of Object.entries(table) as [Who, (typeof table)[Who]][]) {
      const token = who === 'nobody' ? null : c.tokens[who];
      const listed = new Map<number, { leave_address: string | null }>();
      for (const view of ['self', 'team']) {
        const res = await ctx.call({ method: 'GET', url: `/api/v1/leave?list_type=${view}&limit=50`, token });
        if (who === 'nobody') {
          expect(res.statusCode).toBe(401);
          continue;
        }
        for (const item of res.json().items) if (ids.includes(item.id)) listed.set(item.id, item);
      }
      for (let i = 0; i < 4; i++) {
        const id = ids[i]!;
        const detail = await ctx.call({ method: 'GET', url: `/api/v1/leave/${id}`, token });
        expect(detail.statusCode, `${who} reads status ${i + 1}`).toBe(want.detail[i]);
        const visible = want.detail[i] === 200;
        expect(listed.has(id), `${who} lists status ${i + 1}`).toBe(visible && want.list !== null);
        if (!visible) continue;
        const address = want.address ? 'Flat 3, Road 7, Sylhet; 01711111111' : null;
        expect(detail.json().leave_address, `${who} address, status ${i + 1}`).toBe(address);
        expect(listed.get(id)?.leave_address, `${who} listed address, status ${i + 1}`).toBe(address);
      }
    }
  });

  it('a line manager named responsible reads their report’s leave as line manager: drafts and address too', async () => {
    const c = await cast();
    const made = await create(c.tokens.employee, leaveBody(c.lm.id, { leave_address: 'Home, Dhaka' }));
    expect(made.statusCode, made.body).toBe(201);
    const res = await ctx.call({ method: 'GET', url: `/api/v1/leave/${made.json().id}`, token: c.tokens.lm });
    expect(res.statusCode).toBe(200);
    expect(res.json().leave_address).toBe('Home, Dhaka');
  });

  it('answers items, count, total and pagination; sorts; filters', async () => {
    const c = await cast();
    for (const [from, to] of [
      ['2027-03-01', '2027-03-01'],
      ['2027-03-02', '2027-03-02'],
      ['2027-03-03', '2027-03-03'],
    ]) {
      await create(c.tokens.employee, leaveBody(c.peer.id, { from, to }));
    }
    await create(
      c.tokens.employee,
      shortLeaveBody(c.peer.id, { from: '2027-03-08 10:00:00', to: '2027-03-08 12:00:00' }),
    );
    const res = await ctx.call({
      method: 'GET',
      url: '/api/v1/leave?list_type=team&limit=10&page=1&sort=from,asc',
      token: c.tokens.lm,
    });
    const body = res.json();
    expect(body.total).toBe(4);
    expect(body.count).toBe(4);
    expect(body.pagination).toMatchObject({ page: 1, limit: 10, pages: 1, next: null, prev: null });
    expect(body.items.map((l: { from: string }) => l.from.slice(0, 10))).toEqual([
      '2027-03-01',
      '2027-03-02',
      '2027-03-03',
      '2027-03-08',
    ]);

    const byType = await ctx.call({
      method: 'GET',
      url: `/api/v1/leave?list_type=team&type_id=2&employee_id=${c.employee.id}`,
      token: c.tokens.lm,
    });
    expect(byType.json().total).toBe(1);
    const ranged = await ctx.call({
      method: 'GET',
      url: '/api/v1/leave?list_type=team&from_range=2027-03-02,2027-03-03',
      token: c.tokens.lm,
    });
    expect(ranged.json().total).toBe(2);
    const toRanged = await ctx.call({
      method: 'GET',
      url: '/api/v1/leave?list_type=team&to_range=2027-03-08,',
      token: c.tokens.lm,
    });
    expect(toRanged.json().total).toBe(1);
  });

  it('pages with links', async () => {
    const c = await cast();
    for (let d = 1; d <= 12; d++) {
      const date = `2027-07-${String(d).padStart(2, '0')}`;
      if ([2, 9].includes(d)) continue; // Fridays
      await create(c.tokens.employee, leaveBody(c.peer.id, { type_id: 5, from: date, to: date }));
    }
    const res = await ctx.call({
      method: 'GET',
      url: '/api/v1/leave?limit=10&page=1',
      token: c.tokens.employee,
    });
    expect(res.json()).toMatchObject({ total: 10, count: 10, pagination: { pages: 1 } });
    await create(
      c.tokens.employee,
      leaveBody(c.peer.id, { type_id: 5, from: '2027-07-13', to: '2027-07-13' }),
    );
    const two = (
      await ctx.call({ method: 'GET', url: '/api/v1/leave?limit=10&page=2', token: c.tokens.employee })
    ).json();
    expect(two).toMatchObject({ total: 11, count: 1, pagination: { page: 2, pages: 2, next: null } });
    expect(two.pagination.prev).toBe('/api/v1/leave?limit=10&page=1');
  });

  it.each([
    ['limit=15', /limit/],
    ['page=0', /page/],
    ['sort=salary,desc', /sort/],
    ['sort=id', /sort/],
    ['list_type=everyone', /list_type/],
    ['from_range=2027-03-05,2027-03-01', /range/],
    ['employee_id=5', /team view/],
  ])('refuses %s with a clear 400', async (query, message) => {
    const c = await cast();
    const res = await ctx.call({ method: 'GET', url: `/api/v1/leave?${query}`, token: c.tokens.employee });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
  });

  it('reading one request: the people on it may, others may not', async () => {
    const c = await cast();
    const id = (await create(c.tokens.employee, leaveBody(c.peer.id))).json().id;
    // The responsible person (peer) reads it once submitted (a draft is not theirs to see yet).
    expect((await act(c.tokens.employee, 'submit', id)).statusCode).toBe(200);
    for (const who of ['employee', 'lm', 'oo', 'peer'] as const) {
      expect(
        (await ctx.call({ method: 'GET', url: `/api/v1/leave/${id}`, token: c.tokens[who] })).statusCode,
        who,
      ).toBe(200);
    }
    expect(
      (await ctx.call({ method: 'GET', url: `/api/v1/leave/${id}`, token: c.tokens.stranger })).statusCode,
    ).toBe(403);
    expect(
      (await ctx.call({ method: 'GET', url: '/api/v1/leave/99999999', token: c.tokens.employee })).statusCode,
    ).toBe(404);
  });
});

describe('balances and reference lists', () => {
  it('per type with a balance, counting approved and pending days', async () => {
    const c = await cast();
    const id = (await create(c.tokens.employee, leaveBody(c.peer.id))).json().id;
    await act(c.tokens.employee, 'submit', id);
    const other = (
      await create(c.tokens.employee, leaveBody(c.peer.id, { from: '2027-03-08', to: '2027-03-08' }))
    ).json().id;
    await act(c.tokens.employee, 'submit', other);
    await act(c.tokens.lm, 'approve', other);
    const res = await ctx.call({
      method: 'GET',
      url: '/api/v1/leave/balances?year=2027',
      token: c.tokens.employee,
    });
    expect(res.statusCode).toBe(200);
    const annual = res.json().items.find((b: { type: { id: number } }) => b.type.id === 1);
    expect(annual).toEqual({
      type: { id: 1, name: 'Annual Leave' },
      days: 18,
      taken: 1,
      pending: 3,
      remaining: 14,
    });
    const typeIds = res.json().items.map((b: { type: { id: number } }) => b.type.id);
    for (const none of [5, 6, 7, 9]) expect(typeIds).not.toContain(none);

    const lmView = await ctx.call({
      method: 'GET',
      url: `/api/v1/leave/balances?year=2027&employee_id=${c.employee.id}`,
      token: c.tokens.lm,
    });
    expect(lmView.statusCode).toBe(200);
    const strangerView = await ctx.call({
      method: 'GET',
      url: `/api/v1/leave/balances?employee_id=${c.employee.id}`,
      token: c.tokens.stranger,
    });
    expect(strangerView.statusCode).toBe(403);
  });

  it('types, durations and responsible people', async () => {
    const c = await cast();
    const types = (
      await ctx.call({ method: 'GET', url: '/api/v1/leave/types', token: c.tokens.employee })
    ).json();
    expect(
      types
        .filter((t: { short_leave_applied: boolean }) => t.short_leave_applied)
        .map((t: { id: number }) => t.id),
    ).toEqual([2, 3, 9]);
    const durations = (
      await ctx.call({ method: 'GET', url: '/api/v1/leave/durations', token: c.tokens.employee })
    ).json();
    expect(durations.map((d: { minutes: number }) => d.minutes)).toEqual([60, 120, 180, 240]);
    const responsibles = (
      await ctx.call({ method: 'GET', url: '/api/v1/leave/responsibles', token: c.tokens.employee })
    ).json();
    const ids = responsibles.map((p: { id: number }) => p.id);
    expect(ids).toContain(c.lm.id);
    expect(ids).toContain(c.peer.id);
    expect(ids).not.toContain(c.employee.id);
    expect(ids).not.toContain(c.stranger.id);
  });
});

describe('leave types and holidays (admins)', () => {
  it('admins manage leave types; others get 403; a used type cannot be deleted', async () => {
    const c = await cast();
    const body = {
      name: 'Study Leave',
      days: 5,
      short_leave_applied: false,
      has_balance: true,
      enabled: true,
    };
    expect(
      (
        await ctx.call({
          method: 'POST',
          url: '/api/v1/leave/types',
          token: c.tokens.employee,
          payload: body,
        })
      ).statusCode,
    ).toBe(403);
    const made = await ctx.call({
      method: 'POST',
      url: '/api/v1/leave/types',
      token: c.tokens.admin,
      payload: body,
    });
    expect(made.statusCode).toBe(201);
    const dup = await ctx.call({
      method: 'POST',
      url: '/api/v1/leave/types',
      token: c.tokens.admin,
      payload: body,
    });
    expect(dup.statusCode).toBe(409);
    const bad = await ctx.call({
      method: 'POST',
      url: '/api/v1/leave/types',
      token: c.tokens.admin,
      payload: { ...body, name: '', days: -1 },
    });
    expect(bad.statusCode).toBe(422);
    const id = made.json().id;
    const changed = await ctx.call({
      method: 'PATCH',
      url: `/api/v1/leave/types/${id}`,
      token: c.tokens.admin,
      payload: { ...body, days: 7 },
    });
    expect(changed.json().days).toBe(7);
    await create(c.tokens.employee, leaveBody(c.peer.id, { type_id: id }));
    const refused = await ctx.call({
      method: 'DELETE',
      url: `/api/v1/leave/types/${id}`,
      token: c.tokens.admin,
    });
    expect(refused.statusCode).toBe(409);
    const unused = (
      await ctx.call({
        method: 'POST',
        url: '/api/v1/leave/types',
        token: c.tokens.admin,
        payload: { ...body, name: 'Exam Leave' },
      })
    ).json().id;
    expect(
      (await ctx.call({ method: 'DELETE', url: `/api/v1/leave/types/${unused}`, token: c.tokens.admin }))
        .statusCode,
    ).toBe(200);
  });

  it('admins manage short-leave durations; a used one cannot be deleted', async () => {
    const c = await cast();
    const body = { name: '90 minutes', minutes: 90, enabled: true };
    expect(
      (await ctx.call({ method: 'POST', url: '/api/v1/leave/durations', token: c.tokens.lm, payload: body }))
        .statusCode,
    ).toBe(403);
    const made = await ctx.call({
      method: 'POST',
      url: '/api/v1/leave/durations',
      token: c.tokens.admin,
      payload: body,
    });
    expect(made.statusCode).toBe(201);
    const id = made.json().id;
    const tooLong = await ctx.call({
      method: 'PATCH',
      url: `/api/v1/leave/durations/${id}`,
      token: c.tokens.admin,
      payload: { ...body, minutes: 600 },
    });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().errors.children.minutes.errors[0]).toBe('Minutes must be a number from 15 to 480');
    const off = await ctx.call({
      method: 'PATCH',
      url: `/api/v1/leave/durations/${id}`,
      token: c.tokens.admin,
      payload: { ...body, enabled: false },
    });
    expect(off.json().enabled).toBe(false);
    const offered = (
      await ctx.call({ method: 'GET', url: '/api/v1/leave/durations', token: c.tokens.employee })
    ).json();
    expect(offered.map((d: { id: number }) => d.id)).not.toContain(id);
    const all = (
      await ctx.call({ method: 'GET', url: '/api/v1/leave/durations?all=true', token: c.tokens.admin })
    ).json();
    expect(all.map((d: { id: number }) => d.id)).toContain(id);
    await create(c.tokens.employee, shortLeaveBody(c.peer.id));
    expect(
      (await ctx.call({ method: 'DELETE', url: '/api/v1/leave/durations/2', token: c.tokens.admin }))
        .statusCode,
    ).toBe(409);
    expect(
      (await ctx.call({ method: 'DELETE', url: `/api/v1/leave/durations/${id}`, token: c.tokens.admin }))
        .statusCode,
    ).toBe(200);
    expect(
      (await ctx.call({ method: 'DELETE', url: `/api/v1/leave/durations/${id}`, token: c.tokens.admin }))
        .statusCode,
    ).toBe(404);
  });

  it('admins manage holidays; anyone reads them by year', async () => {
    const c = await cast();
    const body = { name: 'Victory Day', from: '2027-12-16', to: '2027-12-16' };
    expect(
      (await ctx.call({ method: 'POST', url: '/api/v1/holidays', token: c.tokens.lm, payload: body }))
        .statusCode,
    ).toBe(403);
    const made = await ctx.call({
      method: 'POST',
      url: '/api/v1/holidays',
      token: c.tokens.admin,
      payload: body,
    });
    expect(made.statusCode).toBe(201);
    const list = await ctx.call({
      method: 'GET',
      url: '/api/v1/holidays?year=2027',
      token: c.tokens.employee,
    });
    expect(list.json().map((h: { name: string }) => h.name)).toContain('Victory Day');
    const backwards = await ctx.call({
      method: 'POST',
      url: '/api/v1/holidays',
      token: c.tokens.admin,
      payload: { ...body, from: '2027-12-17' },
    });
    expect(backwards.statusCode).toBe(422);
    const id = made.json().id;
    expect(
      (await ctx.call({ method: 'DELETE', url: `/api/v1/holidays/${id}`, token: c.tokens.admin })).statusCode,
    ).toBe(200);
    expect(
      (await ctx.call({ method: 'DELETE', url: `/api/v1/holidays/${id}`, token: c.tokens.admin })).statusCode,
    ).toBe(404);
  });
});
