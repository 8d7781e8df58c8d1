import type { NameTranslations } from '@hr/contracts/translations';
import {
  and,
  asc,
  count,
  eq,
  ilike,
  inArray,
  isNull,
  ne,
  or,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  designations,
  developmentAreas,
  educations,
  employeeGroups,
  employees,
  eprCycles,
  examSubjects,
  exams,
  groups,
  groupTrees,
  lookupValues,
} from '../../db/schema';
import type { LookupKind } from '../../db/schema/lookups';
import { localName } from '../../lib/language';
import { orderBy } from '../../lib/list';
import {
  ALL_ROWS_CAP,
  containing,
  type PageWindow,
  type ReferenceStore,
  type TableRow,
  tableStore,
  tableWrites,
} from '../../lib/reference-data';

export interface EnabledFilter {
  /** Disabled ones too (administrators). */
  all?: boolean | undefined;
}

export interface GroupFilter extends EnabledFilter {
  /** A group type's id, or SPEC.md's type 1 (the list filters). */
  typeId?: number | undefined;
  /** The id SPEC.md calls type 1. */
  filterTypeId: number;
}

/** The rows of a raw query, from either driver (both answer `{ rows }`). */
function rowsOf<T>(result: unknown): T[] {
  const rows = (result as { rows?: unknown }).rows;
  return Array.isArray(rows) ? (rows as T[]) : [];
}

async function windowed<T>(
  total: number,
  window: PageWindow,
  run: (limit: number, offset: number) => Promise<T[]>,
): Promise<{ rows: T[]; total: number }> {
  if (total === 0 || window.offset >= total) return { rows: [], total };
  return { rows: await run(window.limit ?? ALL_ROWS_CAP, window.offset), total };
}

const enabledOnly = (column: PgColumn) => (filter: EnabledFilter) => [
  filter.all ? undefined : eq(column, true),
];

/** Whether another row of `column`'s table (not `exceptId`) has this name, any case. */
async function nameUsed(
  db: Db,
  idColumn: PgColumn,
  nameColumn: PgColumn,
  name: string | undefined,
  exceptId: number | undefined,
  scope?: SQL,
): Promise<boolean> {
  if (name === undefined) return false;
  const [row] = await db
    .select({ id: idColumn })
    .from(idColumn.table)
    .where(
      and(
        scope,
        sql`lower(${nameColumn}) = ${name.toLowerCase()}`,
        exceptId === undefined ? undefined : ne(idColumn, exceptId),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/* Levels, grades and designations: plain rows with the number of employees who have them */

type Counted<Row> = Row & { employeesCount: number };

/** Employees per value of an employee column, for the ids of one page. */
async function employeesPer(db: Db, column: PgColumn, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: column, n: count() })
    .from(employees)
    .where(inArray(column, ids))
    .groupBy(column);
  return new Map(rows.map((r) => [Number(r.id), Number(r.n)]));
}

/**
 * A table store whose rows carry how many employees point at them (one
 * grouped count per page, not one per row).
 */
function withEmployeeCounts<Row extends { id: number }, Values, Filter>(
  store: ReferenceStore<Row, Values, Filter> & { inUse(db: Db, id: number): Promise<boolean> },
  column: PgColumn,
): ReferenceStore<Counted<Row>, Values, Filter> & { inUse(db: Db, id: number): Promise<boolean> } {
  const counted = async (db: Db, rows: Row[]) => {
    const n = await employeesPer(
      db,
      column,
      rows.map((r) => r.id),
    );
    return rows.map((r) => ({ ...r, employeesCount: n.get(r.id) ?? 0 }));
  };
  return {
    ...store,
    async list(db, filter, window) {
      const page = await store.list(db, filter, window);
      return { rows: await counted(db, page.rows), total: page.total };
    },
    async find(db, id) {
      const row = await store.find(db, id);
      return row ? ((await counted(db, [row]))[0] ?? null) : null;
    },
  };
}

/** The number of employees per row, as a sort expression (the correlated count). */
const employeesSort = (column: string, table: string) =>
  sql.raw(`(select count(*) from employees e where e.${column} = "${table}"."id")`);

function rankStore(kind: Extract<LookupKind, 'level' | 'grade'>) {
  const column = kind === 'level' ? employees.levelId : employees.gradeId;
  return withEmployeeCounts(
    tableStore<typeof lookupValues, EnabledFilter>(lookupValues, {
      scope: { where: eq(lookupValues.kind, kind), values: { kind } },
      sortable: {
        id: lookupValues.id,
        name: sql`lower(${lookupValues.name})`,
        order: lookupValues.sortOrder,
        employees: employeesSort(kind === 'level' ? 'level_id' : 'grade_id', 'lookup_values'),
      },
      where: enabledOnly(lookupValues.enabled),
      usedBy: [column],
    }),
    column,
  );
}

export type RankRow = Counted<TableRow<typeof lookupValues>>;
export type RankValues = typeof lookupValues.$inferInsert;
export type DesignationRow = Counted<TableRow<typeof designations>>;
export type DevelopmentAreaRow = TableRow<typeof developmentAreas>;

export const levelStore = rankStore('level');
export const gradeStore = rankStore('grade');

export const designationStore = withEmployeeCounts(
  tableStore<typeof designations, EnabledFilter>(designations, {
    sortable: {
      id: designations.id,
      name: sql`lower(${designations.name})`,
      employees: employeesSort('designation_id', 'designations'),
    },
    where: enabledOnly(designations.enabled),
    usedBy: [employees.designationId],
  }),
  employees.designationId,
);

/** Development areas are offered by name to the review's plan, which keeps its own text: nothing points at them. */
export const developmentAreaStore = tableStore<typeof developmentAreas, EnabledFilter>(developmentAreas, {
  sortable: { id: developmentAreas.id, name: sql`lower(${developmentAreas.name})` },
  searchIn: [developmentAreas.name, developmentAreas.description],
  where: enabledOnly(developmentAreas.enabled),
});

/* Exams and their subjects */

const examEducations = sql<number>`(select count(*)::int from employee_educations ee where ee.exam_id = "exams"."id")`;

/** An exam's columns; the education type's name in the call's language (read when the statement is built). */
const examColumns = () => ({
  id: exams.id,
  name: exams.name,
  nameTranslations: exams.nameTranslations,
  educationTypeId: exams.educationTypeId,
  typeName: localName(lookupValues.name, lookupValues.nameTranslations),
  enabled: exams.enabled,
  educations: examEducations,
});

export interface SubjectRow {
  id: number;
  examId: number;
  name: string;
  nameTranslations: NameTranslations;
  educations: number;
}

const subjectEducations = sql<number>`(select count(*)::int from employee_educations ee where ee.subject_id = "exam_subjects"."id")`;

/** The subjects of some exams, by name, each with its number of educations. */
async function subjectsOf(db: Db, examIds: number[]): Promise<SubjectRow[]> {
  if (examIds.length === 0) return [];
  return db
    .select({
      id: examSubjects.id,
      examId: examSubjects.examId,
      name: examSubjects.name,
      nameTranslations: examSubjects.nameTranslations,
      educations: subjectEducations,
    })
    .from(examSubjects)
    .where(inArray(examSubjects.examId, examIds))
    .orderBy(sql`lower(${examSubjects.name})`, asc(examSubjects.id));
}

type ExamBase = {
  id: number;
  name: string;
  nameTranslations: NameTranslations;
  educationTypeId: number | null;
  typeName: string | null;
  enabled: boolean;
  educations: number;
};
export type ExamRow = ExamBase & { subjects: SubjectRow[] };
export type ExamValues = typeof exams.$inferInsert;

async function withSubjects(db: Db, rows: ExamBase[]): Promise<ExamRow[]> {
  const subjects = await subjectsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, subjects: subjects.filter((s) => s.examId === r.id) }));
}

const examSelect = (db: Db) =>
  db.select(examColumns()).from(exams).leftJoin(lookupValues, eq(lookupValues.id, exams.educationTypeId));

export const examStore = {
  async list(db: Db, filter: EnabledFilter & { search?: string | undefined }, window: PageWindow) {
    const order = orderBy(
      window.sort,
      { id: exams.id, name: sql`lower(${exams.name})`, type: sql`lower(${lookupValues.name})` },
      exams.id,
    );
    const where = and(
      filter.search ? ilike(exams.name, containing(filter.search)) : undefined,
      filter.all ? undefined : eq(exams.enabled, true),
    );
    const [t] = await db.select({ n: count() }).from(exams).where(where);
    return windowed(t?.n ?? 0, window, async (limit, offset) =>
      withSubjects(
        db,
        await examSelect(db)
          .where(where)
          .orderBy(...order)
          .limit(limit)
          .offset(offset),
      ),
    );
  },

  async find(db: Db, id: number): Promise<ExamRow | null> {
    const rows = await examSelect(db).where(eq(exams.id, id)).limit(1);
    return (await withSubjects(db, rows))[0] ?? null;
  },

  ...tableWrites(exams),

  /** An exam goes with its subjects. */
  async delete(db: Db, id: number) {
    await db.delete(exams).where(eq(exams.id, id));
  },
} satisfies ReferenceStore<ExamRow, ExamValues, EnabledFilter>;

/** A subject as a record of its own (the change of its name or its translations). */
export type SubjectRecord = TableRow<typeof examSubjects> & { educations: number };
export type SubjectValues = typeof examSubjects.$inferInsert;

const subjectTable = tableStore<typeof examSubjects, object>(examSubjects, {
  sortable: { id: examSubjects.id, name: sql`lower(${examSubjects.name})` },
  // Unique within its exam, any case.
  uniqueName: { column: examSubjects.name, key: 'name', within: { examId: examSubjects.examId } },
});

/** Subjects with their number of educations. */
async function withEducations(db: Db, rows: TableRow<typeof examSubjects>[]): Promise<SubjectRecord[]> {
  if (rows.length === 0) return [];
  const counts = await db
    .select({ id: examSubjects.id, educations: subjectEducations })
    .from(examSubjects)
    .where(
      inArray(
        examSubjects.id,
        rows.map((r) => r.id),
      ),
    );
  return rows.map((r) => ({ ...r, educations: Number(counts.find((c) => c.id === r.id)?.educations ?? 0) }));
}

export const subjectStore = {
  ...subjectTable,
  async list(db, filter, window) {
    const page = await subjectTable.list(db, filter, window);
    return { rows: await withEducations(db, page.rows), total: page.total };
  },
  async find(db, id) {
    const row = await subjectTable.find(db, id);
    return row ? ((await withEducations(db, [row]))[0] ?? null) : null;
  },
} satisfies ReferenceStore<SubjectRecord, SubjectValues, object>;

export const subjectRepository = {
  async find(db: Db, id: number) {
    const [row] = await db
      .select({
        id: examSubjects.id,
        examId: examSubjects.examId,
        name: examSubjects.name,
        examName: exams.name,
      })
      .from(examSubjects)
      .innerJoin(exams, eq(exams.id, examSubjects.examId))
      .where(eq(examSubjects.id, id))
      .limit(1);
    return row ?? null;
  },

  nameTaken: (db: Db, examId: number, name: string) =>
    nameUsed(db, examSubjects.id, examSubjects.name, name, undefined, eq(examSubjects.examId, examId)),

  async insert(db: Db, values: SubjectValues) {
    const [row] = await db.insert(examSubjects).values(values).returning();
    return row!;
  },

  async delete(db: Db, id: number) {
    await db.delete(examSubjects).where(eq(examSubjects.id, id));
  },

  /** Employees' educations of a subject. */
  async educations(db: Db, id: number): Promise<number> {
    const [row] = await db.select({ n: count() }).from(educations).where(eq(educations.subjectId, id));
    return row?.n ?? 0;
  },
};

/** Employees' educations of an exam or of any of its subjects. */
export async function examEducationsCount(db: Db, examId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(educations)
    .where(
      or(
        eq(educations.examId, examId),
        inArray(
          educations.subjectId,
          db.select({ id: examSubjects.id }).from(examSubjects).where(eq(examSubjects.examId, examId)),
        ),
      ),
    );
  return row?.n ?? 0;
}

/** Whether a lookup value of this kind exists. */
export async function lookupExists(db: Db, kind: LookupKind, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: lookupValues.id })
    .from(lookupValues)
    .where(and(eq(lookupValues.id, id), eq(lookupValues.kind, kind)))
    .limit(1);
  return Boolean(row);
}

/* Groups and their trees */

/** SPEC.md's group type 1: the group type first in order. */
const firstGroupType = sql`(select lv.id from lookup_values lv where lv.kind = 'group_type' order by lv.sort_order, lv.id limit 1)`;

export interface TreeRow {
  id: number;
  groupId: number;
  parentId: number | null;
  name: string;
  /** Employees in this item itself. */
  employees: number;
}

type GroupBase = {
  id: number;
  name: string;
  typeId: number | null;
  typeName: string | null;
  enabled: boolean;
  listFilter: boolean;
  createdAt: Date;
  itemsCount: number;
  membersCount: number;
};
export type GroupRow = GroupBase & { items: TreeRow[] };
export type GroupValues = typeof groups.$inferInsert;

const groupColumns = {
  id: groups.id,
  name: groups.name,
  typeId: groups.typeId,
  typeName: lookupValues.name,
  enabled: groups.enabled,
  listFilter: sql<boolean>`coalesce("groups"."type_id" = ${firstGroupType}, false)`,
  createdAt: groups.createdAt,
  // Named outright: in a select list drizzle writes columns unqualified.
  itemsCount: sql<number>`(select count(*)::int from group_trees t where t.group_id = "groups"."id")`,
  membersCount: sql<number>`(select count(distinct eg.employee_id)::int from employee_groups eg
    join group_trees t on t.id = eg.group_tree_id where t.group_id = "groups"."id")`,
};

/** The items of some groups, by name, each with the employees in it. */
async function itemsOf(db: Db, groupIds: number[]): Promise<TreeRow[]> {
  if (groupIds.length === 0) return [];
  return db
    .select({
      id: groupTrees.id,
      groupId: groupTrees.groupId,
      parentId: groupTrees.parentId,
      name: groupTrees.name,
      employees: sql<number>`(select count(*)::int from employee_groups eg where eg.group_tree_id = "group_trees"."id")`,
    })
    .from(groupTrees)
    .where(inArray(groupTrees.groupId, groupIds))
    .orderBy(sql`lower(${groupTrees.name})`, asc(groupTrees.id));
}

async function withItems(db: Db, rows: GroupBase[]): Promise<GroupRow[]> {
  const items = await itemsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    ...r,
    itemsCount: Number(r.itemsCount),
    membersCount: Number(r.membersCount),
    items: items.filter((i) => i.groupId === r.id),
  }));
}

const groupSelect = (db: Db) =>
  db.select(groupColumns).from(groups).leftJoin(lookupValues, eq(lookupValues.id, groups.typeId));

export const groupStore = {
  async list(db: Db, filter: GroupFilter & { search?: string | undefined }, window: PageWindow) {
    const order = orderBy(
      window.sort,
      {
        id: groups.id,
        name: sql`lower(${groups.name})`,
        type: sql`lower(${lookupValues.name})`,
        created: groups.createdAt,
      },
      groups.id,
    );
    const where = and(
      filter.search ? ilike(groups.name, containing(filter.search)) : undefined,
      filter.all ? undefined : eq(groups.enabled, true),
      filter.typeId === undefined
        ? undefined
        : filter.typeId === filter.filterTypeId
          ? sql`${groups.typeId} = ${firstGroupType}`
          : eq(groups.typeId, filter.typeId),
    );
    const [t] = await db.select({ n: count() }).from(groups).where(where);
    return windowed(t?.n ?? 0, window, async (limit, offset) =>
      withItems(
        db,
        await groupSelect(db)
          .where(where)
          .orderBy(...order)
          .limit(limit)
          .offset(offset),
      ),
    );
  },

  async find(db: Db, id: number): Promise<GroupRow | null> {
    const rows = await groupSelect(db).where(eq(groups.id, id)).limit(1);
    return (await withItems(db, rows))[0] ?? null;
  },

  ...tableWrites(groups),

  /** A group goes with its items (nobody belongs to them: the service checks). */
  async delete(db: Db, id: number) {
    await db.delete(groups).where(eq(groups.id, id));
  },
} satisfies ReferenceStore<GroupRow, GroupValues, GroupFilter>;

/** Group tree items and every item below them. */
/**
 * Whether the employee in `employeeId` belongs to a group item or an item
 * below it: a condition for a list's group filter (a department takes in its
 * teams), inside the list's own statement.
 */
export function inGroupItem(employeeId: PgColumn | SQL, treeId: number | Placeholder): SQL {
  return sql`exists (select 1 from ${employeeGroups} where ${employeeGroups.employeeId} = ${employeeId}
    and ${employeeGroups.groupTreeId} in (
      with recursive t(id) as (
        select ${treeId}::int
        union
        select g.id from ${groupTrees} g join t on g.parent_id = t.id
      )
      select id from t))`;
}

export async function groupTreeWithDescendants(db: Db, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.execute<{ id: number }>(sql`
    with recursive t(id) as (
      select ${groupTrees.id} from ${groupTrees} where ${inArray(groupTrees.id, ids)}
      union
      select g.id from ${groupTrees} g join t on g.parent_id = t.id
    )
    select id from t`);
  return rowsOf<{ id: number }>(rows).map((r) => Number(r.id));
}

export const treeRepository = {
  async item(db: Db, treeId: number) {
    const [row] = await db.select().from(groupTrees).where(eq(groupTrees.id, treeId)).limit(1);
    return row ?? null;
  },

  async groupExists(db: Db, groupId: number): Promise<boolean> {
    const [row] = await db.select({ id: groups.id }).from(groups).where(eq(groups.id, groupId)).limit(1);
    return Boolean(row);
  },

  async siblingNamed(db: Db, groupId: number, parentId: number | null, name: string) {
    return nameUsed(
      db,
      groupTrees.id,
      groupTrees.name,
      name,
      undefined,
      and(
        eq(groupTrees.groupId, groupId),
        parentId === null ? isNull(groupTrees.parentId) : eq(groupTrees.parentId, parentId),
      ),
    );
  },

  async insert(db: Db, values: { groupId: number; parentId: number | null; name: string }) {
    const [row] = await db.insert(groupTrees).values(values).returning();
    return row!;
  },

  /** Employees in any of these items, each counted once. */
  async membersIn(db: Db, treeIds: number[]): Promise<number> {
    if (treeIds.length === 0) return 0;
    const [row] = await db
      .select({ n: sql<number>`count(distinct ${employeeGroups.employeeId})::int` })
      .from(employeeGroups)
      .where(inArray(employeeGroups.groupTreeId, treeIds));
    return Number(row?.n ?? 0);
  },

  /** Review cycles launched for any of these items. */
  async cyclesFor(db: Db, treeIds: number[]): Promise<number> {
    if (treeIds.length === 0) return 0;
    const [row] = await db
      .select({ n: count() })
      .from(eprCycles)
      .where(inArray(eprCycles.groupTreeId, treeIds));
    return row?.n ?? 0;
  },

  /** The ids of a group's items. */
  async itemIds(db: Db, groupId: number): Promise<number[]> {
    const rows = await db
      .select({ id: groupTrees.id })
      .from(groupTrees)
      .where(eq(groupTrees.groupId, groupId));
    return rows.map((r) => r.id);
  },

  /** Deletes an item; the items below it go with it. */
  async delete(db: Db, treeId: number) {
    await db.delete(groupTrees).where(eq(groupTrees.id, treeId));
  },
};
