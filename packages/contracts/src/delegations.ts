import { z } from 'zod';
import { APPROVAL_MODULES, approvalModule } from './approvals';
import { isCalendarDate } from './dates';
import { defineMessages } from './messages';
import { personRef } from './people';

/**
 * Delegation (DESIGN.md §11): a person hands their decisions to someone else
 * for a range of days, in every module or the chosen ones. While it holds,
 * the delegator's waiting and new items are also the delegate's; a decision
 * the delegate takes records both people.
 */
export const DELEGATION_MESSAGES = defineMessages('delegations.validation', {
  delegateRequired: 'Please choose who decides for you',
  fromRequired: 'Please select the first day',
  toRequired: 'Please select the last day',
  dateFormat: 'Please enter a date as YYYY-MM-DD',
  toBeforeFrom: 'The last day cannot be before the first day',
  tooLong: 'A delegation lasts at most 366 days',
  modulesRequired: 'Choose at least one module, or leave the modules out for all of them',
  employeeId: 'employee_id must be an employee id',
  delegationId: 'delegation_id must be a delegation id',
});

/** The longest a delegation may last, in days. */
export const DELEGATION_MAX_DAYS = 366;

const day = (required: string) =>
  z
    .string({ error: required })
    .min(1, required)
    .regex(/^\d{4}-\d{2}-\d{2}$/, DELEGATION_MESSAGES.dateFormat)
    .refine(isCalendarDate, DELEGATION_MESSAGES.dateFormat);

const personId = (message: string) => z.number({ error: message }).int(message).positive(message);

/** Days from `from` to `to`, both counted. */
export function delegationDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

const modules = z
  .array(approvalModule, { error: DELEGATION_MESSAGES.modulesRequired })
  .min(1, DELEGATION_MESSAGES.modulesRequired)
  .max(APPROVAL_MODULES.length, DELEGATION_MESSAGES.modulesRequired)
  .nullable();

const fields = {
  delegate_id: personId(DELEGATION_MESSAGES.delegateRequired),
  from: day(DELEGATION_MESSAGES.fromRequired),
  to: day(DELEGATION_MESSAGES.toRequired),
  /** The modules handed over; null or left out: all of them. */
  modules: modules.optional(),
};

/** The days' checks, where both are given (a message on `to`). */
function checkDays(v: { from?: string | undefined; to?: string | undefined }, ctx: z.RefinementCtx) {
  if (!v.from || !v.to || !isCalendarDate(v.from) || !isCalendarDate(v.to)) return;
  if (v.to < v.from)
    ctx.addIssue({ code: 'custom', path: ['to'], message: DELEGATION_MESSAGES.toBeforeFrom });
  else if (delegationDays(v.from, v.to) > DELEGATION_MAX_DAYS)
    ctx.addIssue({ code: 'custom', path: ['to'], message: DELEGATION_MESSAGES.tooLong });
}

/** POST delegations: the caller's own, or, for an HR administrator, `employee_id`'s. */
export const delegationBody = z
  .object({ ...fields, employee_id: personId(DELEGATION_MESSAGES.employeeId).optional() })
  .strict()
  .superRefine(checkDays);
export type DelegationBody = z.infer<typeof delegationBody>;

/** PATCH delegations/{id}: any of the fields. */
export const delegationPatch = z
  .object({
    delegate_id: fields.delegate_id.optional(),
    from: fields.from.optional(),
    to: fields.to.optional(),
    modules: fields.modules,
  })
  .strict()
  .superRefine(checkDays);
export type DelegationPatch = z.infer<typeof delegationPatch>;

/** DELETE delegations: which one, in the body (SPEC.md's style for deletes). */
export const delegationIdBody = z
  .object({ delegation_id: personId(DELEGATION_MESSAGES.delegationId) })
  .strict();

export const delegationParams = z.object({
  id: z.coerce
    .number({ error: DELEGATION_MESSAGES.delegationId })
    .int()
    .positive(DELEGATION_MESSAGES.delegationId),
});

/** GET delegations: the caller's, or for an HR administrator `employee_id`'s. */
export const delegationsQuery = z.object({
  employee_id: z.coerce
    .number({ error: DELEGATION_MESSAGES.employeeId })
    .int(DELEGATION_MESSAGES.employeeId)
    .positive(DELEGATION_MESSAGES.employeeId)
    .optional(),
});

/** `upcoming`: not begun; `in_force`: today is one of its days; `ended`: its last day has passed. */
export const DELEGATION_STATES = ['upcoming', 'in_force', 'ended'] as const;
export type DelegationState = (typeof DELEGATION_STATES)[number];

export const delegation = z.object({
  id: z.number().int(),
  delegator: personRef,
  delegate: personRef,
  from: z.string(),
  to: z.string(),
  /** The modules handed over; null: all of them. */
  modules: z.array(approvalModule).nullable(),
  state: z.enum(DELEGATION_STATES),
  /** Who wrote it: the delegator, or an HR administrator for them. */
  created_by: personRef.nullable(),
  /** What the caller may do with it (the delegator and HR administrators change one not yet ended). */
  actions: z.array(z.enum(['edit', 'delete'])),
});
export type Delegation = z.infer<typeof delegation>;

/**
 * GET delegations: `given`, those the person handed over (newest first);
 * `received`, those naming them delegate that have not ended.
 */
export const delegationsResponse = z.object({
  given: z.array(delegation),
  received: z.array(delegation),
});
export type DelegationsResponse = z.infer<typeof delegationsResponse>;

const present = (v: unknown) => v !== null && v !== undefined && v !== '';

/**
 * The form's rules (its values are pickers), under the body's field names so
 * the server's field errors land on the same fields; `all_modules` false asks
 * for at least one module.
 */
export const delegationForm = z
  .object({
    delegate_id: z.custom<unknown>(present, DELEGATION_MESSAGES.delegateRequired),
    from: z.custom<unknown>(present, DELEGATION_MESSAGES.fromRequired),
    to: z.custom<unknown>(present, DELEGATION_MESSAGES.toRequired),
    all_modules: z.boolean().optional(),
    modules: z.array(z.string()).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.all_modules === false && !v.modules?.length)
      ctx.addIssue({ code: 'custom', path: ['modules'], message: DELEGATION_MESSAGES.modulesRequired });
  });
