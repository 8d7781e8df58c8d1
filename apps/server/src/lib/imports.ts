import { isUtf8 } from 'node:buffer';
import { Readable } from 'node:stream';
import { setImmediate as turn } from 'node:timers/promises';
import type { ErrorCode } from '@hr/contracts/error-codes';
import type {
  AnyImport,
  IMPORT_SORT_FIELDS,
  ImportKind,
  ImportStatus,
  importsQuery,
} from '@hr/contracts/imports';
import { CsvError, parse } from 'csv-parse';
import { type AnyColumn, and, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../db/client';
import { employees, punchImports } from '../db/schema';
import { personJson } from './approvers';
import type { AuthContext } from './auth-context';
import { domainError } from './errors';
import { listPage } from './list';
import { personRef } from './people';

/**
 * What every CSV import shares (DESIGN.md §10), whatever its file holds:
 * reading the file as CSV text a slice at a time, and the import's record —
 * its counts and refused rows, kept in `punch_imports` by kind, listed and
 * answered the same way for every kind.
 */

/* Reading a file */

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

/** One row of a file: its cells (trimmed) and its line (from 1; a row spanning lines has its last). */
export interface CsvRow {
  line: number;
  cells: string[];
}

/** A row as the parser answers it: its cells and where it ends. */
interface ParsedRow {
  record: string[];
  info: { lines: number };
}

/** The bytes of the file go to the parser in slices of this size. */
const SLICE_BYTES = 64 * 1024;
/** A refused cell is answered cut at this length. */
const VALUE_MAX = 60;

/** A cell as a refusal answers it: cut at 60 characters. */
export const cut = (value: string) =>
  value.length > VALUE_MAX ? `${value.slice(0, VALUE_MAX - 1)}…` : value;

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

export interface CsvOptions {
  /** Rows per chunk. */
  chunk: number;
  /** The longest row, in characters: a longer one is a quote left open over the lines below. */
  recordMax: number;
}

/**
 * The rows of a CSV file in chunks, as it streams through the parser a slice
 * at a time: a large file is never all its row objects at once, and the
 * event loop turns between chunks, so other requests go on while a file is
 * read. Commas or semicolons (sheets saved in French, Italian or Spanish
 * settings), a byte-order mark, quotes; blank lines are left out. Throws
 * `UnreadableFileError`.
 */
export async function* readCsv(data: Buffer, options: CsvOptions): AsyncGenerator<CsvRow[]> {
  checkText(data);
  // The last line of the last row parsed: a row the parser cannot finish starts after it.
  let lastLine = 0;
  const parser = Readable.from(slices(data)).pipe(
    parse({
      bom: true,
      delimiter: [',', ';'],
      trim: true,
      skip_empty_lines: true,
      relax_column_count: true,
      max_record_size: options.recordMax,
      info: true,
      on_record: (cells, info) => {
        lastLine = info.lines;
        return cells;
      },
    }),
  );
  let chunk: CsvRow[] = [];
  try {
    for await (const { record: cells, info } of parser as AsyncIterable<ParsedRow>) {
      chunk.push({ line: info.lines, cells });
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

/** A row's cells without the empty ones at its end beyond `columns` (a sheet saved with empty columns). */
export function withoutTrailingEmpty(cells: string[], columns: number): string[] {
  let count = cells.length;
  while (count > columns && cells[count - 1] === '') count--;
  return count === cells.length ? cells : cells.slice(0, count);
}

/** The codes a kind of import answers an unreadable file with. */
export interface UnreadableCodes {
  notText: ErrorCode;
  malformed: ErrorCode;
}

/** Runs a read of a file, answering an unreadable one as a 422 on the file field. */
export async function unreadableAs422<T>(codes: UnreadableCodes, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (!(err instanceof UnreadableFileError)) throw err;
    if (err.kind === 'not_text') throw domainError(codes.notText, {}, 'file');
    throw domainError(codes.malformed, { line: err.line ?? 1 }, 'file');
  }
}

/* The record of an import */

/** One import's counts and report, with its author. */
function importQuery(db: Db, total: SQL<number> = sql<number>`0`) {
  return db
    .select({
      total,
      id: punchImports.id,
      fileName: punchImports.fileName,
      rows: punchImports.total,
      added: punchImports.added,
      duplicates: punchImports.duplicates,
      updated: punchImports.updated,
      refused: punchImports.refused,
      status: punchImports.status,
      errors: sql<unknown[]>`${punchImports.errors}`,
      createdBy: personJson(punchImports.createdById),
      createdAt: punchImports.createdAt,
    })
    .from(punchImports);
}

export type ImportRow = Awaited<ReturnType<ReturnType<typeof importQuery>['execute']>>[number];

const IMPORT_SORT: Record<(typeof IMPORT_SORT_FIELDS)[number], AnyColumn | SQL> = {
  id: punchImports.id,
  created: punchImports.createdAt,
};

/** An import's counts: rows read, new records, records already there as the row has them, changed ones, refused rows. */
export interface ImportCounts {
  total: number;
  added: number;
  duplicates: number;
  updated: number;
  refused: number;
}

/** An import as answered, with the refused rows of its kind. */
export type ImportAnswer<E> = Omit<AnyImport, 'errors'> & { errors: E[] };

const iso = (d: Date | string) => new Date(d).toISOString();

/**
 * The imports of one kind: each recorded with its counts and its report, the
 * latest first, the others' kinds never among them.
 */
export class ImportRecords<E> {
  constructor(
    private readonly db: Db,
    private readonly secret: string,
    readonly kind: ImportKind,
    /** The 404 of an import of this kind that does not exist. */
    private readonly notFound: ErrorCode,
  ) {}

  /**
   * Imports of this kind are written one after another, until the
   * transaction ends: two files written at once, each over several
   * statements, could each wait for rows the other holds, or each decide on
   * what the other is changing.
   */
  async lock(tx: Db): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${this.kind}_imports`}))`);
  }

  async insert(
    db: Db,
    auth: AuthContext,
    values: { fileName: string; status: ImportStatus; errors: E[] } & ImportCounts,
  ): Promise<number> {
    const [row] = await db
      .insert(punchImports)
      .values({ ...values, kind: this.kind, createdById: auth.employeeId })
      .returning({ id: punchImports.id });
    return row!.id;
  }

  async setCounts(db: Db, id: number, counts: Partial<ImportCounts>): Promise<void> {
    await db.update(punchImports).set(counts).where(eq(punchImports.id, id));
  }

  /** An import of this kind, as kept. */
  async find(db: Db, id: number): Promise<ImportRow | null> {
    const [row] = await importQuery(db).where(and(eq(punchImports.id, id), eq(punchImports.kind, this.kind)));
    return row ?? null;
  }

  /** Keeps a refused file's report (nothing of the file is imported) and answers it. */
  async refused(
    auth: AuthContext,
    values: { fileName: string; errors: E[] } & Omit<ImportCounts, 'added' | 'duplicates' | 'updated'>,
  ): Promise<ImportRow> {
    const id = await this.insert(this.db, auth, {
      ...values,
      added: 0,
      duplicates: 0,
      updated: 0,
      status: 'refused',
    });
    return (await this.find(this.db, id))!;
  }

  answer(row: ImportRow): ImportAnswer<E> {
    return {
      id: row.id,
      file_name: row.fileName,
      dry_run: false,
      status: row.status === 'refused' ? 'refused' : 'done',
      total: row.rows,
      added: row.added,
      duplicates: row.duplicates,
      refused: row.refused,
      errors: row.errors as E[],
      created_by: personRef(this.secret, row.createdBy),
      created: iso(row.createdAt),
    };
  }

  /** The answer of a dry run: nothing is kept, so it has no id. */
  async dryAnswer(
    auth: AuthContext,
    result: { fileName: string; status: ImportStatus; errors: E[] } & Omit<ImportCounts, 'updated'>,
  ): Promise<ImportAnswer<E>> {
    const [author] = await this.db
      .select({
        id: employees.id,
        eid: employees.eid,
        name: employees.name,
        photoVersion: employees.photoVersion,
      })
      .from(employees)
      .where(eq(employees.id, auth.employeeId));
    const { fileName, ...counts } = result;
    return {
      id: null,
      file_name: fileName,
      dry_run: true,
      ...counts,
      created_by: personRef(this.secret, author ?? null),
      created: new Date().toISOString(),
    };
  }

  /** The imports of this kind, the latest first, with their counts and reports. */
  list<T>(query: z.output<typeof importsQuery>, url: string, map: (row: ImportRow) => T) {
    return listPage(this.db, url, query, {
      name: `${this.kind}-imports`,
      table: punchImports,
      conditions: [{ key: 'kind', value: this.kind, where: (v) => eq(punchImports.kind, v) }],
      sortable: IMPORT_SORT,
      tieBreaker: punchImports.id,
      page: importQuery,
      map,
    });
  }

  /** One import of this kind; another kind's id is a 404 as well. */
  async get(id: number): Promise<ImportRow> {
    const row = await this.find(this.db, id);
    if (!row) throw domainError(this.notFound);
    return row;
  }
}
