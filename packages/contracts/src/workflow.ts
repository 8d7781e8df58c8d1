/**
 * Workflows as data (DESIGN.md §4): which action, by whom, from which status,
 * to which status. The server checks requests against these tables and
 * answers each record with the `actions` its caller may take.
 */
export type Actor = 'owner' | 'line_manager' | 'one_over_one' | 'admin';

/** Every workflow action, with its English past participle for messages ("cannot be approved now"). */
export const ACTION_DONE = {
  submit: 'submitted',
  approve: 'approved',
  reject: 'rejected',
  cancel: 'cancelled',
  done: 'marked done',
  'update-requested': 'sent back for update',
  'approve-line-manager': 'approved',
} as const;
export type WorkflowAction = keyof typeof ACTION_DONE;
export const WORKFLOW_ACTIONS = Object.keys(ACTION_DONE) as WorkflowAction[];
export type View = 'self' | 'team';

export interface Transition<A extends string = string> {
  action: A;
  from: readonly number[];
  to: number;
  actors: readonly Actor[];
  /** The list view the action is offered in. */
  view: View;
}

export type WorkflowTable<A extends string = string> = readonly Transition<A>[];

/** What a caller may do with a record beside its transitions: change it, delete it. */
export const RECORD_CHANGES = ['edit', 'delete'] as const;
export type RecordChange = (typeof RECORD_CHANGES)[number];
/** An action a record's answer offers its caller: a transition of its workflow, or a change. */
export type RecordAction<A extends string = WorkflowAction> = A | RecordChange;

/** The transitions among a record's actions (a detail page's buttons; edit and delete are offered elsewhere). */
export function transitionsOf<A extends string>(actions: readonly RecordAction<A>[]): A[] {
  return actions.filter((a): a is A => !(RECORD_CHANGES as readonly string[]).includes(a));
}

/** Record actions that are not status changes but still depend on status. */
export interface RecordRules {
  editable: readonly number[];
  deletable: readonly number[];
}

/** Leave and remote work: 1 Draft → 2 Submitted → 3 Approved | 4 Rejected. */
export const REQUEST_STATUS = { draft: 1, submitted: 2, approved: 3, rejected: 4 } as const;

export const REQUEST_ACTIONS = ['submit', 'approve', 'reject'] as const;
export type RequestAction = (typeof REQUEST_ACTIONS)[number];
export const REQUEST_WORKFLOW: WorkflowTable<RequestAction> = [
  { action: 'submit', from: [1], to: 2, actors: ['owner'], view: 'self' },
  { action: 'approve', from: [2], to: 3, actors: ['line_manager'], view: 'team' },
  { action: 'reject', from: [2], to: 4, actors: ['line_manager'], view: 'team' },
];
export const REQUEST_RULES: RecordRules = { editable: [1], deletable: [1] };

/**
 * Leave: the request workflow, and its employee may cancel a submitted or
 * approved request that has not begun (5 Cancelled): its days are released.
 */
export const LEAVE_STATUS = { ...REQUEST_STATUS, cancelled: 5 } as const;
export const LEAVE_ACTIONS = [...REQUEST_ACTIONS, 'cancel'] as const;
export type LeaveAction = (typeof LEAVE_ACTIONS)[number];
export const LEAVE_WORKFLOW: WorkflowTable<LeaveAction> = [
  ...REQUEST_WORKFLOW,
  { action: 'cancel', from: [2, 3], to: 5, actors: ['owner'], view: 'self' },
];

/** HR services: 1 Draft → 2 Submitted → 3 Approved → 5 Done; 2 → 4 Cancelled. */
export const SERVICE_STATUS = { draft: 1, submitted: 2, approved: 3, cancelled: 4, done: 5 } as const;
export const SERVICE_ACTIONS = ['submit', 'approve', 'cancel', 'done'] as const;
export type ServiceAction = (typeof SERVICE_ACTIONS)[number];
export const SERVICE_WORKFLOW: WorkflowTable<ServiceAction> = [
  { action: 'submit', from: [1], to: 2, actors: ['owner'], view: 'self' },
  { action: 'approve', from: [2], to: 3, actors: ['line_manager', 'admin'], view: 'team' },
  { action: 'cancel', from: [2], to: 4, actors: ['line_manager', 'admin'], view: 'team' },
  { action: 'done', from: [3], to: 5, actors: ['admin'], view: 'team' },
];
export const SERVICE_RULES: RecordRules = { editable: [1], deletable: [1] };

/**
 * KPI sheets (DESIGN.md §4): 1 Draft -(creator submit)-> 2 Awaiting line
 * manager -(LM approve-line-manager)-> 3 Awaiting O&O -(O&O approve)-> 4
 * Approved; LM at 2 or O&O at 3 may send it back (5 Update requested), and
 * the creator submits 5 again. Edit in 1 and 5, delete only in 1.
 */
export const KPI_STATUS = {
  draft: 1,
  awaitingLineManager: 2,
  awaitingOneOverOne: 3,
  approved: 4,
  updateRequested: 5,
} as const;
export const REVIEW_ACTIONS = ['submit', 'approve-line-manager', 'approve', 'update-requested'] as const;
export type ReviewAction = (typeof REVIEW_ACTIONS)[number];
export const KPI_WORKFLOW: WorkflowTable<ReviewAction> = [
  { action: 'submit', from: [1, 5], to: 2, actors: ['owner'], view: 'self' },
  { action: 'approve-line-manager', from: [2], to: 3, actors: ['line_manager'], view: 'team' },
  { action: 'approve', from: [3], to: 4, actors: ['one_over_one'], view: 'team' },
  { action: 'update-requested', from: [2], to: 5, actors: ['line_manager'], view: 'team' },
  { action: 'update-requested', from: [3], to: 5, actors: ['one_over_one'], view: 'team' },
];
export const KPI_RULES: RecordRules = { editable: [1, 5], deletable: [1] };

/**
 * EPRs (DESIGN.md §4): as KPI sheets up to 4 Completed, but the line
 * manager's send-back goes to the employee (5 Sent back) and the O&O's to
 * the line manager (10 Returned to line manager), who approves it again.
 */
export const EPR_STATUS = {
  draft: 1,
  awaitingLineManager: 2,
  awaitingOneOverOne: 3,
  completed: 4,
  sentBack: 5,
  returnedToLineManager: 10,
} as const;
export const EPR_WORKFLOW: WorkflowTable<ReviewAction> = [
  { action: 'submit', from: [1, 5], to: 2, actors: ['owner'], view: 'self' },
  { action: 'approve-line-manager', from: [2, 10], to: 3, actors: ['line_manager'], view: 'team' },
  { action: 'approve', from: [3], to: 4, actors: ['one_over_one'], view: 'team' },
  { action: 'update-requested', from: [2], to: 5, actors: ['line_manager'], view: 'team' },
  { action: 'update-requested', from: [3], to: 10, actors: ['one_over_one'], view: 'team' },
];
/** The review's own fields (type, period) change in Draft only (SPEC.md §4); its sections go by part. */
export const EPR_RULES: RecordRules = { editable: [1], deletable: [1] };

/** A decision is a transition the record's owner does not take (approve, reject, send back, cancel, done). */
export function isDecision(transition: Transition): boolean {
  return !transition.actors.includes('owner');
}

/**
 * Separation of duties: a decision is never taken on one's own record,
 * whatever other role the caller has there (an HR administrator's own HR
 * request, say).
 */
export function ownDecision(transition: Transition, actors: readonly Actor[]): boolean {
  return actors.includes('owner') && isDecision(transition);
}

/**
 * Separation of duties through impersonation: an HR administrator signed in
 * as someone else sees as them and may act on the person's own records, but
 * decides nothing for them (not their team's requests, not the
 * administrator's own) — the decision would carry the wrong person's name.
 */
export function decisionAsSomeoneElse(transition: Transition, asSomeoneElse: boolean): boolean {
  return asSomeoneElse && isDecision(transition);
}

/**
 * Whether a caller with these standings may take a transition: by role, not
 * on their own record, and not while signed in as someone else when it is a
 * decision.
 */
export function mayTake(transition: Transition, actors: readonly Actor[], asSomeoneElse = false): boolean {
  return (
    transition.actors.some((a) => actors.includes(a)) &&
    !ownDecision(transition, actors) &&
    !decisionAsSomeoneElse(transition, asSomeoneElse)
  );
}

/** The transition an actor may take from a status, if any. */
export function findTransition<A extends string>(
  table: WorkflowTable<A>,
  action: A,
  status: number,
  actors: Iterable<Actor>,
  asSomeoneElse = false,
): Transition<A> | undefined {
  const mine = [...actors];
  return table.find((t) => t.action === action && t.from.includes(status) && mayTake(t, mine, asSomeoneElse));
}

/** The actions a viewer may take on a record in a view (for row menus). */
export function allowedActions<A extends string>(
  table: WorkflowTable<A>,
  status: number,
  actors: Iterable<Actor>,
  view: View,
  asSomeoneElse = false,
): A[] {
  const mine = [...actors];
  return table
    .filter((t) => t.view === view && t.from.includes(status) && mayTake(t, mine, asSomeoneElse))
    .map((t) => t.action);
}
