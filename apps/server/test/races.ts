import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { buildApp } from '../src/app';
import { openPostgres } from '../src/db/client';
import { type TestContext, whenClosing } from './helper';

/** Sends the same call `n` times at once and answers the replies. */
export function atOnce(n: number, call: () => Promise<LightMyRequestResponse>) {
  return Promise.all(Array.from({ length: n }, call));
}

/** Exactly one reply succeeded with `ok`; every other one is `refused` with the error code `code`. */
export function expectOneWinner(
  replies: LightMyRequestResponse[],
  ok: number,
  refused: number,
  code: string,
): LightMyRequestResponse {
  const statuses = replies.map((r) => r.statusCode);
  expect(
    statuses.filter((s) => s === ok),
    statuses.join(', '),
  ).toHaveLength(1);
  expect(
    statuses.filter((s) => s === refused),
    statuses.join(', '),
  ).toHaveLength(replies.length - 1);
  for (const r of replies.filter((x) => x.statusCode === refused)) expect(r.json().error).toBe(code);
  return replies.find((r) => r.statusCode === ok)!;
}

/**
 * A second API process on the test file's PostgreSQL database: an app of its
 * own with a pool of its own, as a second server process would have. Closed
 * with the file's app and database.
 */
export async function secondProcess(ctx: TestContext, poolSize = 10): Promise<FastifyInstance> {
  const database = await openPostgres(ctx.database.url!, poolSize);
  const app = await buildApp({ config: ctx.config, database });
  await app.ready();
  whenClosing(async () => {
    await app.close();
    await database.close();
  });
  return app;
}

/** Sends `n` calls at once, in turn to each of the processes; answers the replies in the order sent. */
export function burst(
  processes: readonly FastifyInstance[],
  n: number,
  options: (i: number) => InjectOptions,
): Promise<LightMyRequestResponse[]> {
  return Promise.all(
    Array.from({ length: n }, (_, i) => processes[i % processes.length]!.inject(options(i))),
  );
}

/** How many replies have this status. */
export const withStatus = (replies: readonly LightMyRequestResponse[], status: number) =>
  replies.filter((r) => r.statusCode === status).length;

/** The replies' statuses, sorted, for a failure's message. */
export const statusList = (replies: readonly LightMyRequestResponse[]) =>
  replies
    .map((r) => r.statusCode)
    .sort()
    .join(',');
