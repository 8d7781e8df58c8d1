import {
  EPR_CYCLE_STATUS_ORDER,
  type EprCycleBody,
  type EprCycleDetail,
  type EprCycleItem,
  type EprCycleLaunched,
  type EprCyclePerson,
  type eprCycleListQuery,
  type eprCycleQuery,
  TURN_OF_STATUS,
} from '@hr/contracts/epr-cycles';
import { EPR_STATUS } from '@hr/contracts/workflow';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { audit } from '../../lib/audit';
import type { AuthContext } from '../../lib/auth-context';
import { domainError } from '../../lib/errors';
import { listAnswer, listPage, offsetOf } from '../../lib/list';
import { notifyEach } from '../../lib/notifications';
import { officeToday } from '../../lib/office-clock';
import { personRef } from '../../lib/people';
import { statusAnswer } from '../../lib/request-workflow';
import { type CycleRow, type CycleScope, eprCycleRepository as repo } from './epr-cycles.repository';

type ListQuery = z.output<typeof eprCycleListQuery>;
type DetailQuery = z.output<typeof eprCycleQuery>;
type Statuses = Awaited<ReturnType<typeof repo.statuses>>;

function adminOnly(auth: AuthContext) {
  if (!auth.isAdmin) throw domainError('admin_only');
}

const scopeOf = (row: CycleRow): CycleScope => ({
  id: row.id,
  typeId: row.typeId,
  fromDate: row.fromDate,
  toDate: row.toDate,
  companyId: row.companyId,
  groupTreeId: row.groupTreeId,
});

/** A launch making or taking in this many reviews refreshes the reviews' planner statistics. */
const ANALYZE_AFTER = 500;

/**
 * Review cycles (HR administrators): a cycle launches the reviews of a
 * period for everyone it covers in one transaction, and answers how far
 * they have come. Launching again adds only the people who became eligible
 * since; one review of a type per KPI sheet keeps two launches, or two
 * cycles over one period, from making anything twice.
 */
export class EprCycleService {
  constructor(
    private readonly db: Db,
    private readonly secret: string,
  ) {}

  /** The reviews counted by status: the statuses of a cycle's life in their order, then any other. */
  private progress(row: CycleRow, statuses: Statuses): EprCycleItem['progress'] {
    const counts = new Map(row.byStatus.map((s) => [Number(s.id), Number(s.n)]));
    const ids: number[] = [...EPR_CYCLE_STATUS_ORDER];
    for (const id of counts.keys()) if (!ids.includes(id)) ids.push(id);
    const byStatus = ids.map((id) => {
      const s = statuses.find((x) => x.id === id);
      return {
        ...statusAnswer({ statusId: id, statusName: s?.name ?? null, statusColor: s?.color ?? null }),
        count: counts.get(id) ?? 0,
      };
    });
    const total = byStatus.reduce((sum, s) => sum + s.count, 0);
    return { total, completed: counts.get(EPR_STATUS.completed) ?? 0, by_status: byStatus };
  }

  private toItem(row: CycleRow, statuses: Statuses): EprCycleItem {
    const progress = this.progress(row, statuses);
    return {
      id: row.id,
      name: row.name,
      type: { id: row.typeId, name: row.typeName },
      from_date: row.fromDate,
      to_date: row.toDate,
      deadline: row.deadline,
      company: row.companyId === null ? null : { id: row.companyId, name: row.companyName ?? '' },
      group: row.groupTreeId === null ? null : { id: row.groupTreeId, name: row.groupName ?? '' },
      launched_by: personRef(this.secret, row.launchedBy),
      created: row.createdAt.toISOString(),
      overdue: row.deadline < officeToday() && progress.completed < progress.total,
      progress,
    };
  }

  private async found(db: Db, id: number): Promise<CycleRow> {
    const row = await repo.find(db, id);
    if (!row) throw domainError('epr_cycle_not_found');
    return row;
  }

  async list(auth: AuthContext, q: ListQuery, url: string) {
    adminOnly(auth);
    const statuses = await repo.statuses(this.db);
    return listPage(this.db, url, q, { ...repo.list(), map: (r) => this.toItem(r, statuses) });
  }

  /** One cycle: its progress, whom it covers, its unfinished reviews by stage and a page of them. */
  async get(auth: AuthContext, id: number, q: DetailQuery, url: string): Promise<EprCycleDetail> {
    adminOnly(auth);
    const row = await this.found(this.db, id);
    const statuses = await repo.statuses(this.db);
    const scope = await repo.scopeCounts(this.db, scopeOf(row));
    const stages = await repo.stageCounts(this.db, id);
    const rows = await repo.people(this.db, id, q.stage, q.limit, offsetOf(q.page, q.limit));
    const people = rows.map((r): EprCyclePerson => {
      const turn = TURN_OF_STATUS[r.statusId] ?? 'employee';
      const waiting =
        turn === 'employee' ? r.employee : turn === 'line_manager' ? r.lineManager : r.oneOverOne;
      return {
        epr_id: r.id,
        name: r.name,
        employee: personRef(this.secret, r.employee)!,
        status: statusAnswer(r),
        stage: r.notStarted ? 'not_started' : turn,
        turn,
        waiting_on: personRef(this.secret, waiting),
        days: Math.max(0, r.days),
        updated: r.updatedAt.toISOString(),
      };
    });
    const matching = q.stage
      ? stages[q.stage]
      : stages.not_started + stages.employee + stages.line_manager + stages.one_over_one;
    return {
      ...this.toItem(row, statuses),
      scope,
      stages,
      people: listAnswer(url, people, matching, q.page, q.limit),
    };
  }

  /** Makes a cycle and launches it, in one transaction. */
  async create(auth: AuthContext, body: EprCycleBody): Promise<EprCycleLaunched> {
    adminOnly(auth);
    if (body.deadline < officeToday()) throw domainError('epr_cycle_deadline_past', {}, 'deadline');
    const launched = await this.db.transaction(async (tx) => {
      const type = await repo.type(tx, body.type_id);
      if (!type?.enabled) throw domainError('epr_type_unknown', {}, 'type_id');
      if (body.company_id != null && !(await repo.companyExists(tx, body.company_id)))
        throw domainError('epr_cycle_company_unknown', {}, 'company_id');
      if (body.group_tree_id != null && !(await repo.groupTreeExists(tx, body.group_tree_id)))
        throw domainError('epr_cycle_group_unknown', {}, 'group_tree_id');
      const values = {
        name: body.name,
        typeId: body.type_id,
        fromDate: body.from_date,
        toDate: body.to_date,
        deadline: body.deadline,
        companyId: body.company_id ?? null,
        groupTreeId: body.group_tree_id ?? null,
        launchedBy: auth.employeeId,
      };
      const id = await repo.insert(tx, values);
      await audit(tx, auth, { action: 'create', entity: 'epr_cycle', entityId: id, data: { ...body } });
      return this.launchIn(tx, auth, id);
    });
    return this.afterLaunch(launched);
  }

  /** Launches a cycle again: reviews for the people who became eligible since. */
  async launch(auth: AuthContext, id: number): Promise<EprCycleLaunched> {
    adminOnly(auth);
    return this.afterLaunch(await this.db.transaction(async (tx) => this.launchIn(tx, auth, id)));
  }

  /**
   * A launch of many reviews changes the reviews table more than its planner
   * statistics know until autovacuum comes by: right after a launch of
   * 10,000, the progress counts and a second launch planned nested loops over
   * "this cycle's reviews" and took a second each (30 ms once analysed).
   * The statistics are refreshed at once, after the commit.
   */
  private async afterLaunch(launched: EprCycleLaunched): Promise<EprCycleLaunched> {
    if (launched.launch.created + launched.launch.adopted >= ANALYZE_AFTER)
      await repo.refreshStatistics(this.db);
    return launched;
  }

  private async launchIn(tx: Db, auth: AuthContext, id: number): Promise<EprCycleLaunched> {
    const scope = await repo.lock(tx, id);
    if (!scope) throw domainError('epr_cycle_not_found');
    const { opened, ...launch } = await repo.launch(tx, scope, auth);
    await audit(tx, auth, { action: 'launch', entity: 'epr_cycle', entityId: id, data: launch });
    // Each person whose review the launch made is told it is open (the ones taken in already knew theirs).
    await notifyEach(tx, {
      event: 'review_opened',
      module: 'epr',
      actorEmployeeId: auth.employeeId,
      items: opened.map((r) => ({ employeeId: r.employeeId, recordId: r.id })),
    });
    const row = await this.found(tx, id);
    return { ...this.toItem(row, await repo.statuses(tx)), launch };
  }
}
