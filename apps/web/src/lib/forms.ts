import type { FormInstance, FormRule } from 'antd';
import type { KeyboardEvent } from 'react';
import type { z } from 'zod';
import { ApiError } from './http';
import { translateValidation } from './i18n';
import { reportError, serverErrorText } from './notify';

type Path = (string | number)[];

function samePath(a: readonly PropertyKey[], b: Path): boolean {
  return a.length === b.length && a.every((part, i) => String(part) === String(b[i]));
}

/**
 * An Ant Design rule that checks one field with the shared zod schema of
 * packages/contracts, so the form shows the exact SPEC.md §5 messages at once
 * and the server checks the same rules again.
 */
export function zodRule(schema: z.ZodType, field: string | Path): FormRule {
  const path = Array.isArray(field) ? field : [field];
  return ({ getFieldsValue }) => ({
    validator: async () => checkField(schema, path, getFieldsValue(true)),
  });
}

/**
 * The (translated) message of the schema's issue on one field of the form's
 * values, or null: also for forms drawn without Ant Design (the sign-in page).
 */
export function fieldMessage(schema: z.ZodType, field: string | Path, values: unknown): string | null {
  const path = Array.isArray(field) ? field : [field];
  const result = schema.safeParse(values);
  if (result.success) return null;
  const issue = result.error.issues.find((i) => samePath(i.path, path));
  return issue ? translateValidation(issue.message) : null;
}

/** Throws the message of `fieldMessage`, as an Ant Design rule's validator does. */
function checkField(schema: z.ZodType, path: Path, values: unknown) {
  const message = fieldMessage(schema, path, values);
  if (message !== null) throw new Error(message);
}

/** Rules for every named field of a form schema. */
export function zodRules<S extends z.ZodType>(schema: S) {
  return (field: string | Path): FormRule[] => [zodRule(schema, field)];
}

/**
 * Rules like `zodRules`, with the schema (and zod) loaded at the first check
 * rather than with the page: the sign-in page, the first one, stays light.
 */
export function lazyZodRules(load: () => Promise<z.ZodType>) {
  let schema: Promise<z.ZodType> | undefined;
  return (field: string | Path): FormRule[] => {
    const path = Array.isArray(field) ? field : [field];
    return [
      ({ getFieldsValue }) => ({
        validator: async () => {
          schema ??= load();
          checkField(await schema, path, getFieldsValue(true));
        },
      }),
    ];
  };
}

/**
 * After a failed submit: toasts the server's message and puts the field
 * errors of `errors.children` on the matching fields (SPEC.md §8). A field
 * error that repeats the message of a domain code (any code but
 * `validation_failed`) shows that code's text in the user's language; other
 * field texts are validation texts.
 */
export function applyServerErrors(form: FormInstance, error: unknown) {
  reportError(error);
  if (!(error instanceof ApiError)) return;
  const body = error.body;
  const domain = body?.error && body.error !== 'validation_failed' && body.message ? body.message : null;
  const fieldText = (text: string) =>
    domain !== null && text === domain ? serverErrorText(error) : translateValidation(text);
  const known = new Set(form.getFieldsError().map((f) => JSON.stringify(f.name.map(String))));
  const fields = error.fieldErrors
    .filter((f) => known.size === 0 || known.has(JSON.stringify(f.name.map(String))))
    .map((f) => ({ name: f.name, errors: f.errors.map(fieldText) }));
  if (fields.length > 0) form.setFields(fields);
}

/**
 * A form's `onKeyDownCapture`: Enter in a date picker or a select picks (the
 * typed date, the option); only in a text field does it submit the form.
 */
export function keepEnterInPickers(event: KeyboardEvent<HTMLFormElement>) {
  if (event.key === 'Enter' && (event.target as HTMLElement).closest('.ant-picker, .ant-select'))
    event.preventDefault();
}
