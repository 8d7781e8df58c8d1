import type { Db } from '../db/client';
import { auditLog } from '../db/schema';
import type { AuthContext } from './auth-context';

export interface AuditEntry {
  action: string;
  entity: string;
  entityId?: number | null;
  fromStatus?: number | null;
  toStatus?: number | null;
  data?: Record<string, unknown>;
  /** The person the actor decided for (a delegator, or the decider of an escalated item). */
  onBehalfOf?: number | null;
}

/** Writes one audit row for a state change, inside the caller's transaction; answers its id. */
export async function audit(db: Db, actor: AuthContext | null, entry: AuditEntry): Promise<number> {
  const [row] = await db
    .insert(auditLog)
    .values({
      actorUserId: actor?.userId ?? null,
      actorEmployeeId: actor?.employeeId ?? null,
      impersonatorUserId: actor?.impersonatorUserId ?? null,
      onBehalfOfEmployeeId: entry.onBehalfOf ?? null,
      action: entry.action,
      entity: entry.entity,
      entityId: entry.entityId ?? null,
      fromStatus: entry.fromStatus ?? null,
      toStatus: entry.toStatus ?? null,
      data: entry.data ?? null,
    })
    .returning({ id: auditLog.id });
  return (row as { id: number }).id;
}

/** A value as the change log keeps it. */
export type ChangeValue = string | number | boolean | null;

/** The fields of a record, before or after a change, by name. */
export type FieldValues = Record<string, unknown>;

/** `{ field: { before, after } }` for every field whose value changed. */
export type FieldChanges = Record<string, { before: ChangeValue; after: ChangeValue }>;

function plain(value: unknown): ChangeValue {
  if (value === undefined || value === null || value === '') return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return JSON.stringify(value);
}

/**
 * The one field diff of the change log: the fields whose value differs
 * between `before` and `after`, in the order they are named. A record that
 * did not exist (an item added) or no longer exists (an item removed) is
 * null: every field of the other side is a change. Missing, undefined and
 * empty text all count as null.
 */
export function diffFields(before: FieldValues | null, after: FieldValues | null): FieldChanges {
  const changes: FieldChanges = {};
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  for (const field of fields) {
    const was = plain(before?.[field]);
    const is = plain(after?.[field]);
    if (was !== is) changes[field] = { before: was, after: is };
  }
  return changes;
}

/** A change to a person's record: which part of it, and the record's fields before and after. */
export interface RecordChange {
  action: string;
  /** The employee whose record changed. */
  employeeId: number;
  /** The part of the record (packages/contracts privacy.ts RECORD_SECTIONS). */
  section: string;
  /** The item of a list section (an education, a document...), when one. */
  itemId?: number | null;
  before: FieldValues | null;
  after: FieldValues | null;
  fromStatus?: number | null;
  toStatus?: number | null;
  /** More facts for the row (not shown as changes). */
  data?: Record<string, unknown>;
}

/**
 * The one shape of a change of values in an audit row's `data`: `changes`,
 * `{ field: { before, after } }` for every field that changed, and `fields`,
 * their names in the record's order (a jsonb object keeps its keys in an
 * order of its own). Other facts of the row stay beside them as other keys.
 */
export type ChangeData = {
  changes: FieldChanges;
  fields: string[];
};

/** The `data` of a change (`changes` and `fields`) from a field diff. */
export function changeData(changes: FieldChanges): ChangeData {
  return { changes, fields: Object.keys(changes) };
}

/**
 * The fields of `patch` whose value differs from `before` (fields the patch
 * leaves out, undefined, are not compared): the diff of a partial update.
 */
export function diffPatch(before: FieldValues, patch: FieldValues): FieldChanges {
  const sent = Object.keys(patch).filter((field) => patch[field] !== undefined);
  return diffFields(
    Object.fromEntries(sent.map((field) => [field, before[field]])),
    Object.fromEntries(sent.map((field) => [field, patch[field]])),
  );
}

/**
 * Writes the audit row of a change to a person's record with its field diff
 * (`data.changes`), inside the caller's transaction. Nothing changed, no row:
 * answers whether a row was written.
 */
export async function auditChange(db: Db, actor: AuthContext | null, change: RecordChange): Promise<boolean> {
  const changes = diffFields(change.before, change.after);
  if (Object.keys(changes).length === 0) return false;
  await audit(db, actor, {
    action: change.action,
    entity: 'employee',
    entityId: change.employeeId,
    fromStatus: change.fromStatus ?? null,
    toStatus: change.toStatus ?? null,
    data: {
      ...change.data,
      section: change.section,
      ...(change.itemId != null ? { item_id: change.itemId } : {}),
      ...changeData(changes),
    },
  });
  return true;
}
