import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appSettings } from '../../db/schema';

/** One exported audit row, with the people it names. */
export interface ExportRow {
  id: number;
  at: string;
  actorEid: string | null;
  actorName: string | null;
  impersonatorEid: string | null;
  impersonatorName: string | null;
  onBehalfEid: string | null;
  onBehalfName: string | null;
  action: string;
  entity: string;
  entityId: number | null;
  fromStatus: number | null;
  toStatus: number | null;
  data: string | null;
  hash: string | null;
}

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** The app setting that keeps the chain's last verification. */
const VERIFICATION_KEY = 'audit_chain_verification';

export const auditRepository = {
  /** The next `limit` rows written in [from, to) after id `afterId`, by id. */
  async exportRows(db: Db, from: Date, to: Date, afterId: number, limit: number): Promise<ExportRow[]> {
    const result = await db.execute(sql`select a.id::text as id,
        to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at,
        actor.eid as actor_eid, actor.name as actor_name,
        imp.eid as impersonator_eid, imp.name as impersonator_name,
        behalf.eid as on_behalf_eid, behalf.name as on_behalf_name,
        a.action, a.entity, a.entity_id::text as entity_id, a.from_status, a.to_status,
        a.data::text as data, a.hash
      from audit_log a
      left join employees actor on actor.id = coalesce(a.actor_employee_id,
        (select u.employee_id from users u where u.id = a.actor_user_id))
      left join users imp_user on imp_user.id = a.impersonator_user_id
      left join employees imp on imp.id = imp_user.employee_id
      left join employees behalf on behalf.id = a.on_behalf_of_employee_id
      where a.created_at >= ${from.toISOString()}::timestamptz and a.created_at < ${to.toISOString()}::timestamptz
        and a.id > ${afterId}
      order by a.id
      limit ${limit}`);
    return rowsOf<Record<string, unknown>>(result).map((r) => ({
      id: Number(r.id),
      at: String(r.at),
      actorEid: (r.actor_eid as string | null) ?? null,
      actorName: (r.actor_name as string | null) ?? null,
      impersonatorEid: (r.impersonator_eid as string | null) ?? null,
      impersonatorName: (r.impersonator_name as string | null) ?? null,
      onBehalfEid: (r.on_behalf_eid as string | null) ?? null,
      onBehalfName: (r.on_behalf_name as string | null) ?? null,
      action: String(r.action),
      entity: String(r.entity),
      entityId: num(r.entity_id),
      fromStatus: num(r.from_status),
      toStatus: num(r.to_status),
      data: (r.data as string | null) ?? null,
      hash: (r.hash as string | null) ?? null,
    }));
  },

  /** The chain's head and the number of unsealed rows. */
  async chainState(db: Db): Promise<{
    sealed: number;
    unsealed: number;
    lastId: number | null;
    lastSealedAt: string | null;
  }> {
    const result = await db.execute(sql`select
        (select rows::text from audit_chain_head where id = 1) as sealed,
        (select last_id::text from audit_chain_head where id = 1) as last_id,
        (select to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') from audit_chain_head where id = 1) as sealed_at,
        (select count(*)::text from audit_log where hash is null) as unsealed`);
    const [r] = rowsOf<Record<string, string | null>>(result);
    return {
      sealed: Number(r?.sealed ?? 0),
      unsealed: Number(r?.unsealed ?? 0),
      lastId: num(r?.last_id),
      lastSealedAt: r?.sealed_at ?? null,
    };
  },

  async verification(db: Db): Promise<unknown> {
    const [row] = await db.select().from(appSettings).where(eq(appSettings.key, VERIFICATION_KEY));
    return row?.value ?? null;
  },

  async saveVerification(db: Db, value: Record<string, unknown>): Promise<void> {
    const json = sql`${JSON.stringify(value)}::jsonb`;
    await db
      .insert(appSettings)
      .values({ key: VERIFICATION_KEY, value: json })
      .onConflictDoUpdate({ target: appSettings.key, set: { value: json, updatedAt: sql`now()` } });
  },
};
