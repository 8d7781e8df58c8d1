import { LEAVE_MESSAGES } from '@hr/contracts/leave';
import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addToGroup, makeGroup, makeTreeItem } from '../../../test/factories/directory';
import { leaveBody } from '../../../test/factories/requests';
import { setupApi, type TestContext } from '../../../test/helper';
import { employees, leaves, leaveTypes, lookupValues } from '../../db/schema';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await setupApi();
});

const MATERNITY = 4;
const PATERNITY = 8;

async function lookup(kind: 'gender' | 'employee_status', name: string) {
  const [row] = await ctx.db
    .select({ id: lookupValues.id })
    .from(lookupValues)
    .where(and(eq(lookupValues.kind, kind), eq(lookupValues.name, name)));
  return row!.id;
}

async function setEmployee(id: number, values: Partial<typeof employees.$inferInsert>) {
  await ctx.db.update(employees).set(values).where(eq(employees.id, id));
}

/** A line manager, the employee under them and a colleague to stand in; the employee's token. */
async function person() {
  const { lm, employee } = await ctx.factory.chain();
  const peer = await ctx.factory.employee({ parentId: lm.id });
  return { lm, employee, peer, token: await ctx.factory.token(employee) };
}

const get = (url: string, token?: string) =>
  ctx.call({ method: 'GET', url: `/api/v1/${url}`, ...(token ? { token } : {}) });
const typeIds = async (url: string, token: string) =>
  ((await get(url, token)).json() as { id: number }[]).map((t) => t.id);
const balanceTypeIds = async (token: string, year = 2027) =>
  ((await get(`leave/balances?year=${year}`, token)).json().items as { type: { id: number } }[]).map(
    (b) => b.type.id,
  );
async function leaveCount(employeeId: number) {
  const [row] = await ctx.db.select({ n: count() }).from(leaves).where(eq(leaves.employeeId, employeeId));
  return row?.n ?? 0;
}

let adminToken: string;
async function admin() {
  adminToken ??= await ctx.factory.token(await ctx.factory.employee({ admin: true }));
  return adminToken;
}

/** An HR-made type with a balance, and the given conditions. */
async function makeType(conditions: object) {
  const res = await ctx.call({
    method: 'POST',
    url: '/api/v1/leave/types',
    token: await admin(),
    payload: { name: `Type ${Math.random().toString(36).slice(2, 9)}`, days: 6, ...conditions },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number };
}

describe('leave-type eligibility', () => {
  it('Maternity Leave is offered to and counted for a woman only, Paternity Leave for a man only', async () => {
    const woman = await person();
    const man = await person();
    const unknown = await person();
    await setEmployee(woman.employee.id, { genderId: await lookup('gender', 'Female') });
    await setEmployee(man.employee.id, { genderId: await lookup('gender', 'Male') });

    const offered = await typeIds('leave/types?eligible=true', woman.token);
    expect(offered).toContain(MATERNITY);
    expect(offered).not.toContain(PATERNITY);
    expect(await typeIds('leave/types?eligible=true', man.token)).toEqual(
      expect.not.arrayContaining([MATERNITY]),
    );
    expect(await typeIds('leave/types?eligible=true', man.token)).toContain(PATERNITY);
    // Without a gender on record, neither: a condition that is set must hold.
    const none = await typeIds('leave/types?eligible=true', unknown.token);
    expect(none).not.toContain(MATERNITY);
    expect(none).not.toContain(PATERNITY);
    expect(none).toContain(1);

    // Every type stays listed without eligible=true (the lists' filters).
    expect(await typeIds('leave/types', man.token)).toContain(MATERNITY);

    expect(await balanceTypeIds(woman.token)).toContain(MATERNITY);
    expect(await balanceTypeIds(woman.token)).not.toContain(PATERNITY);
    expect(await balanceTypeIds(man.token)).not.toContain(MATERNITY);
    expect(await balanceTypeIds(man.token)).toContain(PATERNITY);
    // The line manager reads the report's balances with the same rule.
    const lmView = await get(
      `leave/balances?year=2027&employee_id=${man.employee.id}`,
      await ctx.factory.token(man.lm),
    );
    expect(lmView.json().items.map((b: { type: { id: number } }) => b.type.id)).not.toContain(MATERNITY);
  });

  it('a request for a type that does not apply is refused and nothing is written', async () => {
    const man = await person();
    await setEmployee(man.employee.id, { genderId: await lookup('gender', 'Male') });
    const before = await leaveCount(man.employee.id);
    const res = await ctx.call({
      method: 'POST',
      url: '/api/v1/leave',
      token: man.token,
      payload: leaveBody(man.peer.id, { type_id: MATERNITY }),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toBe('leave_type_not_eligible');
    expect(res.json().errors.children.type_id.errors).toHaveLength(1);
    expect(await leaveCount(man.employee.id)).toBe(before);

    const woman = await person();
    await setEmployee(woman.employee.id, { genderId: await lookup('gender', 'Female') });
    const ok = await ctx.call({
      method: 'POST',
      url: '/api/v1/leave',
      token: woman.token,
      payload: leaveBody(woman.peer.id, { type_id: MATERNITY }),
    });
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('employment status, months of service by the leave’s first day, and membership of a group item (or one below it) each decide', async () => {
    const permanent = await lookup('employee_status', 'Permanent');
    const intern = await lookup('employee_status', 'Intern');
    const group = await makeGroup(ctx.db);
    const department = await makeTreeItem(ctx.db, group.id);
    const team = await makeTreeItem(ctx.db, group.id, undefined, department.id);
    const elsewhere = await makeTreeItem(ctx.db, group.id);
    const byStatus = await makeType({ employment_status_ids: [permanent] });
    const byService = await makeType({ min_service_months: 6 });
    const byGroup = await makeType({ group_tree_id: department.id });

    const p = await person();
    await setEmployee(p.employee.id, { statusId: intern, joiningDate: '2026-10-01' });
    await addToGroup(ctx.db, p.employee.id, elsewhere.id);
    let offered = await typeIds('leave/types?eligible=true', p.token);
    expect(offered).not.toContain(byStatus.id);
    expect(offered).not.toContain(byGroup.id);

    // A member of a team below the department belongs to the department.
    await setEmployee(p.employee.id, { statusId: permanent });
    await addToGroup(ctx.db, p.employee.id, team.id);
    offered = await typeIds('leave/types?eligible=true', p.token);
    expect(offered).toContain(byStatus.id);
    expect(offered).toContain(byGroup.id);
    expect(await balanceTypeIds(p.token)).toEqual(expect.arrayContaining([byStatus.id, byGroup.id]));

    // Six months after joining on 1 October 2026 is 1 April 2027: a leave from 1 March is refused, from 5 April taken.
    const early = await ctx.call({
      method: 'POST',
      url: '/api/v1/leave',
      token: p.token,
      payload: leaveBody(p.peer.id, { type_id: byService.id, from: '2027-03-01', to: '2027-03-01' }),
    });
    expect(early.statusCode).toBe(422);
    expect(early.json().error).toBe('leave_type_not_eligible');
    const later = await ctx.call({
      method: 'POST',
      url: '/api/v1/leave',
      token: p.token,
      payload: leaveBody(p.peer.id, { type_id: byService.id, from: '2027-04-05', to: '2027-04-05' }),
    });
    expect(later.statusCode, later.body).toBe(201);

    // Without a joining date, a type that asks for service never applies.
    const newcomer = await person();
    expect(await typeIds('leave/types?eligible=true', newcomer.token)).not.toContain(byService.id);
    await setEmployee(newcomer.employee.id, { joiningDate: '2015-01-01' });
    expect(await typeIds('leave/types?eligible=true', newcomer.token)).toContain(byService.id);
    expect(await balanceTypeIds(newcomer.token)).toContain(byService.id);
  });

  it('a draft whose type stopped applying cannot be submitted', async () => {
    const p = await person();
    await setEmployee(p.employee.id, { genderId: await lookup('gender', 'Female') });
    const draft = await ctx.call({
      method: 'POST',
      url: '/api/v1/leave',
      token: p.token,
      payload: leaveBody(p.peer.id, { type_id: MATERNITY }),
    });
    expect(draft.statusCode).toBe(201);
    await setEmployee(p.employee.id, { genderId: await lookup('gender', 'Male') });
    const submit = await ctx.call({
      method: 'PATCH',
      url: '/api/v1/leave/actions/submit',
      token: p.token,
      payload: { leave_id: draft.json().id },
    });
    expect(submit.statusCode).toBe(422);
    expect(submit.json().error).toBe('leave_type_not_eligible');
    const [row] = await ctx.db
      .select({ statusId: leaves.statusId })
      .from(leaves)
      .where(eq(leaves.id, draft.json().id));
    expect(row!.statusId).toBe(1);
  });

  it('HR sets the conditions; unknown or wrong-kind ids and out-of-range months are refused, nothing written', async () => {
    const female = await lookup('gender', 'Female');
    const permanent = await lookup('employee_status', 'Permanent');
    const made = await makeType({
      gender_id: female,
      employment_status_ids: [permanent, permanent],
      min_service_months: 12,
    });
    const read = (await get('leave/types?all=true', await admin())).json() as Record<string, unknown>[];
    expect(read.find((t) => t.id === made.id)).toMatchObject({
      gender_id: female,
      employment_status_ids: [permanent],
      min_service_months: 12,
      group_tree_id: null,
    });

    const [{ n: before }] = (await ctx.db.select({ n: count() }).from(leaveTypes)) as [{ n: number }];
    const bad: [object, string, string][] = [
      [{ gender_id: permanent }, 'gender_id', LEAVE_MESSAGES.genderUnknown],
      [{ gender_id: 99999999 }, 'gender_id', LEAVE_MESSAGES.genderUnknown],
      [{ gender_id: 'female' }, 'gender_id', LEAVE_MESSAGES.genderUnknown],
      [{ employment_status_ids: [female] }, 'employment_status_ids', LEAVE_MESSAGES.employmentStatusUnknown],
      [
        { employment_status_ids: 'permanent' },
        'employment_status_ids',
        LEAVE_MESSAGES.employmentStatusUnknown,
      ],
      [
        { employment_status_ids: Array.from({ length: 21 }, (_, i) => i + 1) },
        'employment_status_ids',
        LEAVE_MESSAGES.employmentStatusesTooMany,
      ],
      [{ min_service_months: 601 }, 'min_service_months', LEAVE_MESSAGES.minServiceMonths],
      [{ min_service_months: -1 }, 'min_service_months', LEAVE_MESSAGES.minServiceMonths],
      [{ min_service_months: 1.5 }, 'min_service_months', LEAVE_MESSAGES.minServiceMonths],
      [{ group_tree_id: 99999999 }, 'group_tree_id', LEAVE_MESSAGES.groupUnknown],
    ];
    for (const [conditions, field, message] of bad) {
      const res = await ctx.call({
        method: 'POST',
        url: '/api/v1/leave/types',
        token: await admin(),
        payload: { name: `Bad ${field} ${Math.random().toString(36).slice(2, 7)}`, days: 3, ...conditions },
      });
      expect(res.statusCode, JSON.stringify(conditions)).toBe(422);
      expect(res.json().errors.children[field].errors, JSON.stringify(conditions)).toContain(message);
    }
    const [{ n: after }] = (await ctx.db.select({ n: count() }).from(leaveTypes)) as [{ n: number }];
    expect(after).toBe(before);

    // Nobody but HR sets them.
    const p = await person();
    const refused = await ctx.call({
      method: 'PATCH',
      url: `/api/v1/leave/types/${made.id}`,
      token: p.token,
      payload: { name: 'Anyone', days: 3, gender_id: null },
    });
    expect(refused.statusCode).toBe(403);
    expect((await get('leave/types?eligible=true')).statusCode).toBe(401);
  });
});
