import { and, count, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { assetAssignments, assets, companies, employees, offices } from '../../db/schema';
import { orderBy } from '../../lib/list';
import {
  containing,
  type PageWindow,
  type ReferenceStore,
  tableWrites,
  windowed,
} from '../../lib/reference-data';

/* Companies */

const companyColumns = {
  id: companies.id,
  name: companies.name,
  code: companies.code,
  address: companies.address,
  weeklyOffDay: companies.weeklyOffDay,
  enabled: companies.enabled,
  createdAt: companies.createdAt,
  updatedAt: companies.updatedAt,
};

// Correlated counts name their tables outright: in a select list drizzle writes columns unqualified.
const officeCount = sql<number>`(select count(*)::int from offices o where o.company_id = "companies"."id")`;
const companyEmployeeCount = sql<number>`(select count(*)::int from employees e where e.company_id = "companies"."id")`;

export interface CompanyFilter {
  enabled?: boolean | undefined;
}

async function findCompany(db: Db, id: number) {
  const [row] = await db
    .select({ ...companyColumns, officesCount: officeCount, employeesCount: companyEmployeeCount })
    .from(companies)
    .where(eq(companies.id, id))
    .limit(1);
  return row ?? null;
}
export type CompanyRow = NonNullable<Awaited<ReturnType<typeof findCompany>>>;
export type CompanyValues = typeof companies.$inferInsert;

export const companiesRepository = {
  async list(db: Db, filter: CompanyFilter & { search?: string | undefined }, window: PageWindow) {
    const order = orderBy(
      window.sort,
      {
        id: companies.id,
        name: sql`lower(${companies.name})`,
        code: sql`${companies.code}`,
        created: sql`${companies.createdAt}`,
      },
      companies.id,
    );
    const where = and(
      filter.search
        ? or(
            ilike(companies.name, containing(filter.search)),
            ilike(companies.code, containing(filter.search)),
          )
        : undefined,
      filter.enabled === undefined ? undefined : eq(companies.enabled, filter.enabled),
    );
    const [t] = await db.select({ n: count() }).from(companies).where(where);
    return windowed(t?.n ?? 0, window, (limit, offset) =>
      db
        .select({ ...companyColumns, officesCount: officeCount, employeesCount: companyEmployeeCount })
        .from(companies)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
    );
  },

  find: findCompany,

  ...tableWrites(companies),

  /** What still points at a company. */
  async usage(db: Db, id: number) {
    const [row] = await db
      .select({
        offices: officeCount,
        employees: companyEmployeeCount,
        assets: sql<number>`(select count(*)::int from assets a where a.company_id = "companies"."id")`,
      })
      .from(companies)
      .where(eq(companies.id, id));
    return row ?? { offices: 0, employees: 0, assets: 0 };
  },

  async delete(db: Db, id: number) {
    await db.delete(companies).where(eq(companies.id, id));
  },
} satisfies ReferenceStore<CompanyRow, CompanyValues, CompanyFilter> & Record<string, unknown>;

/* Offices */

const officeEmployeeCount = sql<number>`(select count(*)::int from employees e where e.office_id = "offices"."id")`;
const officeColumns = {
  id: offices.id,
  name: offices.name,
  address: offices.address,
  enabled: offices.enabled,
  companyId: offices.companyId,
  companyName: companies.name,
  createdAt: offices.createdAt,
  updatedAt: offices.updatedAt,
  employeesCount: officeEmployeeCount,
};

export interface OfficeFilter {
  enabled?: boolean | undefined;
  companyId?: number | undefined;
}

async function findOffice(db: Db, id: number) {
  const [row] = await db
    .select(officeColumns)
    .from(offices)
    .innerJoin(companies, eq(companies.id, offices.companyId))
    .where(eq(offices.id, id))
    .limit(1);
  return row ?? null;
}
export type OfficeRow = NonNullable<Awaited<ReturnType<typeof findOffice>>>;
export type OfficeValues = typeof offices.$inferInsert;

export const officesRepository = {
  async list(db: Db, filter: OfficeFilter & { search?: string | undefined }, window: PageWindow) {
    const order = orderBy(
      window.sort,
      {
        id: offices.id,
        name: sql`lower(${offices.name})`,
        company: sql`lower(${companies.name})`,
        created: sql`${offices.createdAt}`,
      },
      offices.id,
    );
    const where = and(
      filter.search ? ilike(offices.name, containing(filter.search)) : undefined,
      filter.enabled === undefined ? undefined : eq(offices.enabled, filter.enabled),
      filter.companyId === undefined ? undefined : eq(offices.companyId, filter.companyId),
    );
    const [t] = await db.select({ n: count() }).from(offices).where(where);
    return windowed(t?.n ?? 0, window, (limit, offset) =>
      db
        .select(officeColumns)
        .from(offices)
        .innerJoin(companies, eq(companies.id, offices.companyId))
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
    );
  },

  find: findOffice,

  /** Office names are unique within a company. */
  ...tableWrites(offices, {
    uniqueName: { column: offices.name, key: 'name', within: { companyId: offices.companyId } },
  }),

  async employeesIn(db: Db, id: number): Promise<number> {
    const [row] = await db.select({ n: count() }).from(employees).where(eq(employees.officeId, id));
    return row?.n ?? 0;
  },
} satisfies ReferenceStore<OfficeRow, OfficeValues, OfficeFilter> & Record<string, unknown>;

/* Assets */

/** The open assignment of an asset (not returned yet); the latest one should there be several. */
const openAssignment = and(
  eq(assetAssignments.assetId, assets.id),
  isNull(assetAssignments.returnedAt),
  sql`${assetAssignments.id} = (select max(x.id) from asset_assignments x where x.asset_id = "assets"."id" and x.returned_at is null)`,
);

const assetColumns = {
  id: assets.id,
  name: assets.name,
  code: assets.code,
  description: assets.description,
  enabled: assets.enabled,
  companyId: assets.companyId,
  companyName: companies.name,
  createdAt: assets.createdAt,
  updatedAt: assets.updatedAt,
  holderId: employees.id,
  holderEid: employees.eid,
  holderName: employees.name,
  holderPhotoVersion: employees.photoVersion,
  assignedAt: assetAssignments.assignedAt,
};

export interface AssetFilter {
  companyId?: number | undefined;
  assigned?: boolean | undefined;
}

async function findAsset(db: Db, id: number) {
  const [row] = await db
    .select(assetColumns)
    .from(assets)
    .leftJoin(companies, eq(companies.id, assets.companyId))
    .leftJoin(assetAssignments, openAssignment)
    .leftJoin(employees, eq(employees.id, assetAssignments.employeeId))
    .where(eq(assets.id, id))
    .limit(1);
  return row ?? null;
}
export type AssetRow = NonNullable<Awaited<ReturnType<typeof findAsset>>>;
export type AssetValues = typeof assets.$inferInsert;

export const assetsRepository = {
  async list(db: Db, filter: AssetFilter & { search?: string | undefined }, window: PageWindow) {
    const order = orderBy(
      window.sort,
      {
        id: assets.id,
        name: sql`lower(${assets.name})`,
        code: sql`${assets.code}`,
        company: sql`lower(${companies.name})`,
        created: sql`${assets.createdAt}`,
      },
      assets.id,
    );
    const held = sql`exists (select 1 from asset_assignments x where x.asset_id = "assets"."id" and x.returned_at is null)`;
    const where = and(
      filter.search
        ? or(ilike(assets.name, containing(filter.search)), ilike(assets.code, containing(filter.search)))
        : undefined,
      filter.companyId === undefined ? undefined : eq(assets.companyId, filter.companyId),
      filter.assigned === undefined ? undefined : filter.assigned ? held : sql`not ${held}`,
    );
    const [t] = await db.select({ n: count() }).from(assets).where(where);
    return windowed(t?.n ?? 0, window, (limit, offset) =>
      db
        .select(assetColumns)
        .from(assets)
        .leftJoin(companies, eq(companies.id, assets.companyId))
        .leftJoin(assetAssignments, openAssignment)
        .leftJoin(employees, eq(employees.id, assetAssignments.employeeId))
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
    );
  },

  find: findAsset,

  async insert(db: Db, values: AssetValues) {
    const [row] = await db.insert(assets).values(values).returning({ id: assets.id });
    return row!.id;
  },

  async update(db: Db, id: number, values: Partial<AssetValues>) {
    await db.update(assets).set(values).where(eq(assets.id, id));
  },

  /** Removes an asset with its past (returned) assignments. */
  async delete(db: Db, id: number) {
    await db.delete(assetAssignments).where(eq(assetAssignments.assetId, id));
    await db.delete(assets).where(eq(assets.id, id));
  },
} satisfies ReferenceStore<AssetRow, AssetValues, AssetFilter>;

export async function companyExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, id)).limit(1);
  return Boolean(row);
}
