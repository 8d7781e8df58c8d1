import type { ApprovalModule } from '@hr/contracts/approvals';
import { type AnyColumn, and, gte, inArray, lte, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { approvalEscalations, delegations } from '../db/schema';
import type { Escalation } from './approvers';
import type { Delegator } from './auth-context';

/**
 * Delegations in force (DESIGN.md §11), read where decisions are: with the
 * session (whose decisions the caller holds today), by the inbox (the
 * delegators' items) and by notifications (the delegates of a decider).
 * "Today" is the office's (lib/office-clock.ts), given by the caller.
 */

const d = delegations;

/** A delegation holds on `today`: one of its days. */
export function inForce(today: Placeholder | SQL | string): SQL {
  return and(lte(d.fromDate, today as string), gte(d.toDate, today as string))!;
}

/**
 * The delegations in force to `delegateId` on `today`, as one JSON value
 * (`[{id, modules}]`, null for none): a subquery of the session's statement.
 */
export function delegatorsToday(delegateId: AnyColumn, today: Placeholder): SQL<Delegator[] | null> {
  return sql<
    Delegator[] | null
  >`(select json_agg(json_build_object('id', ${d.delegatorId}, 'modules', ${d.modules})) from ${d} where ${d.delegateId} = ${delegateId} and ${inForce(today)})`;
}

/** Whether a delegation's modules cover `module` (SQL: null covers every module). */
export function covers(module: SQL | string): SQL {
  return sql`(${d.modules} is null or ${module} = any(${d.modules}))`;
}

/**
 * The people `me` decides for on `today` in `module`, as a subquery of ids
 * (the inbox: items whose line manager or O&O is one of them).
 */
export function delegatorsOf(me: Placeholder | number, today: Placeholder | string, module: SQL): SQL {
  return sql`(select ${d.delegatorId} from ${d} where ${d.delegateId} = ${me} and ${inForce(today)} and ${covers(module)})`;
}

/** The delegate standing in on `today` for each of `delegatorIds` in `module`, by delegator. */
export async function delegatesOf(
  db: Db,
  delegatorIds: readonly number[],
  module: ApprovalModule,
  today: string,
): Promise<Map<number, number[]>> {
  const byDelegator = new Map<number, number[]>();
  if (delegatorIds.length === 0) return byDelegator;
  const rows = await db
    .select({ delegatorId: d.delegatorId, delegateId: d.delegateId })
    .from(d)
    .where(and(inArray(d.delegatorId, [...delegatorIds]), inForce(today), covers(module)));
  for (const r of rows)
    byDelegator.set(r.delegatorId, [...(byDelegator.get(r.delegatorId) ?? []), r.delegateId]);
  return byDelegator;
}

/**
 * The escalation of a record's current stage (module and id), as one JSON
 * value or null: a column of each module's record query, so the standing
 * (lib/approvers.ts) knows who holds the item too without another statement.
 */
export function escalationOf(module: ApprovalModule, id: AnyColumn): SQL<Escalation | null> {
  return escalationSql(sql.raw(`'${module}'`), id);
}

/** The escalation of a record's current stage by a module given as SQL (the inbox's view names its rows' modules). */
export function escalationSql(module: SQL | AnyColumn, id: AnyColumn): SQL<Escalation | null> {
  const e = approvalEscalations;
  return sql<Escalation | null>`(select json_build_object('fromLevel', ${e.fromLevel}, 'toLevel', ${e.toLevel}, 'toEmployeeId', ${e.toEmployeeId}) from ${e} where ${e.module} = ${module} and ${e.recordId} = ${id} limit 1)`;
}
