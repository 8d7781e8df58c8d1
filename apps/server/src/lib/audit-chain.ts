import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { pgCode } from './db-errors';

/**
 * The tamper-evident audit (docs/decisions.md, "Tamper-evident audit").
 *
 * Rows are written unsealed by `audit()` (and directly by the seeds). The
 * sealer takes `LOCK TABLE audit_log IN SHARE ROW EXCLUSIVE MODE`, which waits
 * for every transaction that inserted a row and keeps new inserts out while
 * it works: once it holds the lock no uncommitted row exists and every later
 * row gets a higher id, so sealing the unsealed rows in id order never skips a
 * row that commits late. Each sealed row gets
 *
 *   content_hash = SHA-256 of its canonical content (`canonicalContent`),
 *   prev_hash    = the previous sealed row's `hash` (GENESIS_HASH for the first),
 *   hash         = SHA-256(prev_hash || content_hash),
 *
 * and `audit_chain_head` (one row) keeps the last sealed id, its hash and the
 * number of sealed rows, so cutting rows off the end shows too.
 *
 * An erasure rewrites the personal content of old rows (`redactAudit`): such a
 * row keeps its stored hashes (the chain still links) and its `redacted_by`
 * names the erasure's audit row, whose `data.redaction` holds the count and a
 * digest of the redacted rows' new content; the verifier checks that digest
 * instead of the row's original content hash.
 */

/** The `prev_hash` of the first sealed row. */
export const GENESIS_HASH = '0'.repeat(64);
/** Rows sealed per transaction (the lock is held for one batch at a time). */
export const SEAL_BATCH = 1000;
/** How long the sealer waits for writers' transactions before giving up until its next turn. */
export const SEAL_LOCK_TIMEOUT_MS = 250;
/** The text that replaces erased personal content. */
export const ERASED = '[erased]';

const CONTENT_VERSION = 'audit-v1';

export const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/** JSON with every object's keys sorted (recursively): one text for one value. */
export function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number') return Number.isFinite(value) ? JSON.stringify(value) : 'null';
  if (typeof value === 'string' || typeof value === 'boolean') return JSON.stringify(value);
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v)).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return 'null';
}

/** An audit row's content as the chain hashes it (what `redacted_by` and the hash columns are not). */
export interface AuditContent {
  id: number;
  /** UTC, with microseconds: `YYYY-MM-DDTHH:MM:SS.ffffffZ`, read as text from the database. */
  createdAt: string;
  actorUserId: number | null;
  actorEmployeeId: number | null;
  impersonatorUserId: number | null;
  onBehalfOfEmployeeId: number | null;
  action: string;
  entity: string;
  entityId: number | null;
  fromStatus: number | null;
  toStatus: number | null;
  data: unknown;
}

/** The canonical serialisation of a row's content. */
export function canonicalContent(row: AuditContent): string {
  return `${CONTENT_VERSION}\n${canonicalJson({
    id: row.id,
    created_at: row.createdAt,
    actor_user_id: row.actorUserId,
    actor_employee_id: row.actorEmployeeId,
    impersonator_user_id: row.impersonatorUserId,
    on_behalf_of_employee_id: row.onBehalfOfEmployeeId,
    action: row.action,
    entity: row.entity,
    entity_id: row.entityId,
    from_status: row.fromStatus,
    to_status: row.toStatus,
    data: row.data ?? null,
  })}`;
}

export const contentHash = (row: AuditContent): string => sha256(canonicalContent(row));
export const linkHash = (prevHash: string, content: string): string => sha256(prevHash + content);

/** The digest an erasure keeps over the rows it redacted: their ids and new content hashes, by id. */
export function redactionDigest(rows: { id: number; contentHash: string }[]): string {
  const sorted = [...rows].sort((a, b) => a.id - b.id);
  return sha256(sorted.map((r) => `${r.id}:${r.contentHash}\n`).join(''));
}

// ---------------------------------------------------------------------------
// Reading rows

interface StoredRow extends AuditContent {
  contentHash: string | null;
  prevHash: string | null;
  hash: string | null;
  redactedBy: number | null;
}

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

const ROW_COLUMNS = sql`id::text as id,
  to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at,
  actor_user_id, actor_employee_id, impersonator_user_id, on_behalf_of_employee_id,
  action, entity, entity_id::text as entity_id, from_status, to_status, data::text as data,
  content_hash, prev_hash, hash, redacted_by::text as redacted_by`;

type RawRow = Record<string, unknown>;

function toStored(r: RawRow): StoredRow {
  return {
    id: Number(r.id),
    createdAt: String(r.created_at),
    actorUserId: num(r.actor_user_id),
    actorEmployeeId: num(r.actor_employee_id),
    impersonatorUserId: num(r.impersonator_user_id),
    onBehalfOfEmployeeId: num(r.on_behalf_of_employee_id),
    action: String(r.action),
    entity: String(r.entity),
    entityId: num(r.entity_id),
    fromStatus: num(r.from_status),
    toStatus: num(r.to_status),
    data: r.data === null || r.data === undefined ? null : JSON.parse(String(r.data)),
    contentHash: (r.content_hash as string | null) ?? null,
    prevHash: (r.prev_hash as string | null) ?? null,
    hash: (r.hash as string | null) ?? null,
    redactedBy: num(r.redacted_by),
  };
}

async function selectRows(db: Db, where: SQL, limit?: number): Promise<StoredRow[]> {
  const result = await db.execute(
    sql`select ${ROW_COLUMNS} from audit_log where ${where} order by audit_log.id${limit ? sql` limit ${limit}` : sql``}`,
  );
  return rowsOf<RawRow>(result).map(toStored);
}

interface Head {
  lastId: number;
  lastHash: string;
  rows: number;
}

async function readHead(db: Db): Promise<Head | null> {
  const result = await db.execute(
    sql`select last_id::text as last_id, last_hash, rows::text as rows from audit_chain_head where id = 1`,
  );
  const [row] = rowsOf<{ last_id: string; last_hash: string; rows: string }>(result);
  return row ? { lastId: Number(row.last_id), lastHash: row.last_hash, rows: Number(row.rows) } : null;
}

// ---------------------------------------------------------------------------
// Sealing

export interface SealResult {
  /** Rows sealed by this run. */
  sealed: number;
  /** False when the lock could not be had in time (writers busy, or another sealer): try later. */
  complete: boolean;
}

class LockBusy extends Error {}

/** Seals one batch under the table lock; null when the lock was not had in time. */
async function sealBatch(db: Db, batch: number, lockTimeoutMs: number): Promise<number | null> {
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local lock_timeout = '${Math.max(1, Math.floor(lockTimeoutMs))}ms'`));
      try {
        await tx.execute(sql`lock table audit_log in share row exclusive mode`);
      } catch (err) {
        if (pgCode(err) === '55P03') throw new LockBusy();
        throw err;
      }
      const rows = await selectRows(tx, sql`hash is null`, batch);
      if (rows.length === 0) return 0;
      const head = await readHead(tx);
      let prev = head?.lastHash ?? GENESIS_HASH;
      const sealedRows = rows.map((row) => {
        const content = contentHash(row);
        const hash = linkHash(prev, content);
        const sealed = { id: row.id, content, prev, hash };
        prev = hash;
        return sealed;
      });
      await tx.execute(sql`update audit_log as a
        set content_hash = v.content_hash, prev_hash = v.prev_hash, hash = v.hash
        from (values ${sql.join(
          sealedRows.map(
            (r) => sql`(${r.id}::bigint, ${r.content}::varchar, ${r.prev}::varchar, ${r.hash}::varchar)`,
          ),
          sql`, `,
        )}) as v(id, content_hash, prev_hash, hash)
        where a.id = v.id and a.hash is null`);
      const last = sealedRows[sealedRows.length - 1] as (typeof sealedRows)[number];
      const count = (head?.rows ?? 0) + sealedRows.length;
      await tx.execute(sql`insert into audit_chain_head (id, last_id, last_hash, rows, updated_at)
        values (1, ${last.id}, ${last.hash}, ${count}, now())
        on conflict (id) do update set last_id = excluded.last_id, last_hash = excluded.last_hash,
          rows = excluded.rows, updated_at = excluded.updated_at`);
      return sealedRows.length;
    });
  } catch (err) {
    if (err instanceof LockBusy) return null;
    throw err;
  }
}

/**
 * Seals every unsealed audit row, in id order, one batch per transaction
 * under the table lock. Idempotent; one sealer at a time (the lock). Gives
 * up (complete: false) when writers or another sealer hold the table longer
 * than `lockTimeoutMs`.
 */
export async function sealAuditChain(
  db: Db,
  options: { batch?: number; lockTimeoutMs?: number } = {},
): Promise<SealResult> {
  const batch = options.batch ?? SEAL_BATCH;
  const lockTimeoutMs = options.lockTimeoutMs ?? SEAL_LOCK_TIMEOUT_MS;
  let sealed = 0;
  for (;;) {
    const n = await sealBatch(db, batch, lockTimeoutMs);
    if (n === null) return { sealed, complete: false };
    sealed += n;
    if (n < batch) return { sealed, complete: true };
  }
}

// ---------------------------------------------------------------------------
// Verifying

export type ChainBreak =
  /** The row's content (or its stored hashes) no longer match what was sealed. */
  | 'edited'
  /** The row's prev_hash names no sealed row: rows before it were deleted. */
  | 'deleted_before'
  /** The row links to or holds the content of another sealed row: rows were moved. */
  | 'reordered'
  /** The head does not name the last sealed row or the count: rows at the end were deleted (or the head changed). */
  | 'head_mismatch'
  /** An unsealed row has an id below the last sealed one: a row inserted into, or un-sealed in, the chain. */
  | 'unsealed_inside'
  /** The rows an erasure redacted no longer match its digest (one edited, added or removed). */
  | 'redaction_mismatch';

export interface ChainProblem {
  /** The first broken row (for the head: the last sealed row, or the head's id when rows are missing). */
  id: number | null;
  kind: ChainBreak;
  detail: string;
}

export interface ChainReport {
  ok: boolean;
  /** Sealed rows walked. */
  sealed: number;
  unsealed: number;
  lastId: number | null;
  problem: ChainProblem | null;
}

interface RedactionRecord {
  rows: number;
  digest: string;
  /** Rows this erasure redacted again after an earlier erasure: [id, content hash under the earlier one, earlier erasure row]. */
  replaced?: [number, string, number][];
}

function redactionOf(data: unknown): RedactionRecord | null {
  const r = (data as { redaction?: unknown } | null)?.redaction as RedactionRecord | undefined;
  if (!r || typeof r.digest !== 'string' || typeof r.rows !== 'number') return null;
  return r;
}

/** Why a row does not link to the sealed row before it. */
async function brokenLink(db: Db, row: StoredRow, prevId: number | null): Promise<ChainProblem> {
  const inside = await db.execute(
    sql`select min(id)::text as id from audit_log where hash is null and id > ${prevId ?? 0} and id < ${row.id}`,
  );
  const [unsealed] = rowsOf<{ id: string | null }>(inside);
  if (unsealed?.id)
    return {
      id: Number(unsealed.id),
      kind: 'unsealed_inside',
      detail: `the row is unsealed but sits inside the chain (before sealed row ${row.id})`,
    };
  const linked = await db.execute(
    sql`select id::text as id from audit_log where hash = ${row.prevHash} limit 1`,
  );
  const [to] = rowsOf<{ id: string }>(linked);
  const after = prevId === null ? 'the start of the chain' : `row ${prevId}, the sealed row before it`;
  return to
    ? { id: row.id, kind: 'reordered', detail: `the row links to row ${to.id} instead of ${after}` }
    : {
        id: row.id,
        kind: 'deleted_before',
        detail: `the row does not link to ${after}: rows before it were deleted`,
      };
}

/** Whether the row holds the content sealed as one of its near neighbours (rows moved between ids). */
async function movedContent(db: Db, row: StoredRow): Promise<number | null> {
  const near = await selectRows(db, sql`hash is not null and id between ${row.id - 50} and ${row.id + 50}`);
  for (const other of near) {
    if (other.id !== row.id && other.contentHash === contentHash({ ...row, id: other.id })) return other.id;
  }
  return null;
}

/**
 * Walks the sealed rows in id order and checks each row's content hash
 * (recomputed; for a redacted row its erasure's digest instead), its link to
 * the previous row, its hash, then the head and that no unsealed row sits
 * inside the chain. Reports the first problem found.
 */
export function verifyAuditChain(db: Db, options: { batch?: number } = {}): Promise<ChainReport> {
  // One snapshot for the whole walk: rows a sealer seals meanwhile (and the head it moves) are not half seen.
  return db.transaction((tx) => verifyIn(tx, options.batch ?? 2000), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
}

async function verifyIn(db: Db, batch: number): Promise<ChainReport> {
  let prev = GENESIS_HASH;
  let prevId: number | null = null;
  let sealed = 0;
  const redacted = new Map<number, { id: number; contentHash: string }[]>();
  const erasureRows = new Map<number, StoredRow>();
  let problem: ChainProblem | null = null;

  walk: for (let after = 0; ; ) {
    const rows = await selectRows(db, sql`hash is not null and id > ${after}`, batch);
    if (rows.length === 0) break;
    for (const row of rows) {
      after = row.id;
      const recomputed = contentHash(row);
      if (row.prevHash !== prev) {
        problem = await brokenLink(db, row, prevId);
        break walk;
      }
      if (row.redactedBy !== null) {
        const list = redacted.get(row.redactedBy) ?? [];
        list.push({ id: row.id, contentHash: recomputed });
        redacted.set(row.redactedBy, list);
      } else if (recomputed !== row.contentHash) {
        const from = await movedContent(db, row);
        problem =
          from === null
            ? { id: row.id, kind: 'edited', detail: 'the row content differs from what was sealed' }
            : { id: row.id, kind: 'reordered', detail: `the row holds the content sealed as row ${from}` };
        break walk;
      }
      if (row.hash !== linkHash(row.prevHash ?? '', row.contentHash ?? '')) {
        problem = { id: row.id, kind: 'edited', detail: 'the row hash does not match its content and link' };
        break walk;
      }
      if (redactionOf(row.data)) erasureRows.set(row.id, row);
      prev = row.hash;
      prevId = row.id;
      sealed++;
    }
  }

  if (!problem) problem = await checkRedactions(db, redacted, erasureRows);

  const head = await readHead(db);
  if (!problem) {
    if (!head && sealed > 0)
      problem = {
        id: prevId,
        kind: 'head_mismatch',
        detail: 'sealed rows exist but the chain head is missing',
      };
    else if (head && (head.lastId !== prevId || head.lastHash !== prev || head.rows !== sealed))
      problem = {
        id: head.lastId !== prevId ? head.lastId : prevId,
        kind: 'head_mismatch',
        detail:
          head.lastId !== prevId
            ? `the head names row ${head.lastId} as the last sealed row, the last one found is ${prevId ?? 'none'}`
            : `the head's hash or count (${head.rows}) does not match the chain (${sealed} rows)`,
      };
  }

  const unsealedResult = await db.execute(sql`select count(*)::int as n,
      min(id) filter (where id < ${prevId ?? 0})::text as inside
    from audit_log where hash is null`);
  const [u] = rowsOf<{ n: number | string; inside: string | null }>(unsealedResult);
  const unsealed = Number(u?.n ?? 0);
  if (!problem && u?.inside)
    problem = {
      id: Number(u.inside),
      kind: 'unsealed_inside',
      detail: `the row is unsealed but has an id below the last sealed row ${prevId}`,
    };

  return { ok: problem === null, sealed, unsealed, lastId: prevId, problem };
}

async function checkRedactions(
  db: Db,
  redacted: Map<number, { id: number; contentHash: string }[]>,
  erasureRows: Map<number, StoredRow>,
): Promise<ChainProblem | null> {
  // Rows a later erasure redacted again count for the earlier one with the hash the later one recorded.
  const carried = new Map<number, { id: number; contentHash: string }[]>();
  for (const row of erasureRows.values()) {
    for (const [id, hash, earlier] of redactionOf(row.data)?.replaced ?? []) {
      const list = carried.get(earlier) ?? [];
      list.push({ id, contentHash: hash });
      carried.set(earlier, list);
    }
  }
  // Unsealed rows count too: redacted before their sealing, or an erasure's row not sealed yet.
  for (const row of await selectRows(db, sql`hash is null and redacted_by is not null`)) {
    const list = redacted.get(row.redactedBy as number) ?? [];
    list.push({ id: row.id, contentHash: contentHash(row) });
    redacted.set(row.redactedBy as number, list);
  }
  for (const row of await selectRows(db, sql`hash is null and data ? 'redaction'`)) {
    for (const [id, hash, earlier] of redactionOf(row.data)?.replaced ?? []) {
      const list = carried.get(earlier) ?? [];
      list.push({ id, contentHash: hash });
      carried.set(earlier, list);
    }
  }
  const erasureIds = [...new Set([...redacted.keys(), ...carried.keys()])].sort((a, b) => a - b);
  for (const erasureId of erasureIds) {
    const rows = [...(redacted.get(erasureId) ?? []), ...(carried.get(erasureId) ?? [])];
    const firstRow = Math.min(...rows.map((r) => r.id));
    let erasure = erasureRows.get(erasureId);
    if (!erasure) {
      // An erasure row not yet sealed still holds its digest.
      [erasure] = await selectRows(db, sql`id = ${erasureId}`);
    }
    const record = erasure ? redactionOf(erasure.data) : null;
    if (!record)
      return {
        id: firstRow,
        kind: 'redaction_mismatch',
        detail: `the row is marked redacted by row ${erasureId}, which records no redaction`,
      };
    if (record.rows !== rows.length || record.digest !== redactionDigest(rows))
      return {
        id: firstRow,
        kind: 'redaction_mismatch',
        detail: `the rows redacted by row ${erasureId} no longer match its digest (${record.rows} rows recorded, ${rows.length} found)`,
      };
  }
  return null;
}

// ---------------------------------------------------------------------------
// Redaction (the erasure of a person who left)

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function redactValue(value: unknown, pattern: RegExp | null, exact: Set<string>): unknown {
  if (typeof value === 'string') {
    if (exact.has(value.toLowerCase())) return ERASED;
    return pattern ? value.replace(pattern, ERASED) : value;
  }
  if (typeof value === 'number') return exact.has(String(value)) ? ERASED : value;
  if (Array.isArray(value)) return value.map((v) => redactValue(v, pattern, exact));
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, redactValue(v, pattern, exact)]),
    );
  return value;
}

/**
 * A row's `data` with the person's content erased: every occurrence of a
 * secret (case-insensitive) replaced by "[erased]", and for a row about the
 * person the `changes` before/after values too.
 */
export function redactData(data: unknown, secrets: string[], aboutPerson: boolean): unknown {
  const clean = [...new Set(secrets.map((s) => s.trim()).filter((s) => s.length > 0))].sort(
    (a, b) => b.length - a.length,
  );
  const pattern = clean.length > 0 ? new RegExp(clean.map(escapeRegExp).join('|'), 'giu') : null;
  const exact = new Set(clean.map((s) => s.toLowerCase()));
  let out = redactValue(data, pattern, exact);
  if (aboutPerson && out && typeof out === 'object' && !Array.isArray(out)) {
    const changes = (out as { changes?: unknown }).changes;
    if (changes && typeof changes === 'object' && !Array.isArray(changes)) {
      out = {
        ...(out as Record<string, unknown>),
        changes: Object.fromEntries(
          Object.entries(changes as Record<string, unknown>).map(([field, change]) => [
            field,
            change && typeof change === 'object' ? { ...change, before: ERASED, after: ERASED } : ERASED,
          ]),
        ),
      };
    }
  }
  return out;
}

/**
 * Inside the caller's (the erasure's) transaction: rewrites the `data` of
 * every audit row about the person (entity 'employee' with `employeeId`, or
 * 'user' with `userId`) or whose data mentions one of `secrets`
 * (case-insensitive), marks them `redacted_by = erasureRowId`, and writes into
 * the erasure's own audit row (which must be unsealed: written in the same
 * transaction) `data.redaction = { rows, digest }` over the rows' new content,
 * which the verifier checks instead of their original content hashes.
 */
export async function redactAudit(
  db: Db,
  input: { erasureRowId: number; employeeId: number; userId: number | null; secrets: string[] },
): Promise<{ rows: number }> {
  // The sealer must not seal rows between reading and rewriting them (it waits for this transaction).
  await db.execute(sql`lock table audit_log in row exclusive mode`);
  const [erasure] = await selectRows(db, sql`id = ${input.erasureRowId}`);
  if (!erasure) throw new Error(`redactAudit: audit row ${input.erasureRowId} does not exist`);
  if (erasure.hash !== null)
    throw new Error(`redactAudit: audit row ${input.erasureRowId} is already sealed`);

  const secrets = [...new Set(input.secrets.map((s) => s.trim()).filter((s) => s.length > 0))];
  const about = sql`(entity = 'employee' and entity_id = ${input.employeeId})${
    input.userId !== null ? sql` or (entity = 'user' and entity_id = ${input.userId})` : sql``
  }`;
  const mentions =
    secrets.length > 0
      ? sql.join(
          secrets.map((s) => sql`data::text ilike ${`%${escapeLike(s)}%`}`),
          sql` or `,
        )
      : sql`false`;
  const candidates = await selectRows(db, sql`id <> ${input.erasureRowId} and ((${about}) or (${mentions}))`);

  const done: { id: number; contentHash: string }[] = [];
  const replaced: [number, string, number][] = [];
  for (const row of candidates) {
    const aboutPerson =
      (row.entity === 'employee' && row.entityId === input.employeeId) ||
      (input.userId !== null && row.entity === 'user' && row.entityId === input.userId);
    const data = redactData(row.data, secrets, aboutPerson);
    if (!aboutPerson && canonicalJson(data) === canonicalJson(row.data)) continue;
    if (row.redactedBy !== null && row.redactedBy !== input.erasureRowId)
      replaced.push([row.id, contentHash(row), row.redactedBy]);
    await db.execute(sql`update audit_log set data = ${JSON.stringify(data)}::jsonb,
      redacted_by = ${input.erasureRowId} where id = ${row.id}`);
    done.push({ id: row.id, contentHash: contentHash({ ...row, data }) });
  }

  const record: RedactionRecord = {
    rows: done.length,
    digest: redactionDigest(done),
    ...(replaced.length > 0 ? { replaced } : {}),
  };
  await db.execute(sql`update audit_log
    set data = coalesce(data, '{}'::jsonb) || jsonb_build_object('redaction', ${JSON.stringify(record)}::jsonb)
    where id = ${input.erasureRowId}`);
  return { rows: done.length };
}
