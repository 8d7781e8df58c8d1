import { SEARCH_DEBOUNCE_MS } from '@hr/contracts/limits';
import type { PersonRef } from '@hr/contracts/people';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/http';
import { employeeKeys } from '../../lib/keys';
import { Combobox } from '../plain/Combobox';

/**
 * The caller's reports and their reports (GET employees/reports), searched as
 * one types (after a pause): what every team employee picker offers.
 */
export function useReportSearch(enabled = true) {
  const [search, setSearch] = useState('');
  const [term, setTerm] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setTerm(search), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);
  const reports = useQuery({
    queryKey: employeeKeys.reports(term),
    queryFn: () => api.get<PersonRef[]>('employees/reports', { query: { search: term } }),
    enabled,
    staleTime: 60_000,
  });
  return { reports, setSearch };
}

/**
 * The employee filter of the team lists: the caller's reports and their
 * reports, searched as one types (the caller is never offered).
 */
export function ReportSelect({
  value,
  onChange,
  disabled,
}: {
  value: number | undefined;
  onChange: (value: number | undefined) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const { reports, setSearch } = useReportSearch(!disabled);
  return (
    <Combobox<number>
      allowClear
      onSearch={setSearch}
      value={value}
      onChange={onChange}
      disabled={disabled}
      loading={reports.isFetching}
      placeholder={t('lists.employee')}
      aria-label={t('lists.employee')}
      style={{ minWidth: 200 }}
      options={(reports.data ?? []).map((p) => ({ value: p.id, label: `${p.name} (${p.eid})` }))}
      notFound={t('common.noData')}
    />
  );
}
