import { ADMIN_MESSAGES, type AdminMessageId } from '@hr/contracts/admin';
import { GROUP_MESSAGES } from '@hr/contracts/employee-search';
import { defineMessages } from '@hr/contracts/messages';
import type { FormInstance, FormRule } from 'antd';
import type { z } from 'zod';
import { ApiError } from './http';
import { i18n, translateValidation } from './i18n';
import { reportError } from './notify';

const idByText = new Map<string, AdminMessageId>(
  (Object.entries(ADMIN_MESSAGES) as [AdminMessageId, string][]).map(([id, text]) => [text, id]),
);
// The group tree's texts (its form and the server's field errors) by their keys.
defineMessages('organisation.groups.validation', GROUP_MESSAGES);

/**
 * A field error of the administration forms in the current language: by its
 * id among the administration's texts, else among the shared SPEC.md texts,
 * else as the server wrote it.
 */
export function translateAdmin(text: string): string {
  const id = idByText.get(text);
  return id ? i18n.t(`admin.common.validation.${id}`) : translateValidation(text);
}

/** A form field: its name, or the path of a field inside an object (`['name_translations', 'fr']`). */
export type FieldPath = string | readonly (string | number)[];

/**
 * Form rules from the shared zod schema of packages/contracts: the form shows
 * the API's own messages, translated, before anything is sent.
 */
export function adminRules(schema: z.ZodType) {
  return (field: FieldPath): FormRule[] => {
    const path = (typeof field === 'string' ? [field] : field).map(String);
    const isField = (issue: z.core.$ZodIssue) =>
      issue.path.length === path.length && issue.path.every((part, i) => String(part) === path[i]);
    return [
      ({ getFieldsValue }) => ({
        validator: async () => {
          const result = schema.safeParse(getFieldsValue(true));
          if (result.success) return;
          const issue = result.error.issues.find(isField);
          if (issue) throw new Error(translateAdmin(issue.message));
        },
      }),
    ];
  };
}

/** After a failed save: the toast, and each field error of `errors.children` on its field. */
export function applyAdminErrors(form: FormInstance, error: unknown) {
  reportError(error);
  if (!(error instanceof ApiError)) return;
  const fields = error.fieldErrors.map((f) => ({ name: f.name, errors: f.errors.map(translateAdmin) }));
  if (fields.length > 0) form.setFields(fields);
}
