import { z } from 'zod';
import { isCalendarDate } from './dates';
import { DEFAULT_PAGE_SIZE, DEFAULT_SORT, PAGE_SIZES } from './limits';
import { RECORD_CHANGES } from './workflow';

/**
 * The list conventions of DESIGN.md §2, shared by leave, remote work, HR
 * services, KPI and EPR: page from 1, limit 10/20/50 (default 10), sort
 * `field,dir` (default id,desc), list_type self | team.
 */
export const listType = z.enum(['self', 'team']);
export type ListType = z.infer<typeof listType>;

export const page = z.coerce
  .number({ error: 'page must be a whole number from 1' })
  .int('page must be a whole number from 1')
  .min(1, 'page must be a whole number from 1')
  .default(1);

export const limit = z.coerce
  .number({ error: `limit must be one of ${PAGE_SIZES.join(', ')}` })
  .refine(
    (v) => (PAGE_SIZES as readonly number[]).includes(v),
    `limit must be one of ${PAGE_SIZES.join(', ')}`,
  )
  .default(DEFAULT_PAGE_SIZE);

export const sort = z
  .string()
  .regex(/^[a-z_.]+,(asc|desc)$/i, 'sort must look like "field,asc" or "field,desc"')
  .default(DEFAULT_SORT);

/** A date range filter `YYYY-MM-DD,YYYY-MM-DD` (either end may be empty). */
export const dateRange = z
  .string()
  .regex(/^(\d{4}-\d{2}-\d{2})?,(\d{4}-\d{2}-\d{2})?$/, 'a range must look like "YYYY-MM-DD,YYYY-MM-DD"')
  .transform((v) => {
    const [from, to] = v.split(',');
    return { from: from || null, to: to || null };
  })
  .refine(
    (r) => (!r.from || isCalendarDate(r.from)) && (!r.to || isCalendarDate(r.to)),
    'the range has a day that does not exist',
  )
  .refine((r) => !r.from || !r.to || r.from <= r.to, 'the range must not end before it starts');

export const listQuery = z.object({ page, limit, sort, list_type: listType.default('self') });

export const pagination = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  pages: z.number().int(),
  /** Link to the next page, or null on the last. */
  next: z.string().nullable(),
  prev: z.string().nullable(),
});
export type Pagination = z.infer<typeof pagination>;

/** `{ items, count, total, pagination }`: count is the items on this page, total all matches. */
export function listResponse<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), count: z.number().int(), total: z.number().int(), pagination });
}
export interface ListResponse<T> {
  items: T[];
  count: number;
  total: number;
  pagination: Pagination;
}

/** A status as answers carry it: id, name and colour (names come from the server). */
export const status = z.object({ id: z.number().int(), name: z.string(), color: z.string() });
export type Status = z.infer<typeof status>;

/**
 * A request's latest decision (approve, reject, send back, cancel, done):
 * who took it and, when they decided for someone else (a delegation, an
 * escalation), on whose behalf. Null before any decision.
 */
export const decision = z
  .object({
    action: z.string(),
    by: z.string(),
    on_behalf_of: z.string().nullable(),
    /** ISO 8601. */
    at: z.string(),
    /** The decider's words with it (the approvals inbox), if any. */
    comment: z.string().nullable(),
  })
  .nullable();
export type Decision = z.infer<typeof decision>;

/**
 * The `actions` of a record's answer: what the caller may do with it now,
 * decided by the server (its workflow's transitions for the caller's
 * standing, and edit and delete); the web offers these and nothing else.
 * (Here, not in workflow.ts, so the web's pages that read the workflow's
 * names load no zod with them.)
 */
export function recordActions<const A extends readonly [string, ...string[]]>(transitions: A) {
  return z.array(z.enum([...transitions, ...RECORD_CHANGES]));
}
