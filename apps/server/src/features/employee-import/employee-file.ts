import {
  EMPLOYEE_IMPORT_REQUIRED,
  type EmployeeImportColumn,
  type EmployeeImportRefusal,
  type EmployeeImportRowError,
  employeeImportCells,
  importColumn,
} from '@hr/contracts/employee-import';
import { cut, readCsv, withoutTrailingEmpty } from '../../lib/imports';

/**
 * Reading an employee file: its first line names the columns (in any order,
 * as a sheet writes them); every row below is one employee, each cell
 * checked by the profile's own rule. What needs the other rows or the
 * database (an E-ID twice, names of companies, line managers) is the
 * service's.
 */

/** Where each column of the file is: column → its place in a row. */
export type ColumnPlaces = ReadonlyMap<EmployeeImportColumn, number>;

/** The first line, read: the columns' places, or what is wrong with it. */
export type HeaderRead =
  | { ok: true; places: ColumnPlaces }
  | { ok: false; missing: EmployeeImportColumn[]; unknown: string[] };

/** Reads the first line: every name must be a known column, each at most once, the required ones all there. */
export function readHeader(cells: readonly string[]): HeaderRead {
  const places = new Map<EmployeeImportColumn, number>();
  const unknown: string[] = [];
  // Empty names at the end of the line are a sheet's empty columns.
  const names = withoutTrailingEmpty([...cells], 0);
  names.forEach((name, place) => {
    const column = importColumn(name);
    if (column === null || places.has(column)) unknown.push(name === '' ? '""' : cut(name));
    else places.set(column, place);
  });
  const missing = EMPLOYEE_IMPORT_REQUIRED.filter((column) => !places.has(column));
  if (unknown.length > 0 || missing.length > 0) return { ok: false, missing, unknown };
  return { ok: true, places };
}

/** A row's cells as its columns' rules answered them (only the columns the file has). */
export interface EmployeeCells {
  eid: string;
  name: string;
  mobile: string;
  email: string | null;
  company: string;
  office: string | null;
  designation: string | null;
  line_manager_eid: string | null;
  joining_date: string | null;
}

/** One row of the file: its line, the cells that passed their rules, and what was refused. */
export interface EmployeeRow {
  line: number;
  values: Partial<EmployeeCells>;
  errors: EmployeeImportRowError[];
}

/** The reason a cell of a column is refused with when its rule fails. */
const INVALID: Record<EmployeeImportColumn, EmployeeImportRefusal> = {
  eid: 'eid_invalid',
  name: 'name_invalid',
  mobile: 'mobile_invalid',
  email: 'email_invalid',
  company: 'company_invalid',
  office: 'office_invalid',
  designation: 'designation_invalid',
  line_manager_eid: 'line_manager_eid_invalid',
  joining_date: 'joining_date_invalid',
};

/** A refused row. */
export const refusal = (
  line: number,
  reason: EmployeeImportRefusal,
  value: string | null,
  detail: string | null = null,
): EmployeeImportRowError => ({ line, reason, value: value === null ? null : cut(value), detail });

/** Checks one row: as many cells as the first line names, each by its column's rule. */
export function readRow(cells: string[], line: number, places: ColumnPlaces): EmployeeRow {
  if (withoutTrailingEmpty(cells, places.size).length !== places.size)
    return { line, values: {}, errors: [refusal(line, 'columns', null)] };
  const errors: EmployeeImportRowError[] = [];
  const values: Record<string, unknown> = {};
  for (const [column, place] of [...places].sort((a, b) => a[1] - b[1])) {
    const cell = cells[place] ?? '';
    const parsed = employeeImportCells[column].safeParse(cell);
    if (parsed.success) values[column] = parsed.data;
    else errors.push(refusal(line, INVALID[column], cell, parsed.error.issues[0]?.message ?? null));
  }
  return { line, values: values as Partial<EmployeeCells>, errors };
}

/** The file's rows are read in chunks of this many (the event loop turns between them). */
const CHUNK_ROWS = 5000;
/** Nine short cells: a longer row is a quote left open over the lines below. */
const RECORD_MAX = 8192;

export type FileRead = { header: HeaderRead; rows: EmployeeRow[] };

/**
 * Reads a whole file: its first line, then each row (an employee file is
 * checked as a whole — an E-ID twice, a line manager further down). A file
 * with no line at all has an empty header. Throws `UnreadableFileError`.
 */
export async function readEmployeeFile(data: Buffer): Promise<FileRead> {
  let header: HeaderRead | null = null;
  const rows: EmployeeRow[] = [];
  for await (const chunk of readCsv(data, { chunk: CHUNK_ROWS, recordMax: RECORD_MAX }))
    for (const { cells, line } of chunk) {
      if (header === null) header = readHeader(cells);
      else if (header.ok) rows.push(readRow(cells, line, header.places));
    }
  return { header: header ?? { ok: true, places: new Map() }, rows };
}
