import {
  type Actor,
  allowedActions,
  EPR_WORKFLOW,
  findTransition,
  KPI_WORKFLOW,
  REQUEST_WORKFLOW,
  type ReviewAction,
  SERVICE_WORKFLOW,
  type WorkflowTable,
} from '@hr/contracts/workflow';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { checkTransition } from './request-workflow';

/** What `checkTransition` answers: the new status, or the HTTP status of the refusal. */
function outcome<A extends string>(table: WorkflowTable<A>, action: A, status: number, actor: Actor): number {
  try {
    return checkTransition(table, action, status, [actor], { kind: 'epr', statusName: null }).to;
  } catch (error) {
    if (error instanceof AppError) return error.status;
    throw error;
  }
}

const ACTORS: Actor[] = ['owner', 'line_manager', 'one_over_one', 'admin'];

/**
 * Expected outcome per action and actor for the statuses of the table (a new
 * status, 403 for a wrong actor, 409 for a wrong status).
 */
type Expectations<A extends string> = Record<A, Record<Actor, number[]>>;

function check<A extends string>(table: WorkflowTable<A>, statuses: number[], expected: Expectations<A>) {
  for (const [action, byActor] of Object.entries(expected) as [A, Record<Actor, number[]>][]) {
    for (const actor of ACTORS) {
      const got = statuses.map((s) => outcome(table, action, s, actor));
      expect(got, `${action} by ${actor} from ${statuses.join(',')}`).toEqual(byActor[actor]);
    }
  }
}

describe('the transition check, table by table', () => {
  it('leave and remote work: submit by the owner, approve and reject by the line manager', () => {
    check(REQUEST_WORKFLOW, [1, 2, 3, 4], {
      submit: {
        owner: [2, 409, 409, 409],
        line_manager: [403, 403, 403, 403],
        one_over_one: [403, 403, 403, 403],
        admin: [403, 403, 403, 403],
      },
      approve: {
        owner: [403, 403, 403, 403],
        line_manager: [409, 3, 409, 409],
        one_over_one: [403, 403, 403, 403],
        admin: [403, 403, 403, 403],
      },
      reject: {
        owner: [403, 403, 403, 403],
        line_manager: [409, 4, 409, 409],
        one_over_one: [403, 403, 403, 403],
        admin: [403, 403, 403, 403],
      },
    });
  });

  it('HR services: admins approve and cancel beside the line manager, and alone mark done', () => {
    check(SERVICE_WORKFLOW, [1, 2, 3, 4, 5], {
      submit: {
        owner: [2, 409, 409, 409, 409],
        line_manager: [403, 403, 403, 403, 403],
        one_over_one: [403, 403, 403, 403, 403],
        admin: [403, 403, 403, 403, 403],
      },
      approve: {
        owner: [403, 403, 403, 403, 403],
        line_manager: [409, 3, 409, 409, 409],
        one_over_one: [403, 403, 403, 403, 403],
        admin: [409, 3, 409, 409, 409],
      },
      cancel: {
        owner: [403, 403, 403, 403, 403],
        line_manager: [409, 4, 409, 409, 409],
        one_over_one: [403, 403, 403, 403, 403],
        admin: [409, 4, 409, 409, 409],
      },
      done: {
        owner: [403, 403, 403, 403, 403],
        line_manager: [403, 403, 403, 403, 403],
        one_over_one: [403, 403, 403, 403, 403],
        admin: [409, 409, 5, 409, 409],
      },
    });
  });

  it('KPI sheets: two approvers, and both send back to the creator (5), who submits again', () => {
    const no = [403, 403, 403, 403, 403];
    check<ReviewAction>(KPI_WORKFLOW, [1, 2, 3, 4, 5], {
      submit: { owner: [2, 409, 409, 409, 2], line_manager: no, one_over_one: no, admin: no },
      'approve-line-manager': {
        owner: no,
        line_manager: [409, 3, 409, 409, 409],
        one_over_one: no,
        admin: no,
      },
      approve: { owner: no, line_manager: no, one_over_one: [409, 409, 4, 409, 409], admin: no },
      'update-requested': {
        owner: no,
        line_manager: [409, 5, 409, 409, 409],
        one_over_one: [409, 409, 5, 409, 409],
        admin: no,
      },
    });
  });

  it('EPRs: the line manager sends back to the employee (5), the O&O to the line manager (10), who approves again', () => {
    const no = [403, 403, 403, 403, 403, 403];
    check<ReviewAction>(EPR_WORKFLOW, [1, 2, 3, 4, 5, 10], {
      submit: { owner: [2, 409, 409, 409, 2, 409], line_manager: no, one_over_one: no, admin: no },
      'approve-line-manager': {
        owner: no,
        line_manager: [409, 3, 409, 409, 409, 3],
        one_over_one: no,
        admin: no,
      },
      approve: { owner: no, line_manager: no, one_over_one: [409, 409, 4, 409, 409, 409], admin: no },
      'update-requested': {
        owner: no,
        line_manager: [409, 5, 409, 409, 409, 409],
        one_over_one: [409, 409, 10, 409, 409, 409],
        admin: no,
      },
    });
  });

  it('nobody decides their own record, an HR administrator included; the owner still submits', () => {
    const ownerAdmin: Actor[] = ['owner', 'admin'];
    const outcomeOf = (action: 'submit' | 'approve' | 'cancel' | 'done', status: number) => {
      try {
        return checkTransition(SERVICE_WORKFLOW, action, status, ownerAdmin, {
          kind: 'hr_service',
          statusName: null,
        }).to;
      } catch (error) {
        return (error as AppError).toBody().error;
      }
    };
    expect(outcomeOf('submit', 1)).toBe(2);
    expect(outcomeOf('approve', 2)).toBe('own_request_decision');
    expect(outcomeOf('cancel', 2)).toBe('own_request_decision');
    expect(outcomeOf('done', 3)).toBe('own_request_decision');
    // The row menus of the web app follow the same rule.
    expect(allowedActions(SERVICE_WORKFLOW, 2, ownerAdmin, 'team')).toEqual([]);
    expect(allowedActions(SERVICE_WORKFLOW, 2, ['admin'], 'team')).toEqual(['approve', 'cancel']);
    expect(findTransition(SERVICE_WORKFLOW, 'done', 3, ownerAdmin)).toBeUndefined();
  });

  it('refusals carry a stable code and the values a client translates', () => {
    const wrongActor = (() => {
      try {
        checkTransition(EPR_WORKFLOW, 'approve', 3, ['owner'], { kind: 'epr', statusName: 'Awaiting O&O' });
      } catch (e) {
        return e as AppError;
      }
    })();
    expect(wrongActor?.toBody()).toMatchObject({
      code: 403,
      error: 'transition_forbidden',
      message: 'You may not have this performance review approved.',
      params: { record: 'epr', action: 'approve', status_id: 3 },
    });
    const wrongStatus = (() => {
      try {
        checkTransition(KPI_WORKFLOW, 'submit', 2, ['owner'], {
          kind: 'kpi',
          statusName: 'Awaiting line manager',
        });
      } catch (e) {
        return e as AppError;
      }
    })();
    expect(wrongStatus?.toBody()).toMatchObject({
      code: 409,
      error: 'transition_not_allowed',
      message: 'This KPI sheet is Awaiting line manager; it cannot be submitted now.',
      params: { record: 'kpi', action: 'submit', status_id: 2 },
    });
  });
});
