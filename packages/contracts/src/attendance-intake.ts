import { z } from 'zod';
import { ADMIN_MESSAGES, referenceListQuery, referenceName } from './admin';
import { isCalendarDateTime } from './dates';
import { sortWithDefault } from './employee-search';
import {
  IMPORT_ERRORS_KEPT,
  type ImportFileBody,
  importFileBody,
  importRecord,
  importRowError as importRowErrorOf,
  importsQuery,
} from './imports';
import { type ListResponse, listResponse } from './lists';
import { idName } from './lookups';
import { defineMessages } from './messages';

/**
 * How punches get in (DESIGN.md §7, §10): attendance devices that send them
 * with a key of their own, and CSV files that HR administrators import. The
 * limits, shapes and texts both sides share.
 */

/** The header a device sends its key in. */
export const DEVICE_KEY_HEADER = 'x-device-key';
/** Punches in one device call. */
export const PUNCH_BATCH_MAX = 1000;
/** The largest CSV file an import takes: about 100,000 punches. */
export const PUNCH_FILE_MAX_BYTES = 4 * 1024 * 1024;
/** Refused rows an import keeps and answers (it counts them all). */
export const PUNCH_IMPORT_ERRORS_KEPT = IMPORT_ERRORS_KEPT;
export const DEVICE_CODE_MAX = 60;
/** A punch's time as a device sends it, on the office's wall clock. */
export const PUNCH_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
/** Punches before this moment are refused: a device whose clock was reset sends 1970 or 2000. */
export const PUNCH_EARLIEST = '2000-01-01 00:00:00';
/**
 * Punches more than this many minutes ahead of the office's clock (the
 * server's time zone) are refused: room for a device's clock running a
 * little fast, none for a punch made up ahead of time.
 */
export const PUNCH_AHEAD_MINUTES = 5;

export const ATTENDANCE_INTAKE_MESSAGES = defineMessages('attendanceAdmin.validation', {
  codeRequired: 'Code must not be empty',
  codeFormat: `A code has at most ${DEVICE_CODE_MAX} letters, digits, dots, dashes or underscores, and starts with a letter or digit`,
  punchesRequired: 'Send the punches as a list',
  batchTooLarge: `A call sends at most ${PUNCH_BATCH_MAX} punches; send the rest in another call`,
  punchEid: 'eid must be text',
  punchAt: `at must be text (${PUNCH_TIME_FORMAT})`,
  deviceRequired: 'device_id must be the id of a device',
  companyRequired: ADMIN_MESSAGES.companyRequired,
  companyUnknown: ADMIN_MESSAGES.companyUnknown,
  officeUnknown: 'This office does not exist',
});
const M = ATTENDANCE_INTAKE_MESSAGES;

/* Devices */

const code = z
  .string({ error: M.codeRequired })
  .trim()
  .min(1, { error: M.codeRequired, abort: true })
  .max(DEVICE_CODE_MAX, M.codeFormat)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, M.codeFormat);

const name = referenceName;

/** Whose punches a device sends: the employees of this company. */
const companyId = z
  .number({
    error: (i) => (i.input === undefined || i.input === null ? M.companyRequired : M.companyUnknown),
  })
  .int(M.companyUnknown)
  .min(1, M.companyUnknown);

/** ...and of this office of it only; null: every office of the company. */
const officeId = z.number({ error: M.officeUnknown }).int(M.officeUnknown).min(1, M.officeUnknown).nullable();

/**
 * POST attendance/devices: the device gets a key of its own, answered once.
 * It punches for the employees of its company (of its office, when one is
 * given), enabled ones only.
 */
export const deviceCreate = z.object({ code, name, company_id: companyId, office_id: officeId.optional() });
export type DeviceCreate = z.input<typeof deviceCreate>;

/**
 * PATCH attendance/devices/{id}: its name, whose punches it sends (company,
 * office or null for the whole company), or whether it may send punches.
 * The code stays.
 */
export const deviceUpdate = z
  .object({
    name: name.optional(),
    company_id: companyId.optional(),
    office_id: officeId.optional(),
    enabled: z.boolean({ error: ADMIN_MESSAGES.enabled }).optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), ADMIN_MESSAGES.nothingToChange);
export type DeviceUpdate = z.input<typeof deviceUpdate>;

/** DELETE attendance/devices: a device that never sent a punch. */
export const deviceDelete = z.object({
  device_id: z.number({ error: M.deviceRequired }).int(M.deviceRequired).min(1, M.deviceRequired),
});

export const DEVICE_SORT_FIELDS = ['id', 'code', 'name', 'company', 'office', 'last_seen'] as const;

export const devicesQuery = referenceListQuery.extend({ sort: sortWithDefault('id,desc') });

export const device = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  /** Whose punches it sends: this company's employees; null (a device made before scopes): nobody's. */
  company: idName.nullable(),
  /** Of this office only; null: every office of the company. */
  office: idName.nullable(),
  enabled: z.boolean(),
  /** Whether the device has a key (one made before keys existed may not). */
  has_key: z.boolean(),
  /** When it last sent punches (ISO time), or null. */
  last_seen_at: z.string().nullable(),
  created: z.string(),
  updated: z.string(),
});
export type Device = z.infer<typeof device>;

/** A new device, or a device with a new key: the only answers that carry the key. */
export const deviceWithKey = device.extend({
  /** 32 random bytes, base64url. Only its SHA-256 is kept: it cannot be shown again. */
  key: z.string(),
});
export type DeviceWithKey = z.infer<typeof deviceWithKey>;

export const devicesResponse = listResponse(device);
export type DevicesResponse = ListResponse<Device>;

/* The device API */

/**
 * Why a punch of a device's batch was refused. `eid_unknown` also answers an
 * employee outside the device's company or office, or disabled: a device
 * learns nothing of the people it does not punch for.
 */
export const PUNCH_REFUSALS = ['eid_unknown', 'time_invalid', 'time_out_of_range', 'time_ahead'] as const;
export type PunchRefusal = (typeof PUNCH_REFUSALS)[number];

/** One punch: an employee's E-ID and the moment on the office's clock. */
export const punchIn = z.object({
  eid: z.string({ error: M.punchEid }).max(200, M.punchEid),
  at: z.string({ error: M.punchAt }).max(200, M.punchAt),
});
export type PunchIn = z.infer<typeof punchIn>;

/** POST attendance/punches (X-Device-Key): a batch of at most PUNCH_BATCH_MAX punches; empty is a heartbeat. */
export const punchBatch = z.object({
  punches: z.array(punchIn, { error: M.punchesRequired }).max(PUNCH_BATCH_MAX, M.batchTooLarge),
});
export type PunchBatch = z.infer<typeof punchBatch>;

export const punchBatchResult = z.object({
  /** Punches in the batch. */
  received: z.number().int(),
  /** New punches kept. */
  added: z.number().int(),
  /** Punches already kept (sent before, or twice in the batch). */
  duplicates: z.number().int(),
  /** Punches refused, by their place in the batch (from 0); the rest of the batch is kept. */
  refused: z.array(z.object({ index: z.number().int(), reason: z.enum(PUNCH_REFUSALS) })),
});
export type PunchBatchResult = z.infer<typeof punchBatchResult>;

/* CSV imports */

/** Why a row of a file was refused. */
export const IMPORT_REFUSALS = [
  'columns',
  'eid_unknown',
  'time_invalid',
  'time_out_of_range',
  'time_ahead',
  'device_unknown',
] as const;
export type ImportRefusal = (typeof IMPORT_REFUSALS)[number];

/** The English reasons (the web app has them in every language, by the same ids). */
export const REFUSAL_TEXTS: Record<ImportRefusal, string> = {
  columns: 'A row has three columns: E-ID, date-time and device code',
  eid_unknown: 'No employee has this E-ID',
  time_invalid: 'The date-time is not a real moment written YYYY-MM-DD HH:mm[:ss] or DD-MM-YYYY HH:mm[:ss]',
  time_out_of_range: 'The date-time is before the year 2000',
  time_ahead: `The date-time is more than ${PUNCH_AHEAD_MINUTES} minutes ahead of the office's clock`,
  device_unknown: 'No attendance device has this code',
};

/** The columns of a file, in order; a first line without any digit is taken as their names. */
export const IMPORT_COLUMNS = ['E-ID', 'Date-time', 'Device'] as const;

/** POST attendance/imports. */
export const punchImportBody = importFileBody;
export type PunchImportBody = ImportFileBody;

export const importRowError = importRowErrorOf(IMPORT_REFUSALS);
export type ImportRowError = z.infer<typeof importRowError>;

export const punchImport = importRecord(importRowError);
export type PunchImport = z.infer<typeof punchImport>;

export const punchImportsQuery = importsQuery;
export const punchImportsResponse = listResponse(punchImport);
export type PunchImportsResponse = ListResponse<PunchImport>;

/* Times */

const ISO_FORM = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})(?::(\d{2}))?$/;
const DAY_FIRST_FORM = /^(\d{2})-(\d{2})-(\d{4}) (\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * A file's date-time as `YYYY-MM-DD HH:mm:ss`, or null: `YYYY-MM-DD HH:mm[:ss]`
 * or SPEC.md's `DD-MM-YYYY HH:mm[:ss]`, a real date and time.
 */
export function fileTime(text: string): string | null {
  const iso = ISO_FORM.exec(text);
  const m = iso ?? DAY_FIRST_FORM.exec(text);
  if (!m) return null;
  const [y, mo, d] = iso ? [m[1], m[2], m[3]] : [m[3], m[2], m[1]];
  const value = `${y}-${mo}-${d} ${m[4]}:${m[5]}:${m[6] ?? '00'}`;
  return isCalendarDateTime(value) ? value : null;
}

/** A device's time (`YYYY-MM-DD HH:mm:ss` exactly), or null. */
export function deviceTime(text: string): string | null {
  return isCalendarDateTime(text) ? text : null;
}

/**
 * The latest acceptable punch, `YYYY-MM-DD HH:mm:ss` on the office's clock:
 * PUNCH_AHEAD_MINUTES after `now` (the office's clock now) counted on the
 * wall clock, or the office's clock itself PUNCH_AHEAD_MINUTES from now
 * (`soon`) when that is later. The two differ only when the clock is put
 * forward or back within those minutes (summer time): the later of the two
 * never refuses a punch of the office's present.
 */
export function latestPunch(now: string, soon: string): string {
  const wall = new Date(`${now.replace(' ', 'T')}Z`).getTime() + PUNCH_AHEAD_MINUTES * 60_000;
  const ahead = new Date(wall).toISOString().slice(0, 19).replace('T', ' ');
  return soon > ahead ? soon : ahead;
}
