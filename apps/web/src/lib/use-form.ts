import type { FormEvent } from 'react';
import { useCallback, useId, useMemo, useRef, useState } from 'react';
import type { z } from 'zod';
import { ApiError } from './http';
import { translateValidation } from './i18n';
import { reportError, serverErrorText } from './notify';

/** A field's place in the values: `name`, or `items.0.name` in a list. */
export type FieldPath = string;

/** What a control needs from the form for one field. */
export interface FieldBinding<T> {
  id: string;
  name: FieldPath;
  value: T;
  /** The field's message (translated), or null. */
  error: string | null;
  onChange: (value: T) => void;
  onBlur: () => void;
}

/** The props a control takes, given by `Field` (its description and state included). */
export interface ControlProps<T> {
  id: string;
  value: T;
  // A method, so a control taking a wider value (string | null) serves a field of string.
  onChange(value: T): void;
  onBlur: () => void;
  invalid: boolean;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
  /** A group of choices is named by the field's label this way. */
  'aria-labelledby'?: string;
}

type Messages = Record<FieldPath, string>;

const pathKey = (path: readonly PropertyKey[]) => path.map(String).join('.');

function getAt(values: unknown, path: FieldPath): unknown {
  let at: unknown = values;
  for (const part of path.split('.')) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<string, unknown>)[part];
  }
  return at;
}

function setAt<V>(values: V, path: FieldPath, value: unknown): V {
  const [head, ...rest] = path.split('.') as [string, ...string[]];
  const base = (values ?? {}) as Record<string, unknown>;
  const copy: Record<string, unknown> | unknown[] = Array.isArray(base) ? [...base] : { ...base };
  (copy as Record<string, unknown>)[head] =
    rest.length === 0 ? value : setAt((base as Record<string, unknown>)[head], rest.join('.'), value);
  return copy as V;
}

/** Every message of the schema on the values, by field (the first one of each field). */
type Translate = (text: string) => string;

function schemaMessages(schema: z.ZodType | undefined, values: unknown, translate: Translate): Messages {
  if (!schema) return {};
  const result = schema.safeParse(values);
  if (result.success) return {};
  const out: Messages = {};
  for (const issue of result.error.issues) {
    const key = pathKey(issue.path);
    if (!(key in out)) out[key] = translate(issue.message);
  }
  return out;
}

function allMessages<V>(
  schema: z.ZodType | undefined,
  prepare: ((values: V) => unknown) | undefined,
  values: V,
  translate: Translate,
) {
  const own = schemaMessages(schema, values, translate);
  if (!prepare) return own;
  const out = { ...own };
  for (const [path, message] of Object.entries(schemaMessages(schema, prepare(values), translate)))
    if (!(path in out)) out[path] = message;
  return out;
}

/**
 * The state of a form drawn with the portal's own fields. Its values are
 * checked with the shared zod schema of packages/contracts (`schema`), so
 * the form shows the exact SPEC.md §5 messages as soon as a field is changed or left, and every field's on
 * submit; the server checks the same rules again, and its 422 field errors
 * (`errors.children`) are shown under the same fields (`serverErrors`).
 * A message on a field the form does not draw is shown above the fields
 * (`formError`), so a refused submit never says nothing. A field is drawn
 * when its control carries the binding's `id`.
 */
export function useForm<V extends object>({
  initial,
  schema,
  prepare,
  translate = translateValidation,
}: {
  initial: V;
  schema?: z.ZodType;
  /**
   * The values with defaults filled in, checked too: a schema that stops at a
   * missing choice (the type) still checks the fields after it, so one submit
   * shows every missing field. The values' own messages come first.
   */
  prepare?: (values: V) => unknown;
  /** The messages in the user's language (the administration's own texts first, for its forms). */
  translate?: Translate;
}) {
  const formId = useId();
  const [values, setValues] = useState<V>(initial);
  // Fields whose messages are shown: changed, left, or all of them after a submit.
  const [shown, setShown] = useState<ReadonlySet<FieldPath>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [server, setServer] = useState<Messages>({});
  // A message on no field drawn: the server's, or the schema's on a field the form does not draw.
  const [formError, setFormError] = useState<string | null>(null);
  const latest = useRef(values);
  latest.current = values;

  const idOf = (path: FieldPath) => `${formId}-${path.replace(/\./g, '-')}`;
  const elementOf = (path: FieldPath) => document.getElementById(idOf(path));

  const messages = useMemo(
    () => allMessages(schema, prepare, values, translate),
    [schema, prepare, values, translate],
  );

  const show = useCallback((path: FieldPath) => {
    setShown((was) => (was.has(path) ? was : new Set(was).add(path)));
  }, []);

  const set = useCallback(
    (path: FieldPath, value: unknown) => {
      const next = setAt(latest.current, path, value);
      latest.current = next;
      setValues(next);
      show(path);
      setServer((was) => {
        if (!(path in was)) return was;
        const { [path]: _gone, ...rest } = was;
        return rest;
      });
      setFormError(null);
    },
    [show],
  );

  const errorOf = (path: FieldPath): string | null =>
    server[path] ?? (submitted || shown.has(path) ? (messages[path] ?? null) : null);

  function field<K extends keyof V & string>(name: K): FieldBinding<V[K]>;
  function field<T>(path: FieldPath): FieldBinding<T>;
  function field(path: FieldPath): FieldBinding<unknown> {
    return {
      id: idOf(path),
      name: path,
      value: getAt(values, path),
      error: errorOf(path),
      onChange: (value) => set(path, value),
      onBlur: () => show(path),
    };
  }

  /** A submit handler: checks every field; when none is wrong, calls `onValid` with the values. */
  const submit = (onValid: (values: V) => void) => (event?: FormEvent) => {
    event?.preventDefault();
    setSubmitted(true);
    const now = allMessages(schema, prepare, latest.current, translate);
    const wrong = Object.keys(now);
    if (wrong.length > 0) {
      // The first wrong field takes the focus, as a user fixing it expects.
      const elements = wrong.map(elementOf).filter((element) => element !== null);
      const first = elements.sort((a, b) =>
        a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1,
      )[0];
      first?.focus();
      const undrawn = wrong.find((path) => elementOf(path) === null);
      setFormError(undrawn === undefined ? null : (now[undrawn] ?? null));
      return;
    }
    setFormError(null);
    onValid(latest.current);
  };

  /**
   * After a refused save: the server's field errors (`errors.children`) go
   * under the matching fields (one on no drawn field above them); a refusal
   * that names no field is toasted. A field error that
   * repeats the message of a domain code shows that code's text in the user's
   * language; other field texts are validation texts.
   */
  const serverErrors = (error: unknown) => {
    if (!(error instanceof ApiError)) {
      reportError(error);
      return;
    }
    const body = error.body;
    const domain = body?.error && body.error !== 'validation_failed' && body.message ? body.message : null;
    const text = (message: string) =>
      domain !== null && message === domain ? serverErrorText(error) : translate(message);
    const next: Messages = {};
    let other: string | null = null;
    for (const f of error.fieldErrors) {
      const path = pathKey(f.name);
      const message = f.errors[0];
      if (message === undefined) continue;
      if (elementOf(path) !== null) next[path] = text(message);
      else other ??= text(message);
    }
    // Said under a field, it is not said again in a toast; a refusal of no field is toasted.
    if (Object.keys(next).length === 0 && other === null) reportError(error);
    setServer(next);
    setFormError(other);
  };

  /** Starts again from `to` (the dialog opened again, another item). */
  const reset = useCallback((to: V) => {
    latest.current = to;
    setValues(to);
    setShown(new Set());
    setSubmitted(false);
    setServer({});
    setFormError(null);
  }, []);

  return {
    values,
    field,
    set,
    /** Sets several fields at once (a change of type clears the fields it no longer has). */
    setMany: (patch: Partial<V>) => {
      const next = { ...latest.current, ...patch };
      latest.current = next;
      setValues(next);
    },
    submit,
    serverErrors,
    reset,
    formError,
    /** The values differ from those the form started from (a close may ask first). */
    dirty: shown.size > 0,
  };
}

export type FormState<V extends object> = ReturnType<typeof useForm<V>>;
