import type { FieldValues } from '../../lib/audit';
import type { profileRepository } from './profile.repository';

/**
 * A person's record as the change log keeps it (lib/audit.ts diffFields):
 * each part's fields by their API names, with chosen values (religion,
 * level, an exam...) by their names, so the log reads without its lookups.
 */

type Core = NonNullable<Awaited<ReturnType<typeof profileRepository.core>>>;
type Separation = NonNullable<Awaited<ReturnType<typeof profileRepository.separation>>>;

const nameOf = (value: { name: string | null } | null | undefined) => value?.name ?? null;

/** The parts of the employee row that one call changes. */
export const EMPLOYEE_PARTS = {
  basic: (c: Core) => ({
    name: c.e.name,
    eid: c.e.eid,
    mobile: c.e.mobile,
    email: c.e.email,
    blood_group: c.e.bloodGroup,
    designation: c.designation,
    status: nameOf(c.status),
    level: nameOf(c.level),
    grade: nameOf(c.grade),
  }),
  general: (c: Core) => ({
    pob: c.e.pob,
    dob: c.e.dob,
    gender: nameOf(c.gender),
    religion: nameOf(c.religion),
    nationality: c.e.nationality,
    nid: c.e.nid,
    tin: c.e.tin,
    passport_no: c.e.passportNo,
    driving_license: c.e.drivingLicense,
    joining_date: c.e.joiningDate,
    confirmation_date: c.e.confirmationDate,
  }),
  address: (c: Core) => ({ present: c.e.presentAddress, permanent: c.e.permanentAddress }),
  family: (c: Core) => ({
    father_name: c.e.fatherName,
    mother_name: c.e.motherName,
    spouse_name: c.e.spouseName,
    marriage_date: c.e.marriageDate,
    marital_status: nameOf(c.marital),
  }),
} satisfies Record<string, (core: Core) => FieldValues>;
export type EmployeePart = keyof typeof EMPLOYEE_PARTS;

export function separationValues(s: Separation | null): FieldValues | null {
  if (!s) return null;
  return {
    resign_date: s.row.resignDate,
    last_working_date: s.row.lastWorkingDate,
    cert_issued: s.row.certIssued,
    type: nameOf(s.type),
    status: nameOf(s.status),
    mode: nameOf(s.mode),
  };
}

const isNamed = (value: unknown): value is { name: unknown } =>
  value !== null && typeof value === 'object' && 'name' in value;

/**
 * An item of a list section (as the API answers it) as the log keeps it: its
 * fields without the id, a chosen value by its name (`exam: "MBA"`, not
 * `exam_id` and `exam`).
 */
export function itemValues(item: Record<string, unknown> | null | undefined): FieldValues | null {
  if (!item) return null;
  const values: FieldValues = {};
  for (const [field, value] of Object.entries(item)) {
    if (field === 'id') continue;
    if (field.endsWith('_id') && isNamed(item[field.slice(0, -3)])) continue;
    values[field] = isNamed(value) ? value.name : value;
  }
  return values;
}
