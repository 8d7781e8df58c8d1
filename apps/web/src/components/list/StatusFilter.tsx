import type { WorkflowModule, WorkflowStatus } from '@hr/contracts/lookups';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/http';
import { statusKeys } from '../../lib/keys';
import { statusName } from '../../lib/server-errors';
import { Select } from '../plain/Select';

export function useStatuses(module: WorkflowModule) {
  return useQuery({
    queryKey: statusKeys.of(module),
    queryFn: () => api.get<WorkflowStatus[]>(`statuses/${module}`),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * A status filter of a workflow's statuses (SPEC.md §4), named in the user's
 * language by record kind and id (the module is the record kind). `label`
 * names it where a panel has two (the EPR list's KPI Status and EPR Status).
 */
export function StatusFilter({
  module,
  value,
  onChange,
  label,
}: {
  module: WorkflowModule;
  value: number | undefined;
  onChange: (value: number | undefined) => void;
  label?: string;
}) {
  const { t } = useTranslation();
  const statuses = useStatuses(module);
  const name = label ?? t('lists.status');
  return (
    <Select<number>
      allowClear
      value={value}
      onChange={onChange}
      placeholder={name}
      aria-label={name}
      style={{ minWidth: 150 }}
      options={(statuses.data ?? []).map((s) => ({ value: s.id, label: statusName(module, s) }))}
    />
  );
}
