import { APPROVAL_MODULE_OF, type ApprovalModule } from '@hr/contracts/approvals';
import type { ErrorParams, RecordKind } from '@hr/contracts/error-codes';
import {
  ACTION_DONE,
  type Actor,
  decisionAsSomeoneElse,
  mayTake,
  ownDecision,
  type RecordAction,
  type RecordRules,
  type Transition,
  type WorkflowAction,
  type WorkflowTable,
} from '@hr/contracts/workflow';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { approvalEscalations, auditLog, employees } from '../db/schema';
import { actorsFor, approversOf, type Escalation, onBehalfOf } from './approvers';
import { audit } from './audit';
import { type AuthContext, asSomeoneElse } from './auth-context';
import { domainError } from './errors';
import { notifyTransition } from './notifications';

/**
 * The one request life cycle (DESIGN.md §4) behind leave, remote work, HR
 * services, KPI sheets and EPRs. A module describes its table, its workflow
 * table and who may read and edit; this module does the rest the same way for
 * all of them:
 *
 * - every write is one transaction that first locks the employee the record
 *   belongs to, so that rules reading the employee's other records (overlap,
 *   balance, one open request) run on a stable picture and two writes of one
 *   employee cannot both pass them;
 * - the transition check: action + the caller's standing (owner, stored line
 *   manager, stored O&O, admin) + status → new status; a wrong actor is a 403,
 *   a wrong status a 409, and nothing changes; nobody decides their own
 *   record (separation of duties), admins included;
 * - edit and delete only in the editable/deletable statuses;
 * - one audit row per change, from which `accountability` is read;
 * - the answer is the record as stored after the change, read in the same
 *   transaction (clients replace their row with it).
 */

/** The columns every request table has. */
export interface RequestColumns {
  id: AnyPgColumn;
  employeeId: AnyPgColumn;
  statusId: AnyPgColumn;
  lineManagerId: AnyPgColumn;
  oneOverOneId: AnyPgColumn;
}
export type RequestTable = PgTable & RequestColumns;

/** What the life cycle reads of a stored record (modules' rows have more). */
export interface StoredRequest {
  id: number;
  employeeId: number;
  lineManagerId: number | null;
  oneOverOneId: number | null;
  statusId: number;
  statusName: string | null;
  /** An escalation of the record's current stage, where the module's find reads it (`escalationOf`). */
  escalation?: Escalation | null;
}

export interface RequestWorkflowDefinition<Row extends StoredRequest, A extends string> {
  kind: RecordKind;
  table: RequestTable;
  workflow: WorkflowTable<A>;
  rules: RecordRules;
  /** The status a new record starts in (default 1, Draft). */
  initialStatus?: number;
  /** Reads one record with everything its answer needs. */
  find(db: Db, id: number): Promise<Row | null>;
  /**
   * Who may read a record. Default: its employee, its stored line manager and
   * O&O; being an admin alone is not enough.
   */
  canRead?(auth: AuthContext, row: Row, actors: readonly Actor[]): boolean;
  /** Who may change or delete it (in the editable statuses). Default: its employee. */
  canEdit?(auth: AuthContext, row: Row): boolean;
}

/** A record's status as answers carry it (names and colours come from the statuses table). */
export function statusAnswer(row: {
  statusId: number;
  statusName: string | null;
  statusColor: string | null;
}) {
  return {
    id: row.statusId,
    name: row.statusName ?? String(row.statusId),
    color: row.statusColor ?? 'default',
  };
}

/**
 * A part of a record that someone other than its editor changes, in statuses
 * of its own: an EPR's line-manager side while the review waits for them,
 * its Section C after the O&O returned it, the O&O's remarks. `may` is asked
 * with the caller's standing on the record.
 */
export interface RecordPart<Row> {
  name: string;
  statuses: readonly number[];
  /** A part someone other than the owner fills in as their judgement (taken by nobody signed in as someone else). */
  decision: boolean;
  may(auth: AuthContext, row: Row, actors: readonly Actor[]): boolean;
}

/** Checks for an action beyond the transition table, and what else a transition sets. */
export interface TransitionHooks<Row, A extends string> {
  /** Runs after the lock and the table check, before the status changes (throw to refuse). */
  before?(tx: Db, row: Row, transition: Transition<A>): Promise<void>;
  /** Other columns to set with the new status. */
  set?(to: number): Record<string, unknown>;
  /** Runs after the status changed, in the same transaction (e.g. issuing a letter). */
  after?(tx: Db, row: Row, to: number): Promise<void>;
  /** The decider's words with the decision (the approvals inbox), kept in its audit row. */
  comment?: string | null | undefined;
}

/**
 * The transition a caller may take, or the error to answer: no transition of
 * this action for any of the caller's roles is a 403; one for their role but
 * not from this status is a 409.
 */
export function checkTransition<A extends string>(
  workflow: WorkflowTable<A>,
  action: A,
  status: number,
  actors: readonly Actor[],
  message: { kind: RecordKind; statusName: string | null },
  actingAsSomeoneElse = false,
): Transition<A> {
  const permitted = workflow.filter((t) => t.action === action && t.actors.some((a) => actors.includes(a)));
  const params: ErrorParams = {
    record: message.kind,
    action,
    done: ACTION_DONE[action as WorkflowAction] ?? action,
    status_id: status,
    status: message.statusName ?? String(status),
  };
  if (permitted.length === 0) throw domainError('transition_forbidden', params);
  const transition = permitted.find((t) => t.from.includes(status));
  if (!transition) throw domainError('transition_not_allowed', params);
  if (ownDecision(transition, actors)) throw domainError('own_request_decision', params);
  if (decisionAsSomeoneElse(transition, actingAsSomeoneElse))
    throw domainError('impersonation_no_decision', params);
  return transition;
}

/**
 * The transitions of a workflow the caller may take on a record now: those
 * from its status that the caller's standing allows, none of their own
 * record's decisions, and no decision at all signed in as someone else.
 */
export function transitionsFor<A extends string>(
  workflow: WorkflowTable<A>,
  auth: AuthContext,
  row: Pick<StoredRequest, 'employeeId' | 'lineManagerId' | 'oneOverOneId' | 'statusId' | 'escalation'>,
  /** The record's inbox module: standings held through a delegation or an escalation count too. */
  module?: ApprovalModule,
): A[] {
  const actors = actorsFor(auth, row, module);
  const someoneElse = asSomeoneElse(auth);
  const actions: A[] = [];
  for (const t of workflow)
    if (t.from.includes(row.statusId) && mayTake(t, actors, someoneElse) && !actions.includes(t.action))
      actions.push(t.action);
  return actions;
}

export class RequestWorkflow<Row extends StoredRequest, A extends string> {
  private readonly initialStatus: number;
  /** The inbox's name of the record kind: delegations and escalations are by module. */
  readonly module: ApprovalModule;

  constructor(
    private readonly db: Db,
    private readonly def: RequestWorkflowDefinition<Row, A>,
  ) {
    this.initialStatus = def.initialStatus ?? 1;
    this.module = APPROVAL_MODULE_OF[def.kind];
  }

  private params(row?: StoredRequest): ErrorParams {
    const p: ErrorParams = { record: this.def.kind };
    if (row) {
      p.status_id = row.statusId;
      p.status = row.statusName ?? String(row.statusId);
    }
    return p;
  }

  /** The caller's standings on a record: their own, and those held for someone else (delegation, escalation). */
  actors(auth: AuthContext, row: Row): Actor[] {
    return actorsFor(auth, row, this.module);
  }

  canRead(auth: AuthContext, row: Row): boolean {
    const actors = this.actors(auth, row);
    return this.def.canRead ? this.def.canRead(auth, row, actors) : actors.some((a) => a !== 'admin');
  }

  private canEdit(auth: AuthContext, row: Row): boolean {
    return this.def.canEdit ? this.def.canEdit(auth, row) : row.employeeId === auth.employeeId;
  }

  /**
   * What the caller may do with a record now, as `act`, `update` and `remove`
   * would allow it: the transitions its workflow gives the caller's standing
   * from the record's status (none of their own record's decisions, and none
   * at all signed in as someone else), and edit and delete in their statuses.
   * Every answer of a record carries it; the web offers these and nothing else.
   */
  actionsOf(auth: AuthContext, row: Row): RecordAction<A>[] {
    const actions: RecordAction<A>[] = transitionsFor(this.def.workflow, auth, row, this.module);
    if (this.canEdit(auth, row)) {
      if (this.def.rules.editable.includes(row.statusId)) actions.push('edit');
      if (this.def.rules.deletable.includes(row.statusId)) actions.push('delete');
    }
    return actions;
  }

  private async found(db: Db, id: number): Promise<Row> {
    const row = await this.def.find(db, id);
    if (!row) throw domainError('record_not_found', this.params());
    return row;
  }

  /** One record for a caller who may read it (404 unknown, 403 not theirs to see). */
  async read(auth: AuthContext, id: number): Promise<Row> {
    const row = await this.found(this.db, id);
    if (!this.canRead(auth, row)) throw domainError('record_hidden', this.params());
    return row;
  }

  /**
   * Holds the employee's row until the transaction ends: every write of a
   * request of this employee takes the same lock first, so they run one after
   * another. (FOR NO KEY UPDATE does not block inserts that merely reference
   * the employee.)
   */
  private async lockEmployee(tx: Db, employeeId: number): Promise<void> {
    const rows = await tx
      .select({ id: employees.id })
      .from(employees)
      .where(eq(employees.id, employeeId))
      .for('no key update');
    if (rows.length === 0) throw domainError('employee_not_found');
  }

  /** Locks the employee of a stored record (by the record's id) and reads the record under that lock. */
  private async lockRecord(tx: Db, id: number): Promise<Row> {
    const t = this.def.table;
    const locked = await tx
      .select({ id: employees.id })
      .from(employees)
      .where(eq(employees.id, sql`(select ${t.employeeId} from ${t} where ${t.id} = ${id})`))
      .for('no key update');
    if (locked.length === 0) throw domainError('record_not_found', this.params());
    return this.found(tx, id);
  }

  /**
   * Creates a record of `employeeId` in the initial status with the approvers
   * of the day. `build` runs under the employee's lock, so the rules it checks
   * against the employee's other records hold when the row is written.
   */
  async create(
    auth: AuthContext,
    employeeId: number,
    build: (tx: Db) => Promise<Record<string, unknown>>,
    auditData?: Record<string, unknown>,
    /** Writes what belongs to the new record (a copied sheet's objectives), in the same transaction. */
    after?: (tx: Db, id: number) => Promise<void>,
  ): Promise<Row> {
    return this.db.transaction(async (tx) => {
      await this.lockEmployee(tx, employeeId);
      const values = await build(tx);
      const approvers = await approversOf(tx, employeeId);
      const t = this.def.table;
      const [inserted] = (await tx
        .insert(t)
        .values({ ...values, employeeId, ...approvers, statusId: this.initialStatus } as never)
        .returning({ id: t.id })) as { id: number }[];
      const id = inserted!.id;
      if (after) await after(tx, id);
      await audit(tx, auth, {
        action: 'create',
        entity: this.def.kind,
        entityId: id,
        toStatus: this.initialStatus,
        ...(auditData ? { data: auditData } : {}),
      });
      return this.found(tx, id);
    });
  }

  /**
   * Changes a record in an editable status, by a caller who may edit it;
   * the stored approvers follow the employee's current line manager.
   */
  async update(
    auth: AuthContext,
    id: number,
    build: (tx: Db, row: Row) => Promise<Record<string, unknown>>,
  ): Promise<Row> {
    return this.db.transaction(async (tx) => {
      const row = await this.lockRecord(tx, id);
      if (!this.canEdit(auth, row)) throw domainError('record_edit_forbidden', this.params());
      if (!this.def.rules.editable.includes(row.statusId)) {
        throw domainError('record_not_editable', this.params(row));
      }
      const values = await build(tx, row);
      const approvers = await approversOf(tx, row.employeeId);
      if (!(await this.setIf(tx, id, this.def.rules.editable, { ...values, ...approvers }))) {
        throw domainError('changed_meanwhile', this.params());
      }
      await audit(tx, auth, {
        action: 'update',
        entity: this.def.kind,
        entityId: id,
        fromStatus: row.statusId,
        toStatus: row.statusId,
      });
      return this.found(tx, id);
    });
  }

  /**
   * Changes the parts of a record (a KPI sheet's objectives, an EPR's
   * sections) under the same lock and checks as `update`: a caller who may
   * edit it, in an editable status. `work` runs in the transaction; the
   * record's `updated` moves on, and the record is read back for the answer.
   */
  async within<T>(
    auth: AuthContext,
    id: number,
    work: (tx: Db, row: Row) => Promise<T>,
    part?: RecordPart<Row>,
  ): Promise<{ row: Row; result: T }> {
    return this.db.transaction(async (tx) => {
      const row = await this.lockRecord(tx, id);
      const may = part ? part.may(auth, row, this.actors(auth, row)) : this.canEdit(auth, row);
      if (!may) throw domainError('record_edit_forbidden', this.params());
      if (part?.decision && asSomeoneElse(auth))
        throw domainError('impersonation_no_decision', this.params());
      const statuses = part ? part.statuses : this.def.rules.editable;
      if (!statuses.includes(row.statusId)) throw domainError('record_not_editable', this.params(row));
      const result = await work(tx, row);
      if (!(await this.setIf(tx, id, statuses, { updatedAt: new Date() }))) {
        throw domainError('changed_meanwhile', this.params());
      }
      return { row: await this.found(tx, id), result };
    });
  }

  /** Deletes a record in a deletable status; answers the record as it was. */
  async remove(
    auth: AuthContext,
    id: number,
    auditData?: (row: Row) => Record<string, unknown>,
    /**
     * Runs in the transaction once the delete is allowed, before the row goes,
     * and answers what to do after it went (stored files its children named).
     */
    cleanUp?: (tx: Db, row: Row) => Promise<() => Promise<void>>,
  ): Promise<Row> {
    return this.db.transaction(async (tx) => {
      const row = await this.lockRecord(tx, id);
      if (!this.canEdit(auth, row)) throw domainError('record_delete_forbidden', this.params());
      if (!this.def.rules.deletable.includes(row.statusId)) {
        throw domainError('record_not_deletable', this.params(row));
      }
      const afterwards = cleanUp ? await cleanUp(tx, row) : null;
      const t = this.def.table;
      const done = (await tx
        .delete(t)
        .where(and(eq(t.id, id), inArray(t.statusId, [...this.def.rules.deletable])))
        .returning({ id: t.id })) as { id: number }[];
      if (done.length !== 1) throw domainError('changed_meanwhile', this.params());
      if (afterwards) await afterwards();
      await audit(tx, auth, {
        action: 'delete',
        entity: this.def.kind,
        entityId: id,
        fromStatus: row.statusId,
        ...(auditData ? { data: auditData(row) } : {}),
      });
      return row;
    });
  }

  /** Takes a workflow action (submit, approve, ...) as the table allows; answers the changed record. */
  async act(auth: AuthContext, action: A, id: number, hooks: TransitionHooks<Row, A> = {}): Promise<Row> {
    return this.db.transaction(async (tx) => {
      const row = await this.lockRecord(tx, id);
      const actors = this.actors(auth, row);
      const transition = checkTransition(
        this.def.workflow,
        action,
        row.statusId,
        actors,
        { kind: this.def.kind, statusName: row.statusName },
        asSomeoneElse(auth),
      );
      if (hooks.before) await hooks.before(tx, row, transition);
      const changed = await this.setIf(tx, id, transition.from, {
        statusId: transition.to,
        ...(hooks.set ? hooks.set(transition.to) : {}),
      });
      if (!changed) throw domainError('changed_meanwhile', this.params());
      if (hooks.after) await hooks.after(tx, row, transition.to);
      // A stage's escalation ends with the stage.
      await tx
        .delete(approvalEscalations)
        .where(and(eq(approvalEscalations.module, this.module), eq(approvalEscalations.recordId, id)));
      const forWhom = onBehalfOf(auth, row, this.module, transition.actors);
      await audit(tx, auth, {
        action,
        entity: this.def.kind,
        entityId: id,
        fromStatus: row.statusId,
        toStatus: transition.to,
        onBehalfOf: forWhom,
        ...(hooks.comment ? { data: { comment: hooks.comment } } : {}),
      });
      await notifyTransition(tx, {
        kind: this.def.kind,
        id,
        employeeId: row.employeeId,
        lineManagerId: row.lineManagerId,
        oneOverOneId: row.oneOverOneId,
        action,
        fromStatus: row.statusId,
        toStatus: transition.to,
        actorEmployeeId: auth.employeeId,
        onBehalfOfEmployeeId: forWhom,
      });
      return this.found(tx, id);
    });
  }

  /** Sets values on a record that is still in one of `statuses`; answers whether it did. */
  private async setIf(
    tx: Db,
    id: number,
    statuses: readonly number[],
    values: Record<string, unknown>,
  ): Promise<boolean> {
    const t = this.def.table;
    const done = (await tx
      .update(t)
      .set(values as never)
      .where(and(eq(t.id, id), inArray(t.statusId, [...statuses])))
      .returning({ id: t.id })) as { id: number }[];
    return done.length === 1;
  }

  /** Who did what to a record, oldest first, from the audit log (the `accountability` of SPEC.md §3). */
  async history(id: number): Promise<{ action: string; at: Date; actorName: string | null }[]> {
    return this.db
      .select({ action: auditLog.action, at: auditLog.createdAt, actorName: employees.name })
      .from(auditLog)
      .leftJoin(employees, eq(employees.id, auditLog.actorEmployeeId))
      .where(and(eq(auditLog.entity, this.def.kind), eq(auditLog.entityId, id)))
      .orderBy(asc(auditLog.id));
  }
}
