import type { PersonRef } from '@hr/contracts/people';
import { useTranslation } from 'react-i18next';
import { useReportSearch } from '../../../components/list/ReportSelect';
import { Combobox } from '../../../components/plain/Combobox';

/**
 * Whose report to open: the signed-in employee ("Me") or one of the people
 * below them (GET employees/reports, searched as one types, as the team
 * lists' employee filter does).
 */
export function EmployeePicker({
  me,
  value,
  current,
  onChange,
}: {
  me: Pick<PersonRef, 'id' | 'name'>;
  value: number;
  /** The person of the report on show, named even when the search no longer lists them. */
  current: PersonRef | undefined;
  onChange: (employeeId: number) => void;
}) {
  const { t } = useTranslation();
  const { reports, setSearch } = useReportSearch();
  const people = reports.data ?? [];
  const options = [
    { value: me.id, label: t('attendance.me', { name: me.name }) },
    ...people.map((p) => ({ value: p.id, label: `${p.name} (${p.eid})` })),
  ];
  if (current && current.id !== me.id && !people.some((p) => p.id === current.id))
    options.push({ value: current.id, label: `${current.name} (${current.eid})` });
  // Once left, the list offers the whole team again the next time, not the last search's people.
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the focus leaving the search box inside, not a control of its own
    <span onBlur={() => setSearch('')}>
      <Combobox<number>
        onSearch={setSearch}
        value={value}
        onChange={(id) => id !== undefined && onChange(id)}
        loading={reports.isFetching}
        aria-label={t('attendance.employee')}
        style={{ minWidth: 240 }}
        options={options}
        notFound={t('common.noData')}
      />
    </span>
  );
}
