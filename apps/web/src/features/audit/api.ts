import { type AuditChainStatus, auditExportFileName } from '@hr/contracts/audit';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { downloadFile } from '../../lib/download';
import { api } from '../../lib/http';
import { auditKeys } from './keys';

/** The audit rows of a range of days as the server's CSV, saved under its name. */
export function downloadAuditCsv(range: { from: string; to: string }): Promise<void> {
  return downloadFile(
    `audit/export?${new URLSearchParams(range).toString()}`,
    auditExportFileName(range.from, range.to),
  );
}

/** The hash chain: sealed and unsealed rows and its last verification. */
export function useAuditChain() {
  return useQuery({
    queryKey: auditKeys.chain,
    queryFn: ({ signal }) => api.get<AuditChainStatus>('audit/chain', { signal }),
  });
}

/** Verifies the whole chain now; the answer is its new state. */
export function useVerifyAuditChain() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<AuditChainStatus>('audit/chain/verify', {}),
    onSuccess: (state) => client.setQueryData(auditKeys.chain, state),
  });
}

/** After an export (which seals first and is itself audited), the chain's counts have moved. */
export function useRefreshAuditChain() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: auditKeys.chain });
}
