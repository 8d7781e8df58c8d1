import {
  fileTime,
  IMPORT_COLUMNS,
  type ImportRefusal,
  PUNCH_EARLIEST,
} from '@hr/contracts/attendance-intake';
import { cut, readCsv, withoutTrailingEmpty } from '../../lib/imports';

export { UnreadableFileError } from '../../lib/imports';

/**
 * Reading a punch file (CSV: E-ID, date-time, device code) through the
 * imports' CSV reader (lib/imports.ts), in chunks of rows, each row checked
 * as it comes.
 */

/** A row whose time and device are good (its E-ID is the caller's to check). */
export interface FileRow {
  line: number;
  eid: string;
  /** `YYYY-MM-DD HH:mm:ss` */
  at: string;
  device: string;
}

/** A refused row, with the cell refused as the file has it. */
export interface RefusedRow {
  line: number;
  reason: ImportRefusal;
  value: string | null;
}

export type ReadRow = FileRow | RefusedRow;

export const isRefused = (row: ReadRow): row is RefusedRow => 'reason' in row;

/** E-IDs are at most this long (employees.eid); a longer one is no employee's. */
const EID_MAX = 32;
/** A row is three short cells: a longer one is a quote left open over the lines below. */
const RECORD_MAX = 4096;

/** A first line without any digit holds the columns' names: a data row always has a date. */
const isNamesLine = (cells: string[]) => !cells.some((c) => /\d/.test(c));

export interface ReadOptions {
  /** The codes of the devices (exactly as written). */
  devices: ReadonlySet<string>;
  /** The latest acceptable time (`latestPunch`, on the office's clock). */
  latest: string;
  /** Rows per chunk. */
  chunk: number;
}

/** Checks one row: its columns, its time, its device. */
export function readRow(cells: string[], line: number, options: Omit<ReadOptions, 'chunk'>): ReadRow {
  // Trailing empty cells (a sheet saved with empty columns) do not count.
  if (withoutTrailingEmpty(cells, IMPORT_COLUMNS.length).length !== IMPORT_COLUMNS.length)
    return { line, reason: 'columns', value: null };
  const [eid = '', time = '', device = ''] = cells;
  const at = fileTime(time);
  if (at === null) return { line, reason: 'time_invalid', value: cut(time) };
  if (at < PUNCH_EARLIEST) return { line, reason: 'time_out_of_range', value: cut(time) };
  if (at > options.latest) return { line, reason: 'time_ahead', value: cut(time) };
  if (!options.devices.has(device)) return { line, reason: 'device_unknown', value: cut(device) };
  if (eid === '' || eid.length > EID_MAX) return { line, reason: 'eid_unknown', value: cut(eid) };
  return { line, eid, at, device };
}

/**
 * The rows of a file in chunks of `options.chunk`, each row checked by
 * `readRow`; the names line, if any, is left out. Lines are the file's own
 * (from 1; a row spanning lines has its last). Throws `UnreadableFileError`.
 */
export async function* readPunchFile(data: Buffer, options: ReadOptions): AsyncGenerator<ReadRow[]> {
  let first = true;
  for await (const rows of readCsv(data, { chunk: options.chunk, recordMax: RECORD_MAX })) {
    const chunk: ReadRow[] = [];
    for (const { cells, line } of rows) {
      if (first) {
        first = false;
        if (isNamesLine(cells)) continue;
      }
      chunk.push(readRow(cells, line, options));
    }
    if (chunk.length > 0) yield chunk;
  }
}
