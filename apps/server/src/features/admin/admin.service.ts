import {
  ADMIN_MESSAGES,
  type Asset,
  type assetCreate,
  type assetUpdate,
  type Company,
  type companyCreate,
  type companyUpdate,
  type Office,
  type officeCreate,
  type officeUpdate,
} from '@hr/contracts/admin';
import { NOTICES } from '@hr/contracts/messages';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { fieldError } from '../../lib/errors';
import { ReferenceData, type ReferenceDataOf, type ReferenceSpec } from '../../lib/reference-data';
import { photoUrls } from '../../lib/signed-urls';
import {
  type AssetFilter,
  type AssetRow,
  type AssetValues,
  assetsRepository,
  type CompanyFilter,
  type CompanyRow,
  type CompanyValues,
  companiesRepository,
  companyExists,
  type OfficeFilter,
  type OfficeRow,
  type OfficeValues,
  officesRepository,
} from './admin.repository';

type CompanyCreate = z.output<typeof companyCreate>;
type CompanyUpdate = z.output<typeof companyUpdate>;
type OfficeCreate = z.output<typeof officeCreate>;
type OfficeUpdate = z.output<typeof officeUpdate>;
type AssetCreate = z.output<typeof assetCreate>;
type AssetUpdate = z.output<typeof assetUpdate>;

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
  deleted: (name: string) => NOTICES.deleted.replace('{name}', name),
};

const iso = (d: Date) => d.toISOString();

/** The fields a body sent, as columns: absent fields stay as they are. */
function sent<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** An office or asset must belong to a company that exists (a field error, not a 500 from the foreign key). */
async function knownCompany(db: Db, values: { companyId?: number | null | undefined }) {
  if (values.companyId != null && !(await companyExists(db, values.companyId)))
    throw fieldError('company_id', ADMIN_MESSAGES.companyUnknown);
}

/* Companies */

const companyAnswer = (row: CompanyRow): Company => ({
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
});

function companyColumns(body: CompanyUpdate) {
  return sent({
    name: body.name,
    code: body.code === undefined ? undefined : (body.code ?? null),
    address: body.address === undefined ? undefined : (body.address ?? null),
    weeklyOffDay: body.weekly_off_day,
    enabled: body.enabled,
  });
}

export const companySpec: ReferenceSpec<
  CompanyRow,
  Company,
  CompanyCreate,
  CompanyUpdate,
  CompanyValues,
  CompanyFilter
> = {
  entity: 'company',
  kind: 'company',
  store: companiesRepository,
  defaultSort: 'id,desc',
  wholeWithoutPage: true,
  answer: companyAnswer,
  toInsert: (body) => ({
    ...companyColumns(body),
    name: body.name,
    code: body.code ?? null,
    address: body.address ?? null,
  }),
  toUpdate: (body) => ({ ...companyColumns(body), updatedAt: new Date() }),
  values: (row) => ({ name: row.name }),
  nameTaken: () => fieldError('name', ADMIN_MESSAGES.companyNameTaken),
  async inUse(db, row) {
    const usage = await companiesRepository.usage(db, row.id);
    return usage.offices > 0 || usage.employees > 0 || usage.assets > 0
      ? ADMIN_TEXT.companyInUse(row.name, usage)
      : null;
  },
};

/* Offices */

const officeAnswer = (row: OfficeRow): Office => ({
  id: row.id,
  name: row.name,
  company: { id: row.companyId, name: row.companyName },
  address: row.address,
  enabled: row.enabled,
  employees_count: Number(row.employeesCount),
  created: iso(row.createdAt),
  updated: iso(row.updatedAt),
});

function officeColumns(body: OfficeUpdate) {
  return sent({
    companyId: body.company_id,
    name: body.name,
    address: body.address === undefined ? undefined : (body.address ?? null),
    enabled: body.enabled,
  });
}

export const officeSpec: ReferenceSpec<
  OfficeRow,
  Office,
  OfficeCreate,
  OfficeUpdate,
  OfficeValues,
  OfficeFilter
> = {
  entity: 'office',
  kind: 'office',
  store: officesRepository,
  defaultSort: 'id,desc',
  wholeWithoutPage: true,
  answer: officeAnswer,
  toInsert: (body) => ({
    ...officeColumns(body),
    companyId: body.company_id,
    name: body.name,
    address: body.address ?? null,
  }),
  toUpdate: (body) => ({ ...officeColumns(body), updatedAt: new Date() }),
  fields: (row) => ({
    company_id: row.companyId,
    name: row.name,
    address: row.address,
    enabled: row.enabled,
  }),
  values: (row) => ({ companyId: row.companyId, name: row.name }),
  check: knownCompany,
  nameScope: ['name', 'companyId'],
  nameTaken: () => fieldError('name', ADMIN_MESSAGES.officeNameTaken),
  async inUse(db, row) {
    const people = await officesRepository.employeesIn(db, row.id);
    return people > 0 ? ADMIN_TEXT.officeInUse(row.name, people) : null;
  },
};

/* Assets */

function assetAnswer(secret: string) {
  return (row: AssetRow): Asset => ({
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
            photo: photoUrls(secret, row.holderId, row.holderPhotoVersion ?? 0),
          }
        : null,
    assigned_at: row.assignedAt ? iso(row.assignedAt) : null,
    created: iso(row.createdAt),
    updated: iso(row.updatedAt),
  });
}

function assetColumns(body: AssetUpdate) {
  return sent({
    companyId: body.company_id,
    name: body.name,
    code: body.code === undefined ? undefined : (body.code ?? null),
    description: body.description === undefined ? undefined : (body.description ?? null),
    enabled: body.enabled,
  });
}

export function assetSpec(
  secret: string,
): ReferenceSpec<AssetRow, Asset, AssetCreate, AssetUpdate, AssetValues, AssetFilter> {
  return {
    entity: 'asset',
    kind: 'asset',
    store: assetsRepository,
    defaultSort: 'id,desc',
    answer: assetAnswer(secret),
    toInsert: (body) => ({
      ...assetColumns(body),
      companyId: body.company_id,
      name: body.name,
      code: body.code ?? null,
      description: body.description ?? null,
    }),
    toUpdate: (body) => ({ ...assetColumns(body), updatedAt: new Date() }),
    fields: (row) => ({
      company_id: row.companyId,
      name: row.name,
      code: row.code,
      description: row.description,
      enabled: row.enabled,
    }),
    check: knownCompany,
    async inUse(_db, row) {
      return row.holderId !== null
        ? ADMIN_TEXT.assetAssigned(row.name, row.holderName ?? '', row.holderEid ?? '')
        : null;
    },
  };
}

/**
 * Companies, offices and assets (SPEC.md §7 Other resources), each run by
 * the reference-data machinery of lib/reference-data.ts.
 */
export class AdminService {
  readonly companies: ReferenceDataOf<typeof companySpec>;
  readonly offices: ReferenceDataOf<typeof officeSpec>;
  readonly assets: ReferenceDataOf<ReturnType<typeof assetSpec>>;

  constructor(db: Db, secret: string) {
    this.companies = new ReferenceData(db, companySpec);
    this.offices = new ReferenceData(db, officeSpec);
    this.assets = new ReferenceData(db, assetSpec(secret));
  }
}
