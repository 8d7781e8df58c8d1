import type { ApiSession } from './api';

export interface SheetPlan {
  /** The sheet's custom period (type 2), far enough ahead that no other test uses it. */
  from: string;
  to: string;
  /** The sheet's name (made unique by the caller). */
  name: string;
  /** The one objective and its one KPI (weights 100). */
  objective: string;
  kpi: string;
  perspectiveId?: number;
  target?: number;
  targetUnitId?: number;
  time?: string;
}

/**
 * An approved KPI sheet with one objective and one KPI, made through the API
 * as the web app would: the employee builds and submits it, the line manager
 * and the O&O approve it. The reviews' tests start from it. Answers its id.
 */
export async function approvedSheet(
  people: { employee: ApiSession; lineManager: ApiSession; oneOverOne: ApiSession },
  plan: SheetPlan,
): Promise<number> {
  const { employee, lineManager, oneOverOne } = people;
  const sheet = await employee.post<{ id: number }>('kpis', {
    allow_overlap: true,
    type_id: 2,
    from: plan.from,
    to: plan.to,
    name: plan.name,
  });
  const made = await employee.post<{ objectives: { id: number }[] }>('kpis/objectives', {
    name: plan.objective,
    weight: 100,
    kpi_id: sheet.id,
    perspective_id: plan.perspectiveId ?? 2,
  });
  await employee.post('kpis/objectives/kpis', {
    name: plan.kpi,
    weight: 100,
    time: plan.time ?? 'Every quarter',
    target: plan.target ?? 10,
    target_unit_id: plan.targetUnitId ?? 3,
    kpi_id: sheet.id,
    objective_id: made.objectives[0]!.id,
  });
  await employee.patch('kpis/actions/submit', { kpi_id: sheet.id });
  await lineManager.patch('kpis/actions/approve-line-manager', { kpi_id: sheet.id });
  await oneOverOne.patch('kpis/actions/approve', { kpi_id: sheet.id });
  return sheet.id;
}
