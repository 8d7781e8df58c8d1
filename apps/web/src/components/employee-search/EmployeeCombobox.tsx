import { SEARCH_DEBOUNCE_MS } from '@hr/contracts/limits';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ControlProps } from '../../lib/use-form';
import { Combobox } from '../plain/Combobox';
import { useEmployeePick } from './api';
import type { PickedEmployee } from './EmployeePicker';

const label = (p: PickedEmployee) => `${p.name} (${p.eid})`;

/**
 * A form's employee (an HR request's employee, a delegate): any enabled
 * employee, searched by name or E-ID as one types (after a pause), drawn with
 * the portal's own combobox. `known` names people that may be the value
 * before any search (the admin, the employee of a request being edited). The
 * first people are asked for once the box is first used.
 */
export function EmployeeCombobox({
  id,
  value,
  onChange,
  onBlur,
  invalid,
  known = [],
  disabled,
  allowClear,
  placeholder,
  ...aria
}: ControlProps<number | undefined | null> & {
  known?: readonly PickedEmployee[];
  disabled?: boolean;
  allowClear?: boolean;
  placeholder?: string;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [term, setTerm] = useState('');
  const [used, setUsed] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setTerm(search.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);
  const found = useEmployeePick(term, used && !disabled);

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
  const chosen = known.find((p) => p.id === value);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: only notes that the box inside was used or left
    <span
      style={{ display: 'contents' }}
      onFocus={() => setUsed(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) onBlur();
      }}
    >
      <Combobox<number>
        id={id}
        allowClear={allowClear}
        onSearch={setSearch}
        value={value}
        onChange={onChange}
        disabled={disabled}
        invalid={invalid}
        loading={found.isFetching}
        placeholder={placeholder}
        options={options}
        notFound={t('common.noData')}
        selectedLabel={chosen ? label(chosen) : undefined}
        {...aria}
      />
    </span>
  );
}
