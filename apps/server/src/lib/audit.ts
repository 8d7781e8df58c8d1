import type { Db } from '../db/client';
import { auditLog } from '../db/schema';
import type { AuthContext } from './auth-context';

export interface AuditEntry {
  action: string;
  entity: string;
  entityId?: number | null;
  fromStatus?: number | null;
  toStatus?: number | null;
  data?: Record<string, unknown>;
}

/** Writes one audit row for a state change, inside the caller's transaction. */
export async function audit(db: Db, actor: AuthContext | null, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorUserId: actor?.userId ?? null,
    actorEmployeeId: actor?.employeeId ?? null,
    impersonatorUserId: actor?.impersonatorUserId ?? null,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    fromStatus: entry.fromStatus ?? null,
    toStatus: entry.toStatus ?? null,
    data: entry.data ?? null,
  });
}
