import type { Db } from '../../src/db/client';
import { employeeShifts, leaves, punches, remoteWorks, shifts } from '../../src/db/schema';

/** Punches of an employee (`YYYY-MM-DD HH:mm[:ss]`), as a device would have sent them. */
export async function addPunches(db: Db, employeeId: number, times: string[], deviceCode = 'GATE-1') {
  if (times.length === 0) return;
  await db.insert(punches).values(
    times.map((t) => ({
      employeeId,
      at: t.length === 16 ? `${t}:00` : t,
      deviceCode,
      source: 'device',
    })),
  );
}

/** A shift of its own (a unique name), not the default. */
export async function makeShift(
  db: Db,
  spec: { start: string; end: string; grace?: number; weeklyOffDays?: number[] | null; name?: string },
) {
  const [row] = await db
    .insert(shifts)
    .values({
      name: spec.name ?? `Shift ${Math.random().toString(36).slice(2, 8)}`,
      startTime: spec.start,
      endTime: spec.end,
      graceMinutes: spec.grace ?? 0,
      weeklyOffDays: spec.weeklyOffDays ?? null,
    })
    .returning();
  return row!;
}

/** The employee works `shiftId` from `from` on. */
export async function assignShift(db: Db, employeeId: number, shiftId: number, from: string) {
  await db.insert(employeeShifts).values({ employeeId, shiftId, fromDate: from });
}

/** An approved (3) full-day leave, or a short one with its hours on `from`. */
export async function approvedLeave(
  db: Db,
  employeeId: number,
  from: string,
  to: string,
  short?: { from: string; to: string },
) {
  await db.insert(leaves).values({
    employeeId,
    typeId: 1,
    leaveFormat: short ? 2 : 1,
    fromDate: from,
    toDate: to,
    fromTime: short?.from ?? null,
    toTime: short?.to ?? null,
    days: short ? 0.25 : 1,
    leaveAddress: 'Home',
    statusId: 3,
  });
}

/** Approved (3) remote work: whole days, or hours of each day (type 1). */
export async function approvedRemoteWork(
  db: Db,
  employeeId: number,
  from: string,
  to: string,
  hours?: { from: string; to: string },
  statusId = 3,
) {
  await db.insert(remoteWorks).values({
    employeeId,
    typeId: hours ? 1 : 2,
    fromDate: from,
    toDate: to,
    fromTime: hours?.from ?? null,
    toTime: hours?.to ?? null,
    statusId,
  });
}
