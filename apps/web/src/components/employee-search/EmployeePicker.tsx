import { SEARCH_DEBOUNCE_MS } from '@hr/contracts/limits';
import { Select } from 'antd';
import { type CSSProperties, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEmployeePick } from './api';

export interface PickedEmployee {
  id: number;
  eid: string;
  name: string;
}

const label = (p: PickedEmployee) => `${p.name} (${p.eid})`;

/**
 * Any enabled employee, searched by name or E-ID as one types (an HR
 * request's employee, a delegate). `known` names people that may be the value before any search
 * (the admin, the employee of a request being edited).
 */
export function EmployeePicker({
  id,
  value,
  onChange,
  known = [],
  disabled,
  allowClear,
  placeholder,
  ariaLabel,
  style,
}: {
  id?: string;
  value?: number;
  onChange?: (value: number | undefined) => void;
  known?: PickedEmployee[];
  disabled?: boolean;
  allowClear?: boolean;
  placeholder?: string;
  ariaLabel?: string;
  style?: CSSProperties;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [term, setTerm] = useState('');
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setTerm(search.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);
  const found = useEmployeePick(term, open && !disabled);

  const options = useMemo(() => {
    const seen = new Set<number>();
    const people: PickedEmployee[] = [];
    const needle = search.trim().toLowerCase();
    const matching = known.filter(
      (p) => !needle || p.name.toLowerCase().includes(needle) || p.eid.toLowerCase().includes(needle),
    );
    for (const p of [...(found.data ?? []), ...matching]) {
      if (seen.has(p.id)) continue;
      seen.add(p.id);
      people.push(p);
    }
    return people.map((p) => ({ value: p.id, label: label(p) }));
  }, [found.data, known, search]);

  return (
    <Select<number>
      id={id}
      allowClear={allowClear}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      value={value}
      onChange={(v) => onChange?.(v ?? undefined)}
      onOpenChange={setOpen}
      disabled={disabled}
      loading={found.isFetching}
      placeholder={placeholder}
      aria-label={ariaLabel}
      style={style}
      options={options}
      notFoundContent={t('common.noData')}
    />
  );
}
