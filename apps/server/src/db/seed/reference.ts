import { eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../client';
import {
  eprTypes,
  eprValueBehaviours,
  eprValues,
  examSubjects,
  exams,
  kpiPerspectives,
  kpiTargetUnits,
  kpiTypes,
  leaveDurations,
  leaveTypes,
  lookupValues,
  nocTypes,
  remoteWorkTypes,
  serviceCategories,
  shifts,
  workflowStatuses,
} from '../schema';
import type { LookupKind } from '../schema/lookups';
import { withNames } from './reference-names';

/** Reference lists every installation needs; ids that SPEC.md gives meaning to are fixed. */
export const LOOKUPS: Record<LookupKind, string[]> = {
  gender: ['Male', 'Female', 'Other'],
  religion: ['Islam', 'Hinduism', 'Buddhism', 'Christianity', 'Other'],
  marital_status: ['Single', 'Married', 'Divorced', 'Widowed'],
  blood_group: ['A+', 'A-', 'B+', 'B-', 'O+', 'O-', 'AB+', 'AB-'],
  employee_status: ['Probation', 'Permanent', 'Contractual', 'Intern'],
  level: ['Entry', 'Junior', 'Mid', 'Senior', 'Lead', 'Executive'],
  grade: ['Grade A', 'Grade B', 'Grade C', 'Grade D', 'Grade E', 'Grade F'],
  education_type: ['Secondary', 'Higher Secondary', 'Diploma', 'Bachelor', 'Master', 'Doctorate'],
  duration_unit: ['Year', 'Month'],
  separation_type: ['Resignation', 'Termination', 'Retirement', 'End of contract'],
  separation_status: ['Initiated', 'In progress', 'Completed'],
  separation_mode: ['Voluntary', 'Involuntary'],
  language_proficiency: ['Basic', 'Intermediate', 'Fluent', 'Native'],
  group_type: ['Department', 'Project'],
};

const EXAMS: { name: string; type: string; subjects: string[] }[] = [
  { name: 'SSC', type: 'Secondary', subjects: ['Science', 'Commerce', 'Humanities'] },
  { name: 'HSC', type: 'Higher Secondary', subjects: ['Science', 'Commerce', 'Humanities'] },
  {
    name: 'Diploma in Engineering',
    type: 'Diploma',
    subjects: ['Computer Technology', 'Electrical', 'Civil'],
  },
  {
    name: 'BSc',
    type: 'Bachelor',
    subjects: [
      'Computer Science and Engineering',
      'Electrical and Electronic Engineering',
      'Physics',
      'Mathematics',
    ],
  },
  {
    name: 'BBA',
    type: 'Bachelor',
    subjects: ['Finance', 'Marketing', 'Human Resource Management', 'Accounting'],
  },
  { name: 'MBA', type: 'Master', subjects: ['Finance', 'Marketing', 'Human Resource Management'] },
  { name: 'MSc', type: 'Master', subjects: ['Computer Science', 'Physics', 'Mathematics'] },
  { name: 'PhD', type: 'Doctorate', subjects: ['Computer Science', 'Economics'] },
];

/** Status ids are those of SPEC.md §4; names and colours are the portal's. */
export const WORKFLOW_STATUSES: { module: string; id: number; name: string; color: string }[] = [
  ...(['leave', 'remote_work'] as const).flatMap((module) => [
    { module, id: 1, name: 'Draft', color: 'default' },
    { module, id: 2, name: 'Submitted', color: 'processing' },
    { module, id: 3, name: 'Approved', color: 'success' },
    { module, id: 4, name: 'Rejected', color: 'error' },
  ]),
  { module: 'leave', id: 5, name: 'Cancelled', color: 'default' },
  { module: 'hr_service', id: 1, name: 'Draft', color: 'default' },
  { module: 'hr_service', id: 2, name: 'Submitted', color: 'processing' },
  { module: 'hr_service', id: 3, name: 'Approved', color: 'success' },
  { module: 'hr_service', id: 4, name: 'Cancelled', color: 'error' },
  { module: 'hr_service', id: 5, name: 'Done', color: 'cyan' },
  { module: 'kpi', id: 1, name: 'Draft', color: 'default' },
  { module: 'kpi', id: 2, name: 'Awaiting line manager', color: 'processing' },
  { module: 'kpi', id: 3, name: 'Awaiting O&O', color: 'purple' },
  { module: 'kpi', id: 4, name: 'Approved', color: 'success' },
  { module: 'kpi', id: 5, name: 'Update requested', color: 'warning' },
  { module: 'epr', id: 0, name: 'Not started', color: 'default' },
  { module: 'epr', id: 1, name: 'Draft', color: 'default' },
  { module: 'epr', id: 2, name: 'Awaiting line manager', color: 'processing' },
  { module: 'epr', id: 3, name: 'Awaiting O&O', color: 'purple' },
  { module: 'epr', id: 4, name: 'Completed', color: 'success' },
  { module: 'epr', id: 5, name: 'Sent back to employee', color: 'warning' },
  { module: 'epr', id: 6, name: 'Closed', color: 'default' },
  { module: 'epr', id: 10, name: 'Returned to line manager', color: 'orange' },
];

/** EPR types: 1 annual (the dates of a yearly sheet), 2 interim (dates of its own). */
export const EPR_TYPES = [
  { id: 1, name: 'Annual review' },
  { id: 2, name: 'Interim review' },
];

/** The company's values that Section B rates, each with the behaviours that show it. */
export const EPR_VALUES: { id: number; name: string; behaviours: string[] }[] = [
  {
    id: 1,
    name: 'Integrity',
    behaviours: ['Keeps promises and owns mistakes', 'Treats information and company money with care'],
  },
  {
    id: 2,
    name: 'Customer focus',
    behaviours: [
      'Understands what the customer needs before acting',
      'Follows up until the problem is solved',
    ],
  },
  {
    id: 3,
    name: 'Teamwork',
    behaviours: ['Shares knowledge and helps colleagues', 'Gives and takes feedback openly'],
  },
  {
    id: 4,
    name: 'Ownership',
    behaviours: ['Delivers on time without being chased', 'Suggests improvements and carries them out'],
  },
];

/** Leave types by id: 5, 6, 7 and 9 have no balance (SPEC.md §9); Maternity and Paternity Leave apply to one gender. */
export const LEAVE_TYPES: {
  id: number;
  name: string;
  days: number;
  shortLeaveApplied: boolean;
  hasBalance: boolean;
  gender?: 'Female' | 'Male';
}[] = [
  { id: 1, name: 'Annual Leave', days: 18, shortLeaveApplied: false, hasBalance: true },
  { id: 2, name: 'Casual Leave', days: 10, shortLeaveApplied: true, hasBalance: true },
  { id: 3, name: 'Sick Leave', days: 14, shortLeaveApplied: true, hasBalance: true },
  { id: 4, name: 'Maternity Leave', days: 112, shortLeaveApplied: false, hasBalance: true, gender: 'Female' },
  { id: 5, name: 'Leave Without Pay', days: 0, shortLeaveApplied: false, hasBalance: false },
  { id: 6, name: 'Compensatory Leave', days: 0, shortLeaveApplied: false, hasBalance: false },
  { id: 7, name: 'Special Leave', days: 0, shortLeaveApplied: false, hasBalance: false },
  { id: 8, name: 'Paternity Leave', days: 5, shortLeaveApplied: false, hasBalance: true, gender: 'Male' },
  { id: 9, name: 'Short Leave', days: 0, shortLeaveApplied: true, hasBalance: false },
];

export const LEAVE_DURATIONS = [
  { id: 1, name: '1 hour', minutes: 60 },
  { id: 2, name: '2 hours', minutes: 120 },
  { id: 3, name: '3 hours', minutes: 180 },
  { id: 4, name: 'Half day (4 hours)', minutes: 240 },
];

/** Type 1 is the hours-within-a-day type (SPEC.md §9). */
export const REMOTE_WORK_TYPES = [
  { id: 1, name: 'Hourly (within a day)' },
  { id: 2, name: 'Work from home' },
  { id: 3, name: 'Field work' },
  { id: 4, name: 'Business travel' },
];

export const SERVICE_CATEGORIES = [
  { value: 'noc', name: 'No objection certificate (NOC)', sortOrder: 1 },
  { value: 'salary_certificate', name: 'Salary certificate', sortOrder: 2 },
  { value: 'employment_certificate', name: 'Employment certificate', sortOrder: 3 },
  { value: 'experience_letter', name: 'Experience letter', sortOrder: 4 },
  { value: 'visa_letter', name: 'Visa support letter', sortOrder: 5 },
  { value: 'id_card', name: 'ID card replacement', sortOrder: 6 },
];

export const NOC_TYPES = [
  { id: 1, name: 'Travel abroad' },
  { id: 2, name: 'Higher study' },
  { id: 3, name: 'Visa application' },
  { id: 4, name: 'Bank loan' },
];

/** KPI types: 1 takes its period from a KPI year, 2 has its own (SPEC.md §5). */
export const KPI_TYPES = [
  { id: 1, name: 'Yearly' },
  { id: 2, name: 'Custom period' },
];

/** The four perspectives of a balanced scorecard. */
export const KPI_PERSPECTIVES = [
  { id: 1, name: 'Financial', sortOrder: 1 },
  { id: 2, name: 'Customer', sortOrder: 2 },
  { id: 3, name: 'Internal Process', sortOrder: 3 },
  { id: 4, name: 'Learning & Growth', sortOrder: 4 },
];

export const KPI_TARGET_UNITS = [
  { id: 1, name: '%' },
  { id: 2, name: 'BDT' },
  { id: 3, name: 'Count' },
  { id: 4, name: 'Days' },
  { id: 5, name: 'Hours' },
  { id: 6, name: 'Score' },
];

async function resetSequence(db: Db, table: string) {
  await db.execute(
    sql.raw(
      `select setval(pg_get_serial_sequence('${table}', 'id'), greatest((select max(id) from ${table}), 1))`,
    ),
  );
}

/**
 * Lists HR manages on their screens (remote-work types, services, NOC types,
 * values): filled while empty only, so a record HR deleted stays deleted at
 * the next start.
 */
async function isEmpty(db: Db, table: PgTable): Promise<boolean> {
  const [row] = await db.select({ one: sql<number>`1` }).from(table).limit(1);
  return !row;
}

/** Fills the reference lists; runs at every start and adds only what is missing. */
export async function seedReferenceData(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    // Every list with its names in the other languages (blood groups read the same everywhere).
    const lookupRows = Object.entries(LOOKUPS).flatMap(([kind, names]) =>
      withNames(names.map((name, i) => ({ kind, name, sortOrder: i + 1 }))),
    );
    await tx.insert(lookupValues).values(lookupRows).onConflictDoNothing();
    // An installation seeded before these names were known gets them, where HR has given none.
    const named = lookupRows.filter((r) => Object.keys(r.nameTranslations).length > 0);
    await tx.execute(sql`
      update ${lookupValues} l set name_translations = v.t::jsonb
        from (values ${sql.join(
          named.map((r) => sql`(${r.kind}, ${r.name}, ${JSON.stringify(r.nameTranslations)})`),
          sql`, `,
        )}) as v(kind, name, t)
       where l.kind = v.kind and l.name = v.name and l.name_translations = '{}'::jsonb`);

    const types = await tx
      .select({ id: lookupValues.id, name: lookupValues.name, kind: lookupValues.kind })
      .from(lookupValues);
    const lookupId = (kind: LookupKind, name: string) =>
      types.find((t) => t.kind === kind && t.name === name)?.id ?? null;
    const typeId = (name: string) => lookupId('education_type', name);
    for (const exam of EXAMS) {
      await tx
        .insert(exams)
        .values({ name: exam.name, educationTypeId: typeId(exam.type) })
        .onConflictDoNothing();
      const [row] = await tx.select({ id: exams.id }).from(exams).where(sql`${exams.name} = ${exam.name}`);
      await tx
        .insert(examSubjects)
        .values(withNames(exam.subjects.map((name) => ({ examId: row!.id, name }))))
        .onConflictDoNothing();
    }

    await tx.insert(workflowStatuses).values(WORKFLOW_STATUSES).onConflictDoNothing();
    await tx
      .insert(leaveTypes)
      .values(
        withNames(LEAVE_TYPES).map(({ gender, ...t }, i) => ({
          ...t,
          sortOrder: i + 1,
          genderId: gender ? lookupId('gender', gender) : null,
        })),
      )
      .onConflictDoNothing();
    await tx.insert(leaveDurations).values(withNames(LEAVE_DURATIONS)).onConflictDoNothing();
    if (await isEmpty(tx, remoteWorkTypes))
      await tx.insert(remoteWorkTypes).values(withNames(REMOTE_WORK_TYPES));
    if (await isEmpty(tx, serviceCategories))
      await tx.insert(serviceCategories).values(withNames(SERVICE_CATEGORIES));
    if (await isEmpty(tx, nocTypes)) await tx.insert(nocTypes).values(withNames(NOC_TYPES));
    await tx.insert(kpiTypes).values(KPI_TYPES).onConflictDoNothing();
    await tx.insert(kpiPerspectives).values(withNames(KPI_PERSPECTIVES)).onConflictDoNothing();
    await tx.insert(kpiTargetUnits).values(withNames(KPI_TARGET_UNITS)).onConflictDoNothing();
    await tx.insert(eprTypes).values(EPR_TYPES).onConflictDoNothing();
    // The shift of everyone without one assigned; HR changes its hours, or makes another the default.
    const [anyDefault] = await tx.select({ id: shifts.id }).from(shifts).where(eq(shifts.isDefault, true));
    if (!anyDefault)
      await tx
        .insert(shifts)
        .values(
          withNames([
            { name: 'General', startTime: '09:00', endTime: '18:00', graceMinutes: 15, isDefault: true },
          ]),
        )
        .onConflictDoNothing();
    const values = (await isEmpty(tx, eprValues))
      ? await tx
          .insert(eprValues)
          .values(
            withNames(EPR_VALUES).map((v) => ({
              id: v.id,
              name: v.name,
              nameTranslations: v.nameTranslations,
              sortOrder: v.id,
            })),
          )
          .returning({ id: eprValues.id })
      : [];
    // Behaviours come with a value the first time it is made; HR changes them afterwards.
    for (const v of EPR_VALUES.filter((x) => values.some((r) => r.id === x.id))) {
      await tx
        .insert(eprValueBehaviours)
        .values(withNames(v.behaviours.map((name, i) => ({ valueId: v.id, name, sortOrder: i + 1 }))));
    }
    for (const table of [
      'leave_types',
      'leave_durations',
      'remote_work_types',
      'noc_types',
      'kpi_types',
      'kpi_perspectives',
      'kpi_target_units',
      'epr_types',
      'epr_values',
    ])
      await resetSequence(tx, table);
  });
}
