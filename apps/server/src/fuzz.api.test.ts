import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fuzzReport, operationsOf, runFuzz } from '../test/fuzz';
import { fuzzWorld } from '../test/fuzz-world';
import { setupApi, type TestContext, testConfig } from '../test/helper';
import { buildApp } from './app';

/**
 * No bad input makes a 5xx: every operation of the OpenAPI document gets
 * spoiled requests (test/fuzz.ts) as an HR administrator and as an
 * employee. Every refusal carries the portal's error body with a declared
 * code. A small budget here; `npx tsx bench/fuzz.ts --cases N` runs a large
 * one. A failure prints each 5xx with its request and the server's log.
 */
const SEED = 20_250_601;
const CASES = 1_200;

let ctx: TestContext;
let app: FastifyInstance;
const logLines: string[] = [];

beforeAll(async () => {
  ctx = await setupApi();
  app = await buildApp({
    config: testConfig(),
    database: ctx.database,
    logger: { level: 'error', stream: { write: (line: string) => void logLines.push(line) } },
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
});

describe('fuzzing every operation', () => {
  it('answers bad input with a 4xx of a declared code, never a 5xx', { timeout: 120_000 }, async () => {
    const ops = operationsOf(app.swagger() as Parameters<typeof operationsOf>[0]);
    expect(ops.length).toBeGreaterThan(100);
    const world = await fuzzWorld(app, ctx.db, ctx.factory);
    const result = await runFuzz({
      ops,
      seed: SEED,
      cases: CASES,
      ...world,
      drainLog: () => logLines.splice(0).join(''),
    });
    const report = fuzzReport(result, SEED);
    console.log(report);
    expect(result.cases).toBe(CASES);
    expect(result.failures.length, report).toBe(0);
    expect(result.undeclared.length, report).toBe(0);
  });
});
