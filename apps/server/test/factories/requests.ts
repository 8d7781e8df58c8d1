import type { LeaveBody } from '@hr/contracts/leave';
import { eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { holidays, leaves } from '../../src/db/schema';

/** A full-day leave body; the dates default to Monday 1 to Wednesday 3 March 2027. */
export function leaveBody(responsibleId: number, overrides: Partial<LeaveBody> = {}): LeaveBody {
  return {
    leave_format: 1,
    type_id: 1,
    from: '2027-03-01',
    to: '2027-03-03',
    responsible_id: responsibleId,
    leave_address: 'House 5, Road 2, Dhanmondi, Dhaka',
    ...overrides,
  };
}

/** A short leave of two hours (duration 2) on Monday 1 March 2027 from 10:00. */
export function shortLeaveBody(responsibleId: number, overrides: Partial<LeaveBody> = {}): LeaveBody {
  return {
    leave_format: 2,
    type_id: 2,
    duration_id: 2,
    from: '2027-03-01 10:00:00',
    to: '2027-03-01 12:00:00',
    responsible_id: responsibleId,
    leave_address: 'Office nearby',
    ...overrides,
  };
}

export async function setLeaveStatus(db: Db, id: number, statusId: number) {
  await db.update(leaves).set({ statusId }).where(eq(leaves.id, id));
}

export async function leaveRow(db: Db, id: number) {
  const [row] = await db.select().from(leaves).where(eq(leaves.id, id));
  return row ?? null;
}

export async function makeHoliday(db: Db, from: string, to = from, name = 'Test holiday') {
  const [row] = await db.insert(holidays).values({ name, fromDate: from, toDate: to }).returning();
  return row!;
}
