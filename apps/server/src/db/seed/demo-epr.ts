import { KPI_ITEM_STATUS } from '@hr/contracts/kpi';
import { EPR_STATUS } from '@hr/contracts/workflow';
import dayjs from 'dayjs';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { auditLog, eprDevPlans, eprs, kpis } from '../schema';
import { notAfter } from './demo-clock';

interface ReviewPlan {
  eid: string;
  /** The approved sheet's year: last year's or this year's. */
  year: 'last' | 'this';
  status: number;
}

/** A review in every status: 1 Draft, 2 with the line manager, 3 with the O&O, 4 Completed, 5 and 10 sent back. */
const PLANS: ReviewPlan[] = [
  { eid: '1004', year: 'last', status: EPR_STATUS.completed },
  { eid: '1014', year: 'last', status: EPR_STATUS.awaitingLineManager },
  { eid: '1015', year: 'last', status: EPR_STATUS.sentBack },
  { eid: '1016', year: 'last', status: EPR_STATUS.returnedToLineManager },
  { eid: '1003', year: 'last', status: EPR_STATUS.awaitingOneOverOne },
  { eid: '1017', year: 'this', status: EPR_STATUS.draft },
  // With the O&O: the demo O&O 1002 (1021 is under 1003), and the HR admin 1001 (1024 is under 1008).
  { eid: '1021', year: 'last', status: EPR_STATUS.awaitingOneOverOne },
  { eid: '1024', year: 'last', status: EPR_STATUS.awaitingOneOverOne },
];

const WITH_EMPLOYEE_SIDE: number[] = [2, 3, 4, 5, 10];
const WITH_MANAGER_SIDE: number[] = [3, 4, 10];

/**
 * Annual reviews of the demo team's approved sheets, one in each status,
 * filled as far as their status says: the employee's actuals and ratings
 * once submitted, the line manager's, Section C and a development plan once
 * approved by them. Answers the number of reviews.
 */
export async function seedDemoEprs(tx: Db, idByEid: ReadonlyMap<string, number>): Promise<number> {
  const now = dayjs();
  const thisYear = now.year();
  let made = 0;
  for (const [n, plan] of PLANS.entries()) {
    const employeeId = idByEid.get(plan.eid);
    if (employeeId === undefined) continue;
    const year = plan.year === 'last' ? thisYear - 1 : thisYear;
    const [sheet] = await tx
      .select()
      .from(kpis)
      .where(and(eq(kpis.employeeId, employeeId), eq(kpis.statusId, 4), eq(kpis.fromDate, `${year}-01-01`)));
    if (!sheet?.lineManagerId) continue;
    const status = plan.status;
    const self = WITH_EMPLOYEE_SIDE.includes(status);
    const manager = WITH_MANAGER_SIDE.includes(status);
    // Reviews are made in the weeks after the period; never after the seeding.
    const at = notAfter(dayjs(`${year + 1}-01-10T09:00:00`).add(n, 'day'), now.subtract(3, 'hour'));
    const stamp = (days: number) => notAfter(at.add(days, 'day'), now.subtract(1, 'minute')).toDate();
    const kpiRating = 2 + (n % 2);
    const valueRating = 2 + ((n + 1) % 2);
    const [review] = await tx
      .insert(eprs)
      .values({
        employeeId,
        lineManagerId: sheet.lineManagerId,
        oneOverOneId: sheet.oneOverOneId,
        createdById: employeeId,
        kpiId: sheet.id,
        typeId: 1,
        name: `${sheet.name} – Annual review`,
        fromDate: sheet.fromDate,
        toDate: sheet.toDate,
        statusId: status,
        aRating: self ? 2 : null,
        aComment: self ? 'Most targets reached; the cost target was the hardest.' : null,
        bRating: self ? 3 : null,
        bComment: self ? 'I helped two new colleagues settle in.' : null,
        aLmRating: manager ? kpiRating : null,
        aLmComment: manager ? 'Delivered what was agreed, and more on revenue.' : null,
        bLmRating: manager ? valueRating : null,
        bLmComment: manager ? 'A reliable colleague the team turns to.' : null,
        cKpiRating: manager ? kpiRating : null,
        cStableRating: manager ? valueRating : null,
        selfProposal: self ? 'Lead the partner programme next year.' : null,
        remarks: status === EPR_STATUS.sentBack ? 'Added the evidence for the revenue figure.' : null,
        lmRecommendation: manager ? 'Ready for more responsibility.' : null,
        nextLevelRemarks:
          status === EPR_STATUS.returnedToLineManager ? 'Please look at the value rating again.' : null,
        submittedAt: self ? stamp(1) : null,
        completedAt: status === EPR_STATUS.completed ? stamp(6) : null,
        createdAt: at.toDate(),
        updatedAt: stamp(status === EPR_STATUS.draft ? 0 : 5),
      })
      .returning({ id: eprs.id });
    const eprId = review!.id;
    // Section A: the sheet's active KPIs, with actuals around the targets as far as the status goes.
    await tx.execute(sql`
      insert into epr_lines (epr_id, objective_kpi_id, actual, lm_actual)
      select ${eprId}, k.id,
             case when ${self} then round(k.target * (0.75 + (k.id % 5) * 0.1), 2) end,
             case when ${manager} then round(k.target * (0.8 + (k.id % 4) * 0.1), 2) end
        from kpi_objective_kpis k
        join kpi_objectives o on o.id = k.objective_id
       where k.kpi_id = ${sheet.id} and k.status_id = ${KPI_ITEM_STATUS.active} and o.status_id = ${KPI_ITEM_STATUS.active}`);
    // Section B: the company's values as they stand, rated as far as the status goes.
    await tx.execute(sql`
      insert into epr_stables (epr_id, value_id, name, behaviours, sort_order, rating, lm_rating)
      select ${eprId}, v.id, v.name,
             coalesce((select json_agg(json_build_object('name', b.name, 'enabled', b.enabled) order by b.sort_order, b.id)
                         from epr_value_behaviours b where b.value_id = v.id and b.enabled), '[]'::json)::text,
             v.sort_order,
             case when ${self} then 2 + (v.id % 2) end,
             case when ${manager} then 2 + ((v.id + 1) % 2) end
        from epr_values v where v.enabled`);
    if (manager) {
      await tx.insert(eprDevPlans).values([
        {
          eprId,
          devArea: 'Presenting to clients',
          actionPlan: 'Lead two client demos',
          when: 'Next quarter',
          who: 'Line manager',
        },
        {
          eprId,
          devArea: 'Budgeting',
          actionPlan: 'Finance course for managers',
          when: 'By June',
          who: 'HR',
        },
      ]);
    }
    await tx.insert(auditLog).values({
      actorEmployeeId: employeeId,
      action: 'create',
      entity: 'epr',
      entityId: eprId,
      toStatus: EPR_STATUS.draft,
      createdAt: at.toDate(),
    });
    made += 1;
  }
  return made;
}
