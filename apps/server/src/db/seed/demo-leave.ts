import dayjs, { type Dayjs } from 'dayjs';
import { eq } from 'drizzle-orm';
import { countWorkingDays, isWorkingDay, type WorkCalendar, workCalendar } from '../../lib/calendar';
import type { Db } from '../client';
import { auditLog, employees, holidays, leaves, offices } from '../schema';
import { notAfter } from './demo-clock';

/** Public holidays of Bangladesh with fixed dates, and the Eid holidays as announced for recent years. */
function demoHolidays(year: number) {
  const fixed = [
    ['International Mother Language Day', '02-21', '02-21'],
    ['Independence Day', '03-26', '03-26'],
    ['Bengali New Year', '04-14', '04-14'],
    ['May Day', '05-01', '05-01'],
    ['Victory Day', '12-16', '12-16'],
    ['Christmas Day', '12-25', '12-25'],
  ];
  const eid: Record<number, [string, string, string][]> = {
    2025: [
      ['Eid-ul-Fitr', '03-30', '04-01'],
      ['Eid-ul-Adha', '06-06', '06-08'],
    ],
    2026: [
      ['Eid-ul-Fitr', '03-20', '03-22'],
      ['Eid-ul-Adha', '05-27', '05-29'],
    ],
    2027: [
      ['Eid-ul-Fitr', '03-10', '03-12'],
      ['Eid-ul-Adha', '05-17', '05-19'],
    ],
  };
  return [...fixed, ...(eid[year] ?? [])].map(([name, from, to]) => ({
    name: name!,
    fromDate: `${year}-${from}`,
    toDate: `${year}-${to}`,
  }));
}

interface Plan {
  eid: string;
  responsible: string;
  type: number;
  /** Working days from today (negative: in the past). */
  start: number;
  /** Full-day length in working days, or a short leave of `minutes`. */
  days?: number;
  minutes?: number;
  status: 1 | 2 | 3 | 4;
  address: string;
}

const PLANS: Plan[] = [
  {
    eid: '1004',
    responsible: '1014',
    type: 1,
    start: -40,
    days: 3,
    status: 3,
    address: 'Family home, Mymensingh',
  },
  { eid: '1004', responsible: '1015', type: 2, start: -28, days: 1, status: 4, address: 'Dhaka' },
  {
    eid: '1004',
    responsible: '1014',
    type: 2,
    start: -10,
    minutes: 120,
    status: 3,
    address: 'Dhanmondi, Dhaka',
  },
  { eid: '1004', responsible: '1014', type: 1, start: 12, days: 2, status: 2, address: "Cox's Bazar" },
  { eid: '1004', responsible: '1016', type: 3, start: 4, minutes: 180, status: 1, address: 'Home, Mirpur' },
  { eid: '1014', responsible: '1004', type: 1, start: 8, days: 4, status: 2, address: 'Sylhet' },
  { eid: '1015', responsible: '1016', type: 3, start: -5, days: 1, status: 3, address: 'Home' },
  { eid: '1015', responsible: '1017', type: 2, start: 3, minutes: 60, status: 2, address: 'Bank, Gulshan' },
  { eid: '1016', responsible: '1017', type: 1, start: 20, days: 5, status: 2, address: 'Rangamati' },
  { eid: '1017', responsible: '1018', type: 5, start: -15, days: 2, status: 3, address: 'Chattogram' },
  { eid: '1018', responsible: '1019', type: 2, start: 6, days: 1, status: 1, address: 'Dhaka' },
  { eid: '1019', responsible: '1020', type: 1, start: -60, days: 5, status: 3, address: 'Bandarban' },
  { eid: '1003', responsible: '1009', type: 1, start: 15, days: 3, status: 2, address: 'Kuakata' },
  { eid: '1008', responsible: '1001', type: 2, start: 2, days: 1, status: 2, address: 'Dhaka' },
];

/** The working day `n` working days away from `from` (0: `from` itself or the next working day). */
function workingDayFrom(calendar: WorkCalendar, from: Dayjs, n: number): Dayjs {
  let d = from;
  while (!isWorkingDay(calendar, d.format('YYYY-MM-DD'))) d = d.add(1, 'day');
  const step = n < 0 ? -1 : 1;
  for (let left = Math.abs(n); left > 0; ) {
    d = d.add(step, 'day');
    if (isWorkingDay(calendar, d.format('YYYY-MM-DD'))) left -= 1;
  }
  return d;
}

/**
 * Holidays of last, this and next year (and one office's own day off in the
 * coming weeks), and leave requests in every status for the demo accounts,
 * so line manager 1003 finds requests to approve.
 */
export async function seedDemoLeave(tx: Db, idByEid: Map<string, number>): Promise<void> {
  const year = dayjs().year();
  await tx.insert(holidays).values([year - 1, year, year + 1].flatMap(demoHolidays));

  const today = dayjs().startOf('day');
  const calendar = await workCalendar(
    tx,
    null,
    today.subtract(1, 'year').format('YYYY-MM-DD'),
    today.add(1, 'year').format('YYYY-MM-DD'),
  );
  await seedOfficeHoliday(tx, workingDayFrom(calendar, today, 25).format('YYYY-MM-DD'));
  const parentOf = new Map<number, number | null>();
  const id = (eid: string) => idByEid.get(eid)!;

  for (const [n, plan] of PLANS.entries()) {
    const employeeId = id(plan.eid);
    const { parentId } = await findParent(tx, employeeId, parentOf);
    const oneOverOne = parentId ? (await findParent(tx, parentId, parentOf)).parentId : null;
    const first = workingDayFrom(calendar, today, plan.start);
    const short = plan.minutes !== undefined;
    const fromDate = first.format('YYYY-MM-DD');
    let toDate = fromDate;
    let days: number;
    let fromTime: string | null = null;
    let toTime: string | null = null;
    if (short) {
      fromTime = '10:00:00';
      toTime = first.hour(10).add(plan.minutes!, 'minute').format('HH:mm:ss');
      days = Math.round((plan.minutes! / 480) * 100) / 100;
    } else {
      toDate = workingDayFrom(calendar, first, plan.days! - 1).format('YYYY-MM-DD');
      days = countWorkingDays(calendar, fromDate, toDate);
    }
    // The audit trail the statuses imply, an hour apart.
    const trail: { action: string; from: number | null; to: number; by: number | null }[] = [
      { action: 'create', from: null, to: 1, by: employeeId },
    ];
    if (plan.status >= 2) trail.push({ action: 'submit', from: 1, to: 2, by: employeeId });
    if (plan.status === 3) trail.push({ action: 'approve', from: 2, to: 3, by: parentId });
    if (plan.status === 4) trail.push({ action: 'reject', from: 2, to: 4, by: parentId });
    // Asked 3 (coming leave) or 10 (past leave) days before its first day; a coming leave may be
    // asked for only up to the seeding, so at the latest a few days before it.
    const minute = (n * 7) % 60;
    const created = notAfter(
      first
        .subtract(plan.start > 0 ? 3 : 10, 'day')
        .hour(9)
        .minute(minute),
      today
        .subtract(1 + (n % 4), 'day')
        .hour(9)
        .minute(minute),
    );
    const stepAt = (i: number) => created.add(i, 'hour').toDate();
    const [row] = await tx
      .insert(leaves)
      .values({
        employeeId,
        responsibleId: id(plan.responsible),
        lineManagerId: parentId,
        oneOverOneId: oneOverOne,
        typeId: plan.type,
        durationId: short ? { 60: 1, 120: 2, 180: 3, 240: 4 }[plan.minutes!] : null,
        leaveFormat: short ? 2 : 1,
        fromDate,
        toDate,
        fromTime,
        toTime,
        days,
        leaveAddress: plan.address,
        statusId: plan.status,
        createdAt: stepAt(0),
        updatedAt: stepAt(trail.length - 1),
      })
      .returning({ id: leaves.id });
    await tx.insert(auditLog).values(
      trail.map((t, i) => ({
        actorEmployeeId: t.by,
        action: t.action,
        entity: 'leave',
        entityId: row!.id,
        fromStatus: t.from,
        toStatus: t.to,
        createdAt: stepAt(i),
      })),
    );
  }
}

/** The Sylhet office's own holiday (docs/decisions.md, "Holidays per office"): its people's only. */
async function seedOfficeHoliday(tx: Db, day: string) {
  const [sylhet] = await tx
    .select({ id: offices.id, companyId: offices.companyId })
    .from(offices)
    .where(eq(offices.name, 'Sylhet Office'));
  if (!sylhet) return;
  await tx.insert(holidays).values({
    name: 'Urs of Hazrat Shah Jalal',
    fromDate: day,
    toDate: day,
    companyId: sylhet.companyId,
    officeId: sylhet.id,
  });
}

async function findParent(tx: Db, employeeId: number, cache: Map<number, number | null>) {
  if (!cache.has(employeeId)) {
    const [row] = await tx
      .select({ parentId: employees.parentId })
      .from(employees)
      .where(eq(employees.id, employeeId));
    cache.set(employeeId, row?.parentId ?? null);
  }
  return { parentId: cache.get(employeeId) ?? null };
}
