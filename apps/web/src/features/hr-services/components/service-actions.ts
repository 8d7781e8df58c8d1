import type { ServiceRequest } from '@hr/contracts/hr-services';
import { type ServiceAction, transitionsOf } from '@hr/contracts/workflow';
import type { RowAction } from '../../../components/list/RowActions';

export const LIST_TYPES = ['own', 'team'] as const;
export type ServiceListType = (typeof LIST_TYPES)[number];

/** Who is looking: their employee id and whether they are an HR admin. */
export interface Viewer {
  employeeId: number | undefined;
  isAdmin: boolean;
}

/** The menu shows REJECT for the workflow's `cancel` (SPEC.md §4: cancel is the reject action). */
export const toRowAction = (action: ServiceAction | 'edit' | 'delete'): RowAction =>
  action === 'cancel' ? 'reject' : action;
export const toServiceAction = (action: RowAction): ServiceAction | null => {
  if (action === 'reject' || action === 'cancel') return 'cancel';
  if (action === 'submit' || action === 'approve' || action === 'done') return action;
  return null;
};

/** What a row's menu enables: the request's `actions`, as the server decided them. */
export const enabledServiceActions = (request: ServiceRequest): RowAction[] =>
  request.actions.map(toRowAction);

/** The decisions the detail page offers (approve, cancel, done): the request's, but submitting (a list action). */
export const detailActions = (request: ServiceRequest): ServiceAction[] =>
  transitionsOf(request.actions).filter((a) => a !== 'submit');
