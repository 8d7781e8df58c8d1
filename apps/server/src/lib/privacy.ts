import {
  type EmployeeSearchFilter,
  personalFiltersOf,
  SEARCH_FILTER_CLASS,
  SEARCH_SORT_CLASS,
  type SearchFilterName,
} from '@hr/contracts/employee-search';
import { CLASS_READERS, classOfField, type DataClass, mayRead, type Standing } from '@hr/contracts/privacy';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { employees } from '../db/schema';
import type { FieldChanges } from './audit';
import type { AuthContext } from './auth-context';
import { domainError } from './errors';
import { preparedOnce } from './prepared';

/**
 * Who sees which part of a person (DESIGN.md §9), decided here for every
 * read, filter, sort and log: how a caller stands to an employee, which
 * classes of data that standing reads (packages/contracts privacy.ts), and
 * what the employee search may filter and sort on.
 */

/** How deep the reporting line is followed; deeper lines do not exist, and a loop stops here. */
const MAX_DEPTH = 50;

/** The rows of a raw query, from either driver (both answer `{ rows }`). */
function rowsOf<T>(result: unknown): T[] {
  const rows = (result as { rows?: unknown }).rows;
  return Array.isArray(rows) ? (rows as T[]) : [];
}

/**
 * How the caller stands to an employee: themself, their line manager, their
 * O&O, a manager further up the line, or anyone else. Null when there is no
 * such employee. One statement: the line walked upwards from the employee.
 */
export async function standingTo(db: Db, auth: AuthContext, employeeId: number): Promise<Standing | null> {
  // A named prepared statement: every profile, report and request read asks it, and planning the
  // recursion took longer than running it.
  const statement = preparedOnce(db, 'privacy.standing', (name) =>
    db
      .select({
        depth: sql<number | null>`(
          with recursive up(id, depth) as (
            select e.parent_id, 1 from ${employees} e where e.id = ${sql.placeholder('employee')}
            union all
            select e.parent_id, up.depth + 1 from ${employees} e join up on e.id = up.id
            where up.depth < ${MAX_DEPTH}
          )
          select min(depth) from up where id = ${sql.placeholder('caller')})::int`,
      })
      .from(employees)
      .where(eq(employees.id, sql.placeholder('employee')))
      .prepare(name),
  );
  const [row] = await statement.execute({ employee: employeeId, caller: auth.employeeId });
  if (!row) return null;
  if (employeeId === auth.employeeId) return 'self';
  const depth = row.depth === null ? null : Number(row.depth);
  if (depth === 1) return 'line_manager';
  if (depth === 2) return 'one_over_one';
  if (depth !== null) return 'above';
  return 'other';
}

/** The classes of data a caller of this standing reads. */
export function readableClasses(standing: Standing, isAdmin: boolean): Set<DataClass> {
  return new Set(
    (Object.keys(CLASS_READERS) as DataClass[]).filter((cls) => mayRead(standing, isAdmin, cls)),
  );
}

/** The people below an employee in the reporting line (direct reports and theirs), as a condition on employees. */
export function belowCondition(managerId: number): SQL {
  return sql`${employees.id} in (
    with recursive down(id, depth) as (
      select e.id, 1 from ${employees} e where e.parent_id = ${managerId}
      union all
      select e.id, down.depth + 1 from ${employees} e join down on e.parent_id = down.id
      where down.depth < ${MAX_DEPTH}
    )
    select id from down)`;
}

/** Whether every one of `ids` is below the manager in the reporting line. */
async function allBelow(db: Db, managerId: number, ids: number[]): Promise<boolean> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return true;
  const result = await db.execute<{ n: number }>(sql`
    with recursive up(start, id, depth) as (
      select ${employees.id}, ${employees.parentId}, 1 from ${employees} where ${inArray(employees.id, wanted)}
      union all
      select up.start, e.parent_id, up.depth + 1 from ${employees} e join up on e.id = up.id
      where up.depth < ${MAX_DEPTH}
    )
    select count(distinct start)::int as n from up where id = ${managerId}`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0) === wanted.length;
}

/**
 * Whether everyone a search can match is someone whose data of this class
 * the caller may read: the search names only such people (`ids`), or keeps to
 * the people below the caller (`scope: reports`) when managers read the class.
 */
async function confinedTo(
  db: Db,
  auth: AuthContext,
  filter: EmployeeSearchFilter,
  dataClass: DataClass,
): Promise<boolean> {
  const readers = CLASS_READERS[dataClass];
  const selfReads = readers.includes('self');
  const managersRead = (['line_manager', 'one_over_one', 'above'] as const).every((s) => readers.includes(s));
  if (managersRead && filter.scope === 'reports') return true;
  const ids = filter.ids ?? [];
  if (ids.length === 0) return false;
  const others = ids.filter((id) => id !== auth.employeeId);
  if (others.length < ids.length && !selfReads) return false;
  if (others.length === 0) return true;
  return managersRead && allBelow(db, auth.employeeId, others);
}

/**
 * Refuses a search that filters or sorts on data the caller may not read of
 * everyone it could match: a 403 naming the filters (or the sort), whether or
 * not anyone would match, so the answer tells nothing. HR administrators read
 * every class.
 */
export async function authorizeSearch(
  db: Db,
  auth: AuthContext,
  filter: EmployeeSearchFilter,
  sort: string,
): Promise<void> {
  if (auth.isAdmin) return;
  const refused: SearchFilterName[] = [];
  for (const name of personalFiltersOf(filter)) {
    if (!(await confinedTo(db, auth, filter, SEARCH_FILTER_CLASS[name]))) refused.push(name);
  }
  if (refused.length > 0)
    throw domainError('private_filter_forbidden', { filter: refused.join(', ') }, refused[0]);
  const field = sort.split(',')[0] ?? '';
  const sortClass = Object.hasOwn(SEARCH_SORT_CLASS, field)
    ? SEARCH_SORT_CLASS[field as keyof typeof SEARCH_SORT_CLASS]
    : 'directory';
  if (sortClass !== 'directory' && !(await confinedTo(db, auth, filter, sortClass)))
    throw domainError('private_sort_forbidden', { sort: field }, 'sort');
}

/** A field change as a reader sees it: the values, or `masked` where the reader may not see them. */
export interface VisibleChange {
  field: string;
  before: FieldChanges[string]['before'];
  after: FieldChanges[string]['after'];
  masked: boolean;
}

/**
 * The changes of one log row as a reader with these classes sees them, in
 * the order of `fields` (the record's order) when the row names it.
 */
export function visibleChanges(
  section: string,
  changes: FieldChanges,
  readable: Set<DataClass>,
  fields: readonly string[] = [],
): VisibleChange[] {
  const order = [...fields.filter((f) => Object.hasOwn(changes, f))];
  for (const field of Object.keys(changes)) if (!order.includes(field)) order.push(field);
  return order
    .map((field) => [field, changes[field]!] as const)
    .map(([field, change]) =>
      readable.has(classOfField(section, field))
        ? { field, before: change.before, after: change.after, masked: false }
        : { field, before: null, after: null, masked: true },
    );
}
