import {
  PROFILE_SECTIONS,
  type ProfilePermissions,
  type ProfileSection,
  type Relation,
} from '@hr/contracts/employees';
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { employees } from '../../db/schema';
import type { AuthContext } from '../../lib/auth-context';
import { forbidden, notFound } from '../../lib/errors';

/** How a viewer stands to an employee, read from the database. */
export interface ProfileAccess {
  employeeId: number;
  relation: Relation;
  isAdmin: boolean;
  /** The viewer signed in through impersonation. */
  impersonating: boolean;
}

/** Who an action is for: a relation to the employee, or an HR administrator. */
type Actor = Relation | 'admin';

export type ProfileAction = 'read_card' | 'read' | 'activities' | 'admin' | `edit:${ProfileSection}`;

const PEOPLE_ABOVE: Actor[] = ['self', 'line_manager', 'one_over_one', 'admin'];
const OWN_AND_HR: Actor[] = ['self', 'admin'];
const HR_ONLY: Actor[] = ['admin'];

/**
 * The profile's policy, one row per action: who may do it. The employee
 * keeps their personal sections; HR administrators change everything; the
 * line manager and the O&O read their reports' profiles; anyone else sees
 * the directory card.
 */
export const PROFILE_POLICY: Record<ProfileAction, readonly Actor[]> = {
  read_card: ['self', 'line_manager', 'one_over_one', 'other', 'admin'],
  read: PEOPLE_ABOVE,
  activities: PEOPLE_ABOVE,
  admin: HR_ONLY,
  'edit:basic': HR_ONLY,
  'edit:general': HR_ONLY,
  'edit:histories': HR_ONLY,
  'edit:separation': HR_ONLY,
  'edit:address': OWN_AND_HR,
  'edit:family': OWN_AND_HR,
  'edit:members': OWN_AND_HR,
  'edit:references': OWN_AND_HR,
  'edit:contacts': OWN_AND_HR,
  'edit:achievements': OWN_AND_HR,
  'edit:trainings': OWN_AND_HR,
  'edit:skills': OWN_AND_HR,
  'edit:educations': OWN_AND_HR,
  'edit:languages': OWN_AND_HR,
  'edit:photo': OWN_AND_HR,
  'edit:files': OWN_AND_HR,
};

/** The viewer's relation to an employee; a 404 when there is no such employee. */
export async function accessTo(db: Db, auth: AuthContext, employeeId: number): Promise<ProfileAccess> {
  const manager = alias(employees, 'manager');
  const [row] = await db
    .select({ id: employees.id, lineManagerId: employees.parentId, oneOverOneId: manager.parentId })
    .from(employees)
    .leftJoin(manager, eq(manager.id, employees.parentId))
    .where(eq(employees.id, employeeId))
    .limit(1);
  if (!row) throw notFound('The employee does not exist.');
  const relation: Relation =
    row.id === auth.employeeId
      ? 'self'
      : row.lineManagerId === auth.employeeId
        ? 'line_manager'
        : row.oneOverOneId === auth.employeeId
          ? 'one_over_one'
          : 'other';
  return {
    employeeId: row.id,
    relation,
    isAdmin: auth.isAdmin,
    impersonating: auth.kind === 'impersonation',
  };
}

export function can(access: ProfileAccess, action: ProfileAction): boolean {
  const allowed = PROFILE_POLICY[action];
  return allowed.includes(access.relation) || (access.isAdmin && allowed.includes('admin'));
}

const REFUSALS: Partial<Record<ProfileAction, string>> = {
  read: 'You may only see the directory card of this employee.',
  activities: 'You may not see the activities of this employee.',
  admin: 'Only an HR administrator may do this.',
};

/** Throws a 403 unless the viewer may do the action. */
export function authorize(access: ProfileAccess, action: ProfileAction): void {
  if (!can(access, action)) {
    throw forbidden(REFUSALS[action] ?? 'You are not allowed to change this part of the profile.');
  }
}

/** The `permissions` object of the profile answer: what the screen may offer. */
export function permissionsOf(
  access: ProfileAccess,
  target: { hasUser: boolean; enabled: boolean },
): ProfilePermissions {
  const edit = Object.fromEntries(
    PROFILE_SECTIONS.map((section) => [section, can(access, `edit:${section}`)]),
  ) as Record<ProfileSection, boolean>;
  return {
    relation: access.relation,
    is_admin: access.isAdmin,
    view: can(access, 'read') ? 'full' : 'card',
    edit,
    admin: can(access, 'admin'),
    activities: can(access, 'activities'),
    impersonate:
      access.isAdmin &&
      !access.impersonating &&
      access.relation !== 'self' &&
      target.hasUser &&
      target.enabled,
  };
}
