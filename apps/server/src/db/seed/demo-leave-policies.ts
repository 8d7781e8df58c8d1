import dayjs from 'dayjs';
import { eq } from 'drizzle-orm';
import type { Db } from '../client';
import { employees, leavePolicies } from '../schema';

/** Sick leave (type 3 of the reference data). */
const SICK = 3;

/**
 * Leave policies of the demo company (DESIGN.md §12): sick leave for
 * everyone earned up front each year, pro rata, with three days below zero
 * allowed; and a richer one for the office of 1004 (an office's own policy
 * outranks everyone's). Annual and casual leave stay on their types' days.
 */
export async function seedDemoLeavePolicies(db: Db, idByEid: Map<string, number>): Promise<void> {
  const year = dayjs().year();
  const [office] = await db
    .select({ officeId: employees.officeId, companyId: employees.companyId })
    .from(employees)
    .where(eq(employees.id, idByEid.get('1004')!));
  const common = {
    typeId: SICK,
    effectiveFrom: `${year}-01-01`,
    accrual: 'yearly',
    proRata: true,
    negativeAllowed: 3,
    countsShortLeave: true,
  };
  await db.insert(leavePolicies).values([
    { ...common, name: 'Sick leave, everyone', daysPerYear: 14 },
    ...(office?.officeId
      ? [
          {
            ...common,
            name: 'Sick leave, head office',
            companyId: office.companyId,
            officeId: office.officeId,
            daysPerYear: 16,
            maxConsecutiveDays: 10,
          },
        ]
      : []),
  ]);
}
