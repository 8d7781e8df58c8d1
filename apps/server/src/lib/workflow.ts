import type { Actor, WorkflowTable } from '@hr/contracts/workflow';
import type { Db } from '../db/client';
import { audit } from './audit';
import type { AuthContext } from './auth-context';
import { conflict, forbidden } from './errors';

const DONE_WORDS: Record<string, string> = {
  submit: 'submitted',
  approve: 'approved',
  reject: 'rejected',
  cancel: 'cancelled',
  done: 'marked done',
  'update-requested': 'sent back for update',
  'approve-line-manager': 'approved',
};

export interface TransitionRequest<A extends string> {
  workflow: WorkflowTable<A>;
  action: A;
  /** What the record is called in messages ("leave request"). */
  label: string;
  /** The audit entity name ("leave"). */
  entity: string;
  id: number;
  status: number;
  statusName: (status: number) => string;
  actors: Actor[];
  auth: AuthContext;
  /**
   * Sets the new status only if the record is still in one of `from`
   * (a conditional UPDATE); answers whether a row changed.
   */
  update: (db: Db, from: readonly number[], to: number) => Promise<boolean>;
}

/**
 * Checks an action against the workflow table (wrong actor: 403, wrong
 * status: 409), applies it with a conditional update so that of two
 * concurrent decisions exactly one wins, and writes the audit row. Run it
 * inside the caller's transaction.
 */
export async function runTransition<A extends string>(db: Db, req: TransitionRequest<A>): Promise<number> {
  const byAction = req.workflow.filter((t) => t.action === req.action);
  const permitted = byAction.filter((t) => t.actors.some((a) => req.actors.includes(a)));
  const verb = DONE_WORDS[req.action] ?? req.action;
  if (permitted.length === 0) throw forbidden(`You may not have this ${req.label} ${verb}.`);
  const transition = permitted.find((t) => t.from.includes(req.status));
  if (!transition) {
    throw conflict(`This ${req.label} is ${req.statusName(req.status)}; it cannot be ${verb} now.`);
  }
  const changed = await req.update(db, transition.from, transition.to);
  if (!changed) throw conflict(`This ${req.label} was changed meanwhile; reload it and try again.`);
  await audit(db, req.auth, {
    action: req.action,
    entity: req.entity,
    entityId: req.id,
    fromStatus: req.status,
    toStatus: transition.to,
  });
  return transition.to;
}
