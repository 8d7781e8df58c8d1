import { beforeAll, describe, expect, it } from 'vitest';
import { setupApi, type TestContext } from '../../../test/helper';

let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await setupApi();
  token = await ctx.factory.token(await ctx.factory.employee());
});

describe('lookups', () => {
  it('serves each reference list to a signed-in user, and refuses without a token', async () => {
    const res = await ctx.call({ method: 'GET', url: '/api/v1/lookups/genders', token });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((o: { name: string }) => o.name)).toEqual(['Male', 'Female', 'Other']);
    const levels = await ctx.call({ method: 'GET', url: '/api/v1/lookups/language-proficiencies', token });
    expect(levels.json()).toHaveLength(4);
    expect((await ctx.call({ method: 'GET', url: '/api/v1/lookups/genders' })).statusCode).toBe(401);
  });

  it('answers 400 for an unknown list', async () => {
    const res = await ctx.call({ method: 'GET', url: '/api/v1/lookups/planets', token });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/kind/);
  });

  it('serves every list at once', async () => {
    const res = await ctx.call({ method: 'GET', url: '/api/v1/lookups', token });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body['blood-groups']).toHaveLength(8);
    expect(body['marital-statuses'].map((o: { name: string }) => o.name)).toContain('Married');
  });

  it('serves workflow statuses with the ids of SPEC.md §4', async () => {
    const res = await ctx.call({ method: 'GET', url: '/api/v1/statuses/hr_service', token });
    expect(res.json().map((s: { id: number }) => s.id)).toEqual([1, 2, 3, 4, 5]);
    expect((await ctx.call({ method: 'GET', url: '/api/v1/statuses/nothing', token })).statusCode).toBe(400);
  });

  it('serves exams with their subjects', async () => {
    const res = await ctx.call({ method: 'GET', url: '/api/v1/employees/educations/exams', token });
    const bsc = res.json().find((e: { name: string }) => e.name === 'BSc');
    expect(bsc.subjects.map((s: { name: string }) => s.name)).toContain('Physics');
  });
});
