import { z } from 'zod';
import {
  AGE_MAX,
  AGE_MIN,
  BLOOD_GROUPS,
  FILTER_IDS_MAX,
  FULL_TEXT_MAX,
  SEARCH_DEFAULT_SORT,
  SEARCH_FILTER_CLASS,
  SERVICE_MAX,
  SERVICE_MIN,
  type SearchFilterName,
} from './employee-search-rules';
import { type ListResponse, limit, listResponse, page, sort } from './lists';
import { idName } from './lookups';
import { employeeCard } from './people';
import type { DataClass } from './privacy';
import { lineText } from './text';

export * from './employee-search-rules';

/** A list's `sort` with its own default (the server checks the field against the list's fields). */
export const sortWithDefault = (value: string) => sort.unwrap().default(value);

/* ------------------------------------------------------------------------------------------------
 * Employee search: POST employees/search?query=&page=&limit=&sort= with the filter as the JSON
 * body, either as it is or under `filter` (SPEC.md §7: `{ "filter": { "full_text", "status", "ids" } }`).
 * ---------------------------------------------------------------------------------------------- */

/** Who the search covers: active employees (the default), disabled ones, or both (the last two for admins). */
export const EMPLOYEE_STATUSES = ['enabled', 'disabled', 'all'] as const;

/**
 * Whose records the search covers: the whole directory (the default), or
 * only the people below the caller in the reporting line (direct reports and
 * theirs, at any depth).
 */
export const SEARCH_SCOPES = ['all', 'reports'] as const;
export type SearchScope = (typeof SEARCH_SCOPES)[number];

export const SEARCH_MESSAGES = {
  fullTextType: 'The search text must be text',
  fullTextTooLong: `The search text must be at most ${FULL_TEXT_MAX} characters`,
  status: 'Status must be enabled, disabled or all',
  scope: 'Scope must be all or reports',
  idList: 'Must be a list of ids (whole numbers from 1)',
  idListTooLong: `At most ${FILTER_IDS_MAX} ids`,
  bloodGroup: `Blood group must be one of ${BLOOD_GROUPS.join(', ')}`,
  dateFormat: 'Dates must be real dates in the form YYYY-MM-DD',
  birthdayFormat: 'Birthdays must be real days in the form MM-DD',
  birthdayBoth: 'A birthday range needs both from and to',
  rangeOrder: 'The start of the range must not be after its end',
  rangeObject: 'A range must be an object',
  age: `Age must be a whole number between ${AGE_MIN} and ${AGE_MAX}`,
  service: `Service length must be a whole number of years between ${SERVICE_MIN} and ${SERVICE_MAX}`,
  boolean: 'Must be true or false',
  onlyAdminsDisabled: 'Only an HR administrator may search disabled employees.',
  filterObject: 'The search filter must be an object',
  filterTwice: 'Send the filter fields either under "filter" or at the top level of the body, not both',
  textTwice: 'Send the search text once: "query" and "filter.full_text" differ',
} as const;
export type SearchMessageId = keyof typeof SEARCH_MESSAGES;

/** A field the filter does not know is refused, so that a misspelt filter never widens the search. */
export const unknownSearchField = (keys: readonly string[]) =>
  `Unknown search field${keys.length === 1 ? '' : 's'}: ${keys.map((k) => `"${k}"`).join(', ')}`;

const filterError = (issue: { code?: string; keys?: readonly string[] }) =>
  issue.code === 'unrecognized_keys' && issue.keys
    ? unknownSearchField(issue.keys)
    : SEARCH_MESSAGES.filterObject;
function isRealDate(value: string): boolean {
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

function isMonthDay(value: string): boolean {
  // 2000 is a leap year, so 02-29 is a birthday.
  return /^\d{2}-\d{2}$/.test(value) && isRealDate(`2000-${value}`);
}

const apiDate = z
  .string({ error: SEARCH_MESSAGES.dateFormat })
  .regex(/^\d{4}-\d{2}-\d{2}$/, SEARCH_MESSAGES.dateFormat)
  .refine(isRealDate, SEARCH_MESSAGES.dateFormat);

const monthDay = z
  .string({ error: SEARCH_MESSAGES.birthdayFormat })
  .refine(isMonthDay, SEARCH_MESSAGES.birthdayFormat);

const ids = z
  .array(
    z.number({ error: SEARCH_MESSAGES.idList }).int(SEARCH_MESSAGES.idList).min(1, SEARCH_MESSAGES.idList),
    {
      error: SEARCH_MESSAGES.idList,
    },
  )
  .max(FILTER_IDS_MAX, SEARCH_MESSAGES.idListTooLong)
  .nullish();

/** A date range; either end may be left open. */
const dateRange = z
  .object({ from: apiDate.nullish(), to: apiDate.nullish() }, { error: SEARCH_MESSAGES.rangeObject })
  .refine((r) => !r.from || !r.to || r.from <= r.to, { message: SEARCH_MESSAGES.rangeOrder, path: ['to'] })
  .nullish();

function intRange(min: number, max: number, message: string) {
  const bound = z.number({ error: message }).int(message).min(min, message).max(max, message);
  return z
    .object({ min: bound, max: bound }, { error: SEARCH_MESSAGES.rangeObject })
    .refine((r) => r.min <= r.max, { message: SEARCH_MESSAGES.rangeOrder, path: ['max'] })
    .nullish();
}

/** The search text: part of the name or E-ID, or the start of the e-mail address or mobile number. */
const searchText = z
  .string({ error: SEARCH_MESSAGES.fullTextType })
  .trim()
  .max(FULL_TEXT_MAX, SEARCH_MESSAGES.fullTextTooLong);

/**
 * The filter of the employee search panel (SPEC.md §2, Profile). Every field
 * is optional; null or a missing field means "any". Lists match any of their
 * values; different fields must all match. Unknown fields are refused.
 */
const filterShape = {
  /** Part of the name or E-ID, or the start of the e-mail address or mobile number. */
  full_text: searchText.nullish(),
  status: z.enum(EMPLOYEE_STATUSES, { error: SEARCH_MESSAGES.status }).nullish(),
  /** `reports`: only the people below the caller in the reporting line. */
  scope: z.enum(SEARCH_SCOPES, { error: SEARCH_MESSAGES.scope }).nullish(),
  ids,
  gender_ids: ids,
  blood_groups: z
    .array(z.enum(BLOOD_GROUPS, { error: SEARCH_MESSAGES.bloodGroup }), { error: SEARCH_MESSAGES.bloodGroup })
    .max(BLOOD_GROUPS.length, SEARCH_MESSAGES.bloodGroup)
    .nullish(),
  religion_ids: ids,
  marital_status_ids: ids,
  /** Employment status (lookup employee-statuses: probation, permanent...). */
  employee_status_ids: ids,
  joining_date: dateRange,
  confirmation_date: dateRange,
  /**
   * Birthday as a day-of-year range, `MM-DD` to `MM-DD`, whatever the year of
   * birth; a range may run over the new year (12-20 to 01-10).
   */
  birthday: z
    .object({ from: monthDay.nullish(), to: monthDay.nullish() }, { error: SEARCH_MESSAGES.rangeObject })
    .refine((r) => Boolean(r.from) === Boolean(r.to), {
      message: SEARCH_MESSAGES.birthdayBoth,
      path: ['to'],
    })
    .nullish(),
  /** Has at least one education of these types. */
  education_type_ids: ids,
  /** Has passed at least one of these exams. */
  exam_ids: ids,
  /** true: has a separation record; false: has none. */
  has_separation: z.boolean({ error: SEARCH_MESSAGES.boolean }).nullish(),
  separation_type_ids: ids,
  separation_status_ids: ids,
  office_ids: ids,
  company_ids: ids,
  level_ids: ids,
  grade_ids: ids,
  /** Group tree items; an item includes the items below it. */
  group_tree_ids: ids,
  /** Age in whole years today, 18 to 62. */
  age: intRange(AGE_MIN, AGE_MAX, SEARCH_MESSAGES.age),
  /** Completed years since the joining date, 1 to 50. */
  service_years: intRange(SERVICE_MIN, SERVICE_MAX, SEARCH_MESSAGES.service),
};

export const employeeSearchFilter = z.strictObject(filterShape, { error: filterError });
export type EmployeeSearchFilter = z.infer<typeof employeeSearchFilter>;

/**
 * The body of POST employees/search: the filter itself (`{ "full_text": "..." }`)
 * or the filter under `filter` (`{ "filter": { "full_text": "..." } }`, SPEC.md §7).
 * Both answer the same; mixing the two is refused. Parses to the filter.
 */
export const employeeSearchBody = z
  .strictObject({ ...filterShape, filter: employeeSearchFilter.nullish() }, { error: filterError })
  .superRefine((body, ctx) => {
    if (body.filter == null) return;
    const flat = Object.keys(body).filter((k) => k !== 'filter');
    if (flat.length > 0)
      ctx.addIssue({ code: 'custom', path: ['filter'], message: SEARCH_MESSAGES.filterTwice });
  })
  .transform(({ filter, ...flat }): EmployeeSearchFilter => filter ?? flat);

export const SEARCH_SORT_FIELDS = ['name', 'eid', 'id', 'joining_date', 'dob'] as const;
export type SearchSortField = (typeof SEARCH_SORT_FIELDS)[number];

/** The class of data each sort field orders by: the date of birth is personal. */
export const SEARCH_SORT_CLASS = {
  name: 'directory',
  eid: 'directory',
  id: 'directory',
  joining_date: 'directory',
  dob: 'personal',
} as const satisfies Record<SearchSortField, DataClass>;

/** Whether a filter field restricts the search (null, an empty list or an empty range restrict nothing). */
export function filterInUse(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.values(value).some((v) => v !== null && v !== undefined);
  return true;
}

/** The personal filters a search uses, in the order of SEARCH_FILTER_CLASS. */
export function personalFiltersOf(filter: EmployeeSearchFilter): SearchFilterName[] {
  return (Object.keys(SEARCH_FILTER_CLASS) as SearchFilterName[]).filter(
    (name) => SEARCH_FILTER_CLASS[name] !== 'directory' && filterInUse(filter[name]),
  );
}

export const employeeSearchQuery = z.object({
  page,
  limit,
  sort: sortWithDefault(SEARCH_DEFAULT_SORT),
  /** SPEC.md §7's `?query=`: the search text, the same as the filter's `full_text`. */
  query: searchText.optional(),
});

/**
 * The filter a search runs with: the body's filter with the `?query=` text as
 * its `full_text`. Null when the two texts differ (the request is refused).
 */
export function withSearchText(
  filter: EmployeeSearchFilter,
  query: string | undefined,
): EmployeeSearchFilter | null {
  const text = query || undefined;
  if (!text) return filter;
  if (filter.full_text && filter.full_text !== text) return null;
  return { ...filter, full_text: text };
}

/** A directory card with the employee's enabled flag (disabled ones show to admins only). */
export const employeeSearchItem = employeeCard.extend({ enabled: z.boolean() });
export type EmployeeSearchItem = z.infer<typeof employeeSearchItem>;

export const employeeSearchResponse = listResponse(employeeSearchItem);
export type EmployeeSearchResponse = ListResponse<EmployeeSearchItem>;

/* ------------------------------------------------------------------------------------------------
 * Team directory: GET employees/team
 * ---------------------------------------------------------------------------------------------- */

/**
 * How a team member stands to the employee whose team it is: their line
 * manager, a peer (same line manager), a direct report, or a report's report.
 */
export const TEAM_RELATIONS = ['line_manager', 'peer', 'report', 'indirect_report'] as const;
export type TeamRelation = (typeof TEAM_RELATIONS)[number];

/** `type` narrows the team: the line manager, the peers, or the reports (direct and indirect). */
export const TEAM_TYPES = ['all', 'line_manager', 'peers', 'reports'] as const;
export type TeamType = (typeof TEAM_TYPES)[number];

/**
 * SPEC.md §7 sends `type` as a number: 1 is the whole team (what the team
 * directory shows), 2 the line manager, 3 the peers, 4 the reports.
 */
export const TEAM_TYPE_CODES = {
  '1': 'all',
  '2': 'line_manager',
  '3': 'peers',
  '4': 'reports',
} as const satisfies Record<string, TeamType>;
const TEAM_TYPE_VALUES = [
  ...TEAM_TYPES,
  ...(Object.keys(TEAM_TYPE_CODES) as (keyof typeof TEAM_TYPE_CODES)[]),
] as const;

export const TEAM_SORT_FIELDS = ['name', 'eid', 'id'] as const;

const teamSearch = z
  .string({ error: SEARCH_MESSAGES.fullTextType })
  .trim()
  .max(FULL_TEXT_MAX, SEARCH_MESSAGES.fullTextTooLong)
  .optional();

export const TEAM_DEFAULT_SORT = 'name,asc';

export const teamQuery = z.object({
  page,
  limit,
  sort: sortWithDefault(TEAM_DEFAULT_SORT),
  search: teamSearch,
  /** SPEC.md §7's name for the search text. */
  full_text: teamSearch,
  /** Whose team: the caller by default; others only for admins and the managers above them. */
  id: z.coerce
    .number({ error: 'id must be an employee id' })
    .int('id must be an employee id')
    .min(1, 'id must be an employee id')
    .optional(),
  /** Which part of the team: a name of TEAM_TYPES or its number of TEAM_TYPE_CODES; the whole team by default. */
  type: z
    .enum(TEAM_TYPE_VALUES, {
      error: `type must be one of ${TEAM_TYPES.join(', ')} (or 1, 2, 3, 4 for the same in this order)`,
    })
    .default('all')
    .transform(
      (v): TeamType =>
        v in TEAM_TYPE_CODES ? TEAM_TYPE_CODES[v as keyof typeof TEAM_TYPE_CODES] : (v as TeamType),
    ),
});
export type TeamQuery = z.infer<typeof teamQuery>;

export const teamMember = employeeCard.extend({ relation: z.enum(TEAM_RELATIONS) });
export type TeamMember = z.infer<typeof teamMember>;

export const teamResponse = listResponse(teamMember);
export type TeamResponse = ListResponse<TeamMember>;

/* ------------------------------------------------------------------------------------------------
 * Groups: GET groups (with their trees), POST groups/{id}/trees, DELETE groups/trees
 * ---------------------------------------------------------------------------------------------- */

export interface GroupTreeItem {
  id: number;
  name: string;
  parent_id: number | null;
  /** Employees in this item itself (not counting the items below). */
  employees_count: number;
  children: GroupTreeItem[];
}

export const groupTreeItem: z.ZodType<GroupTreeItem> = z.object({
  id: z.number().int(),
  name: z.string(),
  parent_id: z.number().int().nullable(),
  employees_count: z.number().int(),
  get children() {
    return z.array(groupTreeItem);
  },
});

export const group = z.object({
  id: z.number().int(),
  name: z.string(),
  type: idName.nullable(),
  tree: z.array(groupTreeItem),
});
export type Group = z.infer<typeof group>;

export const groupsQuery = z.object({
  type_id: z.coerce
    .number({ error: 'type_id must be a group type id' })
    .int('type_id must be a group type id')
    .min(1, 'type_id must be a group type id')
    .optional(),
});

export const GROUP_MESSAGES = {
  nameRequired: 'Name must not be empty',
  nameType: 'Name must be text',
  nameLength: 'Name must have a length between 2 and 100',
  parentId: 'parent_id must be the id of an item of this group',
  parentUnknown: 'The parent item does not belong to this group',
  nameTaken: 'This group already has an item with this name at this place',
  treeId: 'tree_id must be a whole number from 1',
} as const;

export const groupTreeCreate = z.object({
  name: lineText(
    z
      .string({
        error: (i) => (i.input === undefined ? GROUP_MESSAGES.nameRequired : GROUP_MESSAGES.nameType),
      })
      .trim(),
  )
    .min(1, { error: GROUP_MESSAGES.nameRequired, abort: true })
    .min(2, GROUP_MESSAGES.nameLength)
    .max(100, GROUP_MESSAGES.nameLength),
  parent_id: z
    .number({ error: GROUP_MESSAGES.parentId })
    .int(GROUP_MESSAGES.parentId)
    .min(1, GROUP_MESSAGES.parentId)
    .nullish(),
});
export type GroupTreeCreate = z.infer<typeof groupTreeCreate>;

export const groupTreeDelete = z.object({
  tree_id: z
    .number({ error: GROUP_MESSAGES.treeId })
    .int(GROUP_MESSAGES.treeId)
    .min(1, GROUP_MESSAGES.treeId),
});

export const groupTreeCreated = z.object({
  id: z.number().int(),
  group_id: z.number().int(),
  name: z.string(),
  parent_id: z.number().int().nullable(),
});
