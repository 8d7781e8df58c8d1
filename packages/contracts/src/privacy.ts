/**
 * Who sees which part of a person (DESIGN.md §9), as data both sides read:
 * the server enforces it (apps/server/src/lib/privacy.ts), the web app offers
 * only what the server would allow.
 *
 * - `directory`: every signed-in employee;
 * - `personal`: the employee, their line-management chain upwards (line
 *   manager, O&O and every manager above) and HR administrators;
 * - `compensation`: the employee and HR administrators only.
 */
export const DATA_CLASSES = ['directory', 'personal', 'compensation'] as const;
export type DataClass = (typeof DATA_CLASSES)[number];

/**
 * How a reader stands to an employee: the employee themself, their line
 * manager, their O&O (the line manager's line manager), a manager further up
 * the line, or anyone else. HR administrators are told apart by their flag.
 */
export const STANDINGS = ['self', 'line_manager', 'one_over_one', 'above', 'other'] as const;
export type Standing = (typeof STANDINGS)[number];

/** The standings that may read each class (HR administrators read every class). */
export const CLASS_READERS: Record<DataClass, readonly Standing[]> = {
  directory: STANDINGS,
  personal: ['self', 'line_manager', 'one_over_one', 'above'],
  compensation: ['self'],
};

/** Whether a reader of this standing (and admin flag) may read a class of data. */
export function mayRead(standing: Standing, isAdmin: boolean, dataClass: DataClass): boolean {
  return isAdmin || CLASS_READERS[dataClass].includes(standing);
}

/**
 * The sections of a person's record as the change log names them (the
 * profile's sections, and what HR administrators assign), each with the class
 * of its values. A field may differ from its section (FIELD_CLASS).
 */
export const RECORD_SECTIONS = {
  basic: 'directory',
  general: 'personal',
  address: 'personal',
  family: 'personal',
  members: 'personal',
  references: 'personal',
  contacts: 'personal',
  // The career tabs: DESIGN.md §9 counts them as directory, but the profile
  // shows them to the employee, their managers and HR only (docs/decisions.md).
  histories: 'personal',
  achievements: 'personal',
  trainings: 'personal',
  skills: 'personal',
  educations: 'personal',
  languages: 'personal',
  separation: 'personal',
  photo: 'directory',
  files: 'personal',
  assets: 'personal',
  company: 'directory',
  office: 'directory',
  groups: 'directory',
  account: 'personal',
  // The shift an employee works (DESIGN.md §9: attendance is personal).
  shift: 'personal',
  salary: 'compensation',
} as const satisfies Record<string, DataClass>;
export type RecordSection = keyof typeof RECORD_SECTIONS;

/** Fields whose class is not their section's: `section.field`. */
export const FIELD_CLASS: Partial<Record<`${RecordSection}.${string}`, DataClass>> = {
  'basic.blood_group': 'personal',
  'basic.status': 'personal',
  'general.joining_date': 'directory',
};

/** The class of one field of a section of the record. */
export function classOfField(section: string, field: string): DataClass {
  const own = FIELD_CLASS[`${section}.${field}` as `${RecordSection}.${string}`];
  if (own) return own;
  // A section the table does not know is treated as the strictest class.
  return (RECORD_SECTIONS as Record<string, DataClass>)[section] ?? 'compensation';
}
