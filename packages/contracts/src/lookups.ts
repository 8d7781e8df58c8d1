import { z } from 'zod';

/** The reference lists served at `GET lookups/{kind}` (URL name → stored kind). */
export const LOOKUP_KINDS = {
  levels: 'level',
  grades: 'grade',
  genders: 'gender',
  religions: 'religion',
  'blood-groups': 'blood_group',
  'marital-statuses': 'marital_status',
  'employee-statuses': 'employee_status',
  'education-types': 'education_type',
  'duration-units': 'duration_unit',
  'separation-types': 'separation_type',
  'separation-statuses': 'separation_status',
  'separation-modes': 'separation_mode',
  'language-proficiencies': 'language_proficiency',
  'group-types': 'group_type',
} as const;

export type LookupName = keyof typeof LOOKUP_KINDS;
export const lookupName = z.enum(Object.keys(LOOKUP_KINDS) as [LookupName, ...LookupName[]]);

/** An entry of a select: id and name. */
export const option = z.object({ id: z.number().int(), name: z.string() });
export type Option = z.infer<typeof option>;

/** `{ id, name }` as most answers nest a related record. */
export const idName = option;

export const lookupList = z.array(option);

/** Every list at once, for forms that need several. */
export const allLookups = z.record(lookupName, lookupList);
export type AllLookups = Record<LookupName, Option[]>;

export const workflowModule = z.enum(['leave', 'remote_work', 'hr_service', 'kpi', 'epr']);
export type WorkflowModule = z.infer<typeof workflowModule>;

export const workflowStatus = z.object({ id: z.number().int(), name: z.string(), color: z.string() });
export type WorkflowStatus = z.infer<typeof workflowStatus>;

export const exam = z.object({
  id: z.number().int(),
  name: z.string(),
  type_id: z.number().int().nullable(),
  subjects: z.array(option),
});
export type Exam = z.infer<typeof exam>;
