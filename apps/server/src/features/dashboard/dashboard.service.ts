import type { Dashboard } from '@hr/contracts/dashboard';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../lib/auth-context';
import { statusAnswer } from '../../lib/request-workflow';
import { dashboardRepository as repo } from './dashboard.repository';

/**
 * The dashboard: what waits for the caller's decision in each module
 * (submitted requests and KPI sheets of their reports; for HR admins also
 * approved HR requests waiting to be done), the caller's own pending
 * requests, and their KPI sheet of today.
 */
export class DashboardService {
  constructor(private readonly db: Db) {}

  async dashboard(auth: AuthContext): Promise<Dashboard> {
    const me = auth.employeeId;
    const d = await repo.dashboard(this.db, me, auth.isAdmin);
    const kpi = { lineManager: d.kpiLineManager, oneOverOne: d.kpiOneOverOne, mine: d.kpiMine };
    const epr = {
      submitted: d.eprSubmitted,
      returned: d.eprReturned,
      oneOverOne: d.eprOneOverOne,
      mine: d.eprMine,
    };
    const leave = { waiting: d.leaveWaiting, mine: d.leaveMine };
    const remote = { waiting: d.remoteWaiting, mine: d.remoteMine };
    const hr = { waiting: d.hrWaiting, done: d.hrDone, mine: d.hrMine };
    const current = d.current;
    return {
      waiting: [
        {
          module: 'kpi',
          count: kpi.lineManager + kpi.oneOverOne,
          link: `/kpi?list_type=team&status_id=${kpi.oneOverOne && !kpi.lineManager ? 3 : 2}`,
        },
        {
          module: 'epr',
          count: epr.submitted + epr.returned + epr.oneOverOne,
          // The list opens on the status that holds some: submitted, then returned, then the O&O's.
          link: `/epr?list_type=team&status_id=${epr.submitted ? 2 : epr.returned ? 10 : epr.oneOverOne ? 3 : 2}`,
        },
        { module: 'leave', count: leave.waiting, link: '/leave?list_type=team&status_id=2' },
        { module: 'remote_work', count: remote.waiting, link: '/remote-work?list_type=team&status_id=2' },
        {
          module: 'hr_service',
          count: hr.waiting + hr.done,
          link: `/hr-services?list_type=team&status_id=${hr.done && !hr.waiting ? 3 : 2}`,
        },
      ],
      mine_pending: {
        kpi: kpi.mine,
        epr: epr.mine,
        leave: leave.mine,
        remote_work: remote.mine,
        hr_service: hr.mine,
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
