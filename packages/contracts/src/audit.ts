import { z } from 'zod';
import { isCalendarDate } from './dates';
import { defineMessages } from './messages';

/**
 * The tamper-evident audit (docs/decisions.md, "Tamper-evident audit"): HR's
 * CSV export of the audit rows of a date range (`GET audit/export`) and the
 * state of the hash chain (`GET audit/chain`, `POST audit/chain/verify`).
 */

/** The longest range one export covers (a year and a day, for a leap year). */
export const AUDIT_EXPORT_MAX_DAYS = 366;

export const AUDIT_MESSAGES = defineMessages('audit.validation', {
  fromRequired: 'From date must not be empty',
  toRequired: 'To date must not be empty',
  dateFormat: 'A date looks like YYYY-MM-DD and must be a real day',
  toBeforeFrom: 'To date must not be before the from date',
  rangeTooLong: `An export covers at most ${AUDIT_EXPORT_MAX_DAYS} days`,
});

const date = (required: string) =>
  z
    .string({ error: required })
    .min(1, { error: required, abort: true })
    .refine(isCalendarDate, AUDIT_MESSAGES.dateFormat);

const dayNumber = (d: string) => Math.round(Date.parse(`${d}T00:00:00Z`) / 86_400_000);

/** GET audit/export: the rows written from `from` to `to` (office days, both included). */
export const auditExportQuery = z
  .object({ from: date(AUDIT_MESSAGES.fromRequired), to: date(AUDIT_MESSAGES.toRequired) })
  .superRefine((q, ctx) => {
    if (q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: AUDIT_MESSAGES.toBeforeFrom });
    else if (dayNumber(q.to) - dayNumber(q.from) + 1 > AUDIT_EXPORT_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: AUDIT_MESSAGES.rangeTooLong });
  });
export type AuditExportQuery = z.output<typeof auditExportQuery>;

/** The file name of an export. */
export const auditExportFileName = (from: string, to: string) => `Audit_${from}_${to}.csv`;

/** The columns of the export, in order. */
export const AUDIT_EXPORT_COLUMNS = [
  'ID',
  'Time (UTC)',
  'Actor E-ID',
  'Actor',
  'Impersonator E-ID',
  'Impersonator',
  'On behalf of E-ID',
  'On behalf of',
  'Action',
  'Entity',
  'Entity ID',
  'From status',
  'To status',
  'Data',
  'Hash',
] as const;

/** Kinds of break the verifier names (lib/audit-chain.ts). */
export const CHAIN_BREAKS = [
  'edited',
  'deleted_before',
  'reordered',
  'head_mismatch',
  'unsealed_inside',
  'redaction_mismatch',
] as const;

export const chainVerification = z.object({
  ok: z.boolean(),
  /** When the chain was last verified (ISO time). */
  checked_at: z.string(),
  /** Sealed rows walked. */
  rows: z.number().int(),
  /** The first broken row and what is wrong with it, when the chain is broken. */
  problem: z
    .object({ id: z.number().int().nullable(), kind: z.enum(CHAIN_BREAKS), detail: z.string() })
    .nullable(),
});
export type ChainVerification = z.infer<typeof chainVerification>;

/** GET audit/chain: how far the chain is sealed, and its last verification. */
export const auditChainStatus = z.object({
  sealed: z.number().int(),
  unsealed: z.number().int(),
  last_sealed_id: z.number().int().nullable(),
  last_sealed_at: z.string().nullable(),
  verification: chainVerification.nullable(),
});
export type AuditChainStatus = z.infer<typeof auditChainStatus>;
