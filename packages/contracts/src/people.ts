import { z } from 'zod';

/** An employee's photo in three sizes (signed URLs), or null when there is none. */
export const photo = z.object({ small: z.string(), medium: z.string(), big: z.string() }).nullable();
export type Photo = z.infer<typeof photo>;

/**
 * The directory card: what any signed-in employee may see of any colleague
 * (team directory, search results, approvers in lists).
 */
export const employeeCard = z.object({
  id: z.number().int(),
  eid: z.string(),
  name: z.string(),
  designation: z.string().nullable(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  company: z.string().nullable(),
  office: z.string().nullable(),
  photo,
});
export type EmployeeCard = z.infer<typeof employeeCard>;

/** A person named inside another record (employee, line manager, O&O, responsible). */
export const personRef = z.object({
  id: z.number().int(),
  eid: z.string(),
  name: z.string(),
  photo,
});
export type PersonRef = z.infer<typeof personRef>;
