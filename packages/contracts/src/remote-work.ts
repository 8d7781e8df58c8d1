import { z } from 'zod';
import { isCalendarDate } from './dates';
import { dateRange, decision, listQuery, listResponse, recordActions, status } from './lists';
import { idName } from './lookups';
import { defineMessages, MESSAGES } from './messages';
import { personRef } from './people';
import { REMOTE_WORK_TYPE } from './remote-work-rules';
import { linesText, lineText } from './text';
import { nameTranslations, nameTranslationsAnswer } from './translations';
import { REQUEST_ACTIONS } from './workflow';

export * from './remote-work-rules';

export const REMOTE_WORK_DESCRIPTION_MAX = 1000;
/** A day-based request may span at most a year. */
export const REMOTE_WORK_MAX_DAYS = 366;

/** Texts SPEC.md does not give, in its style. */
export const REMOTE_WORK_MESSAGES = defineMessages('remoteWork.validation', {
  dateRequired: 'Please select the date',
  fromDateRequired: 'Please select the start date',
  toDateRequired: 'Please select the end date',
  fromTimeRequired: 'Please select the start time',
  toTimeRequired: 'Please select the end time',
  dateFormat: 'A date looks like YYYY-MM-DD and must be a real day',
  timeFormat: 'A time looks like HH:mm (00:00 to 23:59)',
  toDateBeforeFromDate: 'The end date must not be before the start date',
  toTimeNotAfterFromTime: 'The end time must be after the start time',
  hourlyOneDay: 'Hourly remote work ends on the day it starts',
  noTimesForDays: 'Times are only for hourly remote work',
  tooLong: 'A remote-work request may span at most 366 days',
  descriptionTooLong: 'Description must be at most 1000 characters',
  descriptionText: 'Description must be text',
  typeUnknown: 'This remote-work type does not exist',
});

const DAY_MS = 86_400_000;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
/** Whether a value is `HH:mm` on a 24-hour clock. */
export const isTime = (value: string) => TIME.test(value);

const blank = (v: string | null | undefined): v is null | undefined | '' =>
  v === null || v === undefined || v.trim() === '';

const optionalText = (message: string) => z.string({ error: message }).nullable().optional();
/** The request's description: several lines. */
const description = linesText(z.string({ error: REMOTE_WORK_MESSAGES.descriptionText }))
  .max(REMOTE_WORK_DESCRIPTION_MAX, REMOTE_WORK_MESSAGES.descriptionTooLong)
  .nullable()
  .optional();

/**
 * POST remote-work / PATCH remote-work/{id}. Type 1 (hourly): `from_date` is
 * the day, `from_time` and `to_time` are `HH:mm`, `to_date` is that day or
 * absent. Other types: `from_date` and `to_date` are days, no times.
 */
export const remoteWorkBody = z
  .object({
    type_id: z.number({ error: MESSAGES.selectType }).int(MESSAGES.selectType).positive(MESSAGES.selectType),
    from_date: optionalText(REMOTE_WORK_MESSAGES.dateFormat),
    to_date: optionalText(REMOTE_WORK_MESSAGES.dateFormat),
    from_time: optionalText(REMOTE_WORK_MESSAGES.timeFormat),
    to_time: optionalText(REMOTE_WORK_MESSAGES.timeFormat),
    description,
  })
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    const hourly = v.type_id === REMOTE_WORK_TYPE.hourly;

    let from: string | null = null;
    if (blank(v.from_date)) {
      issue('from_date', hourly ? REMOTE_WORK_MESSAGES.dateRequired : REMOTE_WORK_MESSAGES.fromDateRequired);
    } else if (!isCalendarDate(v.from_date)) issue('from_date', REMOTE_WORK_MESSAGES.dateFormat);
    else from = v.from_date;

    let to: string | null = null;
    if (blank(v.to_date)) {
      if (!hourly) issue('to_date', REMOTE_WORK_MESSAGES.toDateRequired);
    } else if (!isCalendarDate(v.to_date)) issue('to_date', REMOTE_WORK_MESSAGES.dateFormat);
    else to = v.to_date;

    if (hourly) {
      if (from && to && to !== from) issue('to_date', REMOTE_WORK_MESSAGES.hourlyOneDay);
      const times: [string | null, string | null] = [null, null];
      for (const [i, key, required] of [
        [0, 'from_time', REMOTE_WORK_MESSAGES.fromTimeRequired],
        [1, 'to_time', REMOTE_WORK_MESSAGES.toTimeRequired],
      ] as const) {
        const value = v[key];
        if (blank(value)) issue(key, required);
        else if (!isTime(value)) issue(key, REMOTE_WORK_MESSAGES.timeFormat);
        else times[i] = value;
      }
      if (times[0] && times[1] && times[1] <= times[0]) {
        issue('to_time', REMOTE_WORK_MESSAGES.toTimeNotAfterFromTime);
      }
    } else {
      if (from && to && to < from) issue('to_date', REMOTE_WORK_MESSAGES.toDateBeforeFromDate);
      else if (from && to && (Date.parse(to) - Date.parse(from)) / DAY_MS + 1 > REMOTE_WORK_MAX_DAYS) {
        issue('to_date', REMOTE_WORK_MESSAGES.tooLong);
      }
      for (const key of ['from_time', 'to_time'] as const) {
        if (!blank(v[key])) issue(key, REMOTE_WORK_MESSAGES.noTimesForDays);
      }
    }
  });
export type RemoteWorkBody = z.infer<typeof remoteWorkBody>;

/**
 * The form's rules (its values are pickers, not strings), under the body's
 * field names so that the server's field errors land on the same fields:
 * type 1 shows `from_date` (the day), `from_time` and `to_time`; the other
 * types `from_date` and `to_date`.
 */
const present = (v: unknown) => v !== null && v !== undefined && v !== '';
export const remoteWorkForm = z
  .object({
    type_id: z.custom<unknown>(present, MESSAGES.selectType),
    from_date: z.unknown().optional(),
    to_date: z.unknown().optional(),
    from_time: z.unknown().optional(),
    to_time: z.unknown().optional(),
    description,
  })
  .superRefine((v, ctx) => {
    const required = (path: string, message: string) => {
      if (!present(v[path as keyof typeof v])) ctx.addIssue({ code: 'custom', path: [path], message });
    };
    if (v.type_id === REMOTE_WORK_TYPE.hourly) {
      required('from_date', REMOTE_WORK_MESSAGES.dateRequired);
      required('from_time', REMOTE_WORK_MESSAGES.fromTimeRequired);
      required('to_time', REMOTE_WORK_MESSAGES.toTimeRequired);
    } else {
      required('from_date', REMOTE_WORK_MESSAGES.fromDateRequired);
      required('to_date', REMOTE_WORK_MESSAGES.toDateRequired);
    }
  });

export const remoteWorkListQuery = listQuery.extend({
  type_id: z.coerce.number().int().positive().optional(),
  from_date_range: dateRange.optional(),
  to_date_range: dateRange.optional(),
  employee_id: z.coerce.number().int().positive().optional(),
  status_id: z.coerce.number().int().min(1).max(4).optional(),
});
export type RemoteWorkListQuery = z.input<typeof remoteWorkListQuery>;

/** The sortable fields of the remote-work list. */
export const REMOTE_WORK_SORT_FIELDS = [
  'id',
  'created',
  'updated',
  'from_date',
  'to_date',
  'type',
  'status',
  'employee',
] as const;

export const remoteWorkType = idName;
export type RemoteWorkType = z.infer<typeof remoteWorkType>;

export const remoteWork = z.object({
  id: z.number().int(),
  employee: personRef,
  employee_id: z.number().int(),
  line_manager: personRef.nullable(),
  one_over_one: personRef.nullable(),
  type: idName,
  type_id: z.number().int(),
  from_date: z.string(),
  to_date: z.string(),
  /** `HH:mm` for type 1, else null. */
  from_time: z.string().nullable(),
  to_time: z.string().nullable(),
  description: z.string().nullable(),
  status: status,
  decision,
  /** What the caller may do with it now (approve, reject, submit, edit, delete). */
  actions: recordActions(REQUEST_ACTIONS),
  created: z.string(),
  updated: z.string(),
});
export type RemoteWork = z.infer<typeof remoteWork>;

export const remoteWorkList = listResponse(remoteWork);

export const remoteWorkIdBody = z.object({
  remote_work_id: z.number({ error: 'remote_work_id must be a number' }).int().positive(),
});

/* Administration: remote-work types (HR administrators change them, everyone reads them) */

export const REMOTE_WORK_TYPE_NAME_MAX = 60;

/** Texts of the administration form; they translate under `reference.validation.<id>`. */
export const REMOTE_WORK_TYPE_MESSAGES = defineMessages('reference.validation', {
  typeNameLength: 'Name must have a length between 2 and 60',
  enabledType: 'Enabled must be true or false',
});

const typeName = lineText(z.string({ error: MESSAGES.nameRequired }).trim())
  .min(1, { error: MESSAGES.nameRequired, abort: true })
  .min(2, REMOTE_WORK_TYPE_MESSAGES.typeNameLength)
  .max(REMOTE_WORK_TYPE_NAME_MAX, REMOTE_WORK_TYPE_MESSAGES.typeNameLength);
const typeEnabled = z.boolean({ error: REMOTE_WORK_TYPE_MESSAGES.enabledType });

/** A remote-work type as the administration sees it. */
export const remoteWorkTypeItem = z.object({
  id: z.number().int(),
  name: z.string(),
  enabled: z.boolean(),
  /** Type 1: hours within a day (SPEC.md §9); it cannot be deleted. */
  hourly: z.boolean(),
  /** Remote-work requests of this type (a type in use cannot be deleted). */
  requests_count: z.number().int(),
  /** The name in the other languages (the admin form's); `name` is in the caller's language. */
  name_translations: nameTranslationsAnswer.optional(),
});
export type RemoteWorkTypeItem = z.infer<typeof remoteWorkTypeItem>;

const typeTranslations = nameTranslations(
  REMOTE_WORK_TYPE_NAME_MAX,
  REMOTE_WORK_TYPE_MESSAGES.typeNameLength,
);
export const remoteWorkTypeCreate = z.object({
  name: typeName,
  enabled: typeEnabled.default(true),
  name_translations: typeTranslations.optional(),
});
export type RemoteWorkTypeCreate = z.input<typeof remoteWorkTypeCreate>;
export const remoteWorkTypeUpdate = z
  .object({
    name: typeName.optional(),
    enabled: typeEnabled.optional(),
    name_translations: typeTranslations.optional(),
  })
  .refine(
    (v) => v.name !== undefined || v.enabled !== undefined || v.name_translations !== undefined,
    'Send at least one field to change',
  );

export const REMOTE_WORK_TYPE_SORT_FIELDS = ['id', 'name'] as const;

/**
 * Without page, limit, sort or search: the plain array the request form has
 * always read (`{ id, name }`, enabled ones unless an administrator asks
 * all=true); with any of them, the administration's list.
 */
export const remoteWorkTypesResponse = z.union([z.array(remoteWorkType), listResponse(remoteWorkTypeItem)]);

export const remoteWorkTypeDelete = z.object({
  remote_work_type_id: z
    .number({ error: 'remote_work_type_id must be a whole number from 1' })
    .int('remote_work_type_id must be a whole number from 1')
    .min(1, 'remote_work_type_id must be a whole number from 1'),
});
