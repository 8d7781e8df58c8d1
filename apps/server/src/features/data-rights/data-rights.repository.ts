import type { DataArea, ErasureReportLine, KeptReason } from '@hr/contracts/data-rights';
import { and, asc, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog, employees, erasures, outbox, separations, users } from '../../db/schema';
import { ERASED } from '../../lib/audit-chain';

/** The rows of a raw query, from either driver (both answer `{ rows }`). */
function rowsOf<T>(result: unknown): T[] {
  const rows = (result as { rows?: unknown }).rows;
  return Array.isArray(rows) ? (rows as T[]) : [];
}

/** Runs a statement ending in `returning 1` and answers how many rows it touched. */
async function touched(db: Db, statement: SQL): Promise<number> {
  return rowsOf(await db.execute(statement)).length;
}

/** A text for LIKE with its wildcards taken literally. */
const likeText = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
/** A text for a regular expression, matched literally. */
const regexText = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The person as an erasure and the export see them. */
export interface DataSubject {
  id: number;
  eid: string;
  name: string;
  mobile: string | null;
  email: string | null;
  enabled: boolean;
  erasedAt: Date | null;
  updatedAt: Date;
  userId: number | null;
}

export interface ErasureRow {
  id: number;
  createdAt: Date;
  overrodeRetention: boolean;
  reason: string | null;
  report: Record<string, unknown>;
}

/** What the erasure needs to know besides the person: who they were, for finding mentions of them. */
export interface ErasureInput {
  subject: DataSubject;
  /** The texts that name the person (name, E-ID, e-mail, mobile), searched for in free text. */
  secrets: string[];
}

export const dataRightsRepository = {
  async subject(db: Db, employeeId: number, lock = false): Promise<DataSubject | null> {
    const query = db
      .select({
        id: employees.id,
        eid: employees.eid,
        name: employees.name,
        mobile: employees.mobile,
        email: employees.email,
        enabled: employees.enabled,
        erasedAt: employees.erasedAt,
        updatedAt: employees.updatedAt,
        userId: users.id,
      })
      .from(employees)
      .leftJoin(users, eq(users.employeeId, employees.id))
      .where(eq(employees.id, employeeId));
    const [row] = lock ? await query.for('update', { of: employees }) : await query;
    return row ?? null;
  },

  /** The last working day of the person's separation, if recorded. */
  async lastWorkingDay(db: Db, employeeId: number): Promise<string | null> {
    const [row] = await db
      .select({ day: separations.lastWorkingDate })
      .from(separations)
      .where(eq(separations.employeeId, employeeId));
    return row?.day ?? null;
  },

  /** When the person was last disabled, by the audit trail. */
  async disabledAt(db: Db, employeeId: number): Promise<Date | null> {
    const [row] = await db
      .select({ at: auditLog.createdAt })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'employee'),
          eq(auditLog.entityId, employeeId),
          eq(auditLog.action, 'disable'),
        ),
      )
      .orderBy(desc(auditLog.id))
      .limit(1);
    return row?.at ?? null;
  },

  async lastErasure(db: Db, employeeId: number): Promise<ErasureRow | null> {
    const [row] = await db
      .select({
        id: erasures.id,
        createdAt: erasures.createdAt,
        overrodeRetention: erasures.overrodeRetention,
        reason: erasures.reason,
        report: erasures.report,
      })
      .from(erasures)
      .where(eq(erasures.employeeId, employeeId))
      .orderBy(desc(erasures.id))
      .limit(1);
    return row ?? null;
  },

  async insertErasure(
    db: Db,
    row: {
      employeeId: number;
      userId: number;
      overrodeRetention: boolean;
      reason: string | null;
      report: object;
    },
  ): Promise<number> {
    const [made] = await db
      .insert(erasures)
      .values({
        employeeId: row.employeeId,
        requestedByUserId: row.userId,
        overrodeRetention: row.overrodeRetention,
        reason: row.reason,
        report: row.report as Record<string, unknown>,
      })
      .returning({ id: erasures.id });
    return made!.id;
  },

  /** Disabled people (leavers), erased or not, by name or E-ID; at most 50. */
  async leavers(db: Db, search: string | undefined) {
    const term = search ? `%${likeText(search)}%` : null;
    return db
      .select({
        id: employees.id,
        eid: employees.eid,
        name: employees.name,
        enabled: employees.enabled,
        erasedAt: employees.erasedAt,
        updatedAt: employees.updatedAt,
        lastWorkingDay: separations.lastWorkingDate,
        // When they were last disabled, by the audit trail (as `disabledAt` reads it).
        disabledAt: sql<Date | null>`(select max(a.created_at) from audit_log a
          where a.entity = 'employee' and a.entity_id = ${employees.id} and a.action = 'disable')`.mapWith(
          (v: unknown) => (v === null || v === undefined ? null : new Date(v as string)),
        ),
      })
      .from(employees)
      .leftJoin(separations, eq(separations.employeeId, employees.id))
      .where(
        and(
          eq(employees.enabled, false),
          term ? or(ilike(employees.name, term), ilike(employees.eid, term)) : undefined,
        ),
      )
      .orderBy(asc(employees.name), asc(employees.id))
      .limit(50);
  },

  /** The messages sent to the person (bodies without their codes or links once those are redacted). */
  async messages(db: Db, employeeId: number) {
    return db
      .select({
        id: outbox.id,
        channel: outbox.channel,
        recipient: outbox.recipient,
        subject: outbox.subject,
        body: sql<string>`coalesce(${outbox.redactedBody}, ${outbox.body})`,
        topic: outbox.topic,
        created_at: outbox.createdAt,
        sent_at: outbox.sentAt,
        failed_at: outbox.failedAt,
      })
      .from(outbox)
      .where(eq(outbox.employeeId, employeeId))
      .orderBy(asc(outbox.id));
  },

  /**
   * The audit rows about the person (their record, their user account) in
   * full, and the rows of what they did themselves without the rows' data
   * (which may be about other people).
   */
  async audit(db: Db, employeeId: number, userId: number | null) {
    const about = or(
      and(eq(auditLog.entity, 'employee'), eq(auditLog.entityId, employeeId)),
      userId !== null ? and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, userId)) : undefined,
    );
    const aboutThem = await db
      .select({
        id: auditLog.id,
        created_at: auditLog.createdAt,
        actor_employee_id: auditLog.actorEmployeeId,
        action: auditLog.action,
        entity: auditLog.entity,
        entity_id: auditLog.entityId,
        from_status: auditLog.fromStatus,
        to_status: auditLog.toStatus,
        data: auditLog.data,
      })
      .from(auditLog)
      .where(about)
      .orderBy(asc(auditLog.id));
    const byThem = await db
      .select({
        id: auditLog.id,
        created_at: auditLog.createdAt,
        action: auditLog.action,
        entity: auditLog.entity,
        entity_id: auditLog.entityId,
      })
      .from(auditLog)
      .where(eq(auditLog.actorEmployeeId, employeeId))
      .orderBy(asc(auditLog.id));
    return { about_you: aboutThem, by_you: byThem };
  },

  /**
   * Erases the person's personal data inside the caller's transaction
   * (docs/decisions.md, "Data rights"), and answers the report's lines:
   * what was removed, what was replaced, and what was kept and why. The
   * audit rows are redacted by the caller (lib/audit-chain.ts).
   */
  async erase(db: Db, { subject, secrets }: ErasureInput): Promise<ErasureReportLine[]> {
    const x = subject.id;
    const u = subject.userId;
    const lines: ErasureReportLine[] = [];
    const line = (
      area: DataArea,
      what: string,
      outcome: ErasureReportLine['outcome'],
      rows: number,
      why?: KeptReason,
    ) => lines.push({ area, what, outcome, rows, why: why ?? null });
    // Each text as a whole word (an E-ID "1004" is not found inside "10045" or a code "100456").
    const word = /\w/;
    const pattern = secrets
      .map(
        (t) =>
          `${word.test(t[0] ?? '') ? '\\m' : ''}${regexText(t)}${word.test(t.at(-1) ?? '') ? '\\M' : ''}`,
      )
      .join('|');
    /** A text column with every mention of the person replaced. */
    const scrub = (column: SQL) => sql`regexp_replace(${column}, ${pattern}, ${ERASED}, 'gi')`;
    const mentions = (column: SQL) => sql`${column} ~* ${pattern}`;
    const ids = (table: string) => sql.raw(table);

    // The account: the sign-in name, password, factors, passkeys and pending codes.
    if (u !== null) {
      line(
        'account',
        'users (username, password, language, administrator)',
        'replaced',
        await touched(
          db,
          sql`update users set username = ${`erased-${x}`}, password_hash = null, language = null,
            is_admin = false, password_changed_at = null where id = ${u} returning 1`,
        ),
      );
      for (const table of [
        'password_otps',
        'reset_tokens',
        'auth_challenges',
        'totp_factors',
        'recovery_codes',
        'passkeys',
      ])
        line(
          'account',
          table,
          'removed',
          await touched(db, sql`delete from ${ids(table)} where user_id = ${u} returning 1`),
        );
      // Their sessions end and go. Sessions they opened as someone else (an administrator's
      // impersonation) belong to that person's account: they end and lose the address.
      await db.execute(sql`update sessions set parent_session_id = null, revoked_at = coalesce(revoked_at, now())
        where parent_session_id in (select id from sessions where user_id = ${u})`);
      line(
        'sessions',
        'sessions',
        'removed',
        await touched(db, sql`delete from sessions where user_id = ${u} returning 1`),
      );
      line(
        'sessions',
        'sessions (opened as someone else: ended, address and browser removed)',
        'replaced',
        await touched(
          db,
          sql`update sessions set revoked_at = coalesce(revoked_at, now()), ip = null, user_agent = null
            where impersonator_user_id = ${u} returning 1`,
        ),
      );
    }
    line(
      'sessions',
      'realtime_streams',
      'removed',
      await touched(db, sql`delete from realtime_streams where employee_id = ${x} returning 1`),
    );
    line(
      'account',
      'throttle_counters (counts named by the E-ID, e-mail or mobile)',
      'removed',
      await touched(db, sql`delete from throttle_counters where ${mentions(sql`key`)} returning 1`),
    );

    // The profile: every personal field replaced, the tabs' rows removed.
    line(
      'profile',
      'employees (name, E-ID, mobile, e-mail, birth, identifiers, nationality, addresses, family, blood group, gender, religion, marital status)',
      'replaced',
      await touched(
        db,
        sql`update employees set eid = ${`erased-${x}`}, name = ${`Erased person ${x}`}, mobile = null, email = null,
          blood_group = null, gender_id = null, religion_id = null, dob = null, pob = null, nationality = null,
          nid = null, tin = null, passport_no = null, driving_license = null, present_address = null,
          permanent_address = null, father_name = null, mother_name = null, spouse_name = null,
          marriage_date = null, marital_status_id = null, photo_version = photo_version + 1,
          erased_at = now(), updated_at = now()
          where id = ${x} returning 1`,
      ),
    );
    line(
      'profile',
      'employees (company, office, designation, line manager, level, grade, status, joining and confirmation dates)',
      'kept',
      1,
      'organisation',
    );
    for (const table of [
      'employee_family_members',
      'employee_contacts',
      'employee_educations',
      'employee_histories',
      'employee_achievements',
      'employee_trainings',
      'employee_skills',
      'employee_languages',
      'employee_activities',
    ])
      line(
        'profile',
        table,
        'removed',
        await touched(db, sql`delete from ${ids(table)} where employee_id = ${x} returning 1`),
      );
    line(
      'profile',
      'employee_separations',
      'kept',
      await touched(db, sql`select 1 from employee_separations where employee_id = ${x}`),
      'organisation',
    );
    line(
      'profile',
      'asset_assignments',
      'kept',
      await touched(db, sql`select 1 from asset_assignments where employee_id = ${x}`),
      'organisation',
    );
    line(
      'profile',
      'employee_groups',
      'kept',
      await touched(db, sql`select 1 from employee_groups where employee_id = ${x}`),
      'aggregates',
    );

    line(
      'photo',
      'employee_photos',
      'removed',
      await touched(db, sql`delete from employee_photos where employee_id = ${x} returning 1`),
    );

    // Documents, letters and review evidence: the files themselves go.
    const fileIds = rowsOf<{ id: number }>(
      await db.execute(sql`select file_id as id from employee_files where employee_id = ${x}
        union select letter_file_id from service_requests where employee_id = ${x} and letter_file_id is not null
        union select v.file_id from epr_line_evidence v join epr_lines l on l.id = v.line_id
          join eprs e on e.id = l.epr_id where e.employee_id = ${x}`),
    ).map((r) => Number(r.id));
    line(
      'documents',
      'employee_files',
      'removed',
      await touched(db, sql`delete from employee_files where employee_id = ${x} returning 1`),
    );
    const letters = await touched(
      db,
      sql`update service_requests set letter_file_id = null where employee_id = ${x} and letter_file_id is not null returning 1`,
    );
    const evidence = await touched(
      db,
      sql`delete from epr_line_evidence v using epr_lines l, eprs e
        where l.id = v.line_id and e.id = l.epr_id and e.employee_id = ${x} returning 1`,
    );
    let removedFiles = 0;
    if (fileIds.length > 0)
      removedFiles = await touched(
        db,
        sql`delete from files where id in (${sql.join(
          fileIds.map((id) => sql`${id}`),
          sql`, `,
        )}) returning 1`,
      );
    line('documents', 'files (documents, letters, review evidence)', 'removed', removedFiles);
    line(
      'documents',
      'files (who added files kept on other people’s records)',
      'replaced',
      await touched(db, sql`update files set created_by = null where created_by = ${x} returning 1`),
    );

    // Requests: their free text goes, their dates, types and statuses stay for the counts.
    line(
      'leave',
      'leaves (address during leave)',
      'replaced',
      await touched(db, sql`update leaves set leave_address = '' where employee_id = ${x} returning 1`),
    );
    line(
      'leave',
      'leaves (type, dates, days, status, approvers)',
      'kept',
      await touched(db, sql`select 1 from leaves where employee_id = ${x}`),
      'aggregates',
    );
    line(
      'leave',
      'leave_ledger (note)',
      'replaced',
      await touched(
        db,
        sql`update leave_ledger set note = null where employee_id = ${x} and note is not null returning 1`,
      ),
    );
    line(
      'leave',
      'leave_ledger (entries)',
      'kept',
      await touched(db, sql`select 1 from leave_ledger where employee_id = ${x}`),
      'aggregates',
    );
    line(
      'leave',
      'calendar_feeds',
      'removed',
      await touched(db, sql`delete from calendar_feeds where employee_id = ${x} returning 1`),
    );

    line(
      'remote_work',
      'remote_works (description)',
      'replaced',
      await touched(db, sql`update remote_works set description = null where employee_id = ${x} returning 1`),
    );
    line(
      'remote_work',
      'remote_works (type, dates, status, approvers)',
      'kept',
      await touched(db, sql`select 1 from remote_works where employee_id = ${x}`),
      'aggregates',
    );

    line(
      'hr_services',
      'service_requests (reason, description, passport, country)',
      'replaced',
      await touched(
        db,
        sql`update service_requests set reason = null, description = '', passport_no = null, intended_country = null
          where employee_id = ${x} returning 1`,
      ),
    );
    line('hr_services', 'service_requests (letters)', 'removed', letters);
    line(
      'hr_services',
      'service_requests (category, dates, status, approvers)',
      'kept',
      await touched(db, sql`select 1 from service_requests where employee_id = ${x}`),
      'aggregates',
    );

    line(
      'kpi',
      'kpis (names mentioning the person)',
      'replaced',
      await touched(
        db,
        sql`update kpis set name = ${scrub(sql`name`)} where employee_id = ${x} and ${mentions(sql`name`)} returning 1`,
      ),
    );
    line(
      'kpi',
      'kpis, kpi_objectives, kpi_objective_kpis',
      'kept',
      await touched(db, sql`select 1 from kpis where employee_id = ${x}`),
      'decisions_of_others',
    );

    line(
      'comments',
      'comments (written by the person)',
      'replaced',
      await touched(db, sql`update comments set body = ${ERASED} where employee_id = ${x} returning 1`),
    );
    line(
      'comments',
      'comments (others’ words naming the person)',
      'replaced',
      await touched(
        db,
        sql`update comments set body = ${scrub(sql`body`)} where employee_id <> ${x} and ${mentions(sql`body`)} returning 1`,
      ),
    );

    line(
      'epr',
      'eprs (comments, remarks, proposals, development areas)',
      'replaced',
      await touched(
        db,
        sql`update eprs set a_comment = null, a_lm_comment = null, b_comment = null, b_lm_comment = null,
          self_proposal = null, remarks = null, dev_areas = null, lm_recommendation = null, lm_remarks = null,
          lm_dev_areas = null, next_level_remarks = null, name = ${scrub(sql`name`)}
          where employee_id = ${x} returning 1`,
      ),
    );
    line(
      'epr',
      'epr_stables (comments)',
      'replaced',
      await touched(
        db,
        sql`update epr_stables s set comment = null, lm_comment = null from eprs e where e.id = s.epr_id and e.employee_id = ${x} returning 1`,
      ),
    );
    line(
      'epr',
      'epr_dev_plans (areas, action plans, when, who)',
      'replaced',
      await touched(
        db,
        sql`update epr_dev_plans d set action_plan = '', dev_area = '', "when" = '', who = '' from eprs e where e.id = d.epr_id and e.employee_id = ${x} returning 1`,
      ),
    );
    line('epr', 'epr_line_evidence', 'removed', evidence);
    line(
      'epr',
      'eprs, epr_lines (ratings and scores)',
      'kept',
      await touched(db, sql`select 1 from eprs where employee_id = ${x}`),
      'aggregates',
    );

    line(
      'attendance',
      'punches',
      'kept',
      await touched(db, sql`select 1 from punches where employee_id = ${x}`),
      'aggregates',
    );
    line(
      'shifts',
      'employee_shifts',
      'kept',
      await touched(db, sql`select 1 from employee_shifts where employee_id = ${x}`),
      'aggregates',
    );
    line(
      'compensation',
      'loans (purpose)',
      'replaced',
      await touched(
        db,
        sql`update loans set purpose = null where employee_id = ${x} and purpose is not null returning 1`,
      ),
    );
    line(
      'compensation',
      'salaries, loans (amounts and dates)',
      'kept',
      await touched(
        db,
        sql`select 1 from salaries where employee_id = ${x} union all select 1 from loans where employee_id = ${x}`,
      ),
      'accounting',
    );

    // Notifications to the person, by them, and about their records (their requests and reviews).
    line(
      'notifications',
      'notifications (to, by or about the person)',
      'removed',
      await touched(
        db,
        sql`delete from notifications n where n.employee_id = ${x} or n.actor_employee_id = ${x}
          or n.on_behalf_of_employee_id = ${x}
          or exists (select 1 from approval_items a where a.employee_id = ${x} and a.module = n.module and a.id = n.record_id)
          returning 1`,
      ),
    );
    line(
      'notifications',
      'notification_preferences',
      'removed',
      await touched(db, sql`delete from notification_preferences where employee_id = ${x} returning 1`),
    );
    line(
      'delegations',
      'delegations, approval escalations',
      'kept',
      await touched(
        db,
        sql`select 1 from delegations where delegator_id = ${x} or delegate_id = ${x}
          union all select 1 from approval_escalations where to_employee_id = ${x}`,
      ),
      'decisions_of_others',
    );

    // Messages to them or naming them, sent or waiting.
    const recipients = [subject.email, subject.mobile].filter((v): v is string => !!v);
    line(
      'messages',
      'outbox',
      'removed',
      await touched(
        db,
        sql`delete from outbox where employee_id = ${x}
          ${
            recipients.length > 0
              ? sql`or recipient in (${sql.join(
                  recipients.map((r) => sql`${r}`),
                  sql`, `,
                )})`
              : sql``
          }
          or ${mentions(sql`body`)} or ${mentions(sql`coalesce(subject, '')`)} returning 1`,
      ),
    );
    return lines;
  },
};
