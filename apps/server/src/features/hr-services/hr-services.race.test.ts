import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { nocBody, serviceAudit } from '../../../test/factories/hr-services';
import { setupApi, type TestContext } from '../../../test/helper';
import { atOnce, expectOneWinner } from '../../../test/races';
import { serviceRequests } from '../../db/schema';

/** Races that only a server with several connections can lose (PostgreSQL; see leave.race.test.ts). */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await setupApi({}, { poolSize: 10 });
});

const BASE = '/api/v1/employee/service-requests';
const create = (token: string, payload: object) => ctx.call({ method: 'POST', url: BASE, token, payload });
const update = (token: string, id: number, payload: object) =>
  ctx.call({ method: 'PATCH', url: `${BASE}/${id}`, token, payload });
const act = (token: string, action: string, id: number) =>
  ctx.call({ method: 'PATCH', url: `${BASE}/${id}/actions/${action}`, token });

async function people() {
  const { lm, employee } = await ctx.factory.chain();
  const admin = await ctx.factory.employee({ admin: true });
  return {
    employee,
    token: await ctx.factory.token(employee),
    lmToken: await ctx.factory.token(lm),
    adminToken: await ctx.factory.token(admin),
  };
}

const rowsOf = (employeeId: number) =>
  ctx.db.select().from(serviceRequests).where(eq(serviceRequests.employeeId, employeeId));

describe('HR service requests under concurrent writes (PostgreSQL)', () => {
  it('eight identical requests at once: exactly one is saved, seven are refused as the same open request', async () => {
    const p = await people();
    expectOneWinner(await atOnce(8, () => create(p.token, nocBody())), 201, 422, 'service_request_open');
    expect(await rowsOf(p.employee.id)).toHaveLength(1);
  });

  it('the employee and an HR admin asking for the same thing at once: one request', async () => {
    const p = await people();
    const [own, byAdmin] = await Promise.all([
      create(p.token, nocBody()),
      create(p.adminToken, nocBody({ employee_id: p.employee.id })),
    ]);
    expect([own.statusCode, byAdmin.statusCode].sort()).toEqual([201, 422]);
    expect(await rowsOf(p.employee.id)).toHaveLength(1);
  });

  it('a new request and a change of a draft into the same request at once: exactly one of them holds', async () => {
    const p = await people();
    const draft = await create(p.token, nocBody({ intended_country: 'India' }));
    expect(draft.statusCode).toBe(201);
    const [created, changed] = await Promise.all([
      create(p.token, nocBody()),
      update(p.token, draft.json().id, nocBody()),
    ]);
    expect([created.statusCode, changed.statusCode].filter((s) => s === 422)).toHaveLength(1);
    expect((await rowsOf(p.employee.id)).filter((r) => r.intendedCountry === 'Thailand')).toHaveLength(1);
  });

  it('approval and cancellation at once by the line manager and an HR admin: exactly one, one audit row', async () => {
    const p = await people();
    const id = (await create(p.token, nocBody())).json().id as number;
    expect((await act(p.token, 'submit', id)).statusCode).toBe(200);
    const [approved, cancelled] = await Promise.all([
      act(p.lmToken, 'approve', id),
      act(p.adminToken, 'cancel', id),
    ]);
    expect([approved.statusCode, cancelled.statusCode].sort()).toEqual([200, 409]);
    const decisions = (await serviceAudit(ctx.db, id)).filter(
      (a) => a.action === 'approve' || a.action === 'cancel',
    );
    expect(decisions).toHaveLength(1);
  });
});
