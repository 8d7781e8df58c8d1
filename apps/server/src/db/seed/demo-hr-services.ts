import { SERVICE_STATUS } from '@hr/contracts/workflow';
import dayjs from 'dayjs';
import { eq, inArray } from 'drizzle-orm';
import { issueLetter, SERVICE_ENTITY } from '../../features/hr-services';
import { approversOf } from '../../lib/approvers';
import type { Db } from '../client';
import { auditLog, employees, serviceRequests, users } from '../schema';
import { notAfter } from './demo-clock';

type Status = (typeof SERVICE_STATUS)[keyof typeof SERVICE_STATUS];

interface DemoRequest {
  eid: string;
  status: Status;
  category: string;
  /** Days before today the request was made; each later step is a day after the one before. */
  daysAgo: number;
  reason?: string;
  description: string;
  noc?: { typeId: number; country: string; passport: string; fromIn: number; days: number };
  /** Who made it, when not the employee (an HR admin). */
  by?: string;
  /** Who approved or cancelled it (the line manager unless said). */
  decidedBy?: string;
}

const ADMIN = '1001';

/**
 * Requests in every status for the demo accounts: Tanvir Ahmed (1004, under
 * 1003 and 1002) and other reports of 1003, so that 1003 has submitted
 * requests to decide and the HR admin 1001 approved ones to mark done, and
 * one of 1009 (under 1002) for the demo O&O to decide.
 */
const REQUESTS: DemoRequest[] = [
  {
    eid: '1004',
    status: 1,
    category: 'noc',
    daysAgo: 1,
    description: 'Student visa for a summer course',
    noc: { typeId: 3, country: 'Malaysia', passport: 'A04512873', fromIn: 40, days: 30 },
  },
  {
    eid: '1004',
    status: 2,
    category: 'salary_certificate',
    daysAgo: 3,
    reason: 'Home loan application',
    description: 'Please address it to Eastern Bank PLC',
  },
  {
    eid: '1004',
    status: 3,
    category: 'noc',
    daysAgo: 6,
    description: 'Family holiday',
    noc: { typeId: 1, country: 'Thailand', passport: 'A04512873', fromIn: 20, days: 8 },
  },
  {
    eid: '1004',
    status: 4,
    category: 'experience_letter',
    daysAgo: 12,
    reason: 'Professional certification application',
    description: 'Asked by mistake; an employment certificate is enough',
  },
  {
    eid: '1004',
    status: 5,
    category: 'noc',
    daysAgo: 25,
    description: 'Attending a cousin’s wedding',
    noc: { typeId: 1, country: 'India', passport: 'A04512873', fromIn: 10, days: 6 },
  },
  {
    eid: '1014',
    status: 2,
    category: 'noc',
    daysAgo: 2,
    description: 'Master’s admission',
    noc: { typeId: 2, country: 'Australia', passport: 'B11872450', fromIn: 60, days: 365 },
  },
  {
    eid: '1015',
    status: 2,
    category: 'employment_certificate',
    daysAgo: 4,
    reason: 'Rental agreement',
    description: 'For the new flat in Mirpur',
  },
  {
    eid: '1016',
    status: 3,
    category: 'visa_letter',
    daysAgo: 8,
    reason: 'Conference in Singapore',
    description: 'PyCon APAC speaker invitation attached to the e-mail',
    decidedBy: ADMIN,
  },
  {
    eid: '1017',
    status: 5,
    category: 'salary_certificate',
    daysAgo: 18,
    reason: 'Credit card application',
    description: 'Bank asks for the last three months',
  },
  {
    eid: '1018',
    status: 4,
    category: 'id_card',
    daysAgo: 9,
    reason: 'Card lost',
    description: 'The card was found again',
    decidedBy: ADMIN,
  },
  {
    eid: '1019',
    status: 1,
    category: 'employment_certificate',
    daysAgo: 0,
    reason: 'Bank account opening',
    description: 'Savings account at BRAC Bank',
  },
  // A manager under the demo O&O 1002: theirs to decide (and HR's).
  {
    eid: '1009',
    status: 2,
    category: 'employment_certificate',
    daysAgo: 1,
    reason: 'Visa application',
    description: 'For the embassy of Japan',
  },
  {
    eid: '1020',
    status: 3,
    category: 'noc',
    daysAgo: 7,
    description: 'Car loan; made by HR at the employee’s request',
    noc: { typeId: 4, country: 'Bangladesh', passport: 'C30098123', fromIn: 5, days: 90 },
    by: ADMIN,
  },
];

/**
 * Seeds the demo HR service requests with the audit rows their statuses
 * imply (so the detail's accountability names people) and the letters of the
 * done ones. Runs inside the demo seed's transaction, after the users.
 */
export async function seedDemoHrServices(tx: Db, idByEid: Map<string, number>): Promise<void> {
  const id = (eid: string) => {
    const found = idByEid.get(eid);
    if (found === undefined) throw new Error(`demo HR services: no employee ${eid}`);
    return found;
  };
  const userRows = await tx.select({ id: users.id, employeeId: users.employeeId }).from(users);
  const userOf = new Map(userRows.map((u) => [u.employeeId, u.id]));
  const owners = await tx
    .select({ id: employees.id, companyId: employees.companyId })
    .from(employees)
    .where(
      inArray(
        employees.id,
        REQUESTS.map((r) => id(r.eid)),
      ),
    );
  const companyOf = new Map(owners.map((o) => [o.id, o.companyId]));
  const now = dayjs();

  for (const r of REQUESTS) {
    const employeeId = id(r.eid);
    const approvers = await approversOf(tx, employeeId);
    const creator = id(r.by ?? r.eid);
    const decider = r.decidedBy ? id(r.decidedBy) : (approvers.lineManagerId ?? id(ADMIN));
    // Step n (0 create, 1 submit, 2 decide, 3 done) on its day at 10:15 + n hours, but never after
    // the seeding: a request of today made before 10:15 is stamped shortly before the seeding.
    const day = (n: number) =>
      notAfter(
        now
          .subtract(r.daysAgo - n, 'day')
          .hour(10 + n)
          .minute(15)
          .second(0)
          .millisecond(0),
        now.subtract((4 - n) * 20, 'minute'),
      ).toDate();
    const createdAt = day(0);
    const submittedAt = r.status >= SERVICE_STATUS.submitted ? day(1) : null;
    const start = now.add(r.noc?.fromIn ?? 0, 'day');

    const [row] = await tx
      .insert(serviceRequests)
      .values({
        employeeId,
        companyId: companyOf.get(employeeId) ?? null,
        lineManagerId: approvers.lineManagerId,
        oneOverOneId: approvers.oneOverOneId,
        category: r.category,
        nocTypeId: r.noc?.typeId ?? null,
        reason: r.reason ?? null,
        description: r.description,
        issueDate: dayjs(createdAt).add(3, 'day').format('YYYY-MM-DD'),
        fromDate: r.noc ? start.format('YYYY-MM-DD') : null,
        toDate: r.noc ? start.add(r.noc.days - 1, 'day').format('YYYY-MM-DD') : null,
        passportNo: r.noc?.passport ?? null,
        intendedCountry: r.noc?.country ?? null,
        statusId: r.status,
        createdBy: creator,
        submittedAt,
        createdAt,
        updatedAt: day(Math.min(r.status, 3) - 1),
      })
      .returning({ id: serviceRequests.id });
    const requestId = row!.id;

    const steps: { action: string; by: number; from: number | null; to: number; at: Date }[] = [
      { action: 'create', by: creator, from: null, to: SERVICE_STATUS.draft, at: createdAt },
    ];
    if (submittedAt)
      steps.push({
        action: 'submit',
        by: employeeId,
        from: 1,
        to: SERVICE_STATUS.submitted,
        at: submittedAt,
      });
    if (r.status === SERVICE_STATUS.approved || r.status === SERVICE_STATUS.done)
      steps.push({ action: 'approve', by: decider, from: 2, to: SERVICE_STATUS.approved, at: day(2) });
    if (r.status === SERVICE_STATUS.cancelled)
      steps.push({ action: 'cancel', by: decider, from: 2, to: SERVICE_STATUS.cancelled, at: day(2) });
    if (r.status === SERVICE_STATUS.done)
      steps.push({ action: 'done', by: id(ADMIN), from: 3, to: SERVICE_STATUS.done, at: day(3) });

    await tx.insert(auditLog).values(
      steps.map((s) => ({
        actorUserId: userOf.get(s.by) ?? null,
        actorEmployeeId: s.by,
        action: s.action,
        entity: SERVICE_ENTITY,
        entityId: requestId,
        fromStatus: s.from,
        toStatus: s.to,
        createdAt: s.at,
        ...(s.action === 'create' && creator !== employeeId ? { data: { on_behalf_of: employeeId } } : {}),
      })),
    );
    if (r.status === SERVICE_STATUS.done) {
      await issueLetter(tx, requestId, id(ADMIN), day(3));
      // Linking the letter touched the row; it was last changed when it was done.
      await tx
        .update(serviceRequests)
        .set({ updatedAt: day(3) })
        .where(eq(serviceRequests.id, requestId));
    }
  }
}
