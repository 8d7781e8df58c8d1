import type { ApprovalModule, Decider } from '@hr/contracts/approvals';
import type { RecordKind } from '@hr/contracts/error-codes';
import type { Decision } from '@hr/contracts/lists';
import { type Actor, isDecision, type WorkflowTable } from '@hr/contracts/workflow';
import { type AnyColumn, eq, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { employees } from '../db/schema';
import type { AuthContext } from './auth-context';

/**
 * The approvers a request stores when it is made (DESIGN.md §3): the
 * employee's line manager and that manager's line manager (the O&O).
 */
export async function approversOf(
  db: Db,
  employeeId: number,
): Promise<{ lineManagerId: number | null; oneOverOneId: number | null }> {
  const lm = alias(employees, 'lm');
  const [row] = await db
    .select({ lineManagerId: employees.parentId, oneOverOneId: lm.parentId })
    .from(employees)
    .leftJoin(lm, eq(lm.id, employees.parentId))
    .where(eq(employees.id, employeeId));
  return { lineManagerId: row?.lineManagerId ?? null, oneOverOneId: row?.oneOverOneId ?? null };
}

/**
 * An item passed one level up (the approval_escalations table): the standing
 * whose decision it was, and who now holds it too — every HR administrator
 * (`admin`) or one person (`toEmployeeId`: the O&O or a named person).
 */
export interface Escalation {
  fromLevel: Decider;
  toLevel: 'one_over_one' | 'admin' | 'person';
  toEmployeeId: number | null;
}

/** What the standing reads of a record: its people, and an escalation of its current stage if any. */
export interface StandingRecord {
  employeeId: number;
  lineManagerId: number | null;
  oneOverOneId: number | null;
  escalation?: Escalation | null;
}

/** A standing the caller holds through someone else, and whose it is (null: HR administrators'). */
export interface StandIn {
  actor: Decider;
  onBehalfOf: number | null;
}

/** The person a decider standing names on a record (HR administrators: nobody in particular). */
function deciderOf(record: StandingRecord, actor: Decider): number | null {
  if (actor === 'line_manager') return record.lineManagerId;
  if (actor === 'one_over_one') return record.oneOverOneId;
  return null;
}

/**
 * The standings the caller holds on a record of `module` through someone
 * else: a delegation in force from its line manager or O&O covering the
 * module (HR administrators' decisions are every administrator's already and
 * are not handed on), and an escalation of its current stage to the caller.
 * Separation of duties is not decided here: it follows the real person (the
 * owner's standing stays, and `ownDecision` refuses).
 */
export function standInsFor(
  auth: AuthContext,
  record: StandingRecord,
  module: ApprovalModule | undefined,
): StandIn[] {
  const standIns: StandIn[] = [];
  if (module && auth.delegators) {
    for (const d of auth.delegators) {
      if (d.modules && !d.modules.includes(module)) continue;
      if (record.lineManagerId === d.id) standIns.push({ actor: 'line_manager', onBehalfOf: d.id });
      if (record.oneOverOneId === d.id) standIns.push({ actor: 'one_over_one', onBehalfOf: d.id });
    }
  }
  const e = record.escalation;
  if (e && (e.toLevel === 'admin' ? auth.isAdmin : e.toEmployeeId === auth.employeeId)) {
    standIns.push({ actor: e.fromLevel, onBehalfOf: deciderOf(record, e.fromLevel) });
  }
  return standIns;
}

/** How the caller stands to a record by itself: owner, its line manager, its O&O, and/or an admin. */
function ownStanding(auth: AuthContext, record: StandingRecord): Actor[] {
  const actors: Actor[] = [];
  if (record.employeeId === auth.employeeId) actors.push('owner');
  if (record.lineManagerId === auth.employeeId) actors.push('line_manager');
  if (record.oneOverOneId === auth.employeeId) actors.push('one_over_one');
  if (auth.isAdmin) actors.push('admin');
  return actors;
}

/**
 * How the caller stands to a record: owner, its line manager, its O&O,
 * and/or an admin — by themselves, or for someone else (a delegation, an
 * escalation) when the record's module is given.
 */
export function actorsFor(auth: AuthContext, record: StandingRecord, module?: ApprovalModule): Actor[] {
  const actors = ownStanding(auth, record);
  for (const s of standInsFor(auth, record, module)) if (!actors.includes(s.actor)) actors.push(s.actor);
  return actors;
}

/**
 * On whose behalf the caller takes a transition: nobody's when their own
 * standing allows it, else the person of the first stand-in that does.
 */
export function onBehalfOf(
  auth: AuthContext,
  record: StandingRecord,
  module: ApprovalModule | undefined,
  transitionActors: readonly Actor[],
): number | null {
  if (ownStanding(auth, record).some((a) => transitionActors.includes(a))) return null;
  return (
    standInsFor(auth, record, module).find((s) => transitionActors.includes(s.actor))?.onBehalfOf ?? null
  );
}

/** The team view's condition: records where the viewer is the stored line manager or O&O. */
export function teamOf(
  viewerId: number | Placeholder,
  lineManager: AnyColumn,
  oneOverOne: AnyColumn,
  ...more: AnyColumn[]
): SQL {
  return or(eq(lineManager, viewerId), eq(oneOverOne, viewerId), ...more.map((c) => eq(c, viewerId)))!;
}

/** Aliased employee tables for joining the people a record names. */
export function personTables() {
  return {
    owner: alias(employees, 'owner'),
    lineManager: alias(employees, 'line_manager'),
    oneOverOne: alias(employees, 'one_over_one'),
    responsible: alias(employees, 'responsible'),
  };
}

/** The columns of a person reference, to select from an (aliased) employee table. */
export function personColumns<I, E, N, P>(t: {
  id: I;
  eid: E;
  name: N;
  photoVersion: P;
}): {
  id: I;
  eid: E;
  name: N;
  photoVersion: P;
} {
  return { id: t.id, eid: t.eid, name: t.name, photoVersion: t.photoVersion };
}

/** The columns of a person reference. */
export interface PersonColumns {
  id: number;
  eid: string;
  name: string;
  photoVersion: number;
}

/**
 * A person reference read as one JSON value by the person's id: a subquery of
 * its own instead of a join, so that a list naming four people (employee,
 * line manager, O&O, responsible) stays a small join for the planner.
 */
export function personJson(id: AnyColumn | SQL): SQL<PersonColumns | null> {
  return sql<PersonColumns | null>`(select json_build_object('id', p.id, 'eid', p.eid, 'name', p.name, 'photoVersion', p.photo_version) from employees p where p.id = ${id})`;
}

/** A person's name by id, as a sort key. */
export function personName(id: AnyColumn | SQL): SQL<string | null> {
  return sql<string | null>`(select p.name from employees p where p.id = ${id})`;
}

/** A request's latest decision as its record query reads it (`decisionOf`). */
export interface DecisionColumns {
  action: string;
  by: string;
  onBehalfOf: string | null;
  at: string;
  comment: string | null;
}

/**
 * A request's latest decision, read from the audit log as one JSON value by
 * its kind and id: the action (one of the workflow's decisions, never the
 * owner's own), who took it and on whose behalf. A column of each module's
 * record query (`audit_log_entity_idx` serves it), so the requester sees
 * both names without another statement.
 */
export function decisionOf(
  kind: RecordKind,
  workflow: WorkflowTable,
  id: AnyColumn,
): SQL<DecisionColumns | null> {
  const actions = [...new Set(workflow.filter(isDecision).map((t) => t.action))];
  const list = sql.raw(actions.map((a) => `'${a}'`).join(', '));
  return sql<DecisionColumns | null>`(select json_build_object('action', a.action, 'by', coalesce(p.name, ''), 'onBehalfOf', b.name, 'at', a.created_at, 'comment', a.data->>'comment') from audit_log a left join employees p on p.id = a.actor_employee_id left join employees b on b.id = a.on_behalf_of_employee_id where a.entity = ${sql.raw(`'${kind}'`)} and a.entity_id = ${id} and a.action in (${list}) order by a.id desc limit 1)`;
}

/** A decision as answers carry it. */
export function decisionAnswer(d: DecisionColumns | null | undefined): Decision {
  if (!d) return null;
  return {
    action: d.action,
    by: d.by,
    on_behalf_of: d.onBehalfOf,
    at: new Date(d.at).toISOString(),
    comment: d.comment,
  };
}
