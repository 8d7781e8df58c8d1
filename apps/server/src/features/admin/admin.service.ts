import { ADMIN_MESSAGES, type Asset, type Company, type Office } from '@hr/contracts/admin';
import { DEFAULT_PAGE_SIZE } from '@hr/contracts/limits';
import { NOTICES } from '@hr/contracts/messages';
import type { Db } from '../../db/client';
import { audit } from '../../lib/audit';
import type { AuthContext } from '../../lib/auth-context';
import { conflict, fieldError, notFound } from '../../lib/errors';
import { photoUrls } from '../../lib/signed-urls';
import {
  assetsRepository as assetsRepo,
  companiesRepository as companiesRepo,
  companyExists,
  officesRepository as officesRepo,
  type PageWindow,
} from './admin.repository';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export const ADMIN_TEXT = {
  companyNotFound: 'This company does not exist.',
  officeNotFound: 'This office does not exist.',
  assetNotFound: 'This asset does not exist.',
  companyInUse: (name: string, usage: { offices: number; employees: number; assets: number }) => {
    const parts = [
      usage.offices ? plural(usage.offices, 'office') : null,
      usage.employees ? plural(usage.employees, 'employee') : null,
      usage.assets ? plural(usage.assets, 'asset') : null,
    ].filter(Boolean);
    return `${name} cannot be deleted: it still has ${parts.join(', ')}. Move or delete them first.`;
  },
  officeInUse: (name: string, employees: number) =>
    `${name} cannot be deleted: ${plural(employees, 'employee')} ${employees === 1 ? 'works' : 'work'} there. Move them to another office first.`,
  assetAssigned: (name: string, holder: string, eid: string) =>
    `${name} cannot be deleted: it is assigned to ${holder} (${eid}). Take it back first.`,
  stillUsed: (name: string) => `${name} cannot be deleted: other records still refer to it.`,
  deleted: (name: string) => NOTICES.deleted.replace('{name}', name),
};

/** The PostgreSQL error code of a failed query (drizzle wraps the driver's error). */
function pgCode(err: unknown): string | undefined {
  let e: unknown = err;
  for (let i = 0; i < 3 && e && typeof e === 'object'; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A delete that other rows still point at (foreign key) is a 409, not a 500. */
async function guardedDelete(name: string, run: () => Promise<void>) {
  try {
    await run();
  } catch (err) {
    if (pgCode(err) === '23503') throw conflict(ADMIN_TEXT.stillUsed(name));
    throw err;
  }
}

/** A unique index that fired in a race becomes the field error a check would have given. */
async function uniqueName<T>(message: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (pgCode(err) === '23505') throw fieldError('name', message);
    throw err;
  }
}

const iso = (d: Date) => d.toISOString();

interface ListRequest {
  page?: number | undefined;
  limit?: number | undefined;
  sort: string;
}

/** A page of a list: the route turns it into `{ items, count, total, pagination }`. */
export interface ListPage<T> {
  items: T[];
  total: number;
  page: number;
  /** The page size; the whole list's size when it was asked for whole. */
  limit: number;
}

/** Reference lists answer every row unless a page or a page size is asked for. */
function windowOf(query: ListRequest, allowAll: boolean): { window: PageWindow; page: number } {
  const page = query.page ?? 1;
  const limit = query.limit ?? (allowAll && query.page === undefined ? null : DEFAULT_PAGE_SIZE);
  return { page, window: { offset: limit === null ? 0 : (page - 1) * limit, limit, sort: query.sort } };
}

function pageOf<T>(items: T[], total: number, page: number, window: PageWindow): ListPage<T> {
  return { items, total, page, limit: window.limit ?? Math.max(total, 1) };
}

type CompanyRow = NonNullable<Awaited<ReturnType<typeof companiesRepo.find>>>;
type OfficeRow = NonNullable<Awaited<ReturnType<typeof officesRepo.find>>>;
type AssetRow = NonNullable<Awaited<ReturnType<typeof assetsRepo.find>>>;

/** Changed fields only, for the audit row. */
function changes(before: Record<string, unknown>, patch: Record<string, unknown>) {
  const out: Record<string, { from: unknown; to: unknown }> = {};
  for (const [key, value] of Object.entries(patch)) {
    if (value !== undefined && before[key] !== value) out[key] = { from: before[key] ?? null, to: value };
  }
  return out;
}

export class AdminService {
  constructor(
    private readonly db: Db,
    private readonly secret: string,
  ) {}

  /* Companies */

  private company(row: CompanyRow): Company {
    return {
      id: row.id,
      name: row.name,
      code: row.code,
      address: row.address,
      weekly_off_day: row.weeklyOffDay,
      enabled: row.enabled,
      offices_count: Number(row.officesCount),
      employees_count: Number(row.employeesCount),
      created: iso(row.createdAt),
      updated: iso(row.updatedAt),
    };
  }

  async companies(query: ListRequest & { search?: string | undefined; enabled?: boolean | undefined }) {
    const { page, window } = windowOf(query, true);
    const { rows, total } = await companiesRepo.list(this.db, query, window);
    return pageOf(
      rows.map((r) => this.company(r)),
      total,
      page,
      window,
    );
  }

  async createCompany(
    auth: AuthContext,
    input: {
      name: string;
      code?: string | null;
      address?: string | null;
      weekly_off_day?: number;
      enabled?: boolean;
    },
  ) {
    return this.db.transaction(async (tx) => {
      if (await companiesRepo.nameTaken(tx, input.name))
        throw fieldError('name', ADMIN_MESSAGES.companyNameTaken);
      const id = await uniqueName(ADMIN_MESSAGES.companyNameTaken, () =>
        companiesRepo.insert(tx, {
          name: input.name,
          code: input.code ?? null,
          address: input.address ?? null,
          ...(input.weekly_off_day === undefined ? {} : { weeklyOffDay: input.weekly_off_day }),
          ...(input.enabled === undefined ? {} : { enabled: input.enabled }),
        }),
      );
      const row = (await companiesRepo.find(tx, id))!;
      await audit(tx, auth, {
        action: 'create',
        entity: 'company',
        entityId: id,
        data: { company: this.company(row) },
      });
      return this.company(row);
    });
  }

  async updateCompany(
    auth: AuthContext,
    id: number,
    patch: {
      name?: string;
      code?: string | null;
      address?: string | null;
      weekly_off_day?: number;
      enabled?: boolean;
    },
  ) {
    return this.db.transaction(async (tx) => {
      const before = await companiesRepo.find(tx, id);
      if (!before) throw notFound(ADMIN_TEXT.companyNotFound);
      if (patch.name !== undefined && (await companiesRepo.nameTaken(tx, patch.name, id)))
        throw fieldError('name', ADMIN_MESSAGES.companyNameTaken);
      await uniqueName(ADMIN_MESSAGES.companyNameTaken, () =>
        companiesRepo.update(tx, id, {
          ...(patch.name === undefined ? {} : { name: patch.name }),
          ...(patch.code === undefined ? {} : { code: patch.code }),
          ...(patch.address === undefined ? {} : { address: patch.address }),
          ...(patch.weekly_off_day === undefined ? {} : { weeklyOffDay: patch.weekly_off_day }),
          ...(patch.enabled === undefined ? {} : { enabled: patch.enabled }),
          updatedAt: new Date(),
        }),
      );
      const after = (await companiesRepo.find(tx, id))!;
      await audit(tx, auth, {
        action: 'update',
        entity: 'company',
        entityId: id,
        data: {
          changes: changes(
            {
              name: before.name,
              code: before.code,
              address: before.address,
              weekly_off_day: before.weeklyOffDay,
              enabled: before.enabled,
            },
            patch,
          ),
        },
      });
      return this.company(after);
    });
  }

  async deleteCompany(auth: AuthContext, id: number) {
    return this.db.transaction(async (tx) => {
      const row = await companiesRepo.find(tx, id);
      if (!row) throw notFound(ADMIN_TEXT.companyNotFound);
      const usage = await companiesRepo.usage(tx, id);
      if (usage.offices > 0 || usage.employees > 0 || usage.assets > 0)
        throw conflict(ADMIN_TEXT.companyInUse(row.name, usage));
      await guardedDelete(row.name, () => companiesRepo.delete(tx, id));
      await audit(tx, auth, {
        action: 'delete',
        entity: 'company',
        entityId: id,
        data: { company: this.company(row) },
      });
      return { message: ADMIN_TEXT.deleted(row.name) };
    });
  }

  /* Offices */

  private office(row: OfficeRow): Office {
    return {
      id: row.id,
      name: row.name,
      company: { id: row.companyId, name: row.companyName },
      address: row.address,
      enabled: row.enabled,
      employees_count: Number(row.employeesCount),
      created: iso(row.createdAt),
      updated: iso(row.updatedAt),
    };
  }

  async offices(
    query: ListRequest & {
      search?: string | undefined;
      enabled?: boolean | undefined;
      company_id?: number | undefined;
    },
  ) {
    const { page, window } = windowOf(query, true);
    const { rows, total } = await officesRepo.list(
      this.db,
      { search: query.search, enabled: query.enabled, companyId: query.company_id },
      window,
    );
    return pageOf(
      rows.map((r) => this.office(r)),
      total,
      page,
      window,
    );
  }

  async createOffice(
    auth: AuthContext,
    input: { company_id: number; name: string; address?: string | null; enabled?: boolean },
  ) {
    return this.db.transaction(async (tx) => {
      if (!(await companyExists(tx, input.company_id)))
        throw fieldError('company_id', ADMIN_MESSAGES.companyUnknown);
      if (await officesRepo.nameTaken(tx, input.company_id, input.name))
        throw fieldError('name', ADMIN_MESSAGES.officeNameTaken);
      const id = await uniqueName(ADMIN_MESSAGES.officeNameTaken, () =>
        officesRepo.insert(tx, {
          companyId: input.company_id,
          name: input.name,
          address: input.address ?? null,
          ...(input.enabled === undefined ? {} : { enabled: input.enabled }),
        }),
      );
      const row = (await officesRepo.find(tx, id))!;
      await audit(tx, auth, {
        action: 'create',
        entity: 'office',
        entityId: id,
        data: { office: this.office(row) },
      });
      return this.office(row);
    });
  }

  async updateOffice(
    auth: AuthContext,
    id: number,
    patch: { company_id?: number; name?: string; address?: string | null; enabled?: boolean },
  ) {
    return this.db.transaction(async (tx) => {
      const before = await officesRepo.find(tx, id);
      if (!before) throw notFound(ADMIN_TEXT.officeNotFound);
      if (patch.company_id !== undefined && !(await companyExists(tx, patch.company_id)))
        throw fieldError('company_id', ADMIN_MESSAGES.companyUnknown);
      const companyId = patch.company_id ?? before.companyId;
      const name = patch.name ?? before.name;
      if (
        (patch.name !== undefined || patch.company_id !== undefined) &&
        (await officesRepo.nameTaken(tx, companyId, name, id))
      )
        throw fieldError('name', ADMIN_MESSAGES.officeNameTaken);
      await uniqueName(ADMIN_MESSAGES.officeNameTaken, () =>
        officesRepo.update(tx, id, {
          ...(patch.company_id === undefined ? {} : { companyId: patch.company_id }),
          ...(patch.name === undefined ? {} : { name: patch.name }),
          ...(patch.address === undefined ? {} : { address: patch.address }),
          ...(patch.enabled === undefined ? {} : { enabled: patch.enabled }),
          updatedAt: new Date(),
        }),
      );
      const after = (await officesRepo.find(tx, id))!;
      await audit(tx, auth, {
        action: 'update',
        entity: 'office',
        entityId: id,
        data: {
          changes: changes(
            {
              company_id: before.companyId,
              name: before.name,
              address: before.address,
              enabled: before.enabled,
            },
            patch,
          ),
        },
      });
      return this.office(after);
    });
  }

  async deleteOffice(auth: AuthContext, id: number) {
    return this.db.transaction(async (tx) => {
      const row = await officesRepo.find(tx, id);
      if (!row) throw notFound(ADMIN_TEXT.officeNotFound);
      const people = await officesRepo.employeesIn(tx, id);
      if (people > 0) throw conflict(ADMIN_TEXT.officeInUse(row.name, people));
      await guardedDelete(row.name, () => officesRepo.delete(tx, id));
      await audit(tx, auth, {
        action: 'delete',
        entity: 'office',
        entityId: id,
        data: { office: this.office(row) },
      });
      return { message: ADMIN_TEXT.deleted(row.name) };
    });
  }

  /* Assets */

  private asset(row: AssetRow): Asset {
    return {
      id: row.id,
      name: row.name,
      code: row.code,
      description: row.description,
      company:
        row.companyId !== null && row.companyName !== null
          ? { id: row.companyId, name: row.companyName }
          : null,
      enabled: row.enabled,
      holder:
        row.holderId !== null && row.holderEid !== null && row.holderName !== null
          ? {
              id: row.holderId,
              eid: row.holderEid,
              name: row.holderName,
              photo: photoUrls(this.secret, row.holderId, row.holderPhotoVersion ?? 0),
            }
          : null,
      assigned_at: row.assignedAt ? iso(row.assignedAt) : null,
      created: iso(row.createdAt),
      updated: iso(row.updatedAt),
    };
  }

  async assets(
    query: ListRequest & {
      search?: string | undefined;
      company_id?: number | undefined;
      assigned?: boolean | undefined;
    },
  ) {
    const { page, window } = windowOf(query, false);
    const { rows, total } = await assetsRepo.list(
      this.db,
      { search: query.search, companyId: query.company_id, assigned: query.assigned },
      window,
    );
    return pageOf(
      rows.map((r) => this.asset(r)),
      total,
      page,
      window,
    );
  }

  async createAsset(
    auth: AuthContext,
    input: {
      company_id: number;
      name: string;
      code?: string | null;
      description?: string | null;
      enabled?: boolean;
    },
  ) {
    return this.db.transaction(async (tx) => {
      if (!(await companyExists(tx, input.company_id)))
        throw fieldError('company_id', ADMIN_MESSAGES.companyUnknown);
      const id = await assetsRepo.insert(tx, {
        companyId: input.company_id,
        name: input.name,
        code: input.code ?? null,
        description: input.description ?? null,
        ...(input.enabled === undefined ? {} : { enabled: input.enabled }),
      });
      const row = (await assetsRepo.find(tx, id))!;
      await audit(tx, auth, {
        action: 'create',
        entity: 'asset',
        entityId: id,
        data: { asset: this.asset(row) },
      });
      return this.asset(row);
    });
  }

  async updateAsset(
    auth: AuthContext,
    id: number,
    patch: {
      company_id?: number;
      name?: string;
      code?: string | null;
      description?: string | null;
      enabled?: boolean;
    },
  ) {
    return this.db.transaction(async (tx) => {
      const before = await assetsRepo.find(tx, id);
      if (!before) throw notFound(ADMIN_TEXT.assetNotFound);
      if (patch.company_id !== undefined && !(await companyExists(tx, patch.company_id)))
        throw fieldError('company_id', ADMIN_MESSAGES.companyUnknown);
      await assetsRepo.update(tx, id, {
        ...(patch.company_id === undefined ? {} : { companyId: patch.company_id }),
        ...(patch.name === undefined ? {} : { name: patch.name }),
        ...(patch.code === undefined ? {} : { code: patch.code }),
        ...(patch.description === undefined ? {} : { description: patch.description }),
        ...(patch.enabled === undefined ? {} : { enabled: patch.enabled }),
        updatedAt: new Date(),
      });
      const after = (await assetsRepo.find(tx, id))!;
      await audit(tx, auth, {
        action: 'update',
        entity: 'asset',
        entityId: id,
        data: {
          changes: changes(
            {
              company_id: before.companyId,
              name: before.name,
              code: before.code,
              description: before.description,
              enabled: before.enabled,
            },
            patch,
          ),
        },
      });
      return this.asset(after);
    });
  }

  async deleteAsset(auth: AuthContext, id: number) {
    return this.db.transaction(async (tx) => {
      const row = await assetsRepo.find(tx, id);
      if (!row) throw notFound(ADMIN_TEXT.assetNotFound);
      if (row.holderId !== null)
        throw conflict(ADMIN_TEXT.assetAssigned(row.name, row.holderName ?? '', row.holderEid ?? ''));
      await guardedDelete(row.name, () => assetsRepo.delete(tx, id));
      await audit(tx, auth, {
        action: 'delete',
        entity: 'asset',
        entityId: id,
        data: { asset: this.asset(row) },
      });
      return { message: ADMIN_TEXT.deleted(row.name) };
    });
  }
}
