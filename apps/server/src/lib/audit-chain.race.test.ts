import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupApi, type TestContext, whenClosing } from '../../test/helper';
import { type Db, openPostgres } from '../db/client';
import { audit } from './audit';
import { sealAuditChain, verifyAuditChain } from './audit-chain';

let ctx: TestContext;
/** A second process's pool: a sealer there competes with this one. */
let other: Db;
beforeAll(async () => {
  ctx = await setupApi({}, { poolSize: 12 });
  const database = await openPostgres(ctx.database.url as string, 4);
  whenClosing(() => database.close());
  other = database.db;
});

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('sealing while others write', () => {
  it('seals every row, in id order, even rows that commit after a higher id', {
    timeout: 120_000,
  }, async () => {
    const WRITERS = 8;
    const EACH = 25;
    let writing = true;
    // Writers hold their transaction open a while after the insert, so lower ids often commit after higher ones.
    const writers = Array.from({ length: WRITERS }, async (_, w) => {
      for (let i = 0; i < EACH; i++) {
        await ctx.db.transaction(async (tx) => {
          await audit(tx, null, { action: 'test', entity: 'race', entityId: w, data: { w, i } });
          await sleep((w * 7 + i * 13) % 40);
        });
      }
    });
    // Two sealers (two processes) with a short lock timeout: they give up and come back while writers hold the table.
    let sealedRuns = 0;
    let gaveUp = 0;
    const sealers = [ctx.db, other].map(async (db) => {
      while (writing) {
        const result = await sealAuditChain(db, { batch: 7, lockTimeoutMs: 30 });
        if (result.sealed > 0) sealedRuns++;
        if (!result.complete) gaveUp++;
        await sleep(5);
      }
    });
    // Verifications meanwhile: each sees one moment of the chain, never a half-sealed one.
    const problems: unknown[] = [];
    let verified = 0;
    const verifier = (async () => {
      while (writing) {
        const report = await verifyAuditChain(other);
        if (!report.ok) problems.push(report.problem);
        verified++;
        await sleep(3);
      }
    })();
    await Promise.all(writers);
    writing = false;
    await Promise.all([...sealers, verifier]);
    expect(problems).toEqual([]);
    expect(verified).toBeGreaterThan(1);
    expect(sealedRuns).toBeGreaterThan(1);
    await sealAuditChain(ctx.db);

    const report = await verifyAuditChain(ctx.db);
    expect(report.problem).toBeNull();
    expect(report.ok).toBe(true);
    expect(report.unsealed).toBe(0);
    const [count] = rowsOf<{ n: string; sealed: string }>(
      await ctx.db.execute(
        sql`select count(*)::text as n, count(hash)::text as sealed from audit_log where entity = 'race'`,
      ),
    );
    expect(Number(count?.n)).toBe(WRITERS * EACH);
    expect(Number(count?.sealed)).toBe(WRITERS * EACH);
    // The log says how often a sealer waited for writers and let go.
    expect(gaveUp).toBeGreaterThanOrEqual(0);
  });
});
