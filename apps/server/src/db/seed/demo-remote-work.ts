import { REMOTE_WORK_TYPE } from '@hr/contracts/remote-work';
import { REQUEST_STATUS } from '@hr/contracts/workflow';
import dayjs, { type Dayjs } from 'dayjs';
import { approversOf } from '../../lib/approvers';
import type { Db } from '../client';
import { auditLog, remoteWorks } from '../schema';
import { notAfter } from './demo-clock';

/** The demo employee (1004) and other reports of the demo line manager (1003). */
const EMPLOYEES = ['1004', '1014', '1015', '1016', '1017', '1018', '1019', '1020'];
/** Line managers under the demo O&O (1002) and the HR admin (1001): a request each waits for them. */
const MANAGERS = ['1009', '1008'];

const { draft, submitted, approved, rejected } = REQUEST_STATUS;

interface Plan {
  /** Days from today to the first day. */
  offset: (i: number) => number;
  typeId: number;
  /** Whole days (day-based types) or the hours (type 1). */
  days?: number;
  hours?: [string, string];
  status: (i: number) => number;
  description: string | null;
}

/**
 * One request per line for each employee (`i` is the employee's place in
 * EMPLOYEES): the last three months and the next one, groups far enough apart
 * that one employee's requests never overlap. Past ones are mostly decided;
 * the recent and coming ones wait for the line manager or are still drafts.
 */
const PLANS: Plan[] = [
  {
    offset: (i) => -85 + i,
    typeId: 2,
    days: 2,
    status: () => approved,
    description: 'Quarter-end reports from home',
  },
  {
    offset: (i) => -70 + i,
    typeId: REMOTE_WORK_TYPE.hourly,
    hours: ['14:00', '16:00'],
    status: () => rejected,
    description: 'Afternoon at the bank for a home loan',
  },
  {
    offset: (i) => -55 + i,
    typeId: 3,
    days: 1,
    status: (i) => (i % 2 === 0 ? approved : rejected),
    description: 'Site survey with the client in Narayanganj',
  },
  {
    offset: (i) => -40 + 2 * i,
    typeId: 4,
    days: 3,
    status: (i) => (i % 3 === 2 ? rejected : approved),
    description: 'Vendor workshop in Chattogram',
  },
  {
    offset: (i) => -20 + i,
    typeId: 2,
    days: 1,
    status: () => approved,
    description: 'Waiting for a furniture delivery',
  },
  {
    offset: (i) => -5 + (i % 3),
    typeId: REMOTE_WORK_TYPE.hourly,
    hours: ['09:00', '11:00'],
    status: () => submitted,
    description: 'Morning call with the Singapore team from home',
  },
  {
    offset: (i) => 3 + i,
    typeId: 2,
    days: 2,
    status: () => submitted,
    description: 'Focus days for the release documentation',
  },
  {
    offset: (i) => 15 + i,
    typeId: 3,
    days: 1,
    status: () => draft,
    description: 'Installation at the Gazipur warehouse',
  },
  {
    offset: (i) => 25 + (i % 4),
    typeId: REMOTE_WORK_TYPE.hourly,
    hours: ['13:00', '15:00'],
    status: () => draft,
    description: null,
  },
];

/** The managers' request: a morning from home last week, waiting for their own line manager. */
const MANAGER_PLANS: Plan[] = [
  {
    offset: (i) => -6 + i,
    typeId: REMOTE_WORK_TYPE.hourly,
    hours: ['09:00', '11:00'],
    status: () => submitted,
    description: 'Quarterly planning call from home',
  },
];

/** Friday is the weekly off day: a request starting on one moves to Saturday. */
function workday(d: Dayjs): Dayjs {
  return d.day() === 5 ? d.add(1, 'day') : d;
}

/**
 * Seeds remote-work requests in every status for the demo employee and
 * several of the demo line manager's other reports, and one waiting for
 * each of the demo O&O and the HR admin (from a manager below them), with the approvers
 * stored as the API would (line manager and O&O), and their audit trail.
 * Answers the number of requests made.
 */
export async function seedDemoRemoteWork(tx: Db, idByEid: ReadonlyMap<string, number>): Promise<number> {
  const today = dayjs().startOf('day');
  const now = dayjs();
  let made = 0;
  const who = [
    ...EMPLOYEES.map((eid, i) => ({ eid, i, plans: PLANS })),
    ...MANAGERS.map((eid, i) => ({ eid, i, plans: MANAGER_PLANS })),
  ];
  for (const { eid, i, plans } of who) {
    const employeeId = idByEid.get(eid);
    if (employeeId === undefined) continue;
    const { lineManagerId, oneOverOneId } = await approversOf(tx, employeeId);
    for (const [n, plan] of plans.entries()) {
      const start = workday(today.add(plan.offset(i), 'day'));
      const hourly = plan.typeId === REMOTE_WORK_TYPE.hourly;
      const end = hourly ? start : start.add((plan.days ?? 1) - 1, 'day');
      // Asked a few days ahead, submitted two hours later, decided a day later; never after the seeding.
      const askedAt = notAfter(
        start
          .subtract(3, 'day')
          .hour(9)
          .minute(n * 5),
        now.subtract(i + n + 3, 'hour'),
      );
      const statusId = lineManagerId ? plan.status(i) : draft;
      const submittedAt = askedAt.add(2, 'hour');
      const decidedAt = notAfter(askedAt.add(1, 'day'), now.subtract(1, 'minute'));
      const updatedAt = statusId === draft ? askedAt : statusId === submitted ? submittedAt : decidedAt;

      const [row] = await tx
        .insert(remoteWorks)
        .values({
          employeeId,
          lineManagerId,
          oneOverOneId,
          typeId: plan.typeId,
          fromDate: start.format('YYYY-MM-DD'),
          toDate: end.format('YYYY-MM-DD'),
          fromTime: hourly ? (plan.hours?.[0] ?? null) : null,
          toTime: hourly ? (plan.hours?.[1] ?? null) : null,
          description: plan.description,
          statusId,
          createdAt: askedAt.toDate(),
          updatedAt: updatedAt.toDate(),
        })
        .returning({ id: remoteWorks.id });
      const entityId = row!.id;
      const trail: (typeof auditLog.$inferInsert)[] = [
        {
          actorEmployeeId: employeeId,
          action: 'create',
          entity: 'remote_work',
          entityId,
          toStatus: draft,
          createdAt: askedAt.toDate(),
        },
      ];
      if (statusId !== draft) {
        trail.push({
          actorEmployeeId: employeeId,
          action: 'submit',
          entity: 'remote_work',
          entityId,
          fromStatus: draft,
          toStatus: submitted,
          createdAt: submittedAt.toDate(),
        });
      }
      if (statusId === approved || statusId === rejected) {
        trail.push({
          actorEmployeeId: lineManagerId,
          action: statusId === approved ? 'approve' : 'reject',
          entity: 'remote_work',
          entityId,
          fromStatus: submitted,
          toStatus: statusId,
          createdAt: decidedAt.toDate(),
        });
      }
      await tx.insert(auditLog).values(trail);
      made += 1;
    }
  }
  return made;
}
