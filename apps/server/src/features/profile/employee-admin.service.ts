import { MESSAGES, NOTICES } from '@hr/contracts/messages';
import type { Db } from '../../db/client';
import { auditChange, diffFields } from '../../lib/audit';
import type { AuthContext } from '../../lib/auth-context';
import { domainError, fieldError } from '../../lib/errors';
import { enqueueMessage } from '../../lib/outbox';
import { endUserSessions } from '../../lib/session-end';
import type { AuthService } from '../auth';
import { profileRepository as repo } from './profile.repository';

const requireAdmin = (auth: AuthContext) => {
  if (!auth.isAdmin) throw domainError('admin_only');
};

/**
 * The administrator's controls on a profile (SPEC.md §1, §7): enable and
 * disable, add user, company, office, groups and assets. Each change is one
 * transaction with its audit row; the employee row is locked first, so two
 * administrators acting at once take turns.
 */
export class EmployeeAdminService {
  constructor(
    private readonly db: Db,
    private readonly authService: AuthService,
    private readonly onMessageQueued: () => void,
  ) {}

  private async employee(tx: Db, employeeId: number) {
    const row = await repo.employeeState(tx, employeeId);
    if (!row) throw domainError('employee_not_found');
    return row;
  }

  /** PATCH employees/enable | employees/disable. Disabling ends the employee's sessions. */
  async setEnabled(auth: AuthContext, employeeId: number, enabled: boolean) {
    requireAdmin(auth);
    return this.db.transaction(async (tx) => {
      const e = await this.employee(tx, employeeId);
      if (!enabled && e.id === auth.employeeId) throw domainError('disable_self');
      let sessionsEnded = 0;
      if (e.enabled !== enabled) {
        await repo.updateEmployee(tx, employeeId, { enabled });
        if (!enabled && e.userId !== null)
          sessionsEnded = (await endUserSessions(tx, e.userId, { keep: null })).length;
        await auditChange(tx, auth, {
          action: enabled ? 'enable' : 'disable',
          employeeId,
          section: 'account',
          before: { enabled: e.enabled },
          after: { enabled },
          fromStatus: e.enabled ? 1 : 0,
          toStatus: enabled ? 1 : 0,
          data: { sessions_ended: sessionsEnded },
        });
      }
      return { message: NOTICES.statusUpdated, enabled };
    });
  }

  /**
   * POST users/employees: a user for an employee who has none, without a
   * password; the employee gets an invitation link (e-mail and/or SMS) to
   * choose one.
   */
  async createUser(auth: AuthContext, employeeId: number) {
    requireAdmin(auth);
    const result = await this.db.transaction(async (tx) => {
      const e = await this.employee(tx, employeeId);
      if (e.userId !== null) throw domainError('user_exists');
      if (!e.enabled) throw domainError('enable_employee_first');
      if (!e.email && !e.mobile) throw domainError('no_contact');
      if (await repo.usernameExists(tx, e.eid)) throw domainError('username_taken');
      const user = await repo.insertUser(tx, employeeId, e.eid);
      const link = await this.authService.createLink(tx, user.id, 'invite');
      const sentTo: { channel: 'sms' | 'email'; recipient: string }[] = [];
      if (e.email) {
        await enqueueMessage(tx, {
          channel: 'email',
          recipient: e.email,
          topic: 'user-invite',
          employeeId,
          subject: 'Your HR Portal account',
          body: `Hello ${e.name},\n\nAn account has been made for you on the HR Portal. Your E-ID is ${e.eid}.\nTo choose your password, open ${link} within seven days.`,
        });
        sentTo.push({ channel: 'email', recipient: e.email });
      }
      if (e.mobile) {
        await enqueueMessage(tx, {
          channel: 'sms',
          recipient: e.mobile,
          topic: 'user-invite',
          employeeId,
          body: `Your HR Portal account (E-ID ${e.eid}) is ready. Choose your password at ${link}`,
        });
        sentTo.push({ channel: 'sms', recipient: e.mobile });
      }
      await auditChange(tx, auth, {
        action: 'create_user',
        employeeId,
        section: 'account',
        before: { user: null },
        after: { user: user.username },
        data: { user_id: user.id, sent_to: sentTo.map((s) => s.channel) },
      });
      return {
        message: 'The user has been created and an invitation sent.',
        user: { id: user.id, username: user.username, is_admin: user.isAdmin, has_password: false },
        sent_to: sentTo,
      };
    });
    this.onMessageQueued();
    return result;
  }

  /** PATCH employees/assign/company. An office of the old company is cleared. */
  async assignCompany(auth: AuthContext, employeeId: number, companyId: number) {
    requireAdmin(auth);
    return this.db.transaction(async (tx) => {
      const e = await this.employee(tx, employeeId);
      const company = await repo.company(tx, companyId);
      if (!company?.enabled) throw fieldError('company_id', MESSAGES.choiceInvalid);
      const office = e.officeId ? await repo.office(tx, e.officeId) : null;
      const keepOffice = office?.companyId === companyId;
      const was = e.companyId ? await repo.company(tx, e.companyId) : null;
      await repo.updateEmployee(tx, employeeId, { companyId, ...(keepOffice ? {} : { officeId: null }) });
      await auditChange(tx, auth, {
        action: 'assign_company',
        employeeId,
        section: 'company',
        before: { company: was?.name, office: office?.name },
        after: { company: company.name, office: keepOffice ? office?.name : null },
        // The ids of what changed, in the shape of the changes (which name them).
        data: {
          ids: diffFields(
            { company: e.companyId, office: e.officeId },
            { company: companyId, office: keepOffice ? e.officeId : null },
          ),
          office_cleared: !keepOffice && e.officeId !== null,
        },
      });
      return { message: NOTICES.updated };
    });
  }

  /** PATCH employees/assign/office: an office of the employee's company. */
  async assignOffice(auth: AuthContext, employeeId: number, officeId: number) {
    requireAdmin(auth);
    return this.db.transaction(async (tx) => {
      const e = await this.employee(tx, employeeId);
      const office = await repo.office(tx, officeId);
      if (!office?.enabled) throw fieldError('office_id', MESSAGES.choiceInvalid);
      if (office.companyId !== e.companyId) throw fieldError('office_id', MESSAGES.officeOtherCompany);
      const was = e.officeId ? await repo.office(tx, e.officeId) : null;
      await repo.updateEmployee(tx, employeeId, { officeId });
      await auditChange(tx, auth, {
        action: 'assign_office',
        employeeId,
        section: 'office',
        before: { office: was?.name },
        after: { office: office.name },
        data: { ids: diffFields({ office: e.officeId }, { office: officeId }) },
      });
      return { message: NOTICES.updated };
    });
  }

  /** PATCH employees/assign/group | employees/remove/group. */
  async setGroup(auth: AuthContext, employeeId: number, groupTreeId: number, member: boolean) {
    requireAdmin(auth);
    return this.db.transaction(async (tx) => {
      await this.employee(tx, employeeId);
      const tree = await repo.groupTree(tx, groupTreeId);
      if (!tree) throw fieldError('group_tree_id', MESSAGES.choiceInvalid);
      if (member) {
        if (!(await repo.addToGroup(tx, employeeId, groupTreeId))) throw domainError('group_member_already');
      } else if (!(await repo.removeFromGroup(tx, employeeId, groupTreeId))) {
        throw domainError('group_member_missing');
      }
      await auditChange(tx, auth, {
        action: member ? 'assign_group' : 'remove_group',
        employeeId,
        section: 'groups',
        itemId: groupTreeId,
        before: { group: member ? null : tree.name },
        after: { group: member ? tree.name : null },
        data: { group_tree_id: groupTreeId, name: tree.name },
      });
      return { message: NOTICES.updated };
    });
  }

  /** PATCH employees/assets/assign: an asset nobody holds. The asset row is locked, so two assignments cannot both win. */
  async assignAsset(auth: AuthContext, employeeId: number, assetId: number) {
    requireAdmin(auth);
    return this.db.transaction(async (tx) => {
      await this.employee(tx, employeeId);
      const asset = await repo.lockAsset(tx, assetId);
      if (!asset?.enabled) throw fieldError('asset_id', MESSAGES.choiceInvalid);
      const held = await repo.openAssignment(tx, assetId);
      if (held?.employeeId === employeeId) throw domainError('asset_held_already');
      if (held) throw domainError('asset_held_by_other', { name: held.name });
      await repo.assignAsset(tx, assetId, employeeId);
      await auditChange(tx, auth, {
        action: 'assign_asset',
        employeeId,
        section: 'assets',
        itemId: assetId,
        before: { asset: null },
        after: { asset: asset.name },
        data: { asset_id: assetId, name: asset.name },
      });
      return { message: NOTICES.updated };
    });
  }

  /** PATCH employees/assets/remove: the employee hands the asset back. */
  async removeAsset(auth: AuthContext, employeeId: number, assetId: number) {
    requireAdmin(auth);
    return this.db.transaction(async (tx) => {
      await this.employee(tx, employeeId);
      const asset = await repo.lockAsset(tx, assetId);
      if (!asset) throw fieldError('asset_id', MESSAGES.choiceInvalid);
      const held = await repo.openAssignment(tx, assetId);
      if (held?.employeeId !== employeeId) throw domainError('asset_not_held');
      await repo.returnAsset(tx, held.id);
      await auditChange(tx, auth, {
        action: 'remove_asset',
        employeeId,
        section: 'assets',
        itemId: assetId,
        before: { asset: asset.name },
        after: { asset: null },
        data: { asset_id: assetId, name: asset.name },
      });
      return { message: NOTICES.updated };
    });
  }

  /** GET employees/{id}/admin-options: companies, offices, groups and free assets. */
  async options(auth: AuthContext, employeeId: number) {
    requireAdmin(auth);
    await this.employee(this.db, employeeId);
    return repo.adminOptions(this.db);
  }
}
