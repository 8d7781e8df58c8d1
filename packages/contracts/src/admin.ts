import { z } from 'zod';
import { sortWithDefault } from './employee-search';
import { holiday, leaveDuration, leaveType } from './leave';
import { ADDRESS_MAX } from './limits';
import { type ListResponse, limit, listResponse, page, sort } from './lists';
import { idName } from './lookups';
import { MESSAGES } from './messages';
import { personRef } from './people';
import { linesText, lineText, type TextKind } from './text';

/**
 * Administration of reference data: companies, offices and assets (HR
 * administrators only for changes). The texts below are the field errors the
 * API answers with; the web app translates them by id (`admin.common.validation.<id>`).
 */
export const NAME_MIN = 2;
export const NAME_MAX = 100;
export const COMPANY_CODE_MAX = 20;
export const ASSET_CODE_MAX = 40;
export const DESCRIPTION_MAX = 1000;

export const ADMIN_MESSAGES = {
  nameRequired: MESSAGES.nameRequired,
  nameType: 'Name must be text',
  nameLength: `Name must have a length between ${NAME_MIN} and ${NAME_MAX}`,
  companyCodeLength: `Code must be at most ${COMPANY_CODE_MAX} characters`,
  assetCodeLength: `Code must be at most ${ASSET_CODE_MAX} characters`,
  codeType: 'Code must be text',
  addressTooLong: MESSAGES.addressTooLong,
  addressType: 'Address must be text',
  descriptionTooLong: `Description must be at most ${DESCRIPTION_MAX} characters`,
  descriptionType: 'Description must be text',
  weeklyOffDay: 'Weekly off day must be a day of the week (0 Sunday to 6 Saturday)',
  enabled: 'Enabled must be true or false',
  companyRequired: 'Company must not be empty',
  companyUnknown: 'This company does not exist',
  companyNameTaken: 'A company with this name already exists',
  officeNameTaken: 'This company already has an office with this name',
  nothingToChange: 'Send at least one field to change',
} as const;
export type AdminMessageId = keyof typeof ADMIN_MESSAGES;

const M = ADMIN_MESSAGES;

/** A boolean query parameter: `true` or `false`. */
function boolParam(name: string) {
  return z.enum(['true', 'false'], { error: `${name} must be true or false` }).transform((v) => v === 'true');
}

/** Reference lists may be asked for whole: page and limit are then absent. */
const optionalPage = page.unwrap().optional();
const optionalLimit = limit.unwrap().optional();
const searchText = z.string().trim().max(100, 'search must be at most 100 characters');

/**
 * The query of a reference list: page, limit, sort and search, each
 * optional. Without page and limit the list is answered whole.
 */
export const referenceListQuery = z.object({
  page: optionalPage,
  limit: optionalLimit,
  sort: sort.unwrap().optional(),
  search: searchText.optional(),
});

/** The name of a thing HR adds (a company, a leave type, an attendance device): one line, 2 to 100 characters. */
export const referenceName = lineText(
  z.string({ error: (i) => (i.input === undefined ? M.nameRequired : M.nameType) }).trim(),
)
  .min(1, { error: M.nameRequired, abort: true })
  .min(NAME_MIN, M.nameLength)
  .max(NAME_MAX, M.nameLength);
const name = referenceName;

/** Optional text of one line (a code) or of several (an address, a description): blank becomes null. */
function optionalText(max: number, tooLong: string, type: string, kind: TextKind = 'line') {
  const text = z.string({ error: type }).trim();
  return (kind === 'line' ? lineText(text) : linesText(text))
    .max(max, tooLong)
    .transform((v) => (v === '' ? null : v))
    .nullish();
}

const companyId = z
  .number({
    error: (i) => (i.input === undefined || i.input === null ? M.companyRequired : M.companyUnknown),
  })
  .int(M.companyUnknown)
  .min(1, M.companyUnknown);

const enabled = z.boolean({ error: M.enabled });

/** At least one field in a PATCH. */
function notEmpty<T extends Record<string, unknown>>(value: T): boolean {
  return Object.values(value).some((v) => v !== undefined);
}

/* Companies */

export const companyCreate = z.object({
  name,
  code: optionalText(COMPANY_CODE_MAX, M.companyCodeLength, M.codeType),
  address: optionalText(ADDRESS_MAX, M.addressTooLong, M.addressType, 'lines'),
  weekly_off_day: z
    .number({ error: M.weeklyOffDay })
    .int(M.weeklyOffDay)
    .min(0, M.weeklyOffDay)
    .max(6, M.weeklyOffDay)
    .optional(),
  enabled: enabled.optional(),
});
export type CompanyCreate = z.input<typeof companyCreate>;
export const companyUpdate = companyCreate.partial().refine(notEmpty, M.nothingToChange);
export type CompanyUpdate = z.input<typeof companyUpdate>;

export const company = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string().nullable(),
  address: z.string().nullable(),
  weekly_off_day: z.number().int(),
  enabled: z.boolean(),
  offices_count: z.number().int(),
  employees_count: z.number().int(),
  created: z.string(),
  updated: z.string(),
});
export type Company = z.infer<typeof company>;

export const COMPANY_SORT_FIELDS = ['id', 'name', 'code', 'created'] as const;

/** Without page or limit, every company in one page (a short reference list). */
export const companiesQuery = referenceListQuery.extend({
  sort: sortWithDefault('id,desc'),
  enabled: boolParam('enabled').optional(),
});

/* Offices */

export const officeCreate = z.object({
  company_id: companyId,
  name,
  address: optionalText(ADDRESS_MAX, M.addressTooLong, M.addressType, 'lines'),
  enabled: enabled.optional(),
});
export type OfficeCreate = z.input<typeof officeCreate>;
export const officeUpdate = officeCreate.partial().refine(notEmpty, M.nothingToChange);
export type OfficeUpdate = z.input<typeof officeUpdate>;

export const office = z.object({
  id: z.number().int(),
  name: z.string(),
  company: idName,
  address: z.string().nullable(),
  enabled: z.boolean(),
  employees_count: z.number().int(),
  created: z.string(),
  updated: z.string(),
});
export type Office = z.infer<typeof office>;

export const OFFICE_SORT_FIELDS = ['id', 'name', 'company', 'created'] as const;

/** Without page or limit, every office in one page (a reference list: `offices?enabled=true`). */
export const officesQuery = referenceListQuery.extend({
  sort: sortWithDefault('id,desc'),
  enabled: boolParam('enabled').optional(),
  company_id: z.coerce
    .number({ error: 'company_id must be a company id' })
    .int('company_id must be a company id')
    .min(1, 'company_id must be a company id')
    .optional(),
});

/* Assets */

export const assetCreate = z.object({
  company_id: companyId,
  name,
  code: optionalText(ASSET_CODE_MAX, M.assetCodeLength, M.codeType),
  description: optionalText(DESCRIPTION_MAX, M.descriptionTooLong, M.descriptionType, 'lines'),
  enabled: enabled.optional(),
});
export type AssetCreate = z.input<typeof assetCreate>;
export const assetUpdate = assetCreate.partial().refine(notEmpty, M.nothingToChange);
export type AssetUpdate = z.input<typeof assetUpdate>;

export const asset = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string().nullable(),
  description: z.string().nullable(),
  company: idName.nullable(),
  enabled: z.boolean(),
  /** Who holds it now (an assignment not yet returned), or null. */
  holder: personRef.nullable(),
  assigned_at: z.string().nullable(),
  created: z.string(),
  updated: z.string(),
});
export type Asset = z.infer<typeof asset>;

export const ASSET_SORT_FIELDS = ['id', 'name', 'code', 'company', 'created'] as const;

export const assetsQuery = z.object({
  page,
  limit,
  sort: sortWithDefault('id,desc'),
  search: searchText.optional(),
  company_id: z.coerce
    .number({ error: 'company_id must be a company id' })
    .int('company_id must be a company id')
    .min(1, 'company_id must be a company id')
    .optional(),
  /** true: only assets someone holds; false: only free ones. */
  assigned: boolParam('assigned').optional(),
});

export const companiesResponse = listResponse(company);
export const officesResponse = listResponse(office);
export const assetsResponse = listResponse(asset);

export const idParam = z.object({
  id: z.coerce
    .number({ error: 'id must be a whole number from 1' })
    .int('id must be a whole number from 1')
    .min(1, 'id must be a whole number from 1'),
});

/** DELETE with a body, as SPEC.md §7 has it: `{ company_id }`, `{ office_id }`, `{ asset_id }`. */
function deleteBody<K extends string>(key: K) {
  const message = `${key} must be a whole number from 1`;
  return z.object({ [key]: z.number({ error: message }).int(message).min(1, message) } as Record<
    K,
    z.ZodNumber
  >);
}
export const companyDelete = deleteBody('company_id');
export const officeDelete = deleteBody('office_id');
export const assetDelete = deleteBody('asset_id');

export const deletedResponse = z.object({ message: z.string() });

export type CompaniesResponse = ListResponse<Company>;
export type OfficesResponse = ListResponse<Office>;
export type AssetsResponse = ListResponse<Asset>;

/* Leave types, short-leave durations and holidays (administered here, used by the leave module) */

export const LEAVE_TYPE_SORT_FIELDS = ['id', 'name', 'days'] as const;
export const LEAVE_DURATION_SORT_FIELDS = ['id', 'name', 'minutes'] as const;
export const HOLIDAY_SORT_FIELDS = ['id', 'name', 'from', 'to'] as const;

/**
 * Leave types and durations: without page, limit, sort or search, the plain
 * array the leave form has always read (enabled ones; admins may add
 * all=true); with any of them, the list answer of the admin screen.
 */
/** A reference list that hides disabled records unless an administrator asks with all=true. */
export const enabledListQuery = referenceListQuery.extend({ all: boolParam('all').optional() });
/** `eligible=true`: only the types the caller may take today (the leave form's list). */
export const leaveTypesQuery = enabledListQuery.extend({ eligible: boolParam('eligible').optional() });
export const leaveDurationsQuery = enabledListQuery;
export const holidaysQuery = referenceListQuery.extend({
  year: z.coerce
    .number({ error: 'year must be a year from 2000 to 2100' })
    .int('year must be a year from 2000 to 2100')
    .min(2000, 'year must be a year from 2000 to 2100')
    .max(2100, 'year must be a year from 2000 to 2100')
    .optional(),
  /** The holidays set for this company (its offices' own included). */
  company_id: z.coerce
    .number({ error: 'company_id must be a company id' })
    .int('company_id must be a company id')
    .min(1, 'company_id must be a company id')
    .optional(),
  /** The holidays set for this office. */
  office_id: z.coerce
    .number({ error: 'office_id must be an office id' })
    .int('office_id must be an office id')
    .min(1, 'office_id must be an office id')
    .optional(),
});

export const leaveTypesResponse = z.union([z.array(leaveType), listResponse(leaveType)]);
export const leaveDurationsResponse = z.union([z.array(leaveDuration), listResponse(leaveDuration)]);
export const holidaysResponse = z.union([z.array(holiday), listResponse(holiday)]);
