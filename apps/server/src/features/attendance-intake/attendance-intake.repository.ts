import type { DEVICE_SORT_FIELDS } from '@hr/contracts/attendance-intake';
import { type AnyColumn, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { attendanceDevices, employees, punches } from '../../db/schema';
import { preparedOnce } from '../../lib/prepared';
import { type TableRow, tableStore } from '../../lib/reference-data';

/** The rows of a raw query, from either driver (both answer `{ rows }`). */
function rowsOf<T>(result: unknown): T[] {
  const rows = (result as { rows?: unknown }).rows;
  return Array.isArray(rows) ? (rows as T[]) : [];
}

/** A list of values as one array parameter: one parameter whatever the length of the batch. */
const textArray = (values: string[]) => sql`${sql.param(values)}::text[]`;

export type DeviceRow = TableRow<typeof attendanceDevices>;
export type DeviceValues = typeof attendanceDevices.$inferInsert;

const plainDevices = tableStore(attendanceDevices, {
  uniqueName: { column: attendanceDevices.code, key: 'code' },
  sortable: {
    id: attendanceDevices.id,
    code: sql`lower(${attendanceDevices.code})`,
    name: sql`lower(${attendanceDevices.name})`,
    last_seen: attendanceDevices.lastSeenAt,
  } satisfies Record<(typeof DEVICE_SORT_FIELDS)[number], AnyColumn | SQL>,
  searchIn: [attendanceDevices.name, attendanceDevices.code],
});

/** A device as the key check needs it. */
export interface DeviceKeyRow {
  id: number;
  code: string;
  keyHash: string | null;
  enabled: boolean;
}

export const attendanceIntakeRepository = {
  /**
   * Devices as reference data. Codes are unique (they name the device in
   * punches and files): the machinery's name check is the code check, so a
   * race past it meets the unique index with the same answer.
   */
  devices: plainDevices,

  /**
   * Whether a punch names the device. (No index starts with the device code:
   * a device without punches is a scan of the punches, which a rare delete
   * can afford.)
   */
  async hasPunches(db: Db, code: string): Promise<boolean> {
    const [row] = await db
      .select({ one: sql<number>`1` })
      .from(punches)
      .where(eq(punches.deviceCode, code))
      .limit(1);
    return Boolean(row);
  },

  async setKeyHash(db: Db, id: number, keyHash: string): Promise<void> {
    await db
      .update(attendanceDevices)
      .set({ keyHash, updatedAt: new Date() })
      .where(eq(attendanceDevices.id, id));
  },

  /** Every device that has a key (a short list; it runs on every device call, so it is prepared). */
  async deviceKeys(db: Db): Promise<DeviceKeyRow[]> {
    const statement = preparedOnce(db, 'attendance-device-keys', (name) =>
      db
        .select({
          id: attendanceDevices.id,
          code: attendanceDevices.code,
          keyHash: attendanceDevices.keyHash,
          enabled: attendanceDevices.enabled,
        })
        .from(attendanceDevices)
        .where(isNotNull(attendanceDevices.keyHash))
        .prepare(name),
    );
    return statement.execute();
  },

  async deviceCodes(db: Db): Promise<string[]> {
    const rows = await db.select({ code: attendanceDevices.code }).from(attendanceDevices);
    return rows.map((r) => r.code);
  },

  async seen(db: Db, id: number): Promise<void> {
    await db.update(attendanceDevices).set({ lastSeenAt: sql`now()` }).where(eq(attendanceDevices.id, id));
  },

  /**
   * A device's batch in one statement: the punches of known E-IDs are added
   * (one already there is left as it is), and the places (from 1) of the
   * E-IDs no employee has are answered. Rows go in in index order, so two
   * batches meeting on the same punches wait for each other instead of
   * deadlocking.
   */
  async addDevicePunches(
    db: Db,
    deviceCode: string,
    eids: string[],
    ats: string[],
  ): Promise<{ added: number; unknown: number[] }> {
    const [row] = rowsOf<{ added: number; unknown: number[] | null }>(
      await db.execute(sql`
        with input as (
          select u.eid, u.at, u.place
            from unnest(${textArray(eids)}, ${textArray(ats)}) with ordinality as u(eid, at, place)
        ), known as (
          select input.place, input.at, e.id as employee_id
            from input left join ${employees} e on e.eid = input.eid
        ), added as (
          insert into ${punches} (employee_id, at, device_code, source)
          select employee_id, at::timestamp, ${deviceCode}, 'device'
            from known where employee_id is not null
           order by employee_id, at
          on conflict (employee_id, at, device_code) do nothing
          returning 1
        )
        select (select count(*) from added)::int as added,
               (select array_agg(place::int order by place) from known where employee_id is null) as unknown`),
    );
    return { added: Number(row?.added ?? 0), unknown: (row?.unknown ?? []).map(Number) };
  },

  /** Of these E-IDs, the ones no employee has. */
  async unknownEids(db: Db, eids: string[]): Promise<string[]> {
    const rows = rowsOf<{ eid: string }>(
      await db.execute(sql`
        select u.eid from unnest(${textArray(eids)}) as u(eid)
         where not exists (select 1 from ${employees} e where e.eid = u.eid)`),
    );
    return rows.map((r) => r.eid);
  },

  /**
   * A batch of a file's rows in one statement (their E-IDs are known, their
   * times and devices checked): the punches not there yet are added with the
   * import's id. Answers how many were added.
   */
  async addImportedPunches(
    db: Db,
    importId: number | null,
    rows: { eids: string[]; ats: string[]; devices: string[] },
  ): Promise<number> {
    const [row] = rowsOf<{ added: number }>(
      await db.execute(sql`
        with added as (
          insert into ${punches} (employee_id, at, device_code, source, import_id)
          select e.id, u.at::timestamp, u.device, 'import', ${importId}::int
            from unnest(${textArray(rows.eids)}, ${textArray(rows.ats)}, ${textArray(rows.devices)}) as u(eid, at, device)
            join ${employees} e on e.eid = u.eid
           order by e.id, u.at::timestamp, u.device
          on conflict (employee_id, at, device_code) do nothing
          returning 1
        )
        select count(*)::int as added from added`),
    );
    return Number(row?.added ?? 0);
  },
};
