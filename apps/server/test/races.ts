import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

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
