import type { PersonRef } from '@hr/contracts/people';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useReportSearch } from '../../../components/list/ReportSelect';

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
  return (
    <Select<number>
      showSearch={{ filterOption: false, onSearch: setSearch }}
      value={value}
      onChange={(v) => onChange(v)}
      onBlur={() => setSearch('')}
      loading={reports.isFetching}
      aria-label={t('attendance.employee')}
      style={{ minWidth: 240 }}
      options={options}
      notFoundContent={t('common.noData')}
    />
  );
}
