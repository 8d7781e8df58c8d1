import { KPI_ITEM_STATUS, type KpiDirection } from '@hr/contracts/kpi';
import { KPI_STATUS } from '@hr/contracts/workflow';
import dayjs from 'dayjs';
import { approversOf } from '../../lib/approvers';
import type { Db } from '../client';
import { auditLog, comments, kpiObjectiveKpis, kpiObjectives, kpis, kpiYears } from '../schema';
import { notAfter } from './demo-clock';

/** Perspective ids of the reference data: 1 Financial, 2 Customer, 3 Internal Process, 4 Learning & Growth. */
const P = { financial: 1, customer: 2, process: 3, learning: 4 } as const;
/** Target unit ids: 1 %, 2 BDT, 3 Count, 4 Days, 5 Hours, 6 Score. */
const U = { percent: 1, bdt: 2, count: 3, days: 4, hours: 5, score: 6 } as const;

interface Item {
  name: string;
  weight: number;
  time: string;
  target: number;
  unit: number;
  budget?: number;
  initiative?: string;
  removed?: boolean;
  /** Which way it is better; higher when not said. */
  direction?: KpiDirection;
}
interface Goal {
  name: string;
  weight: number;
  perspective: number;
  kpis: Item[];
  removed?: boolean;
}

/** A balanced scorecard whose weights add up to 100 (objectives, and KPIs within each objective). */
const SCORECARD: Goal[] = [
  {
    name: 'Grow recurring revenue',
    weight: 30,
    perspective: P.financial,
    kpis: [
      {
        name: 'Monthly recurring revenue growth',
        weight: 60,
        time: 'Quarterly review',
        target: 15,
        unit: U.percent,
      },
      {
        name: 'New enterprise contracts signed',
        weight: 40,
        time: 'By the end of each quarter',
        target: 6,
        unit: U.count,
        budget: 250000,
        initiative: 'Partner referral programme',
      },
    ],
  },
  {
    name: 'Keep operating costs in budget',
    weight: 15,
    perspective: P.financial,
    kpis: [
      {
        name: 'Cost per delivered project',
        weight: 100,
        time: 'Monthly close',
        target: 850000,
        unit: U.bdt,
        direction: 'budget',
      },
    ],
  },
  {
    name: 'Delight our customers',
    weight: 25,
    perspective: P.customer,
    kpis: [
      {
        name: 'Customer satisfaction score',
        weight: 50,
        time: 'Twice a year survey',
        target: 4.5,
        unit: U.score,
      },
      {
        name: 'Support tickets solved on first contact',
        weight: 50,
        time: 'Monthly report',
        target: 80,
        unit: U.percent,
      },
    ],
  },
  {
    name: 'Ship reliably and on time',
    weight: 20,
    perspective: P.process,
    kpis: [
      {
        name: 'Releases delivered on the planned date',
        weight: 70,
        time: 'Per release',
        target: 90,
        unit: U.percent,
      },
      {
        name: 'Average days to close a defect',
        weight: 30,
        time: 'Monthly report',
        target: 5,
        unit: U.days,
        direction: 'lower',
      },
    ],
  },
  {
    name: 'Grow skills across the team',
    weight: 10,
    perspective: P.learning,
    kpis: [
      {
        name: 'Training hours completed per person',
        weight: 100,
        time: 'By the end of the year',
        target: 40,
        unit: U.hours,
        initiative: 'Internal knowledge-sharing sessions',
      },
    ],
  },
];

/** The same card with an objective and a KPI removed after the first submission (struck through). */
const WITH_REMOVED: Goal[] = [
  ...SCORECARD.map((g, i) =>
    i === 2
      ? {
          ...g,
          kpis: [
            ...g.kpis,
            {
              name: 'Net promoter score of key accounts',
              weight: 25,
              time: 'Quarterly',
              target: 40,
              unit: U.score,
              removed: true,
            },
          ],
        }
      : g,
  ),
  {
    name: 'Open a second sales office',
    weight: 20,
    perspective: P.financial,
    removed: true,
    kpis: [
      { name: 'Office lease signed', weight: 100, time: 'By June', target: 1, unit: U.count, removed: true },
    ],
  },
];

interface SheetPlan {
  eid: string;
  year: 'last' | 'this';
  status: number;
  goals: Goal[];
  /** Comments on the first objective and its first KPI, by eid. */
  talk?: [string, string][];
}

const PLANS: SheetPlan[] = [
  {
    eid: '1004',
    year: 'last',
    status: KPI_STATUS.approved,
    goals: SCORECARD,
    talk: [
      ['1003', 'Strong year, well done.'],
      ['1004', 'Thank you!'],
    ],
  },
  {
    eid: '1004',
    year: 'this',
    status: KPI_STATUS.updateRequested,
    goals: WITH_REMOVED,
    talk: [
      ['1003', 'Please make the revenue target more ambitious, 15% is what we reached last year.'],
      ['1004', 'Agreed, I will raise it and add the partner programme as an initiative.'],
    ],
  },
  {
    eid: '1014',
    year: 'this',
    status: KPI_STATUS.awaitingLineManager,
    goals: SCORECARD,
    talk: [['1014', 'Ready for your review.']],
  },
  { eid: '1015', year: 'this', status: KPI_STATUS.awaitingOneOverOne, goals: SCORECARD },
  // Last year's approved sheets of the line manager's team: the periods of the demo reviews.
  { eid: '1014', year: 'last', status: KPI_STATUS.approved, goals: SCORECARD },
  { eid: '1015', year: 'last', status: KPI_STATUS.approved, goals: SCORECARD },
  { eid: '1016', year: 'last', status: KPI_STATUS.approved, goals: SCORECARD },
  { eid: '1003', year: 'last', status: KPI_STATUS.approved, goals: SCORECARD },
  { eid: '1016', year: 'this', status: KPI_STATUS.draft, goals: SCORECARD.slice(0, 3) },
  { eid: '1017', year: 'this', status: KPI_STATUS.approved, goals: SCORECARD },
  { eid: '1003', year: 'this', status: KPI_STATUS.awaitingLineManager, goals: SCORECARD },
  // For the demo O&O 1002: a review of last year waits for them (demo-epr.ts).
  { eid: '1021', year: 'last', status: KPI_STATUS.approved, goals: SCORECARD },
  // For the HR admin 1001: their report 1008's sheet, and (as O&O) one of 1008's team, with a review of last year.
  { eid: '1008', year: 'this', status: KPI_STATUS.awaitingLineManager, goals: SCORECARD },
  { eid: '1024', year: 'this', status: KPI_STATUS.awaitingOneOverOne, goals: SCORECARD },
  { eid: '1024', year: 'last', status: KPI_STATUS.approved, goals: SCORECARD },
];

/**
 * KPI years (last, this and next year) and sheets in every status for the
 * demo employee and the demo line manager's team, each with the four
 * perspectives, and a few comments. Answers the number of sheets.
 */
export async function seedDemoKpis(tx: Db, idByEid: ReadonlyMap<string, number>): Promise<number> {
  const thisYear = dayjs().year();
  const years = await tx
    .insert(kpiYears)
    .values(
      [thisYear - 1, thisYear, thisYear + 1].map((y) => ({
        name: `FY ${y}`,
        fromDate: `${y}-01-01`,
        toDate: `${y}-12-31`,
      })),
    )
    .onConflictDoNothing()
    .returning();
  const yearOf = (which: 'last' | 'this') =>
    years.find((y) => y.name === `FY ${which === 'last' ? thisYear - 1 : thisYear}`);
  let made = 0;
  for (const plan of PLANS) {
    const employeeId = idByEid.get(plan.eid);
    const year = yearOf(plan.year);
    if (employeeId === undefined || !year) continue;
    const { lineManagerId, oneOverOneId } = await approversOf(tx, employeeId);
    const status = lineManagerId ? plan.status : KPI_STATUS.draft;
    const now = dayjs();
    // Made ten days into the year, never after the seeding; every later moment is clamped the same way.
    const at = notAfter(dayjs(year.fromDate).add(10, 'day').hour(10), now.subtract(3, 'hour'));
    const stamp = (d: dayjs.Dayjs) => notAfter(d, now.subtract(1, 'minute')).toDate();
    const [sheet] = await tx
      .insert(kpis)
      .values({
        employeeId,
        lineManagerId,
        oneOverOneId,
        createdById: employeeId,
        typeId: 1,
        yearId: year.id,
        name: year.name,
        fromDate: year.fromDate,
        toDate: year.toDate,
        statusId: status,
        firstSubmittedAt: status === KPI_STATUS.draft ? null : stamp(at.add(1, 'day')),
        createdAt: at.toDate(),
        updatedAt: stamp(at.add(2, 'day')),
      })
      .returning({ id: kpis.id });
    const kpiId = sheet!.id;
    let firstObjective: number | null = null;
    let firstKpi: number | null = null;
    for (const [order, goal] of plan.goals.entries()) {
      const removedGoal = goal.removed && status !== KPI_STATUS.draft;
      const [o] = await tx
        .insert(kpiObjectives)
        .values({
          kpiId,
          perspectiveId: goal.perspective,
          name: goal.name,
          weight: goal.weight,
          sortOrder: order,
          statusId: removedGoal ? KPI_ITEM_STATUS.removed : KPI_ITEM_STATUS.active,
        })
        .returning({ id: kpiObjectives.id });
      firstObjective ??= o!.id;
      const rows = await tx
        .insert(kpiObjectiveKpis)
        .values(
          goal.kpis.map((k, i) => ({
            kpiId,
            objectiveId: o!.id,
            name: k.name,
            weight: k.weight,
            time: k.time,
            target: k.target,
            targetUnitId: k.unit,
            direction: k.direction ?? 'higher',
            budget: k.budget ?? null,
            initiative: k.initiative ?? null,
            sortOrder: i,
            statusId:
              (k.removed || removedGoal) && status !== KPI_STATUS.draft
                ? KPI_ITEM_STATUS.removed
                : KPI_ITEM_STATUS.active,
          })),
        )
        .returning({ id: kpiObjectiveKpis.id });
      firstKpi ??= rows[0]?.id ?? null;
    }
    if (status !== KPI_STATUS.draft && plan.talk && firstObjective !== null && firstKpi !== null) {
      const talk = plan.talk.flatMap(([eid, body], i) => {
        const author = idByEid.get(eid);
        if (author === undefined) return [];
        const sentAt = at
          .add(2, 'day')
          .add(i * 40, 'minute')
          .toDate();
        return [
          {
            threadKind: 'kpi_objective',
            threadId: firstObjective!,
            rootKind: 'kpi',
            rootId: kpiId,
            employeeId: author,
            body,
            createdAt: sentAt,
          },
          {
            threadKind: 'kpi_objective_kpi',
            threadId: firstKpi!,
            rootKind: 'kpi',
            rootId: kpiId,
            employeeId: author,
            body,
            createdAt: sentAt,
          },
        ];
      });
      if (talk.length > 0) await tx.insert(comments).values(talk);
    }
    await tx.insert(auditLog).values({
      actorEmployeeId: employeeId,
      action: 'create',
      entity: 'kpi',
      entityId: kpiId,
      toStatus: KPI_STATUS.draft,
      createdAt: at.toDate(),
    });
    made += 1;
  }
  return made;
}
