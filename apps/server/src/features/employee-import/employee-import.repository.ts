import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog, companies, designations, employees, offices } from '../../db/schema';
import type { AuthContext } from '../../lib/auth-context';

/** The rows of a raw query, from either driver (both answer `{ rows }`). */
function rowsOf<T>(result: unknown): T[] {
  const rows = (result as { rows?: unknown }).rows;
  return Array.isArray(rows) ? (rows as T[]) : [];
}

/** A list of values as one array parameter: one parameter whatever the length of the file. */
const textArray = (values: (string | null)[]) => sql`${sql.param(values)}::text[]`;
const intArray = (values: (number | null)[]) => sql`${sql.param(values)}::int[]`;

/** A company, an office or a designation, as an import names them. */
export interface Reference {
  id: number;
  name: string;
  enabled: boolean;
}
export interface OfficeReference extends Reference {
  companyId: number;
}

/** An employee the file names who is already in the portal, as the import compares them. */
export interface ExistingEmployee {
  id: number;
  eid: string;
  name: string;
  mobile: string | null;
  email: string | null;
  companyId: number | null;
  company: string | null;
  officeId: number | null;
  office: string | null;
  designationId: number | null;
  designation: string | null;
  parentId: number | null;
  joiningDate: string | null;
}

/** Someone on a line-manager chain: who they are and whom they report to now. */
export interface ChainLink {
  id: number;
  eid: string;
  name: string;
  parentId: number | null;
}

/** The values of an employee as the import writes them. */
export interface EmployeeValues {
  name: string;
  mobile: string | null;
  email: string | null;
  companyId: number | null;
  officeId: number | null;
  designationId: number | null;
  /** The line manager. */
  parentId: number | null;
  joiningDate: string | null;
}

/** One audit row of a change to an employee's record (lib/audit.ts's shape, many at once). */
export interface EmployeeAudit {
  employeeId: number;
  data: Record<string, unknown>;
}

export const employeeImportRepository = {
  /** Every company, office and designation: short lists, read once per file instead of once per row. */
  async references(db: Db) {
    const companyRows = await db
      .select({ id: companies.id, name: companies.name, enabled: companies.enabled })
      .from(companies);
    const officeRows = await db
      .select({ id: offices.id, name: offices.name, enabled: offices.enabled, companyId: offices.companyId })
      .from(offices);
    const designationRows = await db
      .select({ id: designations.id, name: designations.name, enabled: designations.enabled })
      .from(designations);
    return { companies: companyRows, offices: officeRows, designations: designationRows };
  },

  /**
   * The employees of these E-IDs, in one statement, with the names of their
   * company, office and designation. With `lock`, their rows are locked until
   * the transaction ends: an administrator's edit of one of them waits for
   * the import, and the import writes what it compared.
   */
  async existing(db: Db, eids: string[], lock: boolean): Promise<ExistingEmployee[]> {
    if (eids.length === 0) return [];
    const query = db
      .select({
        id: employees.id,
        eid: employees.eid,
        name: employees.name,
        mobile: employees.mobile,
        email: employees.email,
        companyId: employees.companyId,
        company: sql<string | null>`(select c.name from ${companies} c where c.id = ${employees.companyId})`,
        officeId: employees.officeId,
        office: sql<string | null>`(select o.name from ${offices} o where o.id = ${employees.officeId})`,
        designationId: employees.designationId,
        designation: sql<
          string | null
        >`(select d.name from ${designations} d where d.id = ${employees.designationId})`,
        parentId: employees.parentId,
        joiningDate: employees.joiningDate,
      })
      .from(employees)
      .where(sql`${employees.eid} = any(${textArray(eids)})`);
    return lock ? query.for('update') : query;
  },

  /**
   * These employees and everyone above them, by their line managers as they
   * are now: the chains an import's new line managers hang on, where a
   * circle through people outside the file would show.
   */
  async chains(db: Db, eids: string[]): Promise<ChainLink[]> {
    if (eids.length === 0) return [];
    return rowsOf<{ id: number; eid: string; name: string; parent_id: number | null }>(
      await db.execute(sql`
        with recursive up(id, eid, name, parent_id) as (
          select e.id, e.eid, e.name, e.parent_id from ${employees} e where e.eid = any(${textArray(eids)})
          union
          select e.id, e.eid, e.name, e.parent_id from ${employees} e join up on e.id = up.parent_id
        )
        select id, eid, name, parent_id from up`),
    ).map((r) => ({ id: Number(r.id), eid: r.eid, name: r.name, parentId: r.parent_id ?? null }));
  },

  /** Ids for new employees, taken from the table's own sequence (so a file's rows can name each other). */
  async newIds(db: Db, n: number): Promise<number[]> {
    if (n === 0) return [];
    const rows = rowsOf<{ id: number }>(
      await db.execute(
        sql`select nextval(pg_get_serial_sequence('employees', 'id'))::int as id from generate_series(1, ${n}::int)`,
      ),
    );
    return rows.map((r) => Number(r.id));
  },

  /**
   * New employees with their ids and line managers, in one statement: the
   * database checks the line managers at the end of the statement, so a
   * row may name a manager written after it.
   */
  async insert(db: Db, rows: (EmployeeValues & { id: number; eid: string })[]): Promise<void> {
    if (rows.length === 0) return;
    await db.execute(sql`
      insert into ${employees}
             (id, eid, name, mobile, email, company_id, office_id, designation_id, parent_id, joining_date)
      select u.id, u.eid, u.name, u.mobile, u.email, u.company_id, u.office_id, u.designation_id, u.parent_id,
             u.joining_date::date
        from unnest(
          ${intArray(rows.map((r) => r.id))}, ${textArray(rows.map((r) => r.eid))},
          ${textArray(rows.map((r) => r.name))}, ${textArray(rows.map((r) => r.mobile))},
          ${textArray(rows.map((r) => r.email))}, ${intArray(rows.map((r) => r.companyId))},
          ${intArray(rows.map((r) => r.officeId))}, ${intArray(rows.map((r) => r.designationId))},
          ${intArray(rows.map((r) => r.parentId))}, ${textArray(rows.map((r) => r.joiningDate))}
        ) as u(id, eid, name, mobile, email, company_id, office_id, designation_id, parent_id, joining_date)`);
  },

  /** Employees whose values the file changed, line managers included, in one statement. */
  async update(db: Db, rows: (EmployeeValues & { id: number })[]): Promise<void> {
    if (rows.length === 0) return;
    await db.execute(sql`
      update ${employees} e
         set name = u.name, mobile = u.mobile, email = u.email, company_id = u.company_id,
             office_id = u.office_id, designation_id = u.designation_id, parent_id = u.parent_id,
             joining_date = u.joining_date::date, updated_at = now()
        from unnest(
          ${intArray(rows.map((r) => r.id))}, ${textArray(rows.map((r) => r.name))},
          ${textArray(rows.map((r) => r.mobile))}, ${textArray(rows.map((r) => r.email))},
          ${intArray(rows.map((r) => r.companyId))}, ${intArray(rows.map((r) => r.officeId))},
          ${intArray(rows.map((r) => r.designationId))}, ${intArray(rows.map((r) => r.parentId))},
          ${textArray(rows.map((r) => r.joiningDate))}
        ) as u(id, name, mobile, email, company_id, office_id, designation_id, parent_id, joining_date)
       where e.id = u.id`);
  },

  /**
   * The audit rows of the employees an import made or changed, in one
   * statement: the rows go as one JSON document, which the database reads
   * faster than an array of JSON texts.
   */
  async auditEmployees(db: Db, actor: AuthContext, action: string, rows: EmployeeAudit[]): Promise<void> {
    if (rows.length === 0) return;
    await db.execute(sql`
      insert into ${auditLog} (actor_user_id, actor_employee_id, impersonator_user_id, action, entity, entity_id, data)
      select ${actor.userId}::int, ${actor.employeeId}::int, ${actor.impersonatorUserId ?? null}::int,
             ${action}, 'employee', u.id, u.data
        from jsonb_to_recordset(${JSON.stringify(rows.map((r) => ({ id: r.employeeId, data: r.data })))}::jsonb)
             as u(id int, data jsonb)`);
  },
};
