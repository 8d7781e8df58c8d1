import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { approvedSheet, setEprStatus } from '../../../test/factories/epr';
import { setupApi, type TestContext } from '../../../test/helper';
import { atOnce, expectOneWinner } from '../../../test/races';
import { eprLines, eprs } from '../../db/schema';

/** Races that only a server with several connections can lose (PostgreSQL; see leave.race.test.ts). */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await setupApi({}, { poolSize: 10 });
});

const call = (method: 'POST' | 'PATCH', url: string, token: string, payload: unknown) =>
  ctx.call({ method, url: `/api/v1/eprs${url}`, token, payload: payload as object });

async function people() {
  const { oo, lm, employee } = await ctx.factory.chain();
  const { sheet } = await approvedSheet(ctx.db, {
    employeeId: employee.id,
    lineManagerId: lm.id,
    oneOverOneId: oo.id,
  });
  return {
    sheet,
    employee: await ctx.factory.token(employee),
    lm: await ctx.factory.token(lm),
    oo: await ctx.factory.token(oo),
  };
}
const body = (kpiId: number) => ({
  kpi_id: kpiId,
  type_id: 2,
  from_date: '2031-01-01',
  to_date: '2031-06-30',
});

describe('reviews under concurrent writes (PostgreSQL)', () => {
  it('eight reviews of one sheet and type at once: exactly one is made', async () => {
    const p = await people();
    expectOneWinner(
      await atOnce(8, () => call('POST', '', p.employee, body(p.sheet.id))),
      201,
      422,
      'epr_exists',
    );
    expect(await ctx.db.select().from(eprs).where(eq(eprs.kpiId, p.sheet.id))).toHaveLength(1);
  });

  it('the O&O approving and returning at the same moment: one decision wins, the other is refused', async () => {
    const p = await people();
    const id = (await call('POST', '', p.employee, body(p.sheet.id))).json().id;
    await setEprStatus(ctx.db, id, 3);
    const replies = await Promise.all([
      call('PATCH', '/actions/approve', p.oo, { epr_id: id }),
      call('PATCH', '/actions/update-requested', p.oo, { epr_id: id }),
      call('PATCH', '/actions/approve', p.oo, { epr_id: id }),
    ]);
    const statuses = replies.map((r) => r.statusCode);
    expect(
      statuses.filter((s) => s === 200),
      statuses.join(', '),
    ).toHaveLength(1);
    expect(
      statuses.filter((s) => s === 409),
      statuses.join(', '),
    ).toHaveLength(2);
    const [row] = await ctx.db.select().from(eprs).where(eq(eprs.id, id));
    const winner = replies.find((r) => r.statusCode === 200)!.json();
    expect(row!.statusId).toBe(winner.status.id);
  });

  it('an actual typed while the review is submitted: it lands before the submission or is refused', async () => {
    const p = await people();
    const made = (await call('POST', '', p.employee, body(p.sheet.id))).json();
    const lines = made.section_a.objectives.flatMap((o: { lines: { id: number }[] }) => o.lines);
    await call(
      'PATCH',
      `/${made.id}/sections/a/objectives`,
      p.employee,
      lines.map((l: { id: number }) => ({ objective_id: l.id, actual: 1 })),
    );
    await call('PATCH', `/${made.id}/sections/a`, p.employee, { rating: 2 });
    await call('PATCH', `/${made.id}/sections/b`, p.employee, { rating: 2 });
    for (const st of made.section_b.stables)
      await call('PATCH', `/sections/b/stables/${st.id}`, p.employee, { rating: 2 });
    const [submit, edit] = await Promise.all([
      call('PATCH', '/actions/submit', p.employee, { epr_id: made.id }),
      call('PATCH', `/sections/a/objectives/${lines[0].id}`, p.employee, { actual: 99 }),
    ]);
    expect(submit.statusCode, submit.body).toBe(200);
    const [line] = await ctx.db.select().from(eprLines).where(eq(eprLines.id, lines[0].id));
    if (edit.statusCode === 200) expect(line!.actual).toBe(99);
    else {
      expect(edit.statusCode).toBe(409);
      expect(line!.actual).toBe(1);
    }
  });
});
