import { hasDirectionControl, TEXT_MESSAGES } from '@hr/contracts/text';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';

/** The largest id a PostgreSQL `integer` column holds. */
export const MAX_ID = 2_147_483_647;

/** The field texts of the input check. */
export const INPUT_MESSAGES = {
  nul: 'Text must not contain the NUL character (U+0000)',
  surrogate: 'Text must not contain a lone UTF-16 surrogate (a broken character)',
  /** The contracts' own text (packages/contracts text.ts), so a form shows it in the user's language. */
  direction: TEXT_MESSAGES.textDirection,
  key: 'Field names must not contain the NUL character or a lone UTF-16 surrogate',
  id: `An id must be a whole number from 1 to ${MAX_ID}`,
} as const;

const NUL = '\u0000';
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Names of fields that hold record ids: `id`, `*_id`, `*Id`, and their lists `ids`, `*_ids`. */
const isIdName = (name: string) => name === 'id' || name === 'ids' || /(_id|_ids|[a-z]Id)$/.test(name);

/** Names of fields that hold a password (`password`, `plain_password`): a secret no one reads, kept as typed. */
const isPasswordName = (name: string | null) => name !== null && /password/i.test(name);

function textProblem(text: string): string | null {
  if (text.includes(NUL)) return INPUT_MESSAGES.nul;
  if (LONE_SURROGATE.test(text)) return INPUT_MESSAGES.surrogate;
  return null;
}

/** What a value may not hold: `textProblem`'s, and a direction override but in a password. */
function valueProblem(text: string, name: string | null): string | null {
  const problem = textProblem(text);
  if (problem || isPasswordName(name)) return problem;
  return hasDirectionControl(text) ? INPUT_MESSAGES.direction : null;
}

/** A plain object: `{}`, or one without Object.prototype (as Fastify makes query and path parameters). */
const isPlainObject = (value: object) => {
  const proto = Object.getPrototypeOf(value);
  return proto === null || proto === Object.prototype || Object.getPrototypeOf(proto) === null;
};

export interface InputIssue {
  path: (string | number)[];
  message: string;
}

type Visit = (value: string | number, path: (string | number)[], name: string | null) => void;

/** Calls `visit` for every string and number of plain objects and arrays; `onKey` for every field name. */
function walk(value: unknown, visit: Visit, onKey?: (key: string, path: (string | number)[]) => boolean) {
  const go = (v: unknown, path: (string | number)[], name: string | null, depth: number) => {
    if (typeof v === 'string' || typeof v === 'number') {
      visit(v, path, name);
    } else if (Array.isArray(v)) {
      if (depth > 64) return;
      v.forEach((item, i) => {
        go(item, [...path, i], name, depth + 1);
      });
    } else if (v !== null && typeof v === 'object' && isPlainObject(v)) {
      if (depth > 64) return;
      for (const [key, item] of Object.entries(v)) {
        if (onKey && !onKey(key, path)) continue;
        go(item, [...path, key], key, depth + 1);
      }
    }
  };
  go(value, [], null, 0);
}

/**
 * Text no part of a request may carry: a NUL character or a lone UTF-16
 * surrogate (PostgreSQL refuses both, in text and in JSON), in values and
 * field names; and in values, a mark that overrides the direction of the
 * text after it (U+202A–U+202E, U+2066–U+2069), but in a password. Reads
 * the input as sent, so a field is named as the caller sent it.
 */
export function textIssues(value: unknown): InputIssue[] {
  const issues: InputIssue[] = [];
  walk(
    value,
    (v, path, name) => {
      const problem = typeof v === 'string' ? valueProblem(v, name) : null;
      if (problem) issues.push({ path, message: problem });
    },
    (key, path) => {
      if (!textProblem(key)) return true;
      issues.push({ path, message: INPUT_MESSAGES.key });
      return false;
    },
  );
  return issues;
}

/**
 * Ids outside PostgreSQL's `integer` (1 to 2^31-1): numbers under an id's
 * name (`id`, `*_id`, `*Id`, `ids`, `*_ids`). Reads the input as its schema
 * parsed it, so query and path ids are numbers by then.
 */
export function idIssues(value: unknown): InputIssue[] {
  const issues: InputIssue[] = [];
  walk(value, (v, path, name) => {
    if (typeof v !== 'number' || name === null || !isIdName(name)) return;
    if (!(Number.isInteger(v) && v >= 1 && v <= MAX_ID)) issues.push({ path, message: INPUT_MESSAGES.id });
  });
  return issues;
}

const report = (issues: InputIssue[], ctx: z.RefinementCtx) => {
  for (const issue of issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
};

/**
 * The app's validator compiler: each route's zod schema (body, query string,
 * path parameters, headers) is wrapped so that text with NUL, a lone
 * surrogate or a direction override is refused before the schema reads the
 * input (the schemas check the text others read again, packages/contracts
 * text.ts, with line breaks and other control characters), and ids beyond
 * PostgreSQL's integer after it. So the check holds for every route in one
 * place, and its failures are ordinary validation failures: a 422 with the
 * field's error for a body, a 400 `invalid_query` or `invalid_path` otherwise.
 */
export const checkedValidatorCompiler: FastifySchemaCompiler<ZodType> = (route) => {
  const schema = route.schema as ZodType;
  if (typeof schema?.superRefine !== 'function') return validatorCompiler(route);
  const checked = z
    .unknown()
    .superRefine((input, ctx) => report(textIssues(input), ctx))
    .pipe(schema.superRefine((value: unknown, ctx: z.RefinementCtx) => report(idIssues(value), ctx)));
  return validatorCompiler({ ...route, schema: checked });
};
