import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { tag } from '../../../test/factories/directory';
import { setupApi, type TestContext } from '../../../test/helper';
import { atOnce, expectOneWinner } from '../../../test/races';
import { eprValueBehaviours } from '../../db/schema';

/** Adds at the same moment, on several connections (PostgreSQL; see leave.race.test.ts). */
let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await setupApi({}, { poolSize: 10 });
  token = await ctx.factory.token(await ctx.factory.employee({ admin: true }));
});

describe('behaviours of a value at the same moment', () => {
  it('the same name added six times at once, in different cases, is written once; the others are told it is taken', async () => {
    const value = await ctx.call({
      method: 'POST',
      url: '/api/v1/eprs/values',
      token,
      payload: { name: tag('Candour ') },
    });
    expect(value.statusCode, value.body).toBe(201);
    const valueId = (value.json() as { id: number }).id;
    let turn = 0;
    const replies = await atOnce(6, () =>
      ctx.call({
        method: 'POST',
        url: `/api/v1/eprs/values/${valueId}/behaviours`,
        token,
        payload: { name: turn++ % 2 ? 'SAYS WHAT IT SEES' : 'Says what it sees' },
      }),
    );
    expectOneWinner(replies, 201, 409, 'reference_name_taken');
    const rows = await ctx.db
      .select({ id: eprValueBehaviours.id })
      .from(eprValueBehaviours)
      .where(eq(eprValueBehaviours.valueId, valueId));
    expect(rows).toHaveLength(1);
  });
});
