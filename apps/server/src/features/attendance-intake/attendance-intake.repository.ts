import type { DEVICE_SORT_FIELDS } from '@hr/contracts/attendance-intake';
import { type AnyColumn, count, eq, getTableColumns, ilike, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { attendanceDevices, companies, employees, offices, punches } from '../../db/schema';
import { orderBy } from '../../lib/list';
import { preparedOnce } from '../../lib/prepared';
import {
  ALL_ROWS_CAP,
  containing,
  type PageWindow,
  type ReferenceStore,
  tableWrites,
} from '../../lib/reference-data';

/** The rows of a raw query, from either driver (both answer `{ rows }`). */
function rowsOf<T>(result: unknown): T[] {
  const rows = (result as { rows?: unknown }).rows;
  return Array.isArray(rows) ? (rows as T[]) : [];
}

/** A list of values as one array parameter: one parameter whatever the length of the batch. */
const textArray = (values: string[]) => sql`${sql.param(values)}::text[]`;

/** A device with the names of its company and office. */
const deviceColumns = {
  ...getTableColumns(attendanceDevices),
  companyName: companies.name,
  officeName: offices.name,
};

const devicesJoined = (db: Db) =>
  db
    .select(deviceColumns)
    .from(attendanceDevices)
    .leftJoin(companies, eq(companies.id, attendanceDevices.companyId))
    .leftJoin(offices, eq(offices.id, attendanceDevices.officeId));

async function findDevice(db: Db, id: number) {
  const [row] = await devicesJoined(db).where(eq(attendanceDevices.id, id)).limit(1);
  return row ?? null;
}

export type DeviceRow = NonNullable<Awaited<ReturnType<typeof findDevice>>>;
export type DeviceValues = typeof attendanceDevices.$inferInsert;

const deviceSortable = {
  id: attendanceDevices.id,
  code: sql`lower(${attendanceDevices.code})`,
  name: sql`lower(${attendanceDevices.name})`,
  company: sql`lower(${companies.name})`,
  office: sql`lower(${offices.name})`,
  last_seen: attendanceDevices.lastSeenAt,
} satisfies Record<(typeof DEVICE_SORT_FIELDS)[number], AnyColumn | SQL>;

/**
 * Devices as reference data. Codes are unique (they name the device in
 * punches and files): the machinery's name check is the code check, so a
 * race past it meets the unique index with the same answer.
 */
const devices = {
  ...tableWrites(attendanceDevices, { uniqueName: { column: attendanceDevices.code, key: 'code' } }),
  find: findDevice,

  async list(db: Db, filter: { search?: string | undefined }, window: PageWindow) {
    const where = filter.search
      ? or(
          ilike(attendanceDevices.name, containing(filter.search)),
          ilike(attendanceDevices.code, containing(filter.search)),
        )
      : undefined;
    const [t] = await db.select({ n: count() }).from(attendanceDevices).where(where);
    const total = t?.n ?? 0;
    if (total === 0 || window.offset >= total) return { rows: [], total };
    const rows = await devicesJoined(db)
      .where(where)
      .orderBy(...orderBy(window.sort, deviceSortable, attendanceDevices.id))
      .limit(window.limit ?? ALL_ROWS_CAP)
      .offset(window.offset);
    return { rows, total };
  },
} satisfies ReferenceStore<DeviceRow, DeviceValues, object>;

/** Whose punches a device sends: its company's employees, and of its office only when it has one. */
export interface DeviceScope {
  companyId: number | null;
  officeId: number | null;
}

/** A device as the key check needs it. */
export interface DeviceKeyRow extends DeviceScope {
  id: number;
  code: string;
  keyHash: string | null;
  enabled: boolean;
}

export const attendanceIntakeRepository = {
  devices,

  /** Whether the company exists, and the company of the office (null: no such office). */
  async scopeFacts(
    db: Db,
    companyId: number | null,
    officeId: number | null,
  ): Promise<{ company: boolean; officeCompanyId: number | null }> {
    const [company] =
      companyId === null
        ? []
        : await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).limit(1);
    const [office] =
      officeId === null
        ? []
        : await db
            .select({ companyId: offices.companyId })
            .from(offices)
            .where(eq(offices.id, officeId))
            .limit(1);
    return { company: Boolean(company), officeCompanyId: office?.companyId ?? null };
  },

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
          companyId: attendanceDevices.companyId,
          officeId: attendanceDevices.officeId,
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
   * A device's batch in one statement: the punches of the E-IDs of its
   * scope's enabled employees are added (one already there is left as it
   * is), and the places (from 1) of the other E-IDs are answered: no
   * employee has them, or not one the device punches for. A device with no
   * company punches for nobody. Rows go in in index order, so two batches
   * meeting on the same punches wait for each other instead of deadlocking.
   */
  async addDevicePunches(
    db: Db,
    device: DeviceScope & { code: string },
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
            from input left join ${employees} e
              on e.eid = input.eid and e.enabled
             and e.company_id = ${device.companyId}::int
             and (${device.officeId}::int is null or e.office_id = ${device.officeId}::int)
        ), added as (
          insert into ${punches} (employee_id, at, device_code, source)
          select employee_id, at::timestamp, ${device.code}, 'device'
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
