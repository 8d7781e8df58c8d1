import { readEprMissing } from '@hr/contracts/epr-missing';
import {
  ERRORS,
  type ErrorParams,
  isErrorCode,
  RECORD_KINDS,
  type RecordKind,
} from '@hr/contracts/error-codes';
import type { ErrorBody } from '@hr/contracts/errors';
import type { Status } from '@hr/contracts/lists';
import { WORKFLOW_ACTIONS, type WorkflowAction } from '@hr/contracts/workflow';
import { i18n } from './i18n';

/** The workflow actions an error's `action` parameter names (declared in contracts). */
export { WORKFLOW_ACTIONS, type WorkflowAction };

/**
 * API errors, workflow statuses and KPI and EPR types in the user's
 * language. Every code of the catalog (packages/contracts error-codes.ts) has
 * its text as `serverErrors.<code>`; the English locale holds the catalog's
 * own texts.
 */

export function isRecordKind(value: unknown): value is RecordKind {
  return typeof value === 'string' && Object.hasOwn(RECORD_KINDS, value);
}

export function isWorkflowAction(value: unknown): value is WorkflowAction {
  return typeof value === 'string' && (WORKFLOW_ACTIONS as readonly string[]).includes(value);
}

/** The sorted, distinct `{{name}}`s of a text. */
export function textParams(text: string): string[] {
  return [...new Set([...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] as string))].sort();
}

// Keys built at run time; the casts name one existing key of each family for the typed `t`.
const text = (key: string) => i18n.t(key as 'records.leave');
const has = (key: string) => i18n.exists(key);

/**
 * A name fixed by SPEC.md (a status, a KPI or EPR type) in the current
 * language by its family, record kind and id (`<family>.<kind>.<id>`), else
 * the name the server gave.
 */
function fixedName(
  family: 'statuses' | 'types',
  kind: RecordKind,
  item: Pick<Status, 'id' | 'name'>,
): string {
  const key = `${family}.${kind}.${item.id}`;
  return has(key) ? text(key) : item.name;
}

/**
 * A status's name in the current language by its record kind and id
 * (`statuses.<kind>.<id>`), else the name the server gave.
 */
export function statusName(kind: RecordKind, status: Pick<Status, 'id' | 'name'>): string {
  return fixedName('statuses', kind, status);
}

/** The record kinds with types fixed by SPEC.md §5: KPI sheets (yearly, custom period) and reviews. */
export type TypedRecordKind = Extract<RecordKind, 'kpi' | 'epr'>;

/**
 * A KPI or EPR type's name in the current language by its record kind and id
 * (`types.<kind>.<id>`), else the name the server gave.
 */
export function typeName(kind: TypedRecordKind, type: Pick<Status, 'id' | 'name'>): string {
  return fixedName('types', kind, type);
}

/** Types (`{ id, name }`, a lookup's answer) with their names in the current language. */
export function typeChoices<T extends Pick<Status, 'id' | 'name'>>(
  kind: TypedRecordKind,
  types: readonly T[],
): T[] {
  return types.map((type) => ({ ...type, name: typeName(kind, type) }));
}

/**
 * An error's parameters for the current language: `record` becomes the
 * record's name, `status_id` (with `record`) the status name as `status`,
 * `action` the verb and its past form as `done`, a known reference `kind`
 * its name, `item` the name of the items of its profile `section`. Anything
 * else stays as the server sent it.
 */
export function localParams(params: ErrorParams = {}): ErrorParams {
  const out: ErrorParams = { ...params };
  const record = params.record;
  if (isRecordKind(record)) {
    out.record = text(`records.${record}`);
    const statusId = params.status_id;
    if (statusId !== undefined && has(`statuses.${record}.${statusId}`)) {
      out.status = text(`statuses.${record}.${statusId}`);
    }
  }
  const action = params.action;
  if (isWorkflowAction(action)) {
    out.action = text(`workflowActions.${action}`);
    out.done = text(`workflowDone.${action}`);
  }
  const kind = params.kind;
  if (typeof kind === 'string') {
    const key = `referenceKinds.${kind
      .trim()
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')}`;
    if (has(key)) out.kind = text(key);
  }
  const section = params.section;
  if (typeof section === 'string' && has(`profileItems.${section}`))
    out.item = text(`profileItems.${section}`);
  // What a review still lacks, worded part by part (with plurals) and listed as the language lists.
  const missing = params.missing_parts;
  if (typeof missing === 'string') {
    const parts = readEprMissing(missing).map(({ part, count }) =>
      i18n.t(`eprMissing.${part}` as 'serverErrors.unauthorized', count === undefined ? {} : { count }),
    );
    if (parts.length > 0)
      out.missing = new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(parts);
  }
  return out;
}

/**
 * The text of an error body's code in the current language, with its
 * parameters; null for a body without a known code, or when the body lacks a
 * parameter the text needs.
 */
export function codeText(body: Partial<ErrorBody> | null | undefined): string | null {
  const code = body?.error;
  if (!isErrorCode(code)) return null;
  const key = `serverErrors.${code}`;
  if (!has(key)) return null;
  const params = localParams(body?.params);
  if (textParams(ERRORS[code].message).some((name) => !Object.hasOwn(params, name))) return null;
  return i18n.t(key as 'serverErrors.unauthorized', {
    replace: params,
    interpolation: { escapeValue: false },
  });
}
