import type {
  addressInput,
  basicInput,
  EmployeeProfile,
  familyInput,
  generalInput,
  separationInput,
} from '@hr/contracts/employees';
import type { FieldIssue } from '@hr/contracts/errors';
import { MESSAGES, NOTICES } from '@hr/contracts/messages';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { auditChange, type FieldValues } from '../../lib/audit';
import type { AuthContext } from '../../lib/auth-context';
import { domainError, validationFailed } from '../../lib/errors';
import { inLanguage } from '../../lib/language';
import { photoUrls } from '../../lib/signed-urls';
import { servedFileName } from '../../lib/uploads';
import { accessTo, authorize, permissionsOf } from './profile.access';
import { EMPLOYEE_PARTS, type EmployeePart, itemValues, separationValues } from './profile.changes';
import { profileRepository as repo } from './profile.repository';
import { checkLookups, type ListSection, loadSections } from './sections';

type Basic = z.output<typeof basicInput>;
type General = z.output<typeof generalInput>;
type Address = z.output<typeof addressInput>;
type Family = z.output<typeof familyInput>;
type Separation = z.output<typeof separationInput>;

const idName = (v: { id: number | null; name: string | null } | null) =>
  v && v.id !== null && v.name !== null ? { id: v.id, name: v.name } : null;

function person(
  secret: string,
  p: { id: number | null; eid: string | null; name: string | null; photoVersion: number | null } | null,
) {
  if (!p || p.id === null || p.eid === null || p.name === null) return null;
  return { id: p.id, eid: p.eid, name: p.name, photo: photoUrls(secret, p.id, p.photoVersion ?? 0) };
}

/** The parameters of a missing item: its English name and its section, by which a client names it. */
const itemParams = (section: ListSection) => ({ item: section.summary, section: section.section });

async function failOn(issues: FieldIssue[]) {
  if (issues.length > 0) throw validationFailed(issues);
}

/** The employee profile: reading it as the viewer may, and changing its sections. */
export class ProfileService {
  constructor(
    private readonly db: Db,
    private readonly secret: string,
  ) {}

  /** A part of the employee row as the change log keeps it (chosen values by their English names). */
  private async partOf(db: Db, employeeId: number, part: EmployeePart): Promise<FieldValues> {
    const core = await inLanguage('en', () => repo.core(db, employeeId));
    if (!core) throw domainError('employee_not_found');
    return EMPLOYEE_PARTS[part](core);
  }

  /** Runs a change of one part of the employee row and audits its fields before and after. */
  private async changePart(
    tx: Db,
    auth: AuthContext,
    employeeId: number,
    part: EmployeePart,
    write: () => Promise<void>,
  ) {
    const before = await this.partOf(tx, employeeId, part);
    await write();
    await auditChange(tx, auth, {
      action: 'profile_update',
      employeeId,
      section: part,
      before,
      after: await this.partOf(tx, employeeId, part),
    });
  }

  /** GET employees/{id}: the whole profile for those who may read it, else the directory card. */
  async profile(auth: AuthContext, employeeId: number, db: Db = this.db): Promise<EmployeeProfile> {
    const access = await accessTo(db, auth, employeeId);
    const core = await repo.core(db, employeeId);
    if (!core) throw domainError('employee_not_found');
    const e = core.e;
    const permissions = permissionsOf(access, { hasUser: core.user !== null, enabled: e.enabled });
    const card = {
      id: e.id,
      eid: e.eid,
      name: e.name,
      designation: core.designation,
      email: e.email,
      mobile: e.mobile,
      company: core.company,
      office: core.office,
      photo: photoUrls(this.secret, e.id, e.photoVersion),
    };
    if (permissions.view === 'card') return { ...card, view: 'card', permissions };

    // Every list section and the other parts in one statement.
    const {
      members,
      references,
      contacts,
      histories,
      achievements,
      trainings,
      skills,
      educations,
      languages,
      assets,
      files: documents,
      separation,
      groups,
    } = await loadSections(db, employeeId);

    return {
      ...card,
      view: 'full',
      permissions,
      enabled: e.enabled,
      blood_group: e.bloodGroup,
      company_id: e.companyId,
      office_id: e.officeId,
      status_id: e.statusId,
      status: idName(core.status),
      level_id: e.levelId,
      level: idName(core.level),
      grade_id: e.gradeId,
      grade: idName(core.grade),
      parent: person(this.secret, core.manager),
      one_over_one: person(this.secret, core.oo),
      employee_user: core.user
        ? {
            id: core.user.id,
            username: core.user.username,
            is_admin: core.user.isAdmin,
            has_password: core.user.passwordHash !== null,
          }
        : null,
      groups,
      general: {
        pob: e.pob,
        dob: e.dob,
        gender_id: e.genderId,
        gender: idName(core.gender),
        religion_id: e.religionId,
        religion: idName(core.religion),
        nationality: e.nationality,
        nid: e.nid,
        tin: e.tin,
        passport_no: e.passportNo,
        driving_license: e.drivingLicense,
        joining_date: e.joiningDate,
        confirmation_date: e.confirmationDate,
      },
      address: { present: e.presentAddress, permanent: e.permanentAddress },
      family: {
        father_name: e.fatherName,
        mother_name: e.motherName,
        spouse_name: e.spouseName,
        marriage_date: e.marriageDate,
        marital_status_id: e.maritalStatusId,
        marital_status: idName(core.marital),
        members: members,
      },
      references: references,
      contacts: contacts,
      histories: histories,
      achievements: achievements,
      trainings: trainings,
      skills: skills,
      educations: educations,
      languages: languages,
      assets: assets.map((a) => ({
        id: a.id,
        name: a.name,
        code: a.code,
        description: a.description,
        assigned_at: new Date(a.assignedAt).toISOString(),
      })),
      files: documents.map((d) => ({
        id: d.id,
        name: d.name,
        file_name: servedFileName(d.fileName),
        mime: d.mime,
        size: d.size,
        created: new Date(d.createdAt).toISOString(),
      })),
      separation,
      created: e.createdAt.toISOString(),
      updated: e.updatedAt.toISOString(),
    };
  }

  /** PATCH employees/{id}: name, E-ID, mobile, e-mail and the HR fields (administrators). */
  async updateBasic(auth: AuthContext, employeeId: number, input: Basic) {
    await this.db.transaction(async (tx) => {
      authorize(await accessTo(tx, auth, employeeId), 'edit:basic');
      const issues = await checkLookups(tx, [
        ['status_id', input.status_id, 'employee_status'],
        ['level_id', input.level_id, 'level'],
        ['grade_id', input.grade_id, 'grade'],
      ]);
      const holder = await repo.employeeByEid(tx, input.eid);
      if ((holder && holder.id !== employeeId) || (await repo.usernameTaken(tx, input.eid, employeeId)))
        issues.push({ path: ['eid'], message: MESSAGES.eidTaken });
      await failOn(issues);
      await this.changePart(tx, auth, employeeId, 'basic', async () => {
        await repo.updateEmployee(tx, employeeId, {
          name: input.name,
          eid: input.eid,
          mobile: input.mobile,
          email: input.email,
          bloodGroup: input.blood_group,
          designationId: input.designation ? await repo.designationId(tx, input.designation) : null,
          statusId: input.status_id,
          levelId: input.level_id,
          gradeId: input.grade_id,
        });
        // The E-ID is what the employee signs in with.
        await repo.renameUser(tx, employeeId, input.eid);
      });
    });
    return this.profile(auth, employeeId);
  }

  /** PATCH employees/{id}/general (administrators). */
  async updateGeneral(auth: AuthContext, employeeId: number, input: General) {
    await this.db.transaction(async (tx) => {
      authorize(await accessTo(tx, auth, employeeId), 'edit:general');
      await failOn(
        await checkLookups(tx, [
          ['gender_id', input.gender_id, 'gender'],
          ['religion_id', input.religion_id, 'religion'],
        ]),
      );
      await this.changePart(tx, auth, employeeId, 'general', () =>
        repo.updateEmployee(tx, employeeId, {
          pob: input.pob,
          dob: input.dob,
          genderId: input.gender_id,
          religionId: input.religion_id,
          nationality: input.nationality,
          nid: input.nid,
          tin: input.tin,
          passportNo: input.passport_no,
          drivingLicense: input.driving_license,
          joiningDate: input.joining_date,
          confirmationDate: input.confirmation_date,
        }),
      );
    });
    return (await this.fullProfile(auth, employeeId)).general;
  }

  /** PATCH employees/{id}/address (the employee or an administrator). */
  async updateAddress(auth: AuthContext, employeeId: number, input: Address) {
    await this.db.transaction(async (tx) => {
      authorize(await accessTo(tx, auth, employeeId), 'edit:address');
      await this.changePart(tx, auth, employeeId, 'address', () =>
        repo.updateEmployee(tx, employeeId, {
          presentAddress: input.present,
          permanentAddress: input.permanent,
        }),
      );
    });
    return (await this.fullProfile(auth, employeeId)).address;
  }

  /** PATCH employees/{id}/family (the employee or an administrator). */
  async updateFamily(auth: AuthContext, employeeId: number, input: Family) {
    await this.db.transaction(async (tx) => {
      authorize(await accessTo(tx, auth, employeeId), 'edit:family');
      await failOn(
        await checkLookups(tx, [['marital_status_id', input.marital_status_id, 'marital_status']]),
      );
      await this.changePart(tx, auth, employeeId, 'family', () =>
        repo.updateEmployee(tx, employeeId, {
          fatherName: input.father_name,
          motherName: input.mother_name,
          spouseName: input.spouse_name,
          marriageDate: input.marriage_date,
          maritalStatusId: input.marital_status_id,
        }),
      );
    });
    return (await this.fullProfile(auth, employeeId)).family;
  }

  /** PATCH employees/{id}/separation (administrators). */
  async updateSeparation(auth: AuthContext, employeeId: number, input: Separation) {
    await this.db.transaction(async (tx) => {
      authorize(await accessTo(tx, auth, employeeId), 'edit:separation');
      await failOn(
        await checkLookups(tx, [
          ['type_id', input.type_id, 'separation_type'],
          ['status_id', input.status_id, 'separation_status'],
          ['mode_id', input.mode_id, 'separation_mode'],
        ]),
      );
      const separationNow = async () =>
        separationValues(await inLanguage('en', () => repo.separation(tx, employeeId)));
      const before = await separationNow();
      await repo.upsertSeparation(tx, employeeId, {
        resignDate: input.resign_date,
        lastWorkingDate: input.last_working_date,
        certIssued: input.cert_issued,
        typeId: input.type_id,
        statusId: input.status_id,
        modeId: input.mode_id,
      });
      await auditChange(tx, auth, {
        action: 'profile_update',
        employeeId,
        section: 'separation',
        before,
        after: await separationNow(),
      });
    });
    return (await this.fullProfile(auth, employeeId)).separation;
  }

  private async fullProfile(auth: AuthContext, employeeId: number) {
    const profile = await this.profile(auth, employeeId);
    if (profile.view !== 'full') throw domainError('profile_not_full');
    return profile;
  }

  private async itemOf(section: ListSection, employeeId: number, itemId: number, db: Db = this.db) {
    const item = (await section.load(db, employeeId)).find((i) => i.id === itemId);
    if (!item) throw domainError('profile_item_not_found', itemParams(section));
    return item;
  }

  /** An item's fields as the change log keeps them (chosen values by their English names). */
  private async itemRecord(tx: Db, section: ListSection, employeeId: number, itemId: number) {
    return itemValues(await inLanguage('en', () => this.itemOf(section, employeeId, itemId, tx)));
  }

  /** POST employees/{id}/{section}: adds an item. */
  async createItem(auth: AuthContext, section: ListSection, employeeId: number, input: unknown) {
    const itemId = await this.db.transaction(async (tx) => {
      authorize(await accessTo(tx, auth, employeeId), `edit:${section.section}`);
      await failOn(await section.check(tx, input));
      const id = await repo.insertItem(tx, section.table, { ...section.values(input), employeeId } as never);
      await auditChange(tx, auth, {
        action: 'item_add',
        employeeId,
        section: section.section,
        itemId: id,
        before: null,
        after: await this.itemRecord(tx, section, employeeId, id),
      });
      return id;
    });
    return this.itemOf(section, employeeId, itemId);
  }

  /** PATCH employees/{id}/{section}/{itemId}: changes an item of this employee (404 for anyone else's). */
  async updateItem(
    auth: AuthContext,
    section: ListSection,
    employeeId: number,
    itemId: number,
    input: unknown,
  ) {
    await this.db.transaction(async (tx) => {
      authorize(await accessTo(tx, auth, employeeId), `edit:${section.section}`);
      await failOn(await section.check(tx, input));
      const before = await this.itemRecord(tx, section, employeeId, itemId);
      const done = await repo.updateItem(
        tx,
        section.table,
        employeeId,
        itemId,
        section.values(input),
        section.scope,
      );
      if (!done) throw domainError('profile_item_not_found', itemParams(section));
      await auditChange(tx, auth, {
        action: 'item_update',
        employeeId,
        section: section.section,
        itemId,
        before,
        after: await this.itemRecord(tx, section, employeeId, itemId),
      });
    });
    return this.itemOf(section, employeeId, itemId);
  }

  /** DELETE employees/{id}/{section}: removes an item of this employee (404 for anyone else's). */
  async deleteItem(auth: AuthContext, section: ListSection, employeeId: number, itemId: number) {
    await this.db.transaction(async (tx) => {
      authorize(await accessTo(tx, auth, employeeId), `edit:${section.section}`);
      const before = await this.itemRecord(tx, section, employeeId, itemId);
      const done = await repo.deleteItem(tx, section.table, employeeId, itemId, section.scope);
      if (!done) throw domainError('profile_item_not_found', itemParams(section));
      await auditChange(tx, auth, {
        action: 'item_delete',
        employeeId,
        section: section.section,
        itemId,
        before,
        after: null,
      });
    });
    return { message: NOTICES.dataDeleted };
  }
}
