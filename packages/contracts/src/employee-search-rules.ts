import type { EmployeeSearchFilter } from './employee-search';
import type { DataClass } from './privacy';

/**
 * The employee search's fixed numbers and names, without zod: what the
 * search panel reads to draw its filters (the sliders' spans, the blood
 * groups, which filters are personal) loads none of the schemas
 * (employee-search.ts re-exports them with its schemas).
 */

/** SPEC.md §9. */
export const AGE_MIN = 18;
export const AGE_MAX = 62;
export const SERVICE_MIN = 1;
export const SERVICE_MAX = 50;
export const FULL_TEXT_MAX = 100;
export const FILTER_IDS_MAX = 500;

export const BLOOD_GROUPS = ['A+', 'A-', 'B+', 'B-', 'O+', 'O-', 'AB+', 'AB-'] as const;
export type BloodGroup = (typeof BLOOD_GROUPS)[number];

export const SEARCH_DEFAULT_SORT = 'name,asc';

/**
 * The class of data each filter reads (DESIGN.md §9). A filter on a
 * personal field is open to HR administrators, and to anyone whose search
 * can only match people whose personal data they may read: themself and the
 * people below them in the reporting line (`ids` naming only those, or
 * `scope: reports`). Anything else is a 403 naming the filter.
 *
 * Directory: the organisation's own facts (company, office, level, grade,
 * groups, joining date and the service length made of it). Personal: the
 * General, Personal/Family and Separation parts of the profile, the
 * employment status, and the educations (exam, education type), which the
 * profile shows only to the employee, their managers and HR.
 */
export const SEARCH_FILTER_CLASS = {
  full_text: 'directory',
  status: 'directory',
  scope: 'directory',
  ids: 'directory',
  office_ids: 'directory',
  company_ids: 'directory',
  level_ids: 'directory',
  grade_ids: 'directory',
  group_tree_ids: 'directory',
  joining_date: 'directory',
  service_years: 'directory',
  gender_ids: 'personal',
  blood_groups: 'personal',
  religion_ids: 'personal',
  marital_status_ids: 'personal',
  employee_status_ids: 'personal',
  confirmation_date: 'personal',
  birthday: 'personal',
  age: 'personal',
  education_type_ids: 'personal',
  exam_ids: 'personal',
  has_separation: 'personal',
  separation_type_ids: 'personal',
  separation_status_ids: 'personal',
} as const satisfies Record<keyof EmployeeSearchFilter, DataClass>;
export type SearchFilterName = keyof typeof SEARCH_FILTER_CLASS;
