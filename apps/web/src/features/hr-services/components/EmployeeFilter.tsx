import { SEARCH_DEBOUNCE_MS } from '@hr/contracts/limits';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEmployeePick } from '../../../components/employee-search/api';
import { Combobox } from '../../../components/plain/Combobox';

/**
 * The HR administrator's employee filter of the Team view: any enabled
 * employee, searched by name or E-ID as one types (after a pause). The first
 * of them are asked for once the box is first used (or a filter is set).
 */
export function EmployeeFilter({
  value,
  onChange,
  known,
}: {
  value: number | undefined;
  onChange: (value: number | undefined) => void;
  /** The chosen employee's name, when the page knows it (the list's rows are theirs). */
  known?: string;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [term, setTerm] = useState('');
  const [used, setUsed] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setTerm(search.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);
  const found = useEmployeePick(term, used || value !== undefined);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: only notes that the box inside was focused
    <span style={{ display: 'contents' }} onFocus={() => setUsed(true)}>
      <Combobox<number>
        allowClear
        onSearch={setSearch}
        value={value}
        onChange={onChange}
        loading={found.isFetching}
        placeholder={t('lists.employee')}
        aria-label={t('lists.employee')}
        style={{ minWidth: 200 }}
        options={(found.data ?? []).map((p) => ({ value: p.id, label: `${p.name} (${p.eid})` }))}
        notFound={t('common.noData')}
        selectedLabel={value === undefined ? undefined : (known ?? String(value))}
      />
    </span>
  );
}
