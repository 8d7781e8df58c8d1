import { PAGE_SIZES } from '@hr/contracts/limits';
import type { ListResponse, Pagination } from '@hr/contracts/lists';
import {
  type AnyColumn,
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  lte,
  or,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { PgTable, PgView } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { domainError } from './errors';
import { preparedOnce } from './prepared';

/**
 * The one list helper (DESIGN.md §2): the query's `sort` becomes ORDER BY
 * over the fields a list allows (anything else is a 400), and the answer is
 * `{ items, count, total, pagination }` with links to the next and previous
 * pages.
 */
export function orderBy(
  sortParam: string,
  sortable: Record<string, AnyColumn | SQL>,
  tieBreaker?: AnyColumn,
): SQL[] {
  const [field = '', dir = 'desc'] = sortParam.split(',');
  // Own fields only: `__proto__` or `constructor` would find Object.prototype's members.
  const column = Object.hasOwn(sortable, field) ? sortable[field] : undefined;
  if (!column) {
    throw domainError('sort_unknown', { field, fields: Object.keys(sortable).join(', ') });
  }
  const order = dir.toLowerCase() === 'asc' ? asc : desc;
  return tieBreaker && column !== tieBreaker ? [order(column), order(tieBreaker)] : [order(column)];
}

/** OFFSET for a page. */
export const offsetOf = (page: number, limit: number) => (page - 1) * limit;

/** The first pages, whose prepared statements carry their LIMIT and OFFSET written in (`pageWindow`). */
const WRITTEN_IN_PAGES = 5;

/** A page's LIMIT, OFFSET and reach (offset + limit) in a prepared statement, and the shape they give it. */
export interface PageWindowSql {
  /** Part of the statement's shape: the written-in numbers, or `any` for parameters. */
  key: string;
  limit: Placeholder;
  offset: Placeholder | 0;
  reach: Placeholder;
}

/**
 * LIMIT and OFFSET of a prepared page statement. PostgreSQL runs a prepared
 * statement on one plan made for every value (a generic plan) once that plan
 * is estimated to cost no more than plans made for the values; a LIMIT or
 * OFFSET given as a parameter cannot be estimated, so it assumes a tenth of
 * the matches is wanted, the generic plan looks dear, and every call was
 * planned afresh: on a Team list page, planning took longer than running
 * (1.5 ms against 0.8). The first pages in the page sizes the lists allow
 * carry their numbers written in (at most 3 × 5 statements a shape) and run on
 * their generic plan; later pages, and other sizes, keep them as parameters.
 */
export function pageWindow(page: number, limit: number): PageWindowSql {
  if (page >= 1 && page <= WRITTEN_IN_PAGES && (PAGE_SIZES as readonly number[]).includes(limit)) {
    const offset = offsetOf(page, limit);
    // The query builder writes LIMIT and OFFSET as `limit ${value}`: a number becomes a parameter,
    // a SQL chunk is written as it is. Its types name only numbers and placeholders.
    const written = (n: number) => sql.raw(String(Math.trunc(n))) as unknown as Placeholder;
    return {
      key: `${limit}@${offset}`,
      limit: written(limit),
      offset: offset === 0 ? 0 : written(offset),
      reach: written(offset + limit),
    };
  }
  return {
    key: 'any',
    limit: sql.placeholder('limit'),
    offset: sql.placeholder('offset'),
    reach: sql.placeholder('reach'),
  };
}

function linkTo(requestUrl: string, page: number): string {
  const url = new URL(requestUrl, 'http://portal.local');
  url.searchParams.set('page', String(page));
  return `${url.pathname}${url.search}`;
}

/** `requestUrl` is the path and query the list was asked with; the links change its page. */
export function paginationOf(requestUrl: string, page: number, limit: number, total: number): Pagination {
  const pages = Math.max(1, Math.ceil(total / limit));
  return {
    page,
    limit,
    pages,
    next: page < pages ? linkTo(requestUrl, page + 1) : null,
    prev: page > 1 ? linkTo(requestUrl, Math.min(page - 1, pages)) : null,
  };
}

export function listAnswer<T>(
  requestUrl: string,
  items: T[],
  total: number,
  page: number,
  limit: number,
): ListResponse<T> {
  return { items, count: items.length, total, pagination: paginationOf(requestUrl, page, limit, total) };
}

/**
 * A list's total: the matches counted on the table alone. (Reading it with the
 * page as `count(*) over ()` made the database join every match before it
 * could stop at one page: about ten times slower on a manager of 6,000 requests.)
 */
export async function countWhere(db: Db, table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return row?.n ?? 0;
}

/** The paging and sort a list call asks for. */
export interface PageQuery {
  page: number;
  limit: number;
  sort: string;
}

/** One condition of a list: a name, the caller's value, and the SQL for it (with the value as a placeholder). */
export interface ListCondition {
  key: string;
  value: unknown;
  where: (value: Placeholder) => SQL | undefined;
  /**
   * A condition that is an OR of parts, each served by an index of its own
   * (the team view: the caller is the line manager, or the O&O, or...):
   * the parts, so that a page in the order of the tie-breaker can be read
   * part by part (see `listPage`).
   */
  parts?: (value: Placeholder) => SQL[];
}

/** A condition for a filter the caller gave (none when the value is missing). */
export function condition(
  key: string,
  value: unknown,
  where: (value: Placeholder) => SQL | undefined,
): ListCondition | null {
  return value === undefined || value === null || value === '' ? null : { key, value, where };
}

/**
 * A value other conditions' SQL names by its placeholder (`sql.placeholder(key)`),
 * with no condition of its own (the inbox's "today", for delegations in force).
 */
export function parameter(key: string, value: unknown): ListCondition {
  return { key, value, where: () => undefined };
}

/**
 * The scope of a request list: the caller's own requests, or those the caller
 * is a stored approver of (the team view; `team` names the columns).
 */
export function requestScope(
  own: boolean,
  me: number,
  employee: AnyColumn,
  team: [AnyColumn, ...AnyColumn[]],
): ListCondition {
  return own
    ? { key: 'self', value: me, where: (v) => eq(employee, v) }
    : {
        key: 'team',
        value: me,
        where: (v) => or(...team.map((c) => eq(c, v))),
        parts: (v) => team.map((c) => eq(c, v)),
      };
}

/** The two ends of a date range filter on one column (either end may be open). */
export function withinRange(
  key: string,
  range: { from: string | null; to: string | null } | undefined,
  column: AnyColumn,
): (ListCondition | null)[] {
  return [
    condition(`${key}_start`, range?.from, (v) => gte(column, v)),
    condition(`${key}_end`, range?.to, (v) => lte(column, v)),
  ];
}

interface PreparedRows<Row> {
  execute(values?: Record<string, unknown>): Promise<Row[]>;
}

/** A page query before its WHERE: the list adds WHERE, ORDER BY, LIMIT and OFFSET and prepares it. */
interface PageBuilder<Row> {
  where(where: SQL | undefined): {
    orderBy(...order: SQL[]): {
      limit(limit: Placeholder): {
        offset(offset: Placeholder | 0): { prepare(name: string): PreparedRows<Row> };
      };
    };
  };
}

/**
 * What a list reads, as its repository builds it from the caller's plain
 * inputs (scope and filters): the table, the conditions, the sorts and the
 * page query. The service adds how a row is answered (`ListSpec.map`).
 */
export interface ListSource<Row> {
  /** Names the list's statements (with the shape of the call). */
  name: string;
  /** The table (or view) the matches are counted on (without joins). */
  table: PgTable | PgView;
  /** The scope (own or team) and the filters the caller gave. */
  conditions: (ListCondition | null)[];
  /** Sort fields a caller may name, and the column that makes the order total. */
  sortable: Record<string, AnyColumn | SQL>;
  tieBreaker: AnyColumn;
  /**
   * The query of a request with everything its answer needs, selecting
   * `total` as given (the count of all matches).
   */
  page: (db: Db, total: SQL<number>) => PageBuilder<Row & { total: number }>;
}

export interface ListSpec<Row, Item> extends ListSource<Row> {
  /** A row as the answer carries it. */
  map: (row: Row) => Item;
}

/**
 * The one list path (DESIGN.md §2): the page in the asked order, the total of
 * matches, and `{ items, count, total, pagination }`. The total is counted on
 * the request table alone, in the page's own statement (an uncorrelated
 * subquery, run once); so a list call is two statements — the session and
 * the page — whatever the page size or the filters, and a third only for a
 * page past the last. Each is prepared once per shape of call (which filters,
 * which sort; the first pages' size and offset written in, `pageWindow`), with
 * the caller's values as parameters.
 */
export async function listPage<Row, Item>(
  db: Db,
  requestUrl: string,
  q: PageQuery,
  spec: ListSpec<Row, Item>,
): Promise<ListResponse<Item>> {
  const given = spec.conditions.filter((c): c is ListCondition => c !== null);
  const window = pageWindow(q.page, q.limit);
  const key = `list:${spec.name}|${given.map((c) => c.key).join(',')}|${q.sort}|${window.key}`;
  const statements = preparedOnce(db, key, (name) => {
    const where = and(...given.map((c) => c.where(sql.placeholder(c.key))));
    const order = orderBy(q.sort, spec.sortable, spec.tieBreaker);
    const total = sql<number>`(${countOf(spec, given, where)})`.mapWith(Number);
    return {
      // The first ids of each part already meet the whole condition: the page reads them alone.
      page: spec
        .page(db, total)
        .where(firstOfEachPart(spec, given, q.sort, window.reach) ?? where)
        .orderBy(...order)
        .limit(window.limit)
        .offset(window.offset)
        .prepare(`${name}_page`),
      total: db
        .select({ n: sql<number>`(${countOf(spec, given, where)})`.mapWith(Number) })
        .from(sql`(select) as one`)
        .prepare(`${name}_total`),
    };
  });
  const values = Object.fromEntries(given.map((c) => [c.key, c.value]));
  const rows = await statements.page.execute({
    ...values,
    limit: q.limit,
    offset: offsetOf(q.page, q.limit),
    reach: offsetOf(q.page, q.limit) + q.limit,
  });
  let total = rows[0]?.total ?? 0;
  // An empty page past the first says nothing about the total: count it.
  if (rows.length === 0 && q.page > 1) total = (await statements.total.execute(values))[0]?.n ?? 0;
  return listAnswer(requestUrl, rows.map(spec.map), total, q.page, q.limit);
}

/** A condition made of parts (the team view), with its parts as SQL; none when there is no such condition. */
function splitCondition(given: ListCondition[]) {
  const split = given.find((c) => c.parts);
  const parts = split?.parts?.(sql.placeholder(split.key)) ?? [];
  if (!split || parts.length < 2) return null;
  const others = given.filter((c) => c !== split).map((c) => c.where(sql.placeholder(c.key)));
  return { parts, others };
}

/**
 * The statement counting the matches. Under a condition made of parts (the
 * team view) the ids of each part are read from that part's index alone
 * (an index-only scan of `(line_manager_id, id)`...) and the distinct ones
 * counted; an OR over the parts made the database visit a table page per
 * match, which are ten times as many pages in a company ten times bigger.
 */
function countOf<Row, Item>(spec: ListSpec<Row, Item>, given: ListCondition[], where: SQL | undefined): SQL {
  const split = splitCondition(given);
  if (!split) return sql`select count(*) from ${spec.table} where ${where ?? sql`true`}`;
  const ids = split.parts.map(
    (part) => sql`select ${spec.tieBreaker} from ${spec.table} where ${and(part, ...split.others)}`,
  );
  return sql`select count(*) from (${sql.join(ids, sql` union `)}) as matches`;
}

/**
 * For a page in the order of the tie-breaker (the id: newest first, the
 * default) under a condition made of parts (the team view), the ids the page
 * can hold: of each part alone, the first `reach` (offset + limit) in that
 * order, every other filter applied. Each part reads them from its own index
 * (`(line_manager_id, id)`...) and stops there, so the page costs the same
 * whatever the size of the table; without it the database walked the whole
 * table's primary key backwards until it had met a page of the caller's
 * requests, which takes ten times longer in a company ten times bigger.
 * Each of those ids meets the whole condition (its part and every other
 * filter), so the page reads them alone: with the condition beside them, a
 * plan made for every value joined all the caller's matches to them. The
 * total still counts every match. Any other order gets no restriction
 * (undefined), and the page applies the condition itself.
 */
function firstOfEachPart<Row, Item>(
  spec: ListSpec<Row, Item>,
  given: ListCondition[],
  sortParam: string,
  reach: Placeholder,
): SQL | undefined {
  const [field = '', dir = 'desc'] = sortParam.split(',');
  if (spec.sortable[field] !== spec.tieBreaker) return undefined;
  const split = splitCondition(given);
  if (!split) return undefined;
  const { parts, others } = split;
  const direction = dir.toLowerCase() === 'asc' ? sql`asc` : sql`desc`;
  const firsts = parts.map(
    (part) =>
      sql`(select ${spec.tieBreaker} from ${spec.table} where ${and(part, ...others)} order by ${spec.tieBreaker} ${direction} limit ${reach})`,
  );
  return sql`${spec.tieBreaker} in (${sql.join(firsts, sql` union all `)})`;
}

/** Filters that only the team view takes: naming one in the own view is a 400. */
export function teamOnlyFilters(
  own: boolean,
  query: Record<string, unknown>,
  /** Query parameter → its name in the message (employee_id → employee). */
  names: Record<string, string>,
) {
  const given = Object.entries(names).filter(([param]) => query[param] !== undefined);
  if (own && given.length > 0) {
    throw domainError('team_filter_only', { filters: given.map(([, name]) => name).join(' and ') });
  }
}
