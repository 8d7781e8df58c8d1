import { isUtf8 } from 'node:buffer';
import { Readable } from 'node:stream';
import { setImmediate as turn } from 'node:timers/promises';
import {
  fileTime,
  IMPORT_COLUMNS,
  type ImportRefusal,
  PUNCH_EARLIEST,
} from '@hr/contracts/attendance-intake';
import { CsvError, parse } from 'csv-parse';

/**
 * Reading a punch file (CSV: E-ID, date-time, device code) as it streams
 * through the parser, a slice of the file at a time, in chunks of rows: a
 * file of 100,000 rows is never 100,000 row objects at once, and the event
 * loop turns between chunks, so other requests go on while a file is read.
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

/** A row as the parser answers it: its cells and where it ends. */
interface ParsedRow {
  record: string[];
  info: { lines: number };
}

export const isRefused = (row: ReadRow): row is RefusedRow => 'reason' in row;

/** The file cannot be read as CSV text: a binary file, or quotes that do not close. */
export class UnreadableFileError extends Error {
  constructor(
    readonly kind: 'not_text' | 'malformed',
    /** The line where the row that could not be read starts. */
    readonly line: number | null = null,
  ) {
    super(kind === 'not_text' ? 'not a text file' : `malformed CSV at line ${line}`);
    this.name = 'UnreadableFileError';
  }
}

/** The bytes of the file go to the parser in slices of this size. */
const SLICE_BYTES = 64 * 1024;
/** E-IDs are at most this long (employees.eid); a longer one is no employee's. */
const EID_MAX = 32;
const VALUE_MAX = 60;
const RECORD_MAX = 4096;

const cut = (value: string) => (value.length > VALUE_MAX ? `${value.slice(0, VALUE_MAX - 1)}…` : value);

function* slices(data: Buffer): Generator<Buffer> {
  for (let start = 0; start < data.length; start += SLICE_BYTES)
    yield data.subarray(start, start + SLICE_BYTES);
}

/**
 * Refuses what is not CSV text before parsing: bytes that are not UTF-8, or
 * NUL bytes (a workbook, a picture, UTF-16 text).
 */
export function checkText(data: Buffer): void {
  if (data.includes(0) || !isUtf8(data)) throw new UnreadableFileError('not_text');
}

/** A first line without any digit holds the columns' names: a data row always has a date. */
const isNamesLine = (cells: string[]) => !cells.some((c) => /\d/.test(c));

export interface ReadOptions {
  /** The codes of the devices (exactly as written). */
  devices: ReadonlySet<string>;
  /** The latest acceptable time (`latestPunch`). */
  latest: string;
  /** Rows per chunk. */
  chunk: number;
}

/** Checks one row: its columns, its time, its device. */
export function readRow(cells: string[], line: number, options: Omit<ReadOptions, 'chunk'>): ReadRow {
  // Trailing empty cells (a sheet saved with empty columns) do not count.
  let count = cells.length;
  while (count > IMPORT_COLUMNS.length && cells[count - 1] === '') count--;
  if (count !== IMPORT_COLUMNS.length) return { line, reason: 'columns', value: null };
  const [eid = '', time = '', device = ''] = cells;
  const at = fileTime(time);
  if (at === null) return { line, reason: 'time_invalid', value: cut(time) };
  if (at < PUNCH_EARLIEST || at > options.latest)
    return { line, reason: 'time_out_of_range', value: cut(time) };
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
  checkText(data);
  // The last line of the last row parsed: a row the parser cannot finish starts after it.
  let lastLine = 0;
  const parser = Readable.from(slices(data)).pipe(
    parse({
      bom: true,
      // Sheets saved in French, Italian or Spanish settings separate with semicolons.
      delimiter: [',', ';'],
      trim: true,
      skip_empty_lines: true,
      relax_column_count: true,
      // A row is three short cells: a longer one is a quote left open over the lines below.
      max_record_size: RECORD_MAX,
      info: true,
      on_record: (cells, info) => {
        lastLine = info.lines;
        return cells;
      },
    }),
  );
  let chunk: ReadRow[] = [];
  let first = true;
  try {
    for await (const { record: cells, info } of parser as AsyncIterable<ParsedRow>) {
      const line = info.lines;
      if (first) {
        first = false;
        if (isNamesLine(cells)) continue;
      }
      chunk.push(readRow(cells, line, options));
      if (chunk.length >= options.chunk) {
        yield chunk;
        chunk = [];
        // Other requests' turn.
        await turn();
      }
    }
  } catch (err) {
    if (err instanceof CsvError) throw new UnreadableFileError('malformed', lastLine + 1);
    throw err;
  } finally {
    parser.destroy();
  }
  if (chunk.length > 0) yield chunk;
}
