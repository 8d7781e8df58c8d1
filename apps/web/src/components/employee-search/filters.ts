import type { EmployeeSearchFilter } from '@hr/contracts/employee-search';
import {
  AGE_MAX,
  AGE_MIN,
  SEARCH_FILTER_CLASS,
  SERVICE_MAX,
  SERVICE_MIN,
  type SearchFilterName,
} from '@hr/contracts/employee-search-rules';
import dayjs, { type Dayjs } from 'dayjs';

/** The optional filters of the panel, in the order the drawer lists them. */
export const FILTER_KEYS = [
  'status',
  'gender',
  'bloodGroup',
  'religion',
  'maritalStatus',
  'birthday',
  'age',
  'employeeStatus',
  'joiningDate',
  'confirmationDate',
  'service',
  'level',
  'grade',
  'company',
  'office',
  'groups',
  'educationType',
  'exam',
  'separation',
  'separationType',
  'separationStatus',
] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

export type FilterSection = 'personal' | 'employment' | 'organisation' | 'education' | 'separation';

export const FILTER_SECTIONS: { key: FilterSection; filters: FilterKey[] }[] = [
  { key: 'personal', filters: ['gender', 'bloodGroup', 'religion', 'maritalStatus', 'birthday', 'age'] },
  {
    key: 'employment',
    filters: ['status', 'employeeStatus', 'joiningDate', 'confirmationDate', 'service', 'level', 'grade'],
  },
  { key: 'organisation', filters: ['company', 'office', 'groups'] },
  { key: 'education', filters: ['educationType', 'exam'] },
  { key: 'separation', filters: ['separation', 'separationType', 'separationStatus'] },
];

/** Shown the first time a page uses the panel. */
export const DEFAULT_FILTERS: FilterKey[] = ['company', 'office'];

type DateRange = [Dayjs | null, Dayjs | null] | null;

/** The panel's form: pickers hold dayjs values and sliders pairs; the API filter is made from it. */
export interface SearchFormValues {
  full_text?: string;
  status?: 'enabled' | 'disabled' | 'all';
  gender_ids?: number[];
  blood_groups?: NonNullable<EmployeeSearchFilter['blood_groups']>;
  religion_ids?: number[];
  marital_status_ids?: number[];
  employee_status_ids?: number[];
  joining_date?: DateRange;
  confirmation_date?: DateRange;
  birthday?: DateRange;
  education_type_ids?: number[];
  exam_ids?: number[];
  has_separation?: 'yes' | 'no';
  separation_type_ids?: number[];
  separation_status_ids?: number[];
  office_ids?: number[];
  company_ids?: number[];
  level_ids?: number[];
  grade_ids?: number[];
  group_tree_ids?: number[];
  age?: [number, number];
  service_years?: [number, number];
}

/** The form field each filter fills. */
export const FIELD_OF: Record<FilterKey, keyof SearchFormValues> = {
  status: 'status',
  gender: 'gender_ids',
  bloodGroup: 'blood_groups',
  religion: 'religion_ids',
  maritalStatus: 'marital_status_ids',
  employeeStatus: 'employee_status_ids',
  joiningDate: 'joining_date',
  confirmationDate: 'confirmation_date',
  birthday: 'birthday',
  educationType: 'education_type_ids',
  exam: 'exam_ids',
  separation: 'has_separation',
  separationType: 'separation_type_ids',
  separationStatus: 'separation_status_ids',
  office: 'office_ids',
  company: 'company_ids',
  level: 'level_ids',
  grade: 'grade_ids',
  groups: 'group_tree_ids',
  age: 'age',
  service: 'service_years',
};

/**
 * Whether a filter reads personal data (DESIGN.md §9): the server refuses it
 * to anyone but HR over the whole directory, so the panel offers it to HR only.
 */
export const isPersonalFilter = (k: FilterKey) =>
  SEARCH_FILTER_CLASS[FIELD_OF[k] as SearchFilterName] !== 'directory';

/** The filters a panel offers: Status and the personal filters only where the caller may use them. */
export function offeredFilters(options: { status: boolean; personal: boolean }): FilterKey[] {
  return FILTER_KEYS.filter(
    (k) => (options.status || k !== 'status') && (options.personal || !isPersonalFilter(k)),
  );
}

export const AGE_RANGE: [number, number] = [AGE_MIN, AGE_MAX];
export const SERVICE_RANGE: [number, number] = [SERVICE_MIN, SERVICE_MAX];

const day = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : null);
const list = <T>(values: T[] | undefined) => (values && values.length > 0 ? values : undefined);

function range(value: DateRange | undefined) {
  if (!value || (!value[0] && !value[1])) return undefined;
  return { from: day(value[0]), to: day(value[1]) };
}

/**
 * The API filter of the form: only the filters on show count, empty fields
 * are left out, and a slider still at its full span filters nothing.
 */
export function toFilter(values: SearchFormValues, shown: readonly FilterKey[]): EmployeeSearchFilter {
  const on = new Set(shown);
  const filter: EmployeeSearchFilter = {};
  const text = values.full_text?.trim();
  if (text) filter.full_text = text;
  if (on.has('status') && values.status && values.status !== 'enabled') filter.status = values.status;
  if (on.has('gender')) filter.gender_ids = list(values.gender_ids);
  if (on.has('bloodGroup')) filter.blood_groups = list(values.blood_groups);
  if (on.has('religion')) filter.religion_ids = list(values.religion_ids);
  if (on.has('maritalStatus')) filter.marital_status_ids = list(values.marital_status_ids);
  if (on.has('employeeStatus')) filter.employee_status_ids = list(values.employee_status_ids);
  if (on.has('joiningDate')) filter.joining_date = range(values.joining_date);
  if (on.has('confirmationDate')) filter.confirmation_date = range(values.confirmation_date);
  if (on.has('birthday') && values.birthday?.[0] && values.birthday[1])
    filter.birthday = { from: values.birthday[0].format('MM-DD'), to: values.birthday[1].format('MM-DD') };
  if (on.has('educationType')) filter.education_type_ids = list(values.education_type_ids);
  if (on.has('exam')) filter.exam_ids = list(values.exam_ids);
  if (on.has('separation') && values.has_separation) filter.has_separation = values.has_separation === 'yes';
  if (on.has('separationType')) filter.separation_type_ids = list(values.separation_type_ids);
  if (on.has('separationStatus')) filter.separation_status_ids = list(values.separation_status_ids);
  if (on.has('office')) filter.office_ids = list(values.office_ids);
  if (on.has('company')) filter.company_ids = list(values.company_ids);
  if (on.has('level')) filter.level_ids = list(values.level_ids);
  if (on.has('grade')) filter.grade_ids = list(values.grade_ids);
  if (on.has('groups')) filter.group_tree_ids = list(values.group_tree_ids);
  if (on.has('age') && values.age && (values.age[0] !== AGE_MIN || values.age[1] !== AGE_MAX))
    filter.age = { min: values.age[0], max: values.age[1] };
  if (
    on.has('service') &&
    values.service_years &&
    (values.service_years[0] !== SERVICE_MIN || values.service_years[1] !== SERVICE_MAX)
  )
    filter.service_years = { min: values.service_years[0], max: values.service_years[1] };
  for (const key of Object.keys(filter) as (keyof EmployeeSearchFilter)[])
    if (filter[key] === undefined) delete filter[key];
  return filter;
}

const toDay = (value: string | null | undefined) => (value ? dayjs(value) : null);

/** The form values of a saved filter (to show it again after a reload). */
export function fromFilter(filter: EmployeeSearchFilter): SearchFormValues {
  const year = dayjs().year();
  const monthDay = (md: string) => dayjs(`${year}-${md}`);
  const values: SearchFormValues = {
    full_text: filter.full_text ?? undefined,
    status: filter.status ?? 'enabled',
    gender_ids: filter.gender_ids ?? undefined,
    blood_groups: filter.blood_groups ?? undefined,
    religion_ids: filter.religion_ids ?? undefined,
    marital_status_ids: filter.marital_status_ids ?? undefined,
    employee_status_ids: filter.employee_status_ids ?? undefined,
    joining_date: filter.joining_date
      ? [toDay(filter.joining_date.from), toDay(filter.joining_date.to)]
      : null,
    confirmation_date: filter.confirmation_date
      ? [toDay(filter.confirmation_date.from), toDay(filter.confirmation_date.to)]
      : null,
    birthday:
      filter.birthday?.from && filter.birthday.to
        ? [
            monthDay(filter.birthday.from),
            // A range over the new year ends in the next year.
            filter.birthday.to < filter.birthday.from
              ? monthDay(filter.birthday.to).add(1, 'year')
              : monthDay(filter.birthday.to),
          ]
        : null,
    education_type_ids: filter.education_type_ids ?? undefined,
    exam_ids: filter.exam_ids ?? undefined,
    has_separation:
      filter.has_separation === true ? 'yes' : filter.has_separation === false ? 'no' : undefined,
    separation_type_ids: filter.separation_type_ids ?? undefined,
    separation_status_ids: filter.separation_status_ids ?? undefined,
    office_ids: filter.office_ids ?? undefined,
    company_ids: filter.company_ids ?? undefined,
    level_ids: filter.level_ids ?? undefined,
    grade_ids: filter.grade_ids ?? undefined,
    group_tree_ids: filter.group_tree_ids ?? undefined,
    age: filter.age ? [filter.age.min, filter.age.max] : AGE_RANGE,
    service_years: filter.service_years
      ? [filter.service_years.min, filter.service_years.max]
      : SERVICE_RANGE,
  };
  return values;
}

/* What a page remembers: the filters on show and the last search, per URL, in local storage (SPEC.md §2). */

const STORAGE_PREFIX = 'hr.employeeSearch:';

export interface SavedSearch {
  filters: FilterKey[];
  filter: EmployeeSearchFilter;
}

function isFilterKey(value: unknown): value is FilterKey {
  return typeof value === 'string' && (FILTER_KEYS as readonly string[]).includes(value);
}

export function readSavedSearch(storageKey: string): SavedSearch {
  try {
    const raw = localStorage.getItem(STORAGE_PREFIX + storageKey);
    if (raw) {
      const parsed = JSON.parse(raw) as Partial<SavedSearch>;
      return {
        filters: Array.isArray(parsed.filters) ? parsed.filters.filter(isFilterKey) : DEFAULT_FILTERS,
        filter: parsed.filter && typeof parsed.filter === 'object' ? parsed.filter : {},
      };
    }
  } catch {
    // A damaged entry starts over.
  }
  return { filters: DEFAULT_FILTERS, filter: {} };
}

export function writeSavedSearch(storageKey: string, saved: SavedSearch) {
  localStorage.setItem(STORAGE_PREFIX + storageKey, JSON.stringify(saved));
}
