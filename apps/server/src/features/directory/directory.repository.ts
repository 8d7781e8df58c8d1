import type { EmployeeSearchFilter, TeamRelation } from '@hr/contracts/employee-search';
import dayjs from 'dayjs';
import {
  and,
  count,
  eq,
  ilike,
  inArray,
  isNotNull,
  ne,
  or,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  companies,
  designations,
  educations,
  employeeGroups,
  employees,
  offices,
  separations,
} from '../../db/schema';
import { localName } from '../../lib/language';
import { orderBy, pageWindow } from '../../lib/list';
import { preparedOnce } from '../../lib/prepared';
import { belowCondition } from '../../lib/privacy';

/**
 * The columns of a directory card (SPEC.md §3 Employee, the part every
 * colleague may see); the designation in the call's language.
 */
const cardColumns = () => ({
  id: employees.id,
  eid: employees.eid,
  name: employees.name,
  designation: localName(designations.name, designations.nameTranslations),
  email: employees.email,
  mobile: employees.mobile,
  company: companies.name,
  office: offices.name,
  enabled: employees.enabled,
  photoVersion: employees.photoVersion,
});

export interface CardRow {
  id: number;
  eid: string;
  name: string;
  designation: string | null;
  email: string | null;
  mobile: string | null;
  company: string | null;
  office: string | null;
  enabled: boolean;
  photoVersion: number;
}

/** The shortest search text a trigram index can help with. */
const TRIGRAM = 3;

/** `%`, `_` and `\` match themselves in a LIKE pattern. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Part of the name or E-ID (trigram indexes), or the start of the e-mail
 * address or mobile number (prefix indexes).
 */
export function fullTextCondition(text: string): SQL | undefined {
  const term = escapeLike(text.trim());
  if (!term) return undefined;
  return or(
    ilike(employees.name, `%${term}%`),
    ilike(employees.eid, `%${term}%`),
    sql`lower(${employees.email}) like ${`${term.toLowerCase()}%`}`,
    sql`${employees.mobile} like ${`${term}%`}`,
  );
}

/** The fields a search may sort by; the id settles ties, so pages never overlap. */
const SEARCH_SORTABLE = {
  name: employees.name,
  eid: employees.eid,
  id: employees.id,
  joining_date: employees.joiningDate,
  dob: employees.dob,
};
const TEAM_SORTABLE = { name: employees.name, eid: employees.eid, id: employees.id };

export interface PageWindow {
  offset: number;
  limit: number;
  /** `field,dir`; an unknown field is a 400. */
  sort: string;
}

const sqlExists = (query: SQL) => sql`exists (${query})`;
const sqlNotExists = (query: SQL) => sql`not exists (${query})`;

const today = () => dayjs();
const yearsAgo = (years: number) => today().subtract(years, 'year').format('YYYY-MM-DD');

/**
 * The conditions of a search filter; the group items must already include
 * the items below them. `callerId` is whom `scope: reports` is below.
 */
export function searchConditions(
  filter: EmployeeSearchFilter,
  groupTreeIds: number[] | null,
  callerId: number,
): SQL[] {
  const where: SQL[] = [];
  const add = (condition: SQL | undefined) => {
    if (condition) where.push(condition);
  };
  const inList = <T extends number | string>(
    column: Parameters<typeof inArray>[0],
    values: readonly T[] | null | undefined,
  ) => {
    if (values && values.length > 0) add(inArray(column, [...values]));
  };

  const status = filter.status ?? 'enabled';
  if (status !== 'all') add(eq(employees.enabled, status === 'enabled'));
  if (filter.full_text) add(fullTextCondition(filter.full_text));
  if (filter.scope === 'reports') add(belowCondition(callerId));

  inList(employees.id, filter.ids);
  inList(employees.genderId, filter.gender_ids);
  inList(employees.bloodGroup, filter.blood_groups);
  inList(employees.religionId, filter.religion_ids);
  inList(employees.maritalStatusId, filter.marital_status_ids);
  inList(employees.statusId, filter.employee_status_ids);
  inList(employees.officeId, filter.office_ids);
  inList(employees.companyId, filter.company_ids);
  inList(employees.levelId, filter.level_ids);
  inList(employees.gradeId, filter.grade_ids);

  for (const [column, range] of [
    [employees.joiningDate, filter.joining_date],
    [employees.confirmationDate, filter.confirmation_date],
  ] as const) {
    if (range?.from) add(sql`${column} >= ${range.from}`);
    if (range?.to) add(sql`${column} <= ${range.to}`);
  }

  if (filter.birthday?.from && filter.birthday.to) {
    const { from, to } = filter.birthday;
    const day = sql`to_char(${employees.dob}, 'MM-DD')`;
    add(isNotNull(employees.dob));
    add(from <= to ? sql`${day} between ${from} and ${to}` : sql`(${day} >= ${from} or ${day} <= ${to})`);
  }

  // Whole years: an age of 30 means born more than 30 and at most 31 years ago.
  if (filter.age) {
    add(sql`${employees.dob} <= ${yearsAgo(filter.age.min)}`);
    add(sql`${employees.dob} > ${yearsAgo(filter.age.max + 1)}`);
  }
  if (filter.service_years) {
    add(sql`${employees.joiningDate} <= ${yearsAgo(filter.service_years.min)}`);
    add(sql`${employees.joiningDate} > ${yearsAgo(filter.service_years.max + 1)}`);
  }

  const educationConditions: SQL[] = [];
  if (filter.education_type_ids?.length)
    educationConditions.push(inArray(educations.typeId, filter.education_type_ids));
  if (filter.exam_ids?.length) educationConditions.push(inArray(educations.examId, filter.exam_ids));
  // Each list on its own: some education of the type, and some passing of the exam.
  for (const condition of educationConditions) {
    add(
      sqlExists(
        sql`select 1 from ${educations} where ${educations.employeeId} = ${employees.id} and ${condition}`,
      ),
    );
  }

  if (filter.has_separation === true)
    add(sqlExists(sql`select 1 from ${separations} where ${separations.employeeId} = ${employees.id}`));
  if (filter.has_separation === false)
    add(sqlNotExists(sql`select 1 from ${separations} where ${separations.employeeId} = ${employees.id}`));
  const separationConditions: SQL[] = [];
  if (filter.separation_type_ids?.length)
    separationConditions.push(inArray(separations.typeId, filter.separation_type_ids));
  if (filter.separation_status_ids?.length)
    separationConditions.push(inArray(separations.statusId, filter.separation_status_ids));
  if (separationConditions.length > 0)
    add(
      sqlExists(
        sql`select 1 from ${separations} where ${separations.employeeId} = ${employees.id} and ${and(...separationConditions)}`,
      ),
    );

  if (groupTreeIds) {
    // Asked for group items that do not exist: nobody matches.
    if (groupTreeIds.length === 0) add(sql`false`);
    else
      add(
        sqlExists(
          sql`select 1 from ${employeeGroups} where ${employeeGroups.employeeId} = ${employees.id} and ${inArray(employeeGroups.groupTreeId, groupTreeIds)}`,
        ),
      );
  }
  return where;
}

/** The rows of a raw query, from either driver (both answer `{ rows }`). */
function rowsOf<T>(result: unknown): T[] {
  const rows = (result as { rows?: unknown }).rows;
  return Array.isArray(rows) ? (rows as T[]) : [];
}

/**
 * A page of cards out of a set of matches read once. The matches (with their
 * sort keys) are a CTE used twice, so PostgreSQL materializes it: it is
 * found through the indexes of the condition (no ordering asked of it),
 * counted, sorted and cut to the page; only that page is joined to the names.
 * Without this the planner likes to walk the name index over every employee
 * to return rows already in order.
 */
function pageQuery(
  db: Db,
  condition: SQL | undefined,
  sort: string,
  window: { limit: number | Placeholder; offset: number | Placeholder },
  relation: SQL<TeamRelation | null>,
) {
  const matches = db.$with('matches').as(
    db
      .select({
        id: employees.id,
        name: employees.name,
        eid: employees.eid,
        joiningDate: employees.joiningDate,
        dob: employees.dob,
      })
      .from(employees)
      .where(condition),
  );
  const pageIds = db
    .select({ id: matches.id })
    .from(matches)
    .orderBy(
      ...orderBy(
        sort,
        {
          name: matches.name,
          eid: matches.eid,
          id: matches.id,
          joining_date: matches.joiningDate,
          dob: matches.dob,
        },
        matches.id,
      ),
    )
    .limit(window.limit)
    .offset(window.offset);
  return db
    .with(matches)
    .select({
      ...cardColumns(),
      relation: relation.mapWith(String),
      total: sql<number>`(select count(*)::int from ${matches})`.mapWith(Number),
    })
    .from(employees)
    .leftJoin(designations, eq(designations.id, employees.designationId))
    .leftJoin(companies, eq(companies.id, employees.companyId))
    .leftJoin(offices, eq(offices.id, employees.officeId))
    .where(inArray(employees.id, pageIds))
    .orderBy(...orderBy(sort, SEARCH_SORTABLE, employees.id));
}

type MatchRow = CardRow & { relation: string | null; total: number };

/** The rows of a page, and the total: past the last page no row carries it, so it is counted apart. */
async function withTotal(
  db: Db,
  rows: MatchRow[],
  condition: SQL | undefined,
  page: PageWindow,
): Promise<{ rows: (CardRow & { relation: TeamRelation | null })[]; total: number }> {
  // Past the last page there is no row to carry the total.
  const total =
    rows[0]?.total ??
    (page.offset > 0 ? ((await db.select({ n: count() }).from(employees).where(condition))[0]?.n ?? 0) : 0);
  return { rows: rows.map((r) => ({ ...r, relation: r.relation as TeamRelation | null })), total };
}

async function pageOfMatches(
  db: Db,
  condition: SQL | undefined,
  page: PageWindow,
  relation: SQL<TeamRelation | null> = sql<null>`null`,
): Promise<{ rows: (CardRow & { relation: TeamRelation | null })[]; total: number }> {
  const rows = await pageQuery(db, condition, page.sort, page, relation);
  return withTotal(db, rows, condition, page);
}

export const directoryRepository = {
  /**
   * A page of cards and the number of matches.
   *
   * With a search text of three characters or more, the matches are read
   * once through the trigram and prefix indexes, then counted and cut to the
   * page. The planner underrates what ILIKE costs per row and would rather
   * test all 10,000 rows; `enable_seqscan = off`, for this one transaction,
   * makes it use the indexes (two to three times faster on 10,000 employees).
   * Shorter texts have no trigram and other filters are cheap per row: those
   * count apart, so the page comes straight off the name index.
   */
  async search(
    db: Db,
    where: SQL[],
    page: PageWindow,
    fullText: string | null | undefined,
  ): Promise<{ rows: CardRow[]; total: number }> {
    const condition = where.length > 0 ? and(...where) : undefined;
    const order = orderBy(page.sort, SEARCH_SORTABLE, employees.id);
    const countAll = async (tx: Db) =>
      (await tx.select({ n: count() }).from(employees).where(condition))[0]?.n ?? 0;

    if ((fullText?.trim().length ?? 0) >= TRIGRAM) {
      return db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        return pageOfMatches(tx, condition, page);
      });
    }
    const total = await countAll(db);
    if (total === 0 || page.offset >= total) return { rows: [], total };
    const rows = await db
      .select(cardColumns())
      .from(employees)
      .leftJoin(designations, eq(designations.id, employees.designationId))
      .leftJoin(companies, eq(companies.id, employees.companyId))
      .leftJoin(offices, eq(offices.id, employees.officeId))
      .where(condition)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset);
    return { rows, total };
  },

  async employee(db: Db, id: number) {
    const [row] = await preparedOnce(db, 'directory-employee', (name) =>
      db
        .select({ id: employees.id, parentId: employees.parentId, enabled: employees.enabled })
        .from(employees)
        .where(eq(employees.id, sql.placeholder('id')))
        .limit(1)
        .prepare(name),
    ).execute({ id });
    return row ?? null;
  },

  /** Whether `managerId` is somewhere above `employeeId` in the reporting lines. */
  async isAbove(db: Db, managerId: number, employeeId: number): Promise<boolean> {
    const result = await db.execute<{ found: number }>(sql`
      with recursive up(id, parent_id, depth) as (
        select ${employees.id}, ${employees.parentId}, 0 from ${employees} where ${employees.id} = ${employeeId}
        union all
        select e.id, e.parent_id, up.depth + 1 from ${employees} e join up on e.id = up.parent_id
        where up.depth < 50
      )
      select 1 as found from up where id = ${managerId} and depth > 0 limit 1`);
    return rowsOf(result).length > 0;
  },

  /**
   * The team of an employee: their line manager, their
   * peers (same line manager), their direct reports and their reports'
   * reports; enabled employees only, never the employee themself.
   */
  async team(
    db: Db,
    who: { id: number; parentId: number | null },
    options: { type: 'all' | 'line_manager' | 'peers' | 'reports'; search?: string | undefined },
    page: PageWindow,
  ): Promise<{ rows: (CardRow & { relation: TeamRelation })[]; total: number }> {
    const type = options.type;
    const under = who.parentId !== null;
    /** The team's condition and each card's relation, with the ids as values or as placeholders. */
    const shape = (id: number | Placeholder, parentId: number | Placeholder | null) => {
      const parts: SQL[] = [];
      if ((type === 'all' || type === 'line_manager') && parentId !== null)
        parts.push(eq(employees.id, parentId));
      if ((type === 'all' || type === 'peers') && parentId !== null)
        parts.push(eq(employees.parentId, parentId));
      if (type === 'all' || type === 'reports') {
        // Reports and their reports. The first level is an array made once (an init plan), so each
        // part of the OR stays an index lookup, in the same statement.
        parts.push(
          sql`(${employees.parentId} = ${id} or ${employees.parentId} = any(array(select report.id from ${employees} report where report.parent_id = ${id})))`,
        );
      }
      if (parts.length === 0) return null;
      const condition = and(
        or(...parts),
        ne(employees.id, id),
        eq(employees.enabled, true),
        options.search ? fullTextCondition(options.search) : undefined,
      );
      const relation =
        parentId === null
          ? sql<TeamRelation>`case when ${employees.parentId} = ${id} then 'report' else 'indirect_report' end`
          : sql<TeamRelation>`case when ${employees.id} = ${parentId} then 'line_manager'
              when ${employees.parentId} = ${id} then 'report'
              when ${employees.parentId} = ${parentId} then 'peer'
              else 'indirect_report' end`;
      return { condition, relation };
    };
    const withValues = shape(who.id, who.parentId);
    if (!withValues) return { rows: [], total: 0 };

    // The team sorts by fewer fields than the search: an unknown one is a 400 here.
    orderBy(page.sort, TEAM_SORTABLE, employees.id);
    let found: { rows: (CardRow & { relation: TeamRelation | null })[]; total: number };
    if (options.search) {
      // A search text shapes the statement itself.
      found = await pageOfMatches(db, withValues.condition, page, withValues.relation);
    } else {
      // Otherwise the statement is one of a few shapes, prepared once each, its values placeholders.
      const window = pageWindow(page.offset / page.limit + 1, page.limit);
      const key = `team|${type}|${under ? 'under' : 'top'}|${page.sort}|${window.key}`;
      const statement = preparedOnce(db, key, (name) => {
        const placed = shape(sql.placeholder('id'), under ? sql.placeholder('parentId') : null)!;
        return pageQuery(db, placed.condition, page.sort, window, placed.relation).prepare(name);
      });
      const rows = await statement.execute({
        id: who.id,
        parentId: who.parentId,
        limit: page.limit,
        offset: page.offset,
      });
      found = await withTotal(db, rows, withValues.condition, page);
    }
    return {
      rows: found.rows.map((r) => ({ ...r, relation: r.relation as TeamRelation })),
      total: found.total,
    };
  },
};
