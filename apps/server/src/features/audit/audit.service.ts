import { Readable } from 'node:stream';
import {
  AUDIT_EXPORT_COLUMNS,
  type AuditChainStatus,
  type AuditExportQuery,
  auditExportFileName,
  type ChainVerification,
  chainVerification,
} from '@hr/contracts/audit';
import { stringify } from 'csv-stringify';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { audit } from '../../lib/audit';
import { sealAuditChain, verifyAuditChain } from '../../lib/audit-chain';
import type { AuthContext } from '../../lib/auth-context';
import { domainError } from '../../lib/errors';
import { runJob } from '../../lib/jobs';
import { type ThrottleRule, throttle } from '../../lib/throttle';
import { auditRepository as repo } from './audit.repository';

/** Rows read per query while an export streams. */
const EXPORT_BATCH = 500;
/** How often the sealer looks for unsealed rows. */
const SEAL_EVERY_MS = 5_000;

/**
 * Verifications per HR administrator: each walks the whole chain (seconds on
 * a large audit), so a held-down button or a script cannot keep the database
 * busy. Counted in the database before the walk, shared by every process.
 */
export const VERIFY_RULE = {
  bucket: 'audit_chain_verify',
  limit: 10,
  windowMs: 60 * 60_000,
  message: (m: number) => `Too many verifications of the audit chain. Please try again in ${m} minute(s).`,
} satisfies ThrottleRule;

/** Exports per HR administrator: each reads up to a year of audit rows. */
export const EXPORT_RULE = {
  bucket: 'audit_export',
  limit: 30,
  windowMs: 60 * 60_000,
  message: (m: number) => `Too many audit exports. Please try again in ${m} minute(s).`,
} satisfies ThrottleRule;

/**
 * A cell a spreadsheet would take for a formula (`=`, `+`, `-`, `@` first, or
 * a tab or carriage return) starts with an apostrophe instead.
 */
export function safeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** The start of an office day (the process's time zone, lib/office-clock.ts) as an instant. */
const officeDayStart = (day: string) => new Date(`${day}T00:00:00`);
const nextDay = (day: string) => {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};

function requireHr(auth: AuthContext) {
  if (!auth.isAdmin) throw domainError('admin_only');
}

/** HR's view of the tamper-evident audit: the CSV export and the chain's state. */
export class AuditService {
  constructor(private readonly db: Db) {}

  /** GET audit/export: seals, audits the export, then streams the rows of the range as CSV. */
  async export(auth: AuthContext, q: AuditExportQuery): Promise<{ fileName: string; stream: Readable }> {
    requireHr(auth);
    await throttle.take(this.db, [{ rule: EXPORT_RULE, key: String(auth.userId) }]);
    await sealAuditChain(this.db);
    await this.db.transaction((tx) =>
      audit(tx, auth, { action: 'audit_export', entity: 'audit_log', data: { from: q.from, to: q.to } }),
    );
    const from = officeDayStart(q.from);
    const to = officeDayStart(nextDay(q.to));
    const db = this.db;
    async function* lines() {
      for (let after = 0; ; ) {
        const rows = await repo.exportRows(db, from, to, after, EXPORT_BATCH);
        for (const r of rows)
          yield [
            String(r.id),
            r.at,
            r.actorEid ?? '',
            r.actorName ?? '',
            r.impersonatorEid ?? '',
            r.impersonatorName ?? '',
            r.onBehalfEid ?? '',
            r.onBehalfName ?? '',
            r.action,
            r.entity,
            r.entityId === null ? '' : String(r.entityId),
            r.fromStatus === null ? '' : String(r.fromStatus),
            r.toStatus === null ? '' : String(r.toStatus),
            r.data ?? '',
            r.hash ?? '',
          ];
        if (rows.length < EXPORT_BATCH) return;
        after = (rows[rows.length - 1] as { id: number }).id;
      }
    }
    const csv = stringify({
      bom: true,
      header: true,
      columns: [...AUDIT_EXPORT_COLUMNS],
      cast: { string: safeCell },
    });
    const source = Readable.from(lines());
    source.on('error', (err) => csv.destroy(err));
    return { fileName: auditExportFileName(q.from, q.to), stream: source.pipe(csv) };
  }

  /** GET audit/chain: how far the chain is sealed, and its last verification. */
  async chain(auth: AuthContext): Promise<AuditChainStatus> {
    requireHr(auth);
    const state = await repo.chainState(this.db);
    const stored = chainVerification.safeParse(await repo.verification(this.db));
    return {
      sealed: state.sealed,
      unsealed: state.unsealed,
      last_sealed_id: state.lastId,
      last_sealed_at: state.lastSealedAt,
      verification: stored.success ? stored.data : null,
    };
  }

  /** POST audit/chain/verify: seals, walks the whole chain, keeps the result and answers the state. */
  async verify(auth: AuthContext): Promise<AuditChainStatus> {
    requireHr(auth);
    await throttle.take(this.db, [{ rule: VERIFY_RULE, key: String(auth.userId) }]);
    await sealAuditChain(this.db);
    await recordVerification(this.db);
    return this.chain(auth);
  }
}

/** Verifies the chain and keeps the result for the status screen. */
export async function recordVerification(db: Db): Promise<ChainVerification> {
  const report = await verifyAuditChain(db);
  const result: ChainVerification = {
    ok: report.ok,
    checked_at: new Date().toISOString(),
    rows: report.sealed,
    problem: report.problem,
  };
  await repo.saveVerification(db, result);
  return result;
}

/**
 * The scheduled sealer: every few seconds it seals the unsealed audit rows
 * (lib/audit-chain.ts). One process at a time seals (the table lock); a
 * process that cannot have the lock in time tries again on its next turn.
 */
export class AuditChainSealer {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> = Promise.resolve();
  private busy = false;

  constructor(
    private readonly db: Db,
    private readonly log?: FastifyBaseLogger,
    private readonly everyMs = SEAL_EVERY_MS,
  ) {}

  start(): void {
    const tick = () => {
      if (this.busy) return;
      this.busy = true;
      this.running = runJob('audit_chain_sealer', () => sealAuditChain(this.db))
        .catch((err) => this.log?.error({ err }, 'sealing the audit chain failed'))
        .finally(() => {
          this.busy = false;
        });
    };
    this.timer = setInterval(tick, this.everyMs);
    this.timer.unref();
    tick();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
