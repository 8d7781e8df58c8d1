import type { GroupTreeItem } from '@hr/contracts/employee-search';
import { NOTICES } from '@hr/contracts/messages';
import {
  type Designation,
  type DevelopmentArea,
  type designationCreate,
  type designationUpdate,
  type developmentAreaCreate,
  type developmentAreaUpdate,
  type ExamItem,
  type examCreate,
  type examUpdate,
  FILTER_GROUP_TYPE,
  GROUP_MESSAGES,
  type GroupItem,
  type groupCreate,
  type groupsListQuery,
  type groupTreeCreate,
  type groupUpdate,
  ORGANISATION_MESSAGES,
  type organisationListQuery,
  type Rank,
  type rankCreate,
  type rankUpdate,
  type SubjectCreated,
  type subjectCreate,
  type subjectUpdate,
} from '@hr/contracts/organisation';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { audit } from '../../lib/audit';
import type { AuthContext } from '../../lib/auth-context';
import { domainError, fieldError } from '../../lib/errors';
import {
  inUseError,
  localAnswer,
  plainKind,
  ReferenceData,
  type ReferenceDataOf,
  type ReferenceListQuery,
  type ReferenceSpec,
  requireAdminContext,
} from '../../lib/reference-data';
import {
  type DesignationRow,
  type DevelopmentAreaRow,
  designationStore,
  developmentAreaStore,
  type EnabledFilter,
  type ExamRow,
  type ExamValues,
  examEducationsCount,
  examStore,
  type GroupFilter,
  type GroupRow,
  type GroupValues,
  gradeStore,
  groupStore,
  groupTreeWithDescendants,
  levelStore,
  lookupExists,
  type RankRow,
  type RankValues,
  type SubjectRecord,
  subjectRepository,
  subjectStore,
  treeRepository,
} from './organisation.repository';

type RankCreate = z.output<typeof rankCreate>;
type RankUpdate = z.output<typeof rankUpdate>;
type DesignationCreate = z.output<typeof designationCreate>;
type DesignationUpdate = z.output<typeof designationUpdate>;
type AreaCreate = z.output<typeof developmentAreaCreate>;
type AreaUpdate = z.output<typeof developmentAreaUpdate>;
type ExamCreate = z.output<typeof examCreate>;
type ExamUpdate = z.output<typeof examUpdate>;
type SubjectUpdate = z.output<typeof subjectUpdate>;
type GroupCreate = z.output<typeof groupCreate>;
type GroupUpdate = z.output<typeof groupUpdate>;
type ListQuery = z.output<typeof organisationListQuery>;
type GroupsQuery = z.output<typeof groupsListQuery>;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The 409 texts of records in use: what uses them, and how many. */
export const ORGANISATION_TEXT = {
  rankInUse: (kind: 'level' | 'grade', name: string, employees: number) =>
    `${name} cannot be deleted: ${plural(employees, 'employee')} ${employees === 1 ? 'has' : 'have'} this ${kind}. Disable it instead, or change their ${kind} first.`,
  designationInUse: (name: string, employees: number) =>
    `${name} cannot be deleted: ${plural(employees, 'employee')} ${employees === 1 ? 'has' : 'have'} this designation. Disable it instead, or change their designation first.`,
  examInUse: (name: string, educations: number) =>
    `${name} cannot be deleted: ${plural(educations, 'education')} of employees ${educations === 1 ? 'uses' : 'use'} it. Disable it instead.`,
  subjectInUse: (name: string, educations: number) =>
    `${name} cannot be deleted: ${plural(educations, 'education')} of employees ${educations === 1 ? 'uses' : 'use'} it.`,
  groupHasMembers: (name: string, members: number) =>
    `${name} cannot be deleted: ${plural(members, 'employee')} ${members === 1 ? 'belongs' : 'belong'} to its items. Take them out of the group first, or disable it.`,
  cyclesFor: (name: string, cycles: number) =>
    `${name} cannot be deleted: ${plural(cycles, 'review cycle')} ${cycles === 1 ? 'was' : 'were'} launched for it or an item below it.`,
  deleted: (name: string) => NOTICES.deleted.replace('{name}', name),
};

/** The fields a body sent, as columns: absent fields stay as they are. */
function sent<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** Any of page, limit, sort or search asks for the list answer; none, for the plain array forms read. */
const asksForList = (query: ReferenceListQuery) =>
  query.page !== undefined ||
  query.limit !== undefined ||
  query.sort !== undefined ||
  query.search !== undefined;

/* Levels and grades */

function rankKind(kind: 'level' | 'grade') {
  const store = kind === 'level' ? levelStore : gradeStore;
  const columns = (b: RankUpdate) => sent({ name: b.name, sortOrder: b.sort_order, enabled: b.enabled });
  return {
    ...plainKind(store, {
      entity: kind,
      kind,
      defaultSort: 'order,asc',
      wholeWithoutPage: true,
      answer: (r: RankRow): Rank => ({
        id: r.id,
        name: r.name,
        sort_order: r.sortOrder,
        enabled: r.enabled,
        employees_count: r.employeesCount,
      }),
      toInsert: (b: RankCreate): RankValues => ({ ...columns(b), kind, name: b.name }),
      toUpdate: columns,
      inUseMessage: (r) => ORGANISATION_TEXT.rankInUse(kind, r.name, r.employeesCount),
    }),
    nameTaken: () =>
      fieldError(
        'name',
        kind === 'level' ? ORGANISATION_MESSAGES.levelNameTaken : ORGANISATION_MESSAGES.gradeNameTaken,
      ),
  };
}
export const levelKind = rankKind('level');
export const gradeKind = rankKind('grade');

/* Designations */

const designationColumns = (b: DesignationUpdate) => sent({ name: b.name, enabled: b.enabled });
export const designationKind = {
  ...plainKind(designationStore, {
    entity: 'designation',
    kind: 'designation',
    defaultSort: 'name,asc',
    wholeWithoutPage: true,
    answer: (r: DesignationRow): Designation => ({
      id: r.id,
      name: r.name,
      enabled: r.enabled,
      employees_count: r.employeesCount,
    }),
    toInsert: (b: DesignationCreate) => ({ ...designationColumns(b), name: b.name }),
    toUpdate: designationColumns,
    inUseMessage: (r) => ORGANISATION_TEXT.designationInUse(r.name, r.employeesCount),
  }),
  nameTaken: () => fieldError('name', ORGANISATION_MESSAGES.designationNameTaken),
};

/* Development areas */

const areaColumns = (b: AreaUpdate) =>
  sent({
    name: b.name,
    description: b.description === undefined ? undefined : (b.description ?? null),
    enabled: b.enabled,
  });
export const developmentAreaKind = {
  ...plainKind(developmentAreaStore, {
    entity: 'development_area',
    kind: 'development area',
    defaultSort: 'name,asc',
    wholeWithoutPage: true,
    answer: (r: DevelopmentAreaRow): DevelopmentArea => ({
      id: r.id,
      name: r.name,
      description: r.description,
      enabled: r.enabled,
    }),
    toInsert: (b: AreaCreate) => ({ ...areaColumns(b), name: b.name, description: b.description ?? null }),
    toUpdate: areaColumns,
  }),
  nameTaken: () => fieldError('name', ORGANISATION_MESSAGES.developmentAreaNameTaken),
};

/* Exams */

const examColumns = (b: ExamUpdate) => sent({ name: b.name, educationTypeId: b.type_id, enabled: b.enabled });

export const examKind: ReferenceSpec<ExamRow, ExamItem, ExamCreate, ExamUpdate, ExamValues, EnabledFilter> = {
  entity: 'exam',
  kind: 'exam',
  store: examStore,
  defaultSort: 'id,asc',
  wholeWithoutPage: true,
  answer: (r) => ({
    id: r.id,
    name: r.name,
    type_id: r.educationTypeId,
    type:
      r.educationTypeId !== null && r.typeName !== null ? { id: r.educationTypeId, name: r.typeName } : null,
    enabled: r.enabled,
    educations_count: Number(r.educations),
    subjects: r.subjects.map((s) =>
      localAnswer({ id: s.id, name: s.name, educations_count: Number(s.educations) }, s),
    ),
  }),
  toInsert: (b) => ({ ...examColumns(b), name: b.name, educationTypeId: b.type_id }),
  toUpdate: examColumns,
  fields: (r) => ({ name: r.name, type_id: r.educationTypeId, enabled: r.enabled }),
  values: (r) => ({ name: r.name }),
  async check(db, values) {
    if (values.educationTypeId != null && !(await lookupExists(db, 'education_type', values.educationTypeId)))
      throw fieldError('type_id', ORGANISATION_MESSAGES.educationTypeUnknown);
  },
  async inUse(db, row) {
    const used = await examEducationsCount(db, row.id);
    return used > 0 ? ORGANISATION_TEXT.examInUse(row.name, used) : null;
  },
  nameTaken: () => fieldError('name', ORGANISATION_MESSAGES.examNameTaken),
};

/* Subjects of an exam: added and deleted through the service; a change of name runs as a record of its own */

const subjectAnswer = (s: SubjectRecord): SubjectCreated => ({
  id: s.id,
  exam_id: s.examId,
  name: s.name,
  educations_count: Number(s.educations),
});

export const subjectKind = {
  ...plainKind(subjectStore, {
    entity: 'exam_subject',
    kind: 'subject',
    defaultSort: 'name,asc',
    answer: subjectAnswer,
    toUpdate: (b: SubjectUpdate) => sent({ name: b.name }),
    fields: (s: SubjectRecord) => ({ name: s.name }),
  }),
  nameTaken: () => fieldError('name', ORGANISATION_MESSAGES.subjectNameTaken),
};

/* Groups */

/** The items of a group as nested trees (roots and children by name, as read). */
export function nestTree(items: GroupRow['items']): GroupTreeItem[] {
  const nodes = new Map<number, GroupTreeItem>(
    items.map((i) => [
      i.id,
      { id: i.id, name: i.name, parent_id: i.parentId, employees_count: Number(i.employees), children: [] },
    ]),
  );
  const roots: GroupTreeItem[] = [];
  for (const node of nodes.values()) {
    const parent = node.parent_id === null ? undefined : nodes.get(node.parent_id);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

const groupColumns = (b: GroupUpdate) => sent({ name: b.name, typeId: b.type_id, enabled: b.enabled });

export const groupKind: ReferenceSpec<
  GroupRow,
  GroupItem,
  GroupCreate,
  GroupUpdate,
  GroupValues,
  GroupFilter
> = {
  entity: 'group',
  kind: 'group',
  store: groupStore,
  defaultSort: 'name,asc',
  wholeWithoutPage: true,
  answer: (r) => ({
    id: r.id,
    name: r.name,
    type: r.typeId !== null && r.typeName !== null ? { id: r.typeId, name: r.typeName } : null,
    tree: nestTree(r.items),
    enabled: r.enabled,
    list_filter: Boolean(r.listFilter),
    items_count: r.itemsCount,
    members_count: r.membersCount,
    created: r.createdAt.toISOString(),
  }),
  toInsert: (b) => ({ ...groupColumns(b), name: b.name, typeId: b.type_id }),
  toUpdate: groupColumns,
  fields: (r) => ({ name: r.name, type_id: r.typeId, enabled: r.enabled }),
  values: (r) => ({ name: r.name }),
  async check(db, values) {
    if (values.typeId != null && !(await lookupExists(db, 'group_type', values.typeId)))
      throw fieldError('type_id', ORGANISATION_MESSAGES.groupTypeUnknown);
  },
  async inUse(db, row) {
    const items = row.items.map((i) => i.id);
    const members = await treeRepository.membersIn(db, items);
    if (members > 0) return ORGANISATION_TEXT.groupHasMembers(row.name, members);
    const cycles = await treeRepository.cyclesFor(db, items);
    return cycles > 0 ? ORGANISATION_TEXT.cyclesFor(row.name, cycles) : null;
  },
  nameTaken: () => fieldError('name', ORGANISATION_MESSAGES.groupNameTaken),
};

/**
 * Levels, grades, designations, development areas, exams and groups: every
 * signed-in employee reads them (the forms and filters), HR administrators
 * manage them through the reference-data machinery; and the parts of exams
 * and groups that are not records of their own (subjects, tree items).
 */
export class OrganisationService {
  readonly levels: ReferenceDataOf<typeof levelKind>;
  readonly grades: ReferenceDataOf<typeof gradeKind>;
  readonly designations: ReferenceDataOf<typeof designationKind>;
  readonly developmentAreas: ReferenceDataOf<typeof developmentAreaKind>;
  readonly exams: ReferenceDataOf<typeof examKind>;
  /** Only its update: a subject is added and deleted below. */
  readonly subjects: ReferenceDataOf<typeof subjectKind>;
  readonly groups: ReferenceDataOf<typeof groupKind>;

  constructor(private readonly db: Db) {
    this.levels = new ReferenceData(db, levelKind);
    this.grades = new ReferenceData(db, gradeKind);
    this.designations = new ReferenceData(db, designationKind);
    this.developmentAreas = new ReferenceData(db, developmentAreaKind);
    this.exams = new ReferenceData(db, examKind);
    this.subjects = new ReferenceData(db, subjectKind);
    this.groups = new ReferenceData(db, groupKind);
  }

  /**
   * The list of a kind: a page when one is asked for, else every enabled
   * record (disabled ones too for an administrator asking all=true).
   */
  static async list<A, F extends EnabledFilter>(
    data: {
      list(q: ReferenceListQuery, f: F, url: string): Promise<unknown>;
      page(q: ReferenceListQuery, f: F): Promise<{ items: A[] }>;
    },
    auth: AuthContext,
    { all, ...query }: ListQuery,
    url: string,
    filter: Omit<F, 'all'>,
  ) {
    const f = { ...filter, all: all === true && auth.isAdmin } as F;
    return asksForList(query) ? data.list(query, f, url) : (await data.page(query, f)).items;
  }

  /** GET groups: the plain array of groups with their trees, or a page; `type_id` 1 is the list filters. */
  groupList(auth: AuthContext, { type_id, ...query }: GroupsQuery, url: string) {
    return OrganisationService.list(this.groups, auth, query, url, {
      typeId: type_id,
      filterTypeId: FILTER_GROUP_TYPE,
    });
  }

  /* Subjects of an exam */

  async addSubject(
    auth: AuthContext,
    examId: number,
    input: z.output<typeof subjectCreate>,
  ): Promise<SubjectCreated> {
    requireAdminContext(auth);
    return this.db.transaction(async (tx) => {
      const exam = await examStore.find(tx, examId);
      if (!exam) throw domainError('reference_not_found', { kind: 'exam' });
      if (await subjectRepository.nameTaken(tx, examId, input.name))
        throw fieldError('name', ORGANISATION_MESSAGES.subjectNameTaken);
      const row = await subjectRepository.insert(tx, {
        examId,
        name: input.name,
        ...(input.name_translations ? { nameTranslations: input.name_translations } : {}),
      });
      await audit(tx, auth, {
        action: 'create',
        entity: 'exam_subject',
        entityId: row.id,
        data: { exam_id: examId, exam: exam.name, name: row.name, name_translations: row.nameTranslations },
      });
      return localAnswer(subjectAnswer({ ...row, educations: 0 }), row);
    });
  }

  async deleteSubject(auth: AuthContext, subjectId: number): Promise<{ message: string }> {
    requireAdminContext(auth);
    return this.db.transaction(async (tx) => {
      const subject = await subjectRepository.find(tx, subjectId);
      if (!subject) throw domainError('reference_not_found', { kind: 'subject' });
      const used = await subjectRepository.educations(tx, subjectId);
      if (used > 0) throw inUseError(subject.name, ORGANISATION_TEXT.subjectInUse(subject.name, used));
      await subjectRepository.delete(tx, subjectId);
      await audit(tx, auth, {
        action: 'delete',
        entity: 'exam_subject',
        entityId: subjectId,
        data: { exam_id: subject.examId, exam: subject.examName, name: subject.name },
      });
      return { message: ORGANISATION_TEXT.deleted(subject.name) };
    });
  }

  /* Items of a group's tree */

  async addTreeItem(auth: AuthContext, groupId: number, input: z.output<typeof groupTreeCreate>) {
    requireAdminContext(auth);
    return this.db.transaction(async (tx) => {
      if (!(await treeRepository.groupExists(tx, groupId))) throw domainError('group_not_found');
      const parentId = input.parent_id ?? null;
      if (parentId !== null) {
        const parent = await treeRepository.item(tx, parentId);
        if (!parent || parent.groupId !== groupId)
          throw fieldError('parent_id', GROUP_MESSAGES.parentUnknown);
      }
      if (await treeRepository.siblingNamed(tx, groupId, parentId, input.name))
        throw fieldError('name', GROUP_MESSAGES.nameTaken);
      const row = await treeRepository.insert(tx, { groupId, parentId, name: input.name });
      await audit(tx, auth, {
        action: 'create',
        entity: 'group_tree',
        entityId: row.id,
        data: { group_id: groupId, parent_id: parentId, name: row.name },
      });
      return { id: row.id, group_id: row.groupId, name: row.name, parent_id: row.parentId };
    });
  }

  /** Deletes an item and the items below it, unless someone belongs to any of them or a cycle was launched for one. */
  async deleteTreeItem(auth: AuthContext, treeId: number): Promise<{ message: string }> {
    requireAdminContext(auth);
    return this.db.transaction(async (tx) => {
      const item = await treeRepository.item(tx, treeId);
      if (!item) throw domainError('group_item_not_found');
      const all = await groupTreeWithDescendants(tx, [treeId]);
      const members = await treeRepository.membersIn(tx, all);
      if (members === 1) throw domainError('group_item_has_member', { name: item.name });
      if (members > 1) throw domainError('group_item_has_members', { name: item.name, members });
      const cycles = await treeRepository.cyclesFor(tx, all);
      if (cycles > 0) throw inUseError(item.name, ORGANISATION_TEXT.cyclesFor(item.name, cycles));
      await treeRepository.delete(tx, treeId);
      await audit(tx, auth, {
        action: 'delete',
        entity: 'group_tree',
        entityId: treeId,
        data: { group_id: item.groupId, name: item.name, removed_items: all.length },
      });
      return { message: ORGANISATION_TEXT.deleted(item.name) };
    });
  }
}
