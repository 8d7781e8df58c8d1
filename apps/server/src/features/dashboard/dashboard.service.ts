import type { Dashboard } from '@hr/contracts/dashboard';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../lib/auth-context';
import { dashboardRepository as repo } from './dashboard.repository';

/**
 * The dashboard: what waits for the caller's decision in each module
 * (submitted requests of their reports; for HR admins also approved HR
 * requests waiting to be done), and the caller's own pending requests.
 */
export class DashboardService {
  constructor(private readonly db: Db) {}

  async dashboard(auth: AuthContext): Promise<Dashboard> {
    const me = auth.employeeId;
    // One after another: the queries share the pool with everyone else's.
    const leave = await repo.leave(this.db, me);
    const remote = await repo.remoteWork(this.db, me);
    const hr = await repo.hrService(this.db, me, auth.isAdmin);
    return {
      waiting: [
        { module: 'leave', count: leave.waiting, link: '/leave?list_type=team&status_id=2' },
        { module: 'remote_work', count: remote.waiting, link: '/remote-work?list_type=team&status_id=2' },
        {
          module: 'hr_service',
          count: hr.waiting + hr.done,
          link: `/hr-services?list_type=team&status_id=${hr.done && !hr.waiting ? 3 : 2}`,
        },
      ],
      mine_pending: { leave: leave.mine, remote_work: remote.mine, hr_service: hr.mine },
    };
  }
}
