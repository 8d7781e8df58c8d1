import type { ApprovalModule } from '@hr/contracts/approvals';
import type { Dashboard } from '@hr/contracts/dashboard';
import { ROUTES } from '@hr/contracts/routes';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../lib/auth-context';
import { officeToday } from '../../lib/office-clock';
import { statusAnswer } from '../../lib/request-workflow';
import { approvalCountsOf } from '../approvals';
import { dashboardRepository as repo } from './dashboard.repository';

/** The dashboard's cards of what waits for the caller, in its order, each with its module in the inbox. */
const WAITING: { module: Dashboard['waiting'][number]['module']; inbox: ApprovalModule }[] = [
  { module: 'kpi', inbox: 'kpi' },
  { module: 'epr', inbox: 'epr' },
  { module: 'leave', inbox: 'leave' },
  { module: 'remote_work', inbox: 'remote-work' },
  { module: 'hr_service', inbox: 'hr-service' },
];

/**
 * The dashboard: what waits for the caller's decision in each module (the
 * approvals inbox's counts, each card opening the inbox on its module), the
 * caller's own pending requests, and their KPI sheet of today.
 */
export class DashboardService {
  constructor(private readonly db: Db) {}

  async dashboard(auth: AuthContext): Promise<Dashboard> {
    const d = await repo.dashboard(this.db, auth.employeeId, auth.isAdmin, officeToday());
    const waiting = approvalCountsOf(d.waiting);
    const current = d.current;
    return {
      waiting: WAITING.map(({ module, inbox }) => ({
        module,
        count: waiting[inbox],
        link: `${ROUTES.approvals}?module=${inbox}`,
      })),
      mine_pending: {
        kpi: d.kpiMine,
        epr: d.eprMine,
        leave: d.leaveMine,
        remote_work: d.remoteMine,
        hr_service: d.hrMine,
      },
      my_kpi: current
        ? {
            id: current.id,
            name: current.name,
            from: current.from,
            to: current.to,
            status: statusAnswer(current),
          }
        : null,
    };
  }
}
