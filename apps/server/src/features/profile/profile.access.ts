import {
  PROFILE_SECTIONS,
  type ProfilePermissions,
  type ProfileSection,
  type Relation,
} from '@hr/contracts/employees';
import type { ErrorCode } from '@hr/contracts/error-codes';
import { CLASS_READERS } from '@hr/contracts/privacy';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../lib/auth-context';
import { domainError } from '../../lib/errors';
import { standingTo } from '../../lib/privacy';

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

export type ProfileAction =
  | 'read_card'
  | 'read'
  | 'activities'
  | 'changes'
  | 'admin'
  | `edit:${ProfileSection}`;

/** Who reads personal data (DESIGN.md §9, lib/privacy.ts): the employee, the managers above them, HR. */
const PEOPLE_ABOVE: Actor[] = [...CLASS_READERS.personal, 'admin'];
const OWN_AND_HR: Actor[] = ['self', 'admin'];
const HR_ONLY: Actor[] = ['admin'];

/**
 * The profile's policy, one row per action: who may do it. The employee
 * keeps their personal sections; HR administrators change everything; the
 * managers above an employee (line manager, O&O and further up) read their
 * profile, activities and the changes to it; anyone else sees the directory
 * card.
 */
export const PROFILE_POLICY: Record<ProfileAction, readonly Actor[]> = {
  read_card: ['self', 'line_manager', 'one_over_one', 'above', 'other', 'admin'],
  read: PEOPLE_ABOVE,
  activities: PEOPLE_ABOVE,
  changes: PEOPLE_ABOVE,
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

/** The viewer's relation to an employee (lib/privacy.ts); a 404 when there is no such employee. */
export async function accessTo(db: Db, auth: AuthContext, employeeId: number): Promise<ProfileAccess> {
  const relation: Relation | null = await standingTo(db, auth, employeeId);
  if (!relation) throw domainError('employee_not_found');
  return {
    employeeId,
    relation,
    isAdmin: auth.isAdmin,
    impersonating: auth.kind === 'impersonation',
  };
}

export function can(access: ProfileAccess, action: ProfileAction): boolean {
  const allowed = PROFILE_POLICY[action];
  return allowed.includes(access.relation) || (access.isAdmin && allowed.includes('admin'));
}

const REFUSALS: Partial<Record<ProfileAction, ErrorCode>> = {
  read: 'profile_card_only',
  activities: 'activities_hidden',
  changes: 'changes_hidden',
  admin: 'admin_only',
};

/** Throws a 403 unless the viewer may do the action. */
export function authorize(access: ProfileAccess, action: ProfileAction): void {
  if (!can(access, action)) throw domainError(REFUSALS[action] ?? 'profile_section_forbidden');
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
    changes: can(access, 'changes'),
    impersonate:
      access.isAdmin &&
      !access.impersonating &&
      access.relation !== 'self' &&
      target.hasUser &&
      target.enabled,
  };
}
