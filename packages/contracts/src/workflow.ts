/**
 * Workflows as data (DESIGN.md §4): which action, by whom, from which status,
 * to which status. The server checks requests against these tables; the web
 * app enables row actions from the same tables.
 */
export type Actor = 'owner' | 'line_manager' | 'one_over_one' | 'admin';
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

/** Record actions that are not status changes but still depend on status. */
export interface RecordRules {
  editable: readonly number[];
  deletable: readonly number[];
}

/** Leave and remote work: 1 Draft → 2 Submitted → 3 Approved | 4 Rejected. */
export const REQUEST_STATUS = { draft: 1, submitted: 2, approved: 3, rejected: 4 } as const;

export type RequestAction = 'submit' | 'approve' | 'reject';
export const REQUEST_WORKFLOW: WorkflowTable<RequestAction> = [
  { action: 'submit', from: [1], to: 2, actors: ['owner'], view: 'self' },
  { action: 'approve', from: [2], to: 3, actors: ['line_manager'], view: 'team' },
  { action: 'reject', from: [2], to: 4, actors: ['line_manager'], view: 'team' },
];
export const REQUEST_RULES: RecordRules = { editable: [1], deletable: [1] };

/** HR services: 1 Draft → 2 Submitted → 3 Approved → 5 Done; 2 → 4 Cancelled. */
export const SERVICE_STATUS = { draft: 1, submitted: 2, approved: 3, cancelled: 4, done: 5 } as const;
export type ServiceAction = 'submit' | 'approve' | 'cancel' | 'done';
export const SERVICE_WORKFLOW: WorkflowTable<ServiceAction> = [
  { action: 'submit', from: [1], to: 2, actors: ['owner'], view: 'self' },
  { action: 'approve', from: [2], to: 3, actors: ['line_manager', 'admin'], view: 'team' },
  { action: 'cancel', from: [2], to: 4, actors: ['line_manager', 'admin'], view: 'team' },
  { action: 'done', from: [3], to: 5, actors: ['admin'], view: 'team' },
];
export const SERVICE_RULES: RecordRules = { editable: [1], deletable: [1] };

/** The transition an actor may take from a status, if any. */
export function findTransition<A extends string>(
  table: WorkflowTable<A>,
  action: A,
  status: number,
  actors: Iterable<Actor>,
): Transition<A> | undefined {
  const mine = new Set(actors);
  return table.find(
    (t) => t.action === action && t.from.includes(status) && t.actors.some((a) => mine.has(a)),
  );
}

/** The actions a viewer may take on a record in a view (for row menus). */
export function allowedActions<A extends string>(
  table: WorkflowTable<A>,
  status: number,
  actors: Iterable<Actor>,
  view: View,
): A[] {
  const mine = [...actors];
  return table
    .filter((t) => t.view === view && t.from.includes(status) && t.actors.some((a) => mine.includes(a)))
    .map((t) => t.action);
}
