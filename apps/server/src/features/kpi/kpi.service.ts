import { displayDay } from '@hr/contracts/dates';
import {
  KPI_ITEM_STATUS,
  KPI_TYPE,
  KPI_WEIGHT_TOTAL,
  type KpiBody,
  type KpiDirection,
  type KpiListItem,
  type KpiSheet,
  type kpiListQuery,
  type Objective,
  type ObjectiveBody,
  type ObjectiveKpi,
  type ObjectiveKpiBody,
} from '@hr/contracts/kpi';
import { KPI_RULES, KPI_STATUS, KPI_WORKFLOW, type ReviewAction } from '@hr/contracts/workflow';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { approversOf, decisionAnswer } from '../../lib/approvers';
import { audit, changeData, diffFields } from '../../lib/audit';
import type { AuthContext } from '../../lib/auth-context';
import { domainError } from '../../lib/errors';
import { listPage, teamOnlyFilters } from '../../lib/list';
import { personRef } from '../../lib/people';
import { RequestWorkflow, statusAnswer } from '../../lib/request-workflow';
import {
  type KpiRow,
  type ObjectiveKpiRow,
  type ObjectiveRow,
  kpiRepository as repo,
} from './kpi.repository';

type ListQuery = z.output<typeof kpiListQuery>;

const ITEM_STATUS_NAMES: Record<number, string> = { 1: 'Active', 3: 'Removed' };
const itemStatus = (id: number) => ({ id, name: ITEM_STATUS_NAMES[id] ?? String(id) });
const two = (n: number) => Math.round(n * 100) / 100;
const fmt = displayDay;

/** Who stands where on a sheet: the creator (a line manager for a direct report) may edit it like its employee. */
function mayEdit(auth: AuthContext, row: KpiRow) {
  return row.employeeId === auth.employeeId || row.createdById === auth.employeeId;
}

/**
 * KPI sheets (DESIGN.md §4): the life cycle of lib/request-workflow with the
 * sheet's own parts — objectives and their KPIs, changed only while the sheet
 * is editable (1, 5) and under the same lock on the employee; weights that
 * must add up to 100 to submit; items removed after the first submission kept
 * as status 3, out of the totals.
 */
export class KpiService {
  private readonly workflow: RequestWorkflow<KpiRow, ReviewAction>;

  constructor(
    private readonly db: Db,
    private readonly secret: string,
  ) {
    this.workflow = new RequestWorkflow(db, {
      kind: 'kpi',
      table: repo.table,
      workflow: KPI_WORKFLOW,
      rules: KPI_RULES,
      find: repo.find,
      // HR administrators read every sheet (they hold the appraisal cycle); the others theirs.
      canRead: (_auth, row, actors) => actors.length > 0 || row.createdById === _auth.employeeId,
      canEdit: mayEdit,
    });
  }

  /** A row as the list answers it. */
  toListItem(auth: AuthContext, row: KpiRow): KpiListItem {
    return {
      id: row.id,
      name: row.name,
      type: { id: row.typeId, name: row.typeName },
      year:
        row.yearId !== null && row.yearName !== null
          ? { id: row.yearId, name: row.yearName, from_date: row.yearFrom!, to_date: row.yearTo! }
          : null,
      from: row.fromDate,
      to: row.toDate,
      status: statusAnswer(row),
      decision: decisionAnswer(row.decision),
      employee: personRef(this.secret, row.owner)!,
      line_manager: personRef(this.secret, row.lineManager),
      one_over_one: personRef(this.secret, row.oneOverOne),
      created_by: personRef(this.secret, row.createdBy),
      created: row.createdAt.toISOString(),
      updated: row.updatedAt.toISOString(),
      total_objective_weight: two(row.totalWeight),
      actions: this.workflow.actionsOf(auth, row),
    };
  }

  private toObjectiveKpi(k: ObjectiveKpiRow): ObjectiveKpi {
    return {
      id: k.id,
      name: k.name,
      weight: two(k.weight),
      time: k.time,
      target: k.target,
      target_unit: { id: k.targetUnitId, name: k.targetUnitName },
      target_unit_id: k.targetUnitId,
      direction: k.direction,
      budget: k.budget,
      initiative: k.initiative,
      status: itemStatus(k.statusId),
      comments: k.comments,
      objective_id: k.objectiveId,
      kpi_id: k.kpiId,
    };
  }

  /** The sheet with its objectives and KPIs: three statements whatever its size. */
  private async sheet(db: Db, auth: AuthContext, row: KpiRow): Promise<KpiSheet> {
    // One after another: side by side, each call held two pooled connections and queued for them under load.
    const objectives = await repo.objectives(db, row.id);
    const items = await repo.objectiveKpis(db, row.id);
    const byObjective = new Map<number, ObjectiveKpi[]>();
    for (const k of items) {
      const list = byObjective.get(k.objectiveId) ?? [];
      list.push(this.toObjectiveKpi(k));
      byObjective.set(k.objectiveId, list);
    }
    const actors = this.workflow.actors(auth, row);
    const editable = KPI_RULES.editable.includes(row.statusId) && mayEdit(auth, row);
    return {
      ...this.toListItem(auth, row),
      objectives: objectives.map((o: ObjectiveRow): Objective => {
        const kpiList = byObjective.get(o.id) ?? [];
        return {
          id: o.id,
          name: o.name,
          weight: two(o.weight),
          perspective: { id: o.perspectiveId, name: o.perspectiveName },
          perspective_id: o.perspectiveId,
          status: itemStatus(o.statusId),
          comments: o.comments,
          kpi_id: o.kpiId,
          kpis: kpiList,
          total_kpi_weight: two(
            kpiList
              .filter((k) => k.status.id === KPI_ITEM_STATUS.active)
              .reduce((sum, k) => sum + k.weight, 0),
          ),
        };
      }),
      editable,
      commentable:
        row.statusId > KPI_STATUS.draft && (actors.length > 0 || row.createdById === auth.employeeId),
    };
  }

  async list(auth: AuthContext, q: ListQuery, url: string) {
    const own = q.list_type === 'self';
    teamOnlyFilters(own, q, { employee_id: 'employee' });
    return listPage(this.db, url, q, {
      ...repo.list(auth.employeeId, q),
      map: (r) => this.toListItem(auth, r),
    });
  }

  async get(auth: AuthContext, id: number): Promise<KpiSheet> {
    return this.sheet(this.db, auth, await this.workflow.read(auth, id));
  }

  /** The values a sheet stores from a create or change body; runs under the employee's lock. */
  private async prepare(tx: Db, employeeId: number, body: KpiBody, exceptId?: number) {
    const period = await this.period(tx, employeeId, body, exceptId);
    // Two sheets over the same days: the dashboard shows the newest only, so the writer is asked first.
    if (!body.allow_overlap) {
      const clash = await repo.overlappingSheet(tx, employeeId, period.fromDate, period.toDate, exceptId);
      if (clash)
        throw domainError(
          'kpi_period_overlap',
          { id: clash.id, name: clash.name, from: fmt(clash.fromDate), to: fmt(clash.toDate) },
          'from',
        );
    }
    return period;
  }

  /** A sheet's type, period and name: a year's, or the custom dates given. */
  private async period(tx: Db, employeeId: number, body: KpiBody, exceptId?: number) {
    const type = await repo.type(tx, body.type_id);
    if (!type?.enabled) throw domainError('kpi_type_unknown', {}, 'type_id');
    if (type.id === KPI_TYPE.yearly) {
      const year = await repo.year(tx, body.year_id!);
      if (!year?.enabled) throw domainError('kpi_year_unknown', {}, 'year_id');
      const taken = await repo.yearSheet(tx, employeeId, year.id, exceptId);
      if (taken) throw domainError('kpi_year_taken', { year: year.name, id: taken.id }, 'year_id');
      return {
        typeId: type.id,
        yearId: year.id,
        name: year.name,
        fromDate: year.fromDate,
        toDate: year.toDate,
      };
    }
    const fromDate = body.from!;
    const toDate = body.to!;
    const name = body.name?.trim() ? body.name.trim() : `${fmt(fromDate)} – ${fmt(toDate)}`;
    return { typeId: type.id, yearId: null, name, fromDate, toDate };
  }

  /** Whom a new sheet is for: the caller, or a direct report of theirs. */
  private async ownerOf(auth: AuthContext, employeeId: number | null | undefined): Promise<number> {
    if (!employeeId || employeeId === auth.employeeId) return auth.employeeId;
    const { lineManagerId } = await approversOf(this.db, employeeId);
    if (lineManagerId !== auth.employeeId) throw domainError('kpi_for_forbidden', {}, 'employee_id');
    return employeeId;
  }

  async create(auth: AuthContext, body: KpiBody): Promise<KpiSheet> {
    const employeeId = await this.ownerOf(auth, body.employee_id);
    const row = await this.workflow.create(auth, employeeId, async (tx) => ({
      ...(await this.prepare(tx, employeeId, body)),
      createdById: auth.employeeId,
    }));
    return this.sheet(this.db, auth, row);
  }

  /** A new draft from an earlier sheet of the same employee: its active objectives and KPIs, no comments. */
  async copy(auth: AuthContext, id: number, body: KpiBody): Promise<KpiSheet> {
    const source = await this.workflow.read(auth, id);
    const { lineManagerId } = await approversOf(this.db, source.employeeId);
    if (source.employeeId !== auth.employeeId && lineManagerId !== auth.employeeId) {
      throw domainError('kpi_copy_forbidden');
    }
    const row = await this.workflow.create(
      auth,
      source.employeeId,
      async (tx) => ({
        ...(await this.prepare(tx, source.employeeId, body)),
        createdById: auth.employeeId,
        copiedFromId: source.id,
      }),
      { copied_from: source.id },
      (tx, newId) => repo.copyItems(tx, source.id, newId),
    );
    return this.sheet(this.db, auth, row);
  }

  async update(auth: AuthContext, id: number, body: KpiBody): Promise<KpiSheet> {
    const row = await this.workflow.update(auth, id, (tx, current) =>
      this.prepare(tx, current.employeeId, body, id),
    );
    return this.sheet(this.db, auth, row);
  }

  async remove(auth: AuthContext, id: number): Promise<{ message: string }> {
    const row = await this.workflow.remove(auth, id);
    return { message: `${row.name} has been successfully deleted!` };
  }

  /** Submit, approve, send back: as KPI_WORKFLOW allows; submitting needs weights that add up to 100. */
  async act(auth: AuthContext, action: ReviewAction, id: number, comment?: string | null): Promise<KpiSheet> {
    const row = await this.workflow.act(auth, action, id, {
      comment,
      before: async (tx, current, transition) => {
        if (transition.to !== KPI_STATUS.awaitingLineManager) return;
        if (!current.lineManagerId) throw domainError('no_line_manager');
        const objectives = await repo.weights(tx, current.id);
        const total = objectives.reduce((sum, o) => sum + o.cents, 0);
        if (total !== KPI_WEIGHT_TOTAL * 100) {
          throw domainError('kpi_objective_weights', { total: (total / 100).toFixed(2) });
        }
        const off = objectives.find((o) => o.kpiCents !== KPI_WEIGHT_TOTAL * 100);
        if (off) {
          throw domainError('kpi_kpi_weights', {
            objective: off.name,
            total: (off.kpiCents / 100).toFixed(2),
          });
        }
      },
      after: async (tx, current) => {
        if (!current.firstSubmittedAt) await repo.setFirstSubmitted(tx, current.id, new Date());
      },
    });
    return this.sheet(this.db, auth, row);
  }

  // Objectives

  private async checkPerspective(tx: Db, id: number) {
    const p = await repo.perspective(tx, id);
    if (!p?.enabled) throw domainError('kpi_perspective_unknown', {}, 'perspective_id');
  }

  /** The sheet an item belongs to, or 404. */
  private async sheetOf(kind: 'objective' | 'objective_kpi', id: number): Promise<number> {
    const kpiId = await repo.sheetOf(this.db, kind, id);
    if (kpiId === null)
      throw domainError('kpi_item_not_found', { item: kind === 'objective' ? 'objective' : 'KPI' });
    return kpiId;
  }

  /** Runs a change of a sheet's parts under the workflow's lock and checks; answers the sheet. */
  private async edit(auth: AuthContext, kpiId: number, work: (tx: Db, row: KpiRow) => Promise<void>) {
    const { row } = await this.workflow.within(auth, kpiId, work);
    return this.sheet(this.db, auth, row);
  }

  async addObjective(auth: AuthContext, body: ObjectiveBody): Promise<KpiSheet> {
    return this.edit(auth, body.kpi_id, async (tx) => {
      await this.checkPerspective(tx, body.perspective_id);
      const id = await repo.insertObjective(tx, {
        kpiId: body.kpi_id,
        perspectiveId: body.perspective_id,
        name: body.name,
        weight: body.weight,
      });
      await audit(tx, auth, {
        action: 'create',
        entity: 'kpi_objective',
        entityId: id,
        data: {
          kpi_id: body.kpi_id,
          name: body.name,
          weight: body.weight,
          perspective_id: body.perspective_id,
        },
      });
    });
  }

  /** The stored objective inside the writing transaction: on this sheet and active. */
  private async activeObjective(tx: Db, id: number, kpiId: number) {
    const o = await repo.objective(tx, id);
    if (!o) throw domainError('kpi_item_not_found', { item: 'objective' });
    if (o.kpiId !== kpiId) throw domainError('kpi_item_other_sheet', { item: 'objective' }, 'objective_id');
    if (o.statusId !== KPI_ITEM_STATUS.active) throw domainError('kpi_item_removed', { item: 'objective' });
    return o;
  }

  async updateObjective(auth: AuthContext, id: number, body: ObjectiveBody): Promise<KpiSheet> {
    const kpiId = await this.sheetOf('objective', id);
    if (body.kpi_id !== kpiId) throw domainError('kpi_item_other_sheet', { item: 'objective' }, 'kpi_id');
    return this.edit(auth, kpiId, async (tx) => {
      const before = await this.activeObjective(tx, id, kpiId);
      await this.checkPerspective(tx, body.perspective_id);
      await repo.updateObjective(tx, id, {
        name: body.name,
        weight: body.weight,
        perspectiveId: body.perspective_id,
      });
      const changes = diffFields(
        { name: before.name, weight: before.weight, perspective_id: before.perspectiveId },
        { name: body.name, weight: body.weight, perspective_id: body.perspective_id },
      );
      await audit(tx, auth, {
        action: 'update',
        entity: 'kpi_objective',
        entityId: id,
        data: { kpi_id: kpiId, ...changeData(changes) },
      });
    });
  }

  /** Deletes an objective (with its KPIs); after the first submission it is kept as removed (status 3). */
  async removeObjective(auth: AuthContext, id: number): Promise<KpiSheet> {
    const kpiId = await this.sheetOf('objective', id);
    return this.edit(auth, kpiId, async (tx, sheet) => {
      await this.activeObjective(tx, id, kpiId);
      if (sheet.firstSubmittedAt) await repo.markObjectiveRemoved(tx, id);
      else await repo.deleteObjective(tx, id);
      await audit(tx, auth, {
        action: sheet.firstSubmittedAt ? 'remove' : 'delete',
        entity: 'kpi_objective',
        entityId: id,
        data: { kpi_id: kpiId },
      });
    });
  }

  // Objective KPIs

  private async checkTargetUnit(tx: Db, id: number) {
    const unit = await repo.targetUnit(tx, id);
    if (!unit?.enabled) throw domainError('kpi_target_unit_unknown', {}, 'target_unit_id');
  }

  /** The KPI's columns from a body; a body without a direction keeps `direction` (higher for a new KPI). */
  private kpiValues(body: ObjectiveKpiBody, direction: KpiDirection = 'higher') {
    return {
      name: body.name,
      weight: body.weight,
      time: body.time,
      target: body.target,
      targetUnitId: body.target_unit_id,
      direction: body.direction ?? direction,
      budget: body.budget ?? null,
      initiative: body.initiative?.trim() ? body.initiative.trim() : null,
    };
  }

  async addObjectiveKpi(auth: AuthContext, body: ObjectiveKpiBody): Promise<KpiSheet> {
    return this.edit(auth, body.kpi_id, async (tx) => {
      await this.activeObjective(tx, body.objective_id, body.kpi_id);
      await this.checkTargetUnit(tx, body.target_unit_id);
      const values = this.kpiValues(body);
      const id = await repo.insertObjectiveKpi(tx, {
        ...values,
        kpiId: body.kpi_id,
        objectiveId: body.objective_id,
      });
      await audit(tx, auth, {
        action: 'create',
        entity: 'kpi_objective_kpi',
        entityId: id,
        data: { kpi_id: body.kpi_id, objective_id: body.objective_id, ...values },
      });
    });
  }

  private async activeObjectiveKpi(tx: Db, id: number, kpiId: number) {
    const k = await repo.objectiveKpi(tx, id);
    if (!k) throw domainError('kpi_item_not_found', { item: 'KPI' });
    if (k.kpiId !== kpiId) throw domainError('kpi_item_other_sheet', { item: 'KPI' }, 'kpi_id');
    if (k.statusId !== KPI_ITEM_STATUS.active) throw domainError('kpi_item_removed', { item: 'KPI' });
    return k;
  }

  async updateObjectiveKpi(auth: AuthContext, id: number, body: ObjectiveKpiBody): Promise<KpiSheet> {
    const kpiId = await this.sheetOf('objective_kpi', id);
    if (body.kpi_id !== kpiId) throw domainError('kpi_item_other_sheet', { item: 'KPI' }, 'kpi_id');
    return this.edit(auth, kpiId, async (tx) => {
      const before = await this.activeObjectiveKpi(tx, id, kpiId);
      await this.activeObjective(tx, body.objective_id, kpiId);
      await this.checkTargetUnit(tx, body.target_unit_id);
      const values = this.kpiValues(body, before.direction);
      await repo.updateObjectiveKpi(tx, id, { ...values, objectiveId: body.objective_id });
      const changes = diffFields(
        {
          name: before.name,
          weight: before.weight,
          time: before.time,
          target: before.target,
          target_unit_id: before.targetUnitId,
          direction: before.direction,
          budget: before.budget,
          initiative: before.initiative,
          objective_id: before.objectiveId,
        },
        {
          name: values.name,
          weight: values.weight,
          time: values.time,
          target: values.target,
          target_unit_id: values.targetUnitId,
          direction: values.direction,
          budget: values.budget,
          initiative: values.initiative,
          objective_id: body.objective_id,
        },
      );
      await audit(tx, auth, {
        action: 'update',
        entity: 'kpi_objective_kpi',
        entityId: id,
        data: { kpi_id: kpiId, ...changeData(changes) },
      });
    });
  }

  async removeObjectiveKpi(auth: AuthContext, id: number): Promise<KpiSheet> {
    const kpiId = await this.sheetOf('objective_kpi', id);
    return this.edit(auth, kpiId, async (tx, sheet) => {
      await this.activeObjectiveKpi(tx, id, kpiId);
      if (sheet.firstSubmittedAt) await repo.markObjectiveKpiRemoved(tx, id);
      else await repo.deleteObjectiveKpi(tx, id);
      await audit(tx, auth, {
        action: sheet.firstSubmittedAt ? 'remove' : 'delete',
        entity: 'kpi_objective_kpi',
        entityId: id,
        data: { kpi_id: kpiId },
      });
    });
  }

  // Lookups

  types() {
    return repo.types(this.db);
  }
  statuses() {
    return repo.statuses(this.db);
  }
}
