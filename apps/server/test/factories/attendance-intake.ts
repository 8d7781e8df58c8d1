import { randomBytes } from 'node:crypto';
import type { DeviceWithKey, PunchBatchResult, PunchImport } from '@hr/contracts/attendance-intake';
import { asc, count, eq, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../src/db/client';
import { punches, punchImports } from '../../src/db/schema';
import type { TestContext } from '../helper';

/** A device code no other test of the file has used. */
export const deviceCode = (prefix = 'GATE') => `${prefix}-${randomBytes(3).toString('hex').toUpperCase()}`;

/**
 * Adds a device through the API as `adminToken`; answers it with its key. It
 * punches for the factory's company (the company of `ctx.factory.employee()`)
 * unless the body names another, or an office.
 */
export async function makeDevice(
  ctx: TestContext,
  adminToken: string,
  body: { code?: string; name?: string; company_id?: number; office_id?: number | null } = {},
): Promise<DeviceWithKey> {
  const res = await ctx.call({
    method: 'POST',
    url: '/api/v1/attendance/devices',
    token: adminToken,
    payload: {
      code: body.code ?? deviceCode(),
      name: body.name ?? 'Main gate reader',
      company_id: body.company_id ?? (await ctx.factory.company()).companyId,
      ...(body.office_id === undefined ? {} : { office_id: body.office_id }),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** Sends a batch as a device would (no user token; the key in X-Device-Key, when given). */
export function sendPunches(ctx: TestContext, key: string | null, batch: unknown, remoteAddress?: string) {
  return ctx.call({
    method: 'POST',
    url: '/api/v1/attendance/punches',
    headers: key === null ? {} : { 'x-device-key': key },
    payload: batch as object,
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

/** Sends a batch that must be taken; answers the device API's counts. */
export async function sendOk(ctx: TestContext, key: string, batch: unknown): Promise<PunchBatchResult> {
  const res = await sendPunches(ctx, key, batch);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A CSV file as the import body takes it: lines joined with CRLF, base64. */
export function csvFile(lines: string[], newline = '\r\n'): string {
  return Buffer.from(lines.join(newline) + newline, 'utf8').toString('base64');
}

/** Imports a file (a dry run with `dryRun`); answers the status and the body. */
export async function importFile(
  ctx: TestContext,
  token: string | null,
  file: string,
  options: { fileName?: string; dryRun?: boolean } = {},
) {
  const res = await ctx.call({
    method: 'POST',
    url: '/api/v1/attendance/imports',
    token,
    payload: {
      file_name: options.fileName ?? 'punches.csv',
      file,
      ...(options.dryRun === undefined ? {} : { dry_run: options.dryRun }),
    },
  });
  return { status: res.statusCode, body: res.json() as PunchImport & { error?: string }, raw: res };
}

/** The punches kept for these employees, in time order. */
export async function punchesOf(db: Db, employeeIds: number[]) {
  return db
    .select({
      employeeId: punches.employeeId,
      at: punches.at,
      deviceCode: punches.deviceCode,
      source: punches.source,
      importId: punches.importId,
    })
    .from(punches)
    .where(inArray(punches.employeeId, employeeIds))
    .orderBy(asc(punches.employeeId), asc(punches.at), asc(punches.deviceCode));
}

export async function punchCount(db: Db, employeeIds: number[]): Promise<number> {
  const [row] = await db.select({ n: count() }).from(punches).where(inArray(punches.employeeId, employeeIds));
  return row?.n ?? 0;
}

export async function importCount(db: Db, fileName: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(punchImports).where(eq(punchImports.fileName, fileName));
  return row?.n ?? 0;
}
