import type {
  ApprovalCounts,
  ApprovalDecisionBody,
  ApprovalItem,
  ApprovalModule,
  ApprovalOutcome,
  ApprovalSettingBody,
  ApprovalSettings,
} from '@hr/contracts/approvals';
import type { ListResponse } from '@hr/contracts/lists';
import type { WorkflowAction } from '@hr/contracts/workflow';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Query } from '../../lib/http';
import { approvalKeys } from './keys';

export function useApprovals(query: Query) {
  return useQuery({
    queryKey: approvalKeys.list(query),
    queryFn: ({ signal }) => api.get<ListResponse<ApprovalItem>>('approvals', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useApprovalCounts() {
  return useQuery({
    queryKey: approvalKeys.counts,
    queryFn: ({ signal }) => api.get<ApprovalCounts>('approvals/counts', { signal }),
  });
}

/** One action on several items; afterwards everything is read again (the items moved on in their modules). */
export function useDecide() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, ...body }: { action: WorkflowAction } & ApprovalDecisionBody) =>
      api.patch<{ items: ApprovalOutcome[] }>(`approvals/actions/${action}`, body),
    onSettled: () => client.invalidateQueries(),
  });
}

/** HR's reminders and escalation per module. */
export function useApprovalSettings() {
  return useQuery({
    queryKey: approvalKeys.settings,
    queryFn: ({ signal }) => api.get<ApprovalSettings>('approvals/settings', { signal }),
  });
}

/** Saves one module's setting; the answer is every module's, and the inbox's due days follow. */
export function useSaveApprovalSetting() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ module, body }: { module: ApprovalModule; body: ApprovalSettingBody }) =>
      api.patch<ApprovalSettings>(`approvals/settings/${module}`, body),
    onSuccess: (data) => {
      client.setQueryData(approvalKeys.settings, data);
      void client.invalidateQueries({ queryKey: approvalKeys.all });
    },
  });
}
