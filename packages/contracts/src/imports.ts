import { z } from 'zod';
import { isCalendarDate } from './dates';
import { sortWithDefault } from './employee-search';
import { base64Text } from './employees';
import { fileNameText } from './file-names';
import { limit, page } from './lists';
import { defineMessages } from './messages';
import { personRef } from './people';

/**
 * CSV imports (DESIGN.md §10): what every import shares, whatever its file
 * holds (punches, employees). The body of an upload, the record of an
 * import with its counts and its refused rows, and the list of imports.
 * Each kind of import names its own refusals and may add counts.
 */

/** What a file held; the imports of each kind are listed apart. */
export const IMPORT_KINDS = ['punches', 'employees'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** Refused rows an import keeps and answers (it counts them all). */
export const IMPORT_ERRORS_KEPT = 1000;

export const IMPORT_MESSAGES = defineMessages('imports.validation', {
  fileNameRequired: 'File name must not be empty',
  fileNameTooLong: 'File name must be at most 255 characters',
  fileRequired: 'Choose a CSV file',
  dryRun: 'dry_run must be true or false',
});
const M = IMPORT_MESSAGES;

/** POST <kind>/imports: the file, base64, and whether only to check it. */
export const importFileBody = z.object({
  file_name: fileNameText(M.fileNameRequired, M.fileNameTooLong),
  /** The CSV file, base64 (a `data:` prefix is allowed). */
  file: base64Text(M.fileRequired),
  /** Check the file and count what it would change, changing nothing. */
  dry_run: z.boolean({ error: M.dryRun }).optional(),
});
export type ImportFileBody = z.input<typeof importFileBody>;

/** One refused row: its line and why, with the cell refused as the file has it. */
export function importRowError<const R extends readonly [string, ...string[]]>(reasons: R) {
  return z.object({
    /** The line of the file (from 1; the last line of a row spanning several). */
    line: z.number().int(),
    reason: z.enum(reasons),
    /** The cell that was refused, as the file has it (cut at 60 characters), or null. */
    value: z.string().nullable(),
  });
}

export const IMPORT_STATUSES = ['done', 'refused'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** An import as the API answers it, with the refused rows of its kind. */
export function importRecord<E extends z.ZodType>(rowError: E) {
  return z.object({
    /** Null for a dry run (nothing is kept). */
    id: z.number().int().nullable(),
    file_name: z.string(),
    dry_run: z.boolean(),
    /** `done`: every row was good and the file is imported; `refused`: bad rows, nothing imported. */
    status: z.enum(IMPORT_STATUSES),
    /** Rows read (without the names line). */
    total: z.number().int(),
    /** Rows that made a new record. */
    added: z.number().int(),
    /** Rows whose record was there already, as the row has it. */
    duplicates: z.number().int(),
    /** Rows refused. */
    refused: z.number().int(),
    /** The refused rows (the first IMPORT_ERRORS_KEPT), in the order of the file. */
    errors: z.array(rowError),
    created_by: personRef.nullable(),
    created: z.string(),
  });
}

/** What the import screen reads of any import: its counts and its refused rows by line. */
export const anyImportRowError = z.object({
  line: z.number().int(),
  reason: z.string(),
  value: z.string().nullable(),
});
export type AnyImportRowError = z.infer<typeof anyImportRowError>;
export const anyImport = importRecord(anyImportRowError);
export type AnyImport = z.infer<typeof anyImport>;

export const IMPORT_SORT_FIELDS = ['id', 'created'] as const;

export const importsQuery = z.object({ page, limit, sort: sortWithDefault('id,desc') });
export type ImportsQuery = z.input<typeof importsQuery>;

/**
 * A file's date as `YYYY-MM-DD`, or null: `YYYY-MM-DD` or SPEC.md's
 * `DD-MM-YYYY` (slashes or dots allowed), a real date.
 */
export function fileDate(text: string): string | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const dayFirst = iso ? null : /^(\d{2})[-/.](\d{2})[-/.](\d{4})$/.exec(text);
  const value = iso ? text : dayFirst ? `${dayFirst[3]}-${dayFirst[2]}-${dayFirst[1]}` : null;
  return value !== null && isCalendarDate(value) ? value : null;
}
