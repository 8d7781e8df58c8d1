import type { ServiceRequest } from '@hr/contracts/hr-services';
import {
  type Actor,
  allowedActions,
  SERVICE_RULES,
  SERVICE_WORKFLOW,
  type ServiceAction,
} from '@hr/contracts/workflow';
import type { RowAction } from '../../../components/list/RowActions';

export const LIST_TYPES = ['own', 'team'] as const;
export type ServiceListType = (typeof LIST_TYPES)[number];

/** Who is looking: their employee id and whether they are an HR admin. */
export interface Viewer {
  employeeId: number | undefined;
  isAdmin: boolean;
  /** Signed in as someone else: decisions are not offered (the server refuses them). */
  asSomeoneElse?: boolean;
}

/** How the viewer stands to a request, as the server decides it (lib/approvers actorsFor). */
export function actorsOf(request: ServiceRequest, viewer: Viewer): Actor[] {
  const actors: Actor[] = [];
  if (viewer.employeeId === undefined) return actors;
  if (request.employee.id === viewer.employeeId) actors.push('owner');
  if (request.line_manager?.id === viewer.employeeId) actors.push('line_manager');
  if (request.one_over_one?.id === viewer.employeeId) actors.push('one_over_one');
  if (viewer.isAdmin) actors.push('admin');
  return actors;
}

/** The menu shows REJECT for the workflow's `cancel` (SPEC.md §4: cancel is the reject action). */
export const toRowAction = (action: ServiceAction): RowAction => (action === 'cancel' ? 'reject' : action);
export const toServiceAction = (action: RowAction): ServiceAction | null => {
  if (action === 'reject' || action === 'cancel') return 'cancel';
  if (action === 'submit' || action === 'approve' || action === 'done') return action;
  return null;
};

/**
 * A draft may be changed or deleted by its employee (own view) and by the HR
 * admin who made it for someone else (team view, where the server lists it).
 */
function mayChange(request: ServiceRequest, viewer: Viewer, view: ServiceListType): boolean {
  const owner = request.employee.id === viewer.employeeId;
  if (view === 'own') return owner;
  return viewer.isAdmin && !owner && request.created_by?.id === viewer.employeeId;
}

/** What a row's menu enables: from SERVICE_WORKFLOW and SERVICE_RULES, by status, view and role. */
export function enabledServiceActions(
  request: ServiceRequest,
  viewer: Viewer,
  view: ServiceListType,
): RowAction[] {
  const actors = actorsOf(request, viewer);
  const enabled = allowedActions(
    SERVICE_WORKFLOW,
    request.status.id,
    actors,
    view === 'own' ? 'self' : 'team',
    viewer.asSomeoneElse,
  ).map(toRowAction);
  if (mayChange(request, viewer, view)) {
    if (SERVICE_RULES.editable.includes(request.status.id)) enabled.push('edit');
    if (SERVICE_RULES.deletable.includes(request.status.id)) enabled.push('delete');
  }
  return enabled;
}

/** The decisions the detail page offers (approve, cancel, done): those of the team view. */
export function detailActions(request: ServiceRequest, viewer: Viewer): ServiceAction[] {
  return allowedActions(
    SERVICE_WORKFLOW,
    request.status.id,
    actorsOf(request, viewer),
    'team',
    viewer.asSomeoneElse,
  ).filter((a) => a !== 'submit');
}
