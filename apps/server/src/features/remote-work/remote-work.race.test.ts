import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { hourlyRemoteWorkBody, remoteWorkBody } from '../../../test/factories/remote-work';
import { setupApi, type TestContext } from '../../../test/helper';
import { atOnce, expectOneWinner } from '../../../test/races';
import { remoteWorks } from '../../db/schema';

/** Races that only a server with several connections can lose (PostgreSQL; see leave.race.test.ts). */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await setupApi({}, { poolSize: 10 });
});

const create = (token: string, payload: object) =>
  ctx.call({ method: 'POST', url: '/api/v1/remote-work', token, payload });
const update = (token: string, id: number, payload: object) =>
  ctx.call({ method: 'PATCH', url: `/api/v1/remote-work/${id}`, token, payload });
const act = (token: string, action: string, id: number) =>
  ctx.call({
    method: 'PATCH',
    url: `/api/v1/remote-work/actions/${action}`,
    token,
    payload: { remote_work_id: id },
  });

async function person() {
  const { lm, employee } = await ctx.factory.chain();
  return { employee, token: await ctx.factory.token(employee), lmToken: await ctx.factory.token(lm) };
}

const rowsOf = (employeeId: number) =>
  ctx.db.select().from(remoteWorks).where(eq(remoteWorks.employeeId, employeeId));

describe('remote work under concurrent writes (PostgreSQL)', () => {
  it('eight identical requests at once: exactly one is saved, seven are refused as overlapping', async () => {
    const p = await person();
    expectOneWinner(
      await atOnce(8, () => create(p.token, remoteWorkBody())),
      201,
      422,
      'remote_work_overlap',
    );
    expect(await rowsOf(p.employee.id)).toHaveLength(1);
  });

  it('eight identical hourly requests at once: exactly one is saved', async () => {
    const p = await person();
    expectOneWinner(
      await atOnce(8, () => create(p.token, hourlyRemoteWorkBody())),
      201,
      422,
      'remote_work_hours_overlap',
    );
    expect(await rowsOf(p.employee.id)).toHaveLength(1);
  });

  it('a new request and a change of another one to the same dates: exactly one of them holds', async () => {
    const p = await person();
    const first = await create(p.token, remoteWorkBody({ from_date: '2027-04-05', to_date: '2027-04-06' }));
    expect(first.statusCode).toBe(201);
    const target = remoteWorkBody({ from_date: '2027-05-03', to_date: '2027-05-04' });
    const [created, changed] = await Promise.all([
      create(p.token, target),
      update(p.token, first.json().id, target),
    ]);
    expect([created.statusCode, changed.statusCode].filter((s) => s === 422)).toHaveLength(1);
    expect((await rowsOf(p.employee.id)).filter((r) => r.fromDate === '2027-05-03')).toHaveLength(1);
  });

  it('a change and a submission of one draft at once: the submitted request is the one that was checked', async () => {
    const p = await person();
    const first = await create(p.token, remoteWorkBody({ from_date: '2027-06-07', to_date: '2027-06-08' }));
    const id = first.json().id as number;
    const [changed, submitted] = await Promise.all([
      update(p.token, id, remoteWorkBody({ from_date: '2027-06-14', to_date: '2027-06-15' })),
      act(p.token, 'submit', id),
    ]);
    expect(submitted.statusCode).toBe(200);
    // Either the change came first (and was submitted), or the submission did and the change is refused.
    expect([200, 409]).toContain(changed.statusCode);
    const [row] = await rowsOf(p.employee.id);
    expect(row!.statusId).toBe(2);
    expect(row!.fromDate).toBe(changed.statusCode === 200 ? '2027-06-14' : '2027-06-07');
    expect(submitted.json().from_date).toBe(row!.fromDate);
  });
});
