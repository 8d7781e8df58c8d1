import type { RemoteWorkBody } from '@hr/contracts/remote-work';
import { count, eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { remoteWorks } from '../../src/db/schema';

/** A day-based request (type 2, work from home): Monday 1 to Wednesday 3 March 2027. */
export function remoteWorkBody(overrides: Partial<RemoteWorkBody> = {}): RemoteWorkBody {
  return {
    type_id: 2,
    from_date: '2027-03-01',
    to_date: '2027-03-03',
    description: 'Working on the release from home',
    ...overrides,
  };
}

/** An hourly request (type 1) on Monday 1 March 2027 from 10:00 to 12:00. */
export function hourlyRemoteWorkBody(overrides: Partial<RemoteWorkBody> = {}): RemoteWorkBody {
  return {
    type_id: 1,
    from_date: '2027-03-01',
    from_time: '10:00',
    to_time: '12:00',
    description: 'Client visit',
    ...overrides,
  };
}

export async function setRemoteWorkStatus(db: Db, id: number, statusId: number) {
  await db.update(remoteWorks).set({ statusId }).where(eq(remoteWorks.id, id));
}

export async function remoteWorkRow(db: Db, id: number) {
  const [row] = await db.select().from(remoteWorks).where(eq(remoteWorks.id, id));
  return row ?? null;
}

export async function remoteWorkCount(db: Db, employeeId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(remoteWorks)
    .where(eq(remoteWorks.employeeId, employeeId));
  return row?.n ?? 0;
}
