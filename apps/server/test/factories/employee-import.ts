import { randomBytes } from 'node:crypto';
import type { EmployeeImport } from '@hr/contracts/employee-import';
import { asc, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { companies, designations, employees, offices, punchImports, users } from '../../src/db/schema';
import type { TestContext } from '../helper';

/** The first line naming every column. */
export const ALL_COLUMNS = 'eid,name,mobile,email,company,office,designation,line_manager_eid,joining_date';

/** An E-ID no other test has used. */
export const newEid = (prefix = 'IMP') => `${prefix}-${randomBytes(4).toString('hex').toUpperCase()}`;

/** A CSV file as the import body takes it: lines joined with CRLF, base64. */
export function employeeFile(lines: string[]): string {
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8').toString('base64');
}

/** Imports an employee file (a dry run with `dryRun`); answers the status and the body. */
export async function importEmployees(
  ctx: TestContext,
  token: string | null,
  file: string,
  options: { fileName?: string; dryRun?: boolean } = {},
) {
  const res = await ctx.call({
    method: 'POST',
    url: '/api/v1/employees/imports',
    token,
    payload: {
      file_name: options.fileName ?? 'employees.csv',
      file,
      ...(options.dryRun === undefined ? {} : { dry_run: options.dryRun }),
    },
  });
  return { status: res.statusCode, body: res.json() as EmployeeImport & { error?: string }, raw: res };
}

/** A company with two offices, another company with one, a designation; names no other test has. */
export async function makeOrganisation(db: Db) {
  const tag = randomBytes(3).toString('hex');
  const [acme] = await db
    .insert(companies)
    .values({ name: `Acme ${tag}` })
    .returning();
  const [other] = await db
    .insert(companies)
    .values({ name: `Other ${tag}` })
    .returning();
  const [closed] = await db
    .insert(companies)
    .values({ name: `Closed ${tag}`, enabled: false })
    .returning();
  const [head] = await db
    .insert(offices)
    .values({ companyId: acme!.id, name: `Head ${tag}` })
    .returning();
  const [branch] = await db
    .insert(offices)
    .values({ companyId: acme!.id, name: `Branch ${tag}` })
    .returning();
  const [depot] = await db
    .insert(offices)
    .values({ companyId: other!.id, name: `Depot ${tag}` })
    .returning();
  const [engineer] = await db
    .insert(designations)
    .values({ name: `Engineer ${tag}` })
    .returning();
  const [analyst] = await db
    .insert(designations)
    .values({ name: `Analyst ${tag}` })
    .returning();
  return {
    acme: acme!,
    other: other!,
    closed: closed!,
    head: head!,
    branch: branch!,
    depot: depot!,
    engineer: engineer!,
    analyst: analyst!,
  };
}

/** The employees of these E-IDs as the import writes them, by E-ID. */
export async function employeesByEid(db: Db, eids: string[]) {
  const rows = await db
    .select({
      id: employees.id,
      eid: employees.eid,
      name: employees.name,
      mobile: employees.mobile,
      email: employees.email,
      companyId: employees.companyId,
      officeId: employees.officeId,
      designationId: employees.designationId,
      parentId: employees.parentId,
      joiningDate: employees.joiningDate,
      enabled: employees.enabled,
    })
    .from(employees)
    .where(inArray(employees.eid, eids))
    .orderBy(asc(employees.eid));
  return new Map(rows.map((r) => [r.eid, r]));
}

export async function employeeCount(db: Db, eids: string[]): Promise<number> {
  const [row] = await db.select({ n: count() }).from(employees).where(inArray(employees.eid, eids));
  return row?.n ?? 0;
}

export async function userCount(db: Db, eids: string[]): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(inArray(users.username, eids));
  return row?.n ?? 0;
}

export async function importCount(db: Db, fileName: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(punchImports).where(eq(punchImports.fileName, fileName));
  return row?.n ?? 0;
}
