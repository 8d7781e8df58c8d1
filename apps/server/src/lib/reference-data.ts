import { DEFAULT_PAGE_SIZE } from '@hr/contracts/limits';
import type { ListResponse } from '@hr/contracts/lists';
import { NOTICES } from '@hr/contracts/messages';
import type { NameTranslations } from '@hr/contracts/translations';
import { type AnyColumn, and, count, eq, ilike, ne, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { audit, changeData, diffPatch } from './audit';
import type { AuthContext } from './auth-context';
import { FOREIGN_KEY_VIOLATION, pgCode, UNIQUE_VIOLATION } from './db-errors';
import { AppError, domainError } from './errors';
import { inLanguage, pickName } from './language';
import { listAnswer, orderBy } from './list';

/**
 * Reference data that HR administrators manage (companies, offices, assets,
 * leave types, short-leave durations, holidays, and whatever list comes next):
 * one list with page, limit, sort and search, and create, update and delete,
 * each in one transaction with its audit row. A kind of record is described
 * once (a `ReferenceSpec`: its store, its answer, its rules) and
 * `ReferenceData` runs it; `tableStore` is the store of a plain table.
 */

/** What a reference list may be asked for (already parsed by the route). */
export interface ReferenceListQuery {
  page?: number | undefined;
  limit?: number | undefined;
  /** `field,dir`; the kind's default when absent. */
  sort?: string | undefined;
  search?: string | undefined;
}

/** The rows a list wants: from `offset`, `limit` rows (null: every row, up to ALL_ROWS_CAP), in `sort` order. */
export interface PageWindow {
  offset: number;
  limit: number | null;
  sort: string;
}

/** Rows a reference list answers at most when it is asked for whole. */
export const ALL_ROWS_CAP = 1000;

/**
 * Data access of one kind of reference record. Every function takes the
 * database handle, which may be a transaction. `Values` are the columns an
 * insert or update writes; `Filter` the list's own filters (the search text
 * comes with them).
 */
export interface ReferenceStore<Row, Values, Filter> {
  list(db: Db, filter: Filter & { search?: string | undefined }, window: PageWindow): Promise<Page<Row>>;
  find(db: Db, id: number): Promise<Row | null>;
  insert(db: Db, values: Values): Promise<number>;
  update(db: Db, id: number, values: Partial<Values>): Promise<void>;
  delete(db: Db, id: number): Promise<void>;
  /**
   * Whether another record (not `exceptId`) already has this name where
   * names must be unique. `values` are the record's columns after the change.
   * Absent: names need not be unique.
   */
  nameTaken?(db: Db, values: Partial<Values>, exceptId?: number): Promise<boolean>;
}

export interface Page<Row> {
  rows: Row[];
  total: number;
}

export interface ReferenceSpec<Row extends { name: string }, Answer, Create, Patch, Values, Filter> {
  /** The audit log's entity (`company`, `leave_type`); also the key of the record in its audit data. */
  entity: string;
  /** The kind in English messages (`{{kind}}` of reference_not_found and reference_name_taken). */
  kind: string;
  store: ReferenceStore<Row, Values, Filter>;
  /** `field,dir` of a list asked without a sort. */
  defaultSort: string;
  /** A list asked without page or limit answers every row (a short list for forms and filters). */
  wholeWithoutPage?: boolean;
  answer(row: Row): Answer;
  /** The columns a create body writes. */
  toInsert(input: Create): Values;
  /** The columns an update body writes: only the fields it sent. `updatedAt` is the kind's own affair. */
  toUpdate(patch: Patch): Partial<Values>;
  /**
   * The record as the body's fields, for the update's audit row (changed
   * fields from and to). Default: the answer.
   */
  fields?(row: Row): Record<string, unknown>;
  /** The columns a record has (its current values), to check a change as a whole. */
  values?(row: Row): Partial<Values>;
  /** Checks of what the values point at (an unknown company is a field error); throws. */
  check?(db: Db, values: Partial<Values>): Promise<void>;
  /**
   * Checks of the record as a whole as it will be (`before`: null for a new
   * one), in the writing transaction: overlaps with others, what may still
   * change. Throws.
   */
  checkWhole?(db: Db, after: Partial<Values>, before: Row | null): Promise<void>;
  /** Why the record cannot be deleted (the message of a 409), or null. */
  inUse?(db: Db, row: Row): Promise<string | null>;
  /** The columns a name is unique among (the name, and for offices the company). Default: `name`. */
  nameScope?: string[];
  /**
   * The error of a name already taken. Default: reference_name_taken (409)
   * with the text on the `name` field too.
   */
  nameTaken?(): AppError;
}

/** The runner of a spec's kind. */
export type ReferenceDataOf<S> =
  S extends ReferenceSpec<infer Row, infer Answer, infer Create, infer Patch, infer Values, infer Filter>
    ? ReferenceData<Row, Answer, Create, Patch, Values, Filter>
    : never;

/** Refuses anyone but an HR administrator. */
export function requireAdminContext(auth: AuthContext): void {
  if (!auth.isAdmin) throw domainError('admin_only');
}

/** The 409 of a record still in use, with the kind's own explanation. */
export function inUseError(name: string, message?: string): AppError {
  const error = domainError('reference_in_use', { name });
  return message ? new AppError(error.status, error.code, message, { params: { name } }) : error;
}

/** A search term as an ILIKE pattern: contains, with `%`, `_` and `\` taken literally. */
export function containing(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The name's translations of a row whose table has them (`nameTranslations`), else null. */
function translationsOf(row: object): NameTranslations | null {
  const value = (row as { nameTranslations?: unknown }).nameTranslations;
  return value && typeof value === 'object' ? (value as NameTranslations) : null;
}

/**
 * A record's answer as a caller reads it, where its row has translations:
 * the name in the call's language (English where HR left it empty), and the
 * translations themselves for the admin form. A kind's answer runs it on the
 * records it carries inside (a value's behaviours, an exam's subjects);
 * `ReferenceData` runs it on the record itself.
 */
export function localAnswer<Answer>(answer: Answer, row: { name: string }): Answer {
  const translations = translationsOf(row);
  return translations
    ? ({ ...answer, name: pickName(row.name, translations), name_translations: translations } as Answer)
    : answer;
}

/** Runs one kind of reference record: every change needs an administrator, a transaction and an audit row. */
export class ReferenceData<Row extends { name: string }, Answer, Create, Patch, Values, Filter = object> {
  constructor(
    private readonly db: Db,
    readonly spec: ReferenceSpec<Row, Answer, Create, Patch, Values, Filter>,
  ) {}

  private notFound() {
    return domainError('reference_not_found', { kind: this.spec.kind });
  }

  private nameTakenError() {
    return this.spec.nameTaken?.() ?? domainError('reference_name_taken', { kind: this.spec.kind }, 'name');
  }

  /** A race past the name check meets the unique index: the same answer as the check. */
  private async write<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      if (pgCode(err) === UNIQUE_VIOLATION && this.spec.store.nameTaken) throw this.nameTakenError();
      throw err;
    }
  }

  /**
   * The record as stored (the audit's copy): the kind's answer in English,
   * with the name's translations where the kind has them.
   */
  private record(row: Row): Answer {
    return inLanguage('en', () => this.shown(row));
  }

  /** The record as a caller reads it: the name in the call's language (English where HR left it empty). */
  private shown(row: Row): Answer {
    return localAnswer(this.spec.answer(row), row);
  }

  /** The columns a body writes, with the name's translations when it sends them. */
  private withTranslations<V>(values: V, body: Create | Patch): V {
    const translations = (body as { name_translations?: NameTranslations }).name_translations;
    return translations === undefined ? values : { ...values, nameTranslations: translations };
  }

  /** One page of the list (every row when the kind allows a whole list and no page is asked for). */
  async page(
    query: ReferenceListQuery,
    filter: Filter,
  ): Promise<{ items: Answer[]; total: number; page: number; limit: number }> {
    const page = query.page ?? 1;
    const whole = this.spec.wholeWithoutPage && query.page === undefined && query.limit === undefined;
    const limit = whole ? null : (query.limit ?? DEFAULT_PAGE_SIZE);
    const window: PageWindow = {
      offset: limit === null ? 0 : (page - 1) * limit,
      limit,
      sort: query.sort ?? this.spec.defaultSort,
    };
    const { rows, total } = await this.spec.store.list(this.db, { ...filter, search: query.search }, window);
    return { items: rows.map((r) => this.shown(r)), total, page, limit: limit ?? Math.max(total, 1) };
  }

  /** The list answer `{ items, count, total, pagination }`; `url` is the path and query it was asked with. */
  async list(query: ReferenceListQuery, filter: Filter, url: string): Promise<ListResponse<Answer>> {
    const { items, total, page, limit } = await this.page(query, filter);
    return listAnswer(url, items, total, page, limit);
  }

  async get(id: number): Promise<Answer> {
    const row = await this.spec.store.find(this.db, id);
    if (!row) throw this.notFound();
    return this.shown(row);
  }

  async create(auth: AuthContext, input: Create): Promise<Answer> {
    requireAdminContext(auth);
    const { store } = this.spec;
    return this.db.transaction(async (tx) => {
      const values = this.withTranslations(this.spec.toInsert(input), input);
      await this.spec.check?.(tx, values);
      await this.spec.checkWhole?.(tx, values, null);
      if (store.nameTaken && (await store.nameTaken(tx, values))) throw this.nameTakenError();
      const id = await this.write(() => store.insert(tx, values));
      const row = (await store.find(tx, id))!;
      await audit(tx, auth, {
        action: 'create',
        entity: this.spec.entity,
        entityId: id,
        data: { [this.spec.entity]: this.record(row) },
      });
      return this.shown(row);
    });
  }

  async update(auth: AuthContext, id: number, patch: Patch): Promise<Answer> {
    requireAdminContext(auth);
    const { store } = this.spec;
    return this.db.transaction(async (tx) => {
      const before = await store.find(tx, id);
      if (!before) throw this.notFound();
      const values = this.withTranslations(this.spec.toUpdate(patch), patch);
      await this.spec.check?.(tx, values);
      const after = { ...this.spec.values?.(before), ...values } as Partial<Values>;
      await this.spec.checkWhole?.(tx, after, before);
      const renames = (this.spec.nameScope ?? ['name']).some((key) => key in (values as object));
      if (renames && store.nameTaken && (await store.nameTaken(tx, after, id))) throw this.nameTakenError();
      await this.write(() => store.update(tx, id, values));
      const row = (await store.find(tx, id))!;
      const fields = (r: Row): Record<string, unknown> =>
        inLanguage('en', () => {
          const own = this.spec.fields?.(r) ?? (this.spec.answer(r) as Record<string, unknown>);
          const translations = translationsOf(r);
          return translations ? { ...own, name_translations: translations } : own;
        });
      await audit(tx, auth, {
        action: 'update',
        entity: this.spec.entity,
        entityId: id,
        data: changeData(diffPatch(fields(before), patch as Record<string, unknown>)),
      });
      return this.shown(row);
    });
  }

  async delete(auth: AuthContext, id: number): Promise<{ message: string }> {
    requireAdminContext(auth);
    const { store } = this.spec;
    return this.db.transaction(async (tx) => {
      const row = await store.find(tx, id);
      if (!row) throw this.notFound();
      const busy = await this.spec.inUse?.(tx, row);
      if (busy) throw inUseError(row.name, busy);
      try {
        await store.delete(tx, id);
      } catch (err) {
        // Another record still points at it (a reference the kind does not count).
        if (pgCode(err) === FOREIGN_KEY_VIOLATION) throw inUseError(row.name);
        throw err;
      }
      await audit(tx, auth, {
        action: 'delete',
        entity: this.spec.entity,
        entityId: id,
        data: { [this.spec.entity]: this.record(row) },
      });
      return { message: NOTICES.deleted.replace('{name}', pickName(row.name, translationsOf(row))) };
    });
  }
}

/* A plain table as a store */

type TableWith<Cols extends string> = PgTable & Record<Cols, PgColumn>;

export interface TableStoreOptions<Filter> {
  /** Sort fields of the list (the `sort` parameter's field) and their columns or expressions. */
  sortable: Record<string, AnyColumn | SQL>;
  /** Columns the search text is looked for in (contains, any case). Default: the name. */
  searchIn?: PgColumn[];
  /** The list's own filters as conditions. */
  where?: (filter: Filter) => (SQL | undefined)[];
  /**
   * A part of a shared table (a lookup kind): the condition every query
   * keeps to, and the columns every insert writes.
   */
  scope?: { where: SQL; values: Record<string, unknown> };
  /** Names are unique (any case), within the scope. Default true. */
  uniqueNames?: boolean;
  /** Another column is the unique one, or the name is unique within other columns (see `tableWrites`). */
  uniqueName?: TableWritesOptions['uniqueName'];
  /** Other tables' columns that point at a record: while any row does, it is in use. */
  usedBy?: PgColumn[];
}

/** A page of a store's own list: the rows of the window, none past the end (`total` counted first). */
export async function windowed<T>(
  total: number,
  window: PageWindow,
  run: (limit: number, offset: number) => Promise<T[]>,
): Promise<{ rows: T[]; total: number }> {
  if (total === 0 || window.offset >= total) return { rows: [], total };
  return { rows: await run(window.limit ?? ALL_ROWS_CAP, window.offset), total };
}

/** A row of a plain reference table. */
export type TableRow<T extends PgTable> = T['$inferSelect'] & { id: number; name: string };

export type TableStore<T extends PgTable, Filter> = ReferenceStore<TableRow<T>, T['$inferInsert'], Filter> & {
  /** Whether any row of the `usedBy` tables points at the record. */
  inUse(db: Db, id: number): Promise<boolean>;
};

/** How a store writes a table's rows: which part of a shared table, and which column is unique. */
export interface TableWritesOptions {
  /** A part of a shared table (a lookup kind): kept to by every write, its columns written by every insert. */
  scope?: { where: SQL; values: Record<string, unknown> } | undefined;
  /**
   * The column whose value is unique (any case) and the value's key among the
   * record's columns (default the name); `within`: the columns it is unique
   * among (an office's company). `false`: nothing is unique.
   */
  uniqueName?: { column: PgColumn; key: string; within?: Record<string, PgColumn> } | false;
}

type Writes<Values> = Pick<
  ReferenceStore<unknown, Values, unknown>,
  'insert' | 'update' | 'delete' | 'nameTaken'
>;

/**
 * The writing half of a store of a table with an `id`: insert, update and
 * delete by id, and whether a name is taken. A store with its own list (joins,
 * counts) spreads it and writes only its reads.
 */
export function tableWrites<T extends TableWith<'id'>>(
  table: T,
  options: TableWritesOptions = {},
): Writes<T['$inferInsert']> {
  type Values = T['$inferInsert'];
  // Drizzle's builders cannot follow a generic table's types; the rows are the table's all the same.
  const plain = table as PgTable;
  const scope = options.scope?.where;
  const named = table as unknown as Partial<Record<'name', PgColumn>>;
  const unique =
    options.uniqueName === false
      ? null
      : (options.uniqueName ?? (named.name ? { column: named.name, key: 'name' } : null));
  return {
    async insert(db, values) {
      const [row] = await db
        .insert(table)
        .values({ ...values, ...options.scope?.values } as Values)
        .returning({ id: table.id });
      return Number(row!.id);
    },

    async update(db, id, values) {
      await db
        .update(table)
        .set(values as Partial<Values>)
        .where(and(eq(table.id, id), scope));
    },

    async delete(db, id) {
      await db.delete(table).where(and(eq(table.id, id), scope));
    },

    ...(unique
      ? {
          async nameTaken(db: Db, values: Partial<Values>, exceptId?: number) {
            const columns = values as Record<string, unknown>;
            const name = columns[unique.key];
            if (typeof name !== 'string') return false;
            const within = Object.entries(unique.within ?? {});
            if (within.some(([key]) => columns[key] === undefined)) return false;
            const [row] = await db
              .select({ id: table.id })
              .from(plain)
              .where(
                and(
                  scope,
                  sql`lower(${unique.column}) = ${name.toLowerCase()}`,
                  ...within.map(([key, column]) => eq(column, columns[key])),
                  exceptId === undefined ? undefined : ne(table.id, exceptId),
                ),
              )
              .limit(1);
            return Boolean(row);
          },
        }
      : {}),
  };
}

/**
 * The store of a table with an `id` and a `name` column: its rows as they
 * are. Enough for most reference lists (levels, grades, designations,
 * durations...); a kind with joins or counts writes its own store.
 */
export function tableStore<T extends TableWith<'id' | 'name'>, Filter = object>(
  table: T,
  options: TableStoreOptions<Filter>,
): TableStore<T, Filter> {
  type Row = TableRow<T>;
  // Drizzle's builders cannot follow a generic table's types; the rows are the table's all the same.
  const plain = table as PgTable;
  const scope = options.scope?.where;
  const searchIn = options.searchIn ?? [table.name];
  const rowsOf = (rows: unknown) => rows as Row[];
  return {
    async list(db, filter, window) {
      const where = and(
        scope,
        filter.search ? or(...searchIn.map((c) => ilike(c, containing(filter.search!)))) : undefined,
        ...(options.where?.(filter) ?? []),
      );
      const order = orderBy(window.sort, options.sortable, table.id);
      const [t] = await db.select({ n: count() }).from(plain).where(where);
      const total = t?.n ?? 0;
      if (total === 0 || window.offset >= total) return { rows: [], total };
      const rows = await db
        .select()
        .from(plain)
        .where(where)
        .orderBy(...order)
        .limit(window.limit ?? ALL_ROWS_CAP)
        .offset(window.offset);
      return { rows: rowsOf(rows), total };
    },

    async find(db, id) {
      const rows = await db
        .select()
        .from(plain)
        .where(and(eq(table.id, id), scope))
        .limit(1);
      return rowsOf(rows)[0] ?? null;
    },

    ...tableWrites(table, {
      ...(options.scope ? { scope: options.scope } : {}),
      ...(options.uniqueNames === false
        ? { uniqueName: false as const }
        : options.uniqueName
          ? { uniqueName: options.uniqueName }
          : {}),
    }),

    async inUse(db, id) {
      for (const column of options.usedBy ?? []) {
        const [row] = await db
          .select({ one: sql<number>`1` })
          .from(column.table)
          .where(eq(column, id))
          .limit(1);
        if (row) return true;
      }
      return false;
    },
  };
}

/** What a plain kind needs beyond its store: the rest of `ReferenceSpec` has defaults. */
export interface PlainKindOptions<Row, Answer, Create, Patch, Values> {
  entity: string;
  kind: string;
  /** Default `id,desc`. */
  defaultSort?: string;
  wholeWithoutPage?: boolean;
  answer(row: Row): Answer;
  /** Default: the body is the columns. */
  toInsert?(input: Create): Values;
  /** Default: the fields the body sent are the columns. */
  toUpdate?(patch: Patch): Partial<Values>;
  fields?(row: Row): Record<string, unknown>;
  check?(db: Db, values: Partial<Values>): Promise<void>;
  /** The 409's text when a record is in use (default: reference_in_use's own). */
  inUseMessage?(row: Row): string;
}

const definedOnly = <V extends object>(value: V) =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<V>;

/**
 * A kind whose records are the rows of a `tableStore`. Levels, for example,
 * take a store in the repository
 *
 *     const levels = tableStore(lookupValues, {
 *       scope: { where: eq(lookupValues.kind, 'level'), values: { kind: 'level' } },
 *       sortable: { id: lookupValues.id, name: lookupValues.name },
 *       usedBy: [employees.levelId],
 *     });
 *
 * and a kind in the service
 *
 *     plainKind(levels, { entity: 'level', kind: 'level', answer: (r) => ({ id: r.id, name: r.name }) })
 */
export function plainKind<
  Row extends { id: number; name: string },
  Values,
  Filter,
  Answer,
  Create extends object,
  Patch extends object,
>(
  store: ReferenceStore<Row, Values, Filter> & { inUse?(db: Db, id: number): Promise<boolean> },
  options: PlainKindOptions<Row, Answer, Create, Patch, Values>,
): ReferenceSpec<Row, Answer, Create, Patch, Values, Filter> {
  const inUse = store.inUse?.bind(store);
  return {
    entity: options.entity,
    kind: options.kind,
    store,
    defaultSort: options.defaultSort ?? 'id,desc',
    ...(options.wholeWithoutPage === undefined ? {} : { wholeWithoutPage: options.wholeWithoutPage }),
    answer: options.answer,
    toInsert: options.toInsert ?? ((input) => input as unknown as Values),
    toUpdate: options.toUpdate ?? ((patch) => definedOnly(patch) as unknown as Partial<Values>),
    values: (row) => row as unknown as Partial<Values>,
    ...(options.fields ? { fields: options.fields } : {}),
    ...(options.check ? { check: options.check } : {}),
    ...(inUse
      ? {
          inUse: async (db: Db, row: Row) =>
            (await inUse(db, row.id))
              ? (options.inUseMessage?.(row) ?? domainError('reference_in_use', { name: row.name }).message)
              : null,
        }
      : {}),
  };
}
