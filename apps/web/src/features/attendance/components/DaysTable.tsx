import type { AttendanceDay } from '@hr/contracts/attendance';
import { useTranslation } from 'react-i18next';
import { DayStatusTags } from '../../../components/attendance/DayStatusTags';
import { DataTable } from '../../../components/list/DataTable';
import type { Column } from '../../../components/plain/Table';
import { formatDate, formatTime } from '../../../lib/dates';
import { weekdayOf } from '../../../lib/format';

/**
 * The days of the report (SPEC.md §3 attendance row), one row a day and not
 * paginated (SPEC.md §2): the date with its weekday, the status in words,
 * the punches (HH:mm) and the shift the day was judged against.
 */
export function DaysTable({
  rows,
  loading,
  label,
}: {
  rows: AttendanceDay[];
  loading: boolean;
  label: string;
}) {
  const { t } = useTranslation();
  const columns: Column<AttendanceDay>[] = [
    {
      title: t('attendance.columns.date'),
      key: 'date',
      width: 150,
      render: (_, day) => (
        <span className="attendance-cell">
          <bdi>{formatDate(day.date)}</bdi>
          <span className="plain-secondary attendance-cell__note">{weekdayOf(day.date)}</span>
        </span>
      ),
    },
    {
      title: t('attendance.columns.status'),
      key: 'status',
      render: (_, day) => <DayStatusTags day={day} />,
    },
    {
      title: t('attendance.columns.punch_in'),
      key: 'punch_in',
      width: 110,
      render: (_, day) => <bdi>{formatTime(day.punch_in)}</bdi>,
    },
    {
      title: t('attendance.columns.punch_out'),
      key: 'punch_out',
      width: 110,
      render: (_, day) => <bdi>{formatTime(day.punch_out)}</bdi>,
    },
    {
      title: t('attendance.columns.shift'),
      key: 'shift',
      render: (_, day) =>
        day.shift ? (
          <span className="attendance-cell">
            <span>{day.shift.name}</span>
            <bdi className="plain-secondary attendance-cell__note">{`${formatTime(day.shift.start)}–${formatTime(day.shift.end)}`}</bdi>
          </span>
        ) : (
          '—'
        ),
    },
  ];
  return (
    <DataTable<AttendanceDay>
      label={label}
      rowKey="date"
      size="small"
      columns={columns}
      dataSource={rows}
      loading={loading}
      rowClassName={(day) => (day.working ? '' : 'attendance-row--off')}
      emptyText={t('attendance.noRows')}
    />
  );
}
