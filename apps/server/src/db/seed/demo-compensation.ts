import { fromCents, installmentPlan, payDaysFrom, toCents } from '@hr/contracts/compensation';
import dayjs, { type Dayjs } from 'dayjs';
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../client';
import {
  designations,
  employees,
  loans,
  lookupValues,
  paySchedules,
  payScheduleTypes,
  salaries,
} from '../schema';
import { notAfter } from './demo-clock';

/** Monthly basic salary (BDT) by level: the low and high end of the band. */
const BAND: Record<string, [number, number]> = {
  Executive: [260_000, 360_000],
  Lead: [150_000, 220_000],
  Senior: [95_000, 130_000],
  Mid: [65_000, 92_000],
  Junior: [42_000, 60_000],
  Entry: [28_000, 40_000],
};
const MANAGING_DIRECTOR = 450_000;

/** A number from 0 to 1 fixed by the E-ID and a word: the same demo every time. */
function spread(eid: string, salt: string): number {
  let h = 2166136261;
  for (const c of `${eid}:${salt}`) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return ((h >>> 0) % 10_000) / 10_000;
}

const round500 = (n: number) => Math.round(n / 500) * 500;
const iso = (d: Dayjs) => d.format('YYYY-MM-DD');

/**
 * Monthly income tax withheld on a basic salary: nothing on the first
 * 350,000 a year, 10% on the next 400,000, 15% above (a simplified slab).
 */
function monthlyTax(basic: number): number {
  const yearly = basic * 12;
  const tax = Math.max(0, Math.min(yearly, 750_000) - 350_000) * 0.1 + Math.max(0, yearly - 750_000) * 0.15;
  return Math.round(tax / 12 / 50) * 50;
}

interface LoanPlan {
  eid: string;
  schedule: 'monthly' | 'biweekly';
  amount: number;
  installments: number;
  /** Months before today it started. */
  startedMonthsAgo: number;
  purpose: string;
}

/** Three or four loans in different states: one under way, one repaid, one just made, one on the bi-weekly payroll. */
const LOANS: LoanPlan[] = [
  {
    eid: '1004',
    schedule: 'monthly',
    amount: 120_000,
    installments: 12,
    startedMonthsAgo: 5,
    purpose: 'Motorcycle for the commute',
  },
  {
    eid: '1003',
    schedule: 'monthly',
    amount: 60_000,
    installments: 6,
    startedMonthsAgo: 18,
    purpose: 'Medical expenses',
  },
  {
    eid: '1014',
    schedule: 'monthly',
    amount: 85_000,
    installments: 10,
    startedMonthsAgo: 0,
    purpose: 'Laptop purchase',
  },
  {
    eid: '1010',
    schedule: 'biweekly',
    amount: 30_000,
    installments: 10,
    startedMonthsAgo: 3,
    purpose: 'House rent advance',
  },
];

/**
 * The demo's compensation: pay schedule types (Monthly, Bi-weekly, Weekly),
 * three payroll calendars, a basic salary history for every employee (the
 * joining salary and a raise or two, by level and years of service; the
 * demo employee has a raise coming), a tax row each, and a few loans.
 * Runs after the profiles (joining dates and levels).
 */
export async function seedDemoCompensation(tx: Db, idByEid: Map<string, number>): Promise<void> {
  const today = dayjs().startOf('day');
  const [monthly, biweekly, weekly] = await tx
    .insert(payScheduleTypes)
    .values([
      { name: 'Monthly', periodsPerYear: 12 },
      { name: 'Bi-weekly', periodsPerYear: 26 },
      { name: 'Weekly', periodsPerYear: 52 },
    ])
    .returning();
  const schedules = await tx
    .insert(paySchedules)
    .values([
      { name: 'Head office monthly payroll', typeId: monthly!.id, firstPayDate: '2020-01-31' },
      { name: 'Chattogram bi-weekly payroll', typeId: biweekly!.id, firstPayDate: '2020-01-03' },
      { name: 'Logistics weekly payroll', typeId: weekly!.id, firstPayDate: '2020-01-02' },
    ])
    .returning();
  const scheduleOf = { monthly: schedules[0]!, biweekly: schedules[1]! };
  const periods = { monthly: 12, biweekly: 26 };

  const level = alias(lookupValues, 'level');
  const people = await tx
    .select({
      id: employees.id,
      eid: employees.eid,
      joiningDate: employees.joiningDate,
      level: level.name,
      designation: designations.name,
    })
    .from(employees)
    .leftJoin(level, eq(level.id, employees.levelId))
    .leftJoin(designations, eq(designations.id, employees.designationId));

  const hr = idByEid.get('1001') ?? null;
  const rows: (typeof salaries.$inferInsert)[] = [];
  const setAt = (effective: Dayjs) => notAfter(effective.subtract(7, 'day'), today).toDate();
  for (const p of people) {
    const joined = p.joiningDate ? dayjs(p.joiningDate) : today.subtract(3, 'year');
    const [low, high] =
      p.eid === '1000' ? [MANAGING_DIRECTOR, MANAGING_DIRECTOR] : (BAND[p.level ?? ''] ?? BAND.Mid!);
    const current = round500(low + (high - low) * spread(p.eid, 'basic'));
    const years = today.diff(joined, 'year');
    // Raises on the last one or two anniversaries of joining; the joining salary below them.
    const raises = Math.min(2, years);
    const rise = 1.08 + 0.06 * spread(p.eid, 'raise');
    let amount = current;
    const steps: { date: Dayjs; amount: number }[] = [];
    for (let i = 0; i < raises; i++) {
      steps.push({ date: joined.add(years - i, 'year'), amount });
      amount = round500(amount / rise);
    }
    steps.push({ date: joined, amount });
    for (const s of steps)
      rows.push({
        employeeId: p.id,
        kind: 'basic',
        amount: fromCents(s.amount * 100),
        effectiveDate: iso(s.date),
        createdById: hr,
        createdAt: setAt(s.date),
      });
    const latest = steps[0]!;
    rows.push({
      employeeId: p.id,
      kind: 'tax',
      amount: fromCents(monthlyTax(latest.amount) * 100),
      effectiveDate: iso(latest.date),
      createdById: hr,
      createdAt: setAt(latest.date),
    });
    if (p.eid === '1004') {
      // A raise decided, from the first of the month after next: shown as upcoming.
      const from = today.add(2, 'month').startOf('month');
      const raised = round500(current * 1.1);
      rows.push(
        {
          employeeId: p.id,
          kind: 'basic',
          amount: fromCents(raised * 100),
          effectiveDate: iso(from),
          createdById: hr,
        },
        {
          employeeId: p.id,
          kind: 'tax',
          amount: fromCents(monthlyTax(raised) * 100),
          effectiveDate: iso(from),
          createdById: hr,
        },
      );
    }
  }
  for (let k = 0; k < rows.length; k += 500) await tx.insert(salaries).values(rows.slice(k, k + 500));

  for (const plan of LOANS) {
    const employeeId = idByEid.get(plan.eid);
    if (employeeId === undefined) continue;
    const schedule = scheduleOf[plan.schedule];
    const start = today.subtract(plan.startedMonthsAgo, 'month').startOf('month');
    // What was repaid: an installment for every pay day from the start until today.
    const due = payDaysFrom(periods[plan.schedule], schedule.firstPayDate, iso(start), plan.installments);
    const paid = due.filter((d) => d <= iso(today)).length;
    const amount = toCents(plan.amount);
    const { each } = installmentPlan(amount, plan.installments, 0);
    const repaid = paid >= plan.installments ? amount : paid * each;
    await tx.insert(loans).values({
      employeeId,
      payScheduleId: schedule.id,
      amount: fromCents(amount),
      installments: plan.installments,
      startDate: iso(start),
      repaid: fromCents(repaid),
      purpose: plan.purpose,
      createdAt: notAfter(start.subtract(3, 'day'), today).toDate(),
    });
  }
}
