import type { Actor } from '@hr/contracts/workflow';
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

/** How the caller stands to a record: owner, its line manager, its O&O, and/or an admin. */
export function actorsFor(
  auth: AuthContext,
  record: { employeeId: number; lineManagerId: number | null; oneOverOneId: number | null },
): Actor[] {
  const actors: Actor[] = [];
  if (record.employeeId === auth.employeeId) actors.push('owner');
  if (record.lineManagerId === auth.employeeId) actors.push('line_manager');
  if (record.oneOverOneId === auth.employeeId) actors.push('one_over_one');
  if (auth.isAdmin) actors.push('admin');
  return actors;
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
