import { z } from 'zod';
import { basicInput, generalInput, optional } from './employees';
import { fileDate, importRecord, importRowError } from './imports';
import { type ListResponse, listResponse } from './lists';
import { MESSAGES } from './messages';
import { lineText } from './text';

/**
 * The employee import (DESIGN.md §10): HR administrators bring employees in
 * from a CSV file whose first line names the columns. All or nothing; the
 * same file twice changes nothing the second time (an E-ID already there is
 * updated, not added again). The cells are checked by the profile's own
 * rules (employees.ts), so a file takes what the profile form takes.
 */

/** The largest file an import takes: about 25,000 employees. */
export const EMPLOYEE_FILE_MAX_BYTES = 4 * 1024 * 1024;

/** The columns a file may have, by the names of its first line, in the template's order. */
export const EMPLOYEE_IMPORT_COLUMNS = [
  'eid',
  'name',
  'mobile',
  'email',
  'company',
  'office',
  'designation',
  'line_manager_eid',
  'joining_date',
] as const;
export type EmployeeImportColumn = (typeof EMPLOYEE_IMPORT_COLUMNS)[number];

/**
 * The columns every file names, each cell filled. The others may be left
 * out: a column left out leaves that value of an employee already there as
 * it is; an empty cell of a column the file has clears it.
 */
export const EMPLOYEE_IMPORT_REQUIRED: readonly EmployeeImportColumn[] = ['eid', 'name', 'mobile', 'company'];

/**
 * A column name as a sheet may write it, reduced to letters and digits:
 * `E-ID`, `eid` and `E ID` are one column, as are `line_manager_eid` and
 * `Line manager E-ID`.
 */
export const columnKey = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The column a first-line name stands for, or null. */
export function importColumn(name: string): EmployeeImportColumn | null {
  const key = columnKey(name);
  return EMPLOYEE_IMPORT_COLUMNS.find((column) => columnKey(column) === key) ?? null;
}

const referenceName = optional(lineText(z.string()).max(100, MESSAGES.maxLength100));

/**
 * Each cell's rule: the profile's (name, E-ID, mobile, e-mail, joining date)
 * and the names of a company, an office and a designation. A joining date may
 * also be written DD-MM-YYYY.
 */
export const employeeImportCells = {
  eid: basicInput.shape.eid,
  name: basicInput.shape.name,
  mobile: basicInput.shape.mobile,
  email: basicInput.shape.email,
  company: lineText(z.string({ error: MESSAGES.companyNameRequired }).trim())
    .min(1, { error: MESSAGES.companyNameRequired, abort: true })
    .max(100, MESSAGES.maxLength100),
  office: referenceName,
  designation: referenceName,
  line_manager_eid: optional(basicInput.shape.eid),
  joining_date: z.preprocess(
    (value) => (typeof value === 'string' ? (fileDate(value.trim()) ?? value) : value),
    generalInput.shape.joining_date,
  ),
} satisfies Record<EmployeeImportColumn, z.ZodType>;

/** Why a row of an employee file was refused. */
export const EMPLOYEE_IMPORT_REFUSALS = [
  'columns',
  'eid_invalid',
  'eid_duplicate',
  'name_invalid',
  'mobile_invalid',
  'email_invalid',
  'company_invalid',
  'company_unknown',
  'office_invalid',
  'office_unknown',
  'office_other_company',
  'designation_invalid',
  'designation_unknown',
  'line_manager_eid_invalid',
  'line_manager_unknown',
  'line_manager_cycle',
  'joining_date_invalid',
] as const;
export type EmployeeImportRefusal = (typeof EMPLOYEE_IMPORT_REFUSALS)[number];

/** The English reasons (the web app has them in every language, by the same ids). */
export const EMPLOYEE_REFUSAL_TEXTS: Record<EmployeeImportRefusal, string> = {
  columns: 'The row does not have as many cells as the first line names columns',
  eid_invalid: 'The E-ID is not valid',
  eid_duplicate: 'This E-ID is on an earlier line of the file too',
  name_invalid: 'The name is not valid',
  mobile_invalid: 'The mobile number is not valid',
  email_invalid: 'The e-mail address is not valid',
  company_invalid: 'The company is missing or not valid',
  company_unknown: 'No enabled company has this name',
  office_invalid: 'The office name is not valid',
  office_unknown: 'No enabled office has this name',
  office_other_company: 'This office belongs to another company',
  designation_invalid: 'The designation is not valid',
  designation_unknown: 'No enabled designation has this name',
  line_manager_eid_invalid: "The line manager's E-ID is not valid",
  line_manager_unknown: 'No employee, in the portal or in the file, has this E-ID',
  line_manager_cycle: 'The line managers go round in a circle',
  joining_date_invalid: 'The joining date is not a real date written YYYY-MM-DD or DD-MM-YYYY',
};

/** A refused row of an employee file: with the rule's own text, when a cell broke one. */
export const employeeImportRowError = importRowError(EMPLOYEE_IMPORT_REFUSALS).extend({
  /** The validation text of the cell's rule (the profile form's), or null. */
  detail: z.string().nullable(),
});
export type EmployeeImportRowError = z.infer<typeof employeeImportRowError>;

/**
 * An employee import. `added`: new employees; `updated`: employees already
 * there with a value the file changed; `duplicates`: employees already there
 * exactly as the file has them (unchanged).
 */
export const employeeImport = importRecord(employeeImportRowError).extend({
  updated: z.number().int(),
});
export type EmployeeImport = z.infer<typeof employeeImport>;

export const employeeImportsResponse = listResponse(employeeImport);
export type EmployeeImportsResponse = ListResponse<EmployeeImport>;

/** The template: the first line, naming every column. */
export const EMPLOYEE_TEMPLATE = `${EMPLOYEE_IMPORT_COLUMNS.join(',')}\r\n`;
