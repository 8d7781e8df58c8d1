import { and, eq, isNotNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { customSheetBody, kpiYear, objectiveBody, objectiveKpiBody } from '../../../test/factories/kpi';
import { setupApi, type TestContext } from '../../../test/helper';
import { atOnce, expectOneWinner } from '../../../test/races';
import { kpiObjectives, kpis } from '../../db/schema';

/** Races that only a server with several connections can lose (PostgreSQL; see leave.race.test.ts). */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await setupApi({}, { poolSize: 10 });
});

const call = (method: 'POST' | 'PATCH', url: string, token: string, payload: object) =>
  ctx.call({ method, url: `/api/v1/kpis${url}`, token, payload });

async function person() {
  const { lm, employee } = await ctx.factory.chain();
  return { employee, token: await ctx.factory.token(employee), lmToken: await ctx.factory.token(lm) };
}

describe('KPI sheets under concurrent writes (PostgreSQL)', () => {
  it('eight yearly sheets for one year at once: exactly one is made', async () => {
    const p = await person();
    const year = await kpiYear(ctx.db);
    expectOneWinner(
      await atOnce(8, () => call('POST', '', p.token, { type_id: 1, year_id: year.id })),
      201,
      422,
      'kpi_year_taken',
    );
    const rows = await ctx.db
      .select()
      .from(kpis)
      .where(and(eq(kpis.employeeId, p.employee.id), isNotNull(kpis.yearId)));
    expect(rows).toHaveLength(1);
  });

  it('a submission and an added objective at once: the sheet never leaves with weights that do not add up', async () => {
    const p = await person();
    const made = await call('POST', '', p.token, customSheetBody());
    const id = made.json().id;
    const o = await call('POST', '/objectives', p.token, objectiveBody(id, { weight: 100 }));
    const objectiveId = o.json().objectives[0].id;
    await call('POST', '/objectives/kpis', p.token, objectiveKpiBody(id, objectiveId, { weight: 100 }));
    const replies = await Promise.all([
      call('PATCH', '/actions/submit', p.token, { kpi_id: id }),
      call('POST', '/objectives', p.token, objectiveBody(id, { weight: 10, name: 'Late addition' })),
    ]);
    const [sheet] = await ctx.db.select().from(kpis).where(eq(kpis.id, id));
    const objectives = await ctx.db.select().from(kpiObjectives).where(eq(kpiObjectives.kpiId, id));
    if (sheet!.statusId === 2) {
      // Submitted first: the late objective was refused, the sheet holds its 100.
      expect(replies[1]!.statusCode).toBe(409);
      expect(objectives).toHaveLength(1);
    } else {
      // The objective came first: the submission saw 110 and was refused.
      expect(replies[0]!.statusCode).toBe(422);
      expect(objectives).toHaveLength(2);
    }
  });
});
