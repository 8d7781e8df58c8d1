import { APPROVAL_MODULE_OF } from '@hr/contracts/approvals';
import type { RecordKind } from '@hr/contracts/error-codes';
import dayjs from 'dayjs';
import { and, desc, inArray, isNotNull } from 'drizzle-orm';
import { notify } from '../../lib/notifications';
import { officeToday } from '../../lib/office-clock';
import type { Db } from '../client';
import { auditLog, delegations, eprs, kpis, leaves, remoteWorks, serviceRequests } from '../schema';

/** Decisions the demo's requesters are told of: the latest few of each, as the bell would have had them. */
const TOLD_PER_PERSON = 4;

/**
 * The demo's approvals beyond the requests themselves: one delegation in
 * force (the operations manager 1010, away this week, hands their decisions
 * to their own manager 1005), and notifications of the demo's past
 * decisions to their requesters (the demo employee 1004 among them), made
 * through the portal's own notification path so they read as real ones.
 */
export async function seedDemoApprovals(tx: Db, idByEid: ReadonlyMap<string, number>): Promise<void> {
  const today = dayjs(officeToday());
  await tx.insert(delegations).values({
    delegatorId: idByEid.get('1010')!,
    delegateId: idByEid.get('1005')!,
    fromDate: today.subtract(1, 'day').format('YYYY-MM-DD'),
    toDate: today.add(6, 'day').format('YYYY-MM-DD'),
    modules: null,
    createdBy: idByEid.get('1010')!,
  });

  const decisions = await tx
    .select({
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      action: auditLog.action,
      actor: auditLog.actorEmployeeId,
      toStatus: auditLog.toStatus,
    })
    .from(auditLog)
    .where(
      and(
        inArray(auditLog.entity, ['leave', 'remote_work', 'hr_service', 'kpi', 'epr']),
        inArray(auditLog.action, [
          'approve',
          'approve-line-manager',
          'reject',
          'update-requested',
          'cancel',
          'done',
        ]),
        isNotNull(auditLog.entityId),
      ),
    )
    .orderBy(desc(auditLog.id));
  const owners = await ownersOf(tx, decisions);
  const told = new Map<number, number>();
  for (const d of decisions.reverse()) {
    const owner = owners.get(`${d.entity}:${d.entityId}`);
    if (owner === undefined || (told.get(owner) ?? 0) >= TOLD_PER_PERSON) continue;
    told.set(owner, (told.get(owner) ?? 0) + 1);
    await notify(tx, {
      recipients: [owner],
      event: 'decided',
      module: APPROVAL_MODULE_OF[d.entity as RecordKind],
      recordId: d.entityId,
      actorEmployeeId: d.actor,
      data: { action: d.action, to_status: d.toStatus },
    });
  }
}

/** The owner of each decided record, by `kind:id`. */
async function ownersOf(
  tx: Db,
  decisions: { entity: string; entityId: number | null }[],
): Promise<Map<string, number>> {
  const tables = {
    leave: leaves,
    remote_work: remoteWorks,
    hr_service: serviceRequests,
    kpi: kpis,
    epr: eprs,
  };
  const owners = new Map<string, number>();
  for (const [kind, t] of Object.entries(tables)) {
    const ids = decisions.filter((d) => d.entity === kind).map((d) => d.entityId!);
    if (ids.length === 0) continue;
    const rows = await tx.select({ id: t.id, employeeId: t.employeeId }).from(t).where(inArray(t.id, ids));
    for (const r of rows) owners.set(`${kind}:${r.id}`, r.employeeId);
  }
  return owners;
}
