import { z } from 'zod';
import { isCalendarDate } from './dates';
import { PASSPORT_MAX, PASSPORT_MIN } from './limits';
import { dateRange, decision, limit, listResponse, page, recordActions, sort, status } from './lists';
import { idName } from './lookups';
import { defineMessages, MESSAGES } from './messages';
import { personRef, photo } from './people';
import { linesText, lineText, type TextKind } from './text';
import { nameTranslations, nameTranslationsAnswer } from './translations';
import { SERVICE_ACTIONS } from './workflow';

/**
 * HR service requests (SPEC.md §2, §3, §5, §7; DESIGN.md §3, §4).
 *
 * Decisions (where SPEC.md and DESIGN.md leave a choice):
 * - Dates (`issue_date`, `from_date`, `to_date`) travel as DD-MM-YYYY both
 *   ways, as SPEC.md says `issue_date` is sent; any other form is a 422.
 * - A draft (status 1) is private to its employee and to the HR admin who made
 *   it for them: the team view (line manager, O&O, admins) lists status 2 and
 *   above, and others reading a draft get a 403.
 * - Category `noc` needs the NOC type, the dates, the passport number and the
 *   country, and the reason is optional; any other category needs a reason, and
 *   NOC fields sent with it are cleared (not refused), as the form clears them.
 * - The letter of a done request may be downloaded by its employee and by HR
 *   admins only (SPEC.md: "downloadable by the employee and the admins").
 */

/** The category with extra fields (SPEC.md §9: "HR category noc is special"). */
export const NOC_CATEGORY = 'noc';

/** Texts SPEC.md does not give, in its style. */
export const SERVICE_MESSAGES = defineMessages('hrServices.validation', {
  issueDateFormat: 'Issue Date must look like DD-MM-YYYY',
  fromDateFormat: 'From Date must look like DD-MM-YYYY',
  toDateFormat: 'To Date must look like DD-MM-YYYY',
  categoryUnknown: 'This service is not offered',
  nocTypeUnknown: 'This NOC type does not exist',
  reasonTooLong: 'Reason must be at most 2000 characters',
  employeeUnknown: 'This employee does not exist or is disabled',
  employeeFixed: 'The employee of a request cannot be changed',
  employeeInvalid: 'employee_id must be a whole number',
});

const TEXT_MAX = 2000;
const COUNTRY_MAX = 100;

/** `DD-MM-YYYY` → `YYYY-MM-DD`, or null when it is not a real day in that form. */
export function fromDmy(value: string): string | null {
  const m = /^(\d{2})-(\d{2})-(\d{4})$/.exec(value.trim());
  if (!m) return null;
  const iso = `${m[3]}-${m[2]}-${m[1]}`;
  return isCalendarDate(iso) ? iso : null;
}

/** `YYYY-MM-DD` → `DD-MM-YYYY`. */
export function toDmy(iso: string): string {
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}-${m}-${y}`;
}

const isFilled = (v: unknown) => v !== null && v !== undefined && (typeof v !== 'string' || v.trim() !== '');

interface RuleInput {
  category?: unknown;
  issue_date?: unknown;
  description?: unknown;
  noc_type_id?: unknown;
  from_date?: unknown;
  to_date?: unknown;
  passport_no?: unknown;
  intended_country?: unknown;
  reason?: unknown;
}

/**
 * The rules of SPEC.md §5 that depend on more than one field, shared by the
 * API body and the web form so that each error lands on its own field.
 */
function checkServiceRules(v: RuleInput, ctx: z.RefinementCtx) {
  const need = (key: keyof RuleInput, message: string) => {
    if (!isFilled(v[key])) ctx.addIssue({ code: 'custom', path: [key], message });
  };
  need('category', MESSAGES.serviceRequired);
  need('issue_date', MESSAGES.issueDateRequired);
  need('description', MESSAGES.descriptionRequired);
  if (typeof v.description === 'string' && v.description.trim().length > TEXT_MAX)
    ctx.addIssue({ code: 'custom', path: ['description'], message: MESSAGES.descriptionTooLong });
  if (typeof v.reason === 'string' && v.reason.trim().length > TEXT_MAX)
    ctx.addIssue({ code: 'custom', path: ['reason'], message: SERVICE_MESSAGES.reasonTooLong });
  if (!isFilled(v.category)) return;
  if (v.category === NOC_CATEGORY) {
    need('noc_type_id', MESSAGES.nocTypeRequired);
    need('from_date', MESSAGES.fromDateRequired);
    need('to_date', MESSAGES.toDateRequired);
    need('passport_no', MESSAGES.passportRequired);
    need('intended_country', MESSAGES.countryRequired);
    if (typeof v.passport_no === 'string' && isFilled(v.passport_no)) {
      const n = v.passport_no.trim().length;
      if (n < PASSPORT_MIN || n > PASSPORT_MAX)
        ctx.addIssue({ code: 'custom', path: ['passport_no'], message: MESSAGES.passportLength });
    }
    if (typeof v.intended_country === 'string' && v.intended_country.trim().length > COUNTRY_MAX)
      ctx.addIssue({ code: 'custom', path: ['intended_country'], message: MESSAGES.maxLength100 });
  } else {
    need('reason', MESSAGES.reasonRequired);
  }
}

/** A field sent as text; with a kind, text others read (one line, or several). */
const text = (typeMessage: string, kind?: TextKind) => {
  const value = z.string({ error: typeMessage });
  return (kind === 'line' ? lineText(value) : kind === 'lines' ? linesText(value) : value).nullish();
};
const id = (typeMessage: string) =>
  z.number({ error: typeMessage }).int(typeMessage).positive(typeMessage).nullish();

/**
 * POST employee/service-requests and PATCH employee/service-requests/{id}.
 * Every field is optional in the shape; what is required depends on the
 * category and is checked by one refinement, so that all missing fields are
 * named at once.
 */
export const serviceRequestBody = z
  .object({
    category: text(MESSAGES.serviceRequired),
    /** An HR admin may apply for another employee; others omit it or send their own id. */
    employee_id: id(SERVICE_MESSAGES.employeeInvalid),
    issue_date: text(MESSAGES.issueDateRequired).describe('DD-MM-YYYY'),
    from_date: text(MESSAGES.fromDateRequired).describe('DD-MM-YYYY'),
    to_date: text(MESSAGES.toDateRequired).describe('DD-MM-YYYY'),
    passport_no: text(MESSAGES.passportRequired, 'line'),
    intended_country: text(MESSAGES.countryRequired, 'line'),
    noc_type_id: id(MESSAGES.nocTypeRequired),
    reason: text(MESSAGES.reasonRequired, 'lines'),
    description: text(MESSAGES.descriptionRequired, 'lines'),
  })
  .superRefine((v, ctx) => {
    checkServiceRules(v, ctx);
    const dates: ['issue_date' | 'from_date' | 'to_date', string][] = [
      ['issue_date', SERVICE_MESSAGES.issueDateFormat],
    ];
    if (v.category === NOC_CATEGORY) {
      dates.push(['from_date', SERVICE_MESSAGES.fromDateFormat], ['to_date', SERVICE_MESSAGES.toDateFormat]);
    }
    for (const [key, message] of dates) {
      const value = v[key];
      if (typeof value === 'string' && isFilled(value) && fromDmy(value) === null)
        ctx.addIssue({ code: 'custom', path: [key], message });
    }
    if (v.category === NOC_CATEGORY && v.from_date && v.to_date) {
      const from = fromDmy(v.from_date);
      const to = fromDmy(v.to_date);
      if (from && to && to < from)
        ctx.addIssue({ code: 'custom', path: ['to_date'], message: MESSAGES.toBeforeFrom });
    }
  });
export type ServiceRequestBody = z.input<typeof serviceRequestBody>;

/** What a valid body means, ready to store: dates as YYYY-MM-DD, NOC fields only for a NOC. */
export interface ServiceRequestValues {
  category: string;
  employeeId: number | null;
  issueDate: string;
  nocTypeId: number | null;
  fromDate: string | null;
  toDate: string | null;
  passportNo: string | null;
  intendedCountry: string | null;
  reason: string | null;
  description: string;
}

/** Normalises a body that passed `serviceRequestBody`. */
export function serviceRequestValues(body: z.output<typeof serviceRequestBody>): ServiceRequestValues {
  const noc = body.category === NOC_CATEGORY;
  const trimmed = (v: string | null | undefined) => (v && v.trim() !== '' ? v.trim() : null);
  return {
    category: body.category!.trim(),
    employeeId: body.employee_id ?? null,
    issueDate: fromDmy(body.issue_date!)!,
    nocTypeId: noc ? (body.noc_type_id ?? null) : null,
    fromDate: noc ? fromDmy(body.from_date!) : null,
    toDate: noc ? fromDmy(body.to_date!) : null,
    passportNo: noc ? trimmed(body.passport_no) : null,
    intendedCountry: noc ? trimmed(body.intended_country) : null,
    reason: trimmed(body.reason),
    description: body.description!.trim(),
  };
}

/**
 * The web form's rules: pickers hold date objects rather than strings, so
 * dates only need to be present; the same messages on the same fields.
 */
export const serviceRequestForm = z
  .object({
    category: z.unknown().optional(),
    employee_id: z.unknown().optional(),
    issue_date: z.unknown().optional(),
    from_date: z.unknown().optional(),
    to_date: z.unknown().optional(),
    passport_no: lineText(z.string()).nullish(),
    intended_country: lineText(z.string()).nullish(),
    noc_type_id: z.unknown().optional(),
    reason: linesText(z.string()).nullish(),
    description: linesText(z.string()).nullish(),
  })
  .superRefine(checkServiceRules);

export const serviceListType = z.enum(['own', 'team'], { error: 'list_type must be "own" or "team"' });
export type ServiceListType = z.infer<typeof serviceListType>;

/** GET employee/service-requests: `employee_id` and `company_id` are for the team view only. */
export const serviceListQuery = z.object({
  page,
  limit,
  sort,
  list_type: serviceListType.default('own'),
  status_id: z.coerce
    .number({ error: 'status_id must be 1 to 5' })
    .int('status_id must be 1 to 5')
    .min(1, 'status_id must be 1 to 5')
    .max(5, 'status_id must be 1 to 5')
    .optional(),
  category: z
    .string()
    .regex(/^[a-z0-9_]{1,40}$/, 'category must be a service category value')
    .optional(),
  submitted_range: dateRange.optional(),
  employee_id: z.coerce.number().int().positive().optional(),
  company_id: z.coerce.number().int().positive().optional(),
});
export type ServiceListQuery = z.input<typeof serviceListQuery>;

/** Sortable fields of the list (`sort=field,dir`). */
export const SERVICE_SORT_FIELDS = [
  'id',
  'created',
  'updated',
  'submitted',
  'status',
  'category',
  'employee',
];

/** The employee a request is for, as the detail header shows them. */
export const serviceEmployee = z.object({
  id: z.number().int(),
  eid: z.string(),
  name: z.string(),
  photo,
  designation: z.string().nullable(),
  company: z.string().nullable(),
});

/** A list row: what the columns of SPEC.md §2 need. */
export const serviceRequest = z.object({
  id: z.number().int(),
  employee_id: z.number().int(),
  employee: serviceEmployee,
  company_id: z.number().int().nullable(),
  company: idName.nullable(),
  line_manager: personRef.nullable(),
  one_over_one: personRef.nullable(),
  /** Who made the request ("Submitted By"): the employee, or an HR admin for them. */
  created_by: personRef.nullable(),
  category: z.string(),
  category_name: z.string(),
  noc_type_id: z.number().int().nullable(),
  type: idName.nullable(),
  reason: z.string().nullable(),
  description: z.string(),
  /** DD-MM-YYYY. */
  issue_date: z.string(),
  from_date: z.string().nullable(),
  to_date: z.string().nullable(),
  passport_no: z.string().nullable(),
  intended_country: z.string().nullable(),
  status,
  decision,
  created: z.string(),
  updated: z.string(),
  submitted_at: z.string().nullable(),
  has_letter: z.boolean(),
  /** What the caller may do with it now (submit, approve, cancel, done, edit, delete). */
  actions: recordActions(SERVICE_ACTIONS),
});
export type ServiceRequest = z.infer<typeof serviceRequest>;

const stamp = z.object({ by: z.string().nullable(), at: z.string() });

/** Who did what, read from the audit log. */
export const serviceAccountability = z.object({
  created: stamp,
  submitted: stamp.nullable(),
  approved_by: z.string().nullable(),
  approved_at: z.string().nullable(),
  cancelled_by: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  done_by: z.string().nullable(),
  done_at: z.string().nullable(),
});
export type ServiceAccountability = z.infer<typeof serviceAccountability>;

export const serviceLetter = z.object({
  name: z.string(),
  size: z.number().int(),
  /** GET it with the bearer token. */
  url: z.string(),
});

/** GET employee/service-requests/{id}, and the answer of every change. */
export const serviceRequestDetail = serviceRequest.extend({
  accountability: serviceAccountability,
  /** The letter, for those who may download it (the employee, HR admins); null for anyone else or before Done. */
  letter: serviceLetter.nullable(),
});
export type ServiceRequestDetail = z.infer<typeof serviceRequestDetail>;

export const serviceRequestList = listResponse(serviceRequest);

export const serviceRequestIdBody = z.object({
  service_request_id: z.number({ error: 'service_request_id must be a number' }).int().positive(),
});

export const serviceCategory = z.object({ value: z.string(), name: z.string() });
export type ServiceCategory = z.infer<typeof serviceCategory>;

/* Administration: service categories and NOC types (HR administrators change them, everyone reads them) */

/** Names of service categories and NOC types: 2 to 100 characters. */
export const SERVICE_REFERENCE_NAME_MAX = 100;
/** A category's value: what requests keep (a small letter first, then small letters, digits and `_`). */
export const SERVICE_CATEGORY_VALUE_MAX = 40;
const CATEGORY_VALUE = /^[a-z][a-z0-9_]{0,39}$/;
/** The order field's range (the form's list order). */
export const REFERENCE_ORDER_MAX = 100;

/** Texts of the administration forms; they translate under `reference.validation.<id>`. */
export const SERVICE_REFERENCE_MESSAGES = defineMessages('reference.validation', {
  nameLength: 'Name must have a length between 2 and 100',
  valueFormat: 'Value must be 1 to 40 small letters, digits or _, starting with a letter',
  orderRange: 'Order must be a whole number from 0 to 100',
  enabledType: 'Enabled must be true or false',
});

const R = SERVICE_REFERENCE_MESSAGES;

/** At least one field in a PATCH. */
const somethingSent = (value: Record<string, unknown>) => Object.values(value).some((v) => v !== undefined);
const NOTHING_SENT = 'Send at least one field to change';

const referenceName = lineText(z.string({ error: MESSAGES.nameRequired }).trim())
  .min(1, { error: MESSAGES.nameRequired, abort: true })
  .min(2, R.nameLength)
  .max(SERVICE_REFERENCE_NAME_MAX, R.nameLength);
const sortOrder = z
  .number({ error: R.orderRange })
  .int(R.orderRange)
  .min(0, R.orderRange)
  .max(REFERENCE_ORDER_MAX, R.orderRange);
const enabledFlag = z.boolean({ error: R.enabledType });

/**
 * The value a new category gets from its name when none is given: small
 * letters, digits and `_` ("Salary certificate" → `salary_certificate`);
 * `category` when the name has no Latin letter or digit. The server adds
 * `_2`, `_3`... when another category has it.
 */
export function categoryValueOf(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  const lettered = /^[a-z]/.test(slug) ? slug : slug ? `c_${slug}` : 'category';
  return lettered.slice(0, SERVICE_CATEGORY_VALUE_MAX).replace(/_+$/, '');
}

/** A service category as the administration sees it. */
export const serviceCategoryItem = z.object({
  /** The administration's handle (requests keep `value`). */
  id: z.number().int(),
  value: z.string(),
  name: z.string(),
  sort_order: z.number().int(),
  enabled: z.boolean(),
  /** Service requests of this category (a category in use cannot be deleted). */
  requests_count: z.number().int(),
  /** The name in the other languages (the admin form's); `name` is in the caller's language. */
  name_translations: nameTranslationsAnswer.optional(),
});
export type ServiceCategoryItem = z.infer<typeof serviceCategoryItem>;

const categoryValue = z
  .string({ error: R.valueFormat })
  .trim()
  .toLowerCase()
  .regex(CATEGORY_VALUE, R.valueFormat);

/**
 * POST employee/service-requests/categories: `value` is made from the name
 * when absent. PATCH: any of the fields; `value` is fixed once made (requests
 * and letters keep it), so a PATCH may only send the value it has.
 */
const referenceTranslations = nameTranslations(SERVICE_REFERENCE_NAME_MAX, R.nameLength);
export const serviceCategoryCreate = z.object({
  name: referenceName,
  name_translations: referenceTranslations.optional(),
  value: categoryValue.optional(),
  sort_order: sortOrder.default(0),
  enabled: enabledFlag.default(true),
});
export type ServiceCategoryCreate = z.input<typeof serviceCategoryCreate>;
/** The form's rules: an empty value field means "make it from the name". */
export const serviceCategoryForm = serviceCategoryCreate.extend({
  value: z.union([z.literal(''), categoryValue]).optional(),
});
export const serviceCategoryUpdate = z
  .object({
    name: referenceName.optional(),
    name_translations: referenceTranslations.optional(),
    value: categoryValue.optional(),
    sort_order: sortOrder.optional(),
    enabled: enabledFlag.optional(),
  })
  .refine(somethingSent, NOTHING_SENT);
export type ServiceCategoryUpdate = z.input<typeof serviceCategoryUpdate>;

/** A NOC type as the administration sees it. */
export const nocTypeItem = z.object({
  id: z.number().int(),
  name: z.string(),
  enabled: z.boolean(),
  /** NOC requests of this type. */
  requests_count: z.number().int(),
  name_translations: nameTranslationsAnswer.optional(),
});
export type NocTypeItem = z.infer<typeof nocTypeItem>;

export const nocTypeCreate = z.object({
  name: referenceName,
  enabled: enabledFlag.default(true),
  name_translations: referenceTranslations.optional(),
});
export type NocTypeCreate = z.input<typeof nocTypeCreate>;
export const nocTypeUpdate = z
  .object({
    name: referenceName.optional(),
    enabled: enabledFlag.optional(),
    name_translations: referenceTranslations.optional(),
  })
  .refine(somethingSent, NOTHING_SENT);

export const SERVICE_CATEGORY_SORT_FIELDS = ['id', 'name', 'value', 'order'] as const;
export const NOC_TYPE_SORT_FIELDS = ['id', 'name'] as const;

/**
 * Without page, limit, sort or search: the plain array the request form has
 * always read (`{ value, name }`, `{ id, name }`), enabled ones only unless an
 * administrator asks all=true. With any of them: the administration's list.
 */
export const serviceCategoriesResponse = z.union([
  z.array(serviceCategory),
  listResponse(serviceCategoryItem),
]);
export const nocTypesResponse = z.union([z.array(idName), listResponse(nocTypeItem)]);

const idInBody = (key: string) => {
  const message = `${key} must be a whole number from 1`;
  return z.number({ error: message }).int(message).min(1, message);
};
/** DELETE with the id in the body, as SPEC.md §7 does elsewhere. */
export const serviceCategoryDelete = z.object({ service_category_id: idInBody('service_category_id') });
export const nocTypeDelete = z.object({ noc_type_id: idInBody('noc_type_id') });
