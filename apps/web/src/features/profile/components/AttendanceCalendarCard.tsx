import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import type { AttendanceDay, CalendarMonth } from '@hr/contracts/attendance';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Calendar, Card, Flex, Spin, Tooltip, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DayLegend } from '../../../components/attendance/DayLegend';
import { DAY_ICONS, dayText } from '../../../components/attendance/DayStatusTags';
import { DAY_COLOURS, holidayNames, mainKind } from '../../../components/attendance/day-status';
import { formatDate } from '../../../lib/dates';
import { formatMonth, weekdayOf } from '../../../lib/format';
import { api } from '../../../lib/http';
import { isRtl } from '../../../lib/i18n';
import { attendanceKeys } from '../../attendance';
import './attendance-calendar.css';

/** The first month the calendar goes back to. */
const FIRST_MONTH = dayjs('2000-01-01');

function useCalendarMonth(employeeId: number, month: string) {
  return useQuery({
    queryKey: attendanceKeys.calendar(employeeId, month),
    queryFn: ({ signal }) =>
      api.get<CalendarMonth>('report/attendance/calendar', {
        query: { employee_id: employeeId, month },
        signal,
      }),
    placeholderData: (previous) => (previous?.employee.id === employeeId ? previous : undefined),
  });
}

/**
 * The profile's attendance calendar (SPEC.md §2): a month at a time, up to
 * the current month (none after it), each day coloured by what it was —
 * holiday, weekly off, leave, remote work, late, absent, present — with an
 * icon as well as the colour, a legend, and the day's details in a tooltip
 * and in words for screen readers.
 */
export function AttendanceCalendarCard({ employeeId }: { employeeId: number }) {
  const { t, i18n } = useTranslation();
  const rtl = isRtl(i18n.language);
  const thisMonth = dayjs().startOf('month');
  const [selected, setSelected] = useState<Dayjs>(() => dayjs());
  const month = selected.startOf('month');
  const key = month.format('YYYY-MM');
  const calendar = useCalendarMonth(employeeId, key);
  const shown = calendar.data?.month === key ? calendar.data : undefined;

  const days = useMemo(() => new Map((shown?.days ?? []).map((d) => [d.date, d])), [shown]);
  const holidays = useMemo(() => holidayNames(shown?.holidays ?? []), [shown]);

  const goTo = (date: Dayjs) => {
    const target = date.startOf('month');
    if (target.isAfter(thisMonth) || target.isBefore(FIRST_MONTH)) return;
    setSelected(target.isSame(thisMonth) ? dayjs() : target);
  };

  /** A day in words: the date (kept left to right in Arabic), its weekday, what it was, the holiday, the punches. */
  const details = (date: string, day: AttendanceDay | undefined): ReactNode => {
    const parts = [weekdayOf(date)];
    if (day) parts.push(dayText(t, day));
    const names = holidays.get(date);
    if (names) parts.push(names.join(', '));
    if (day?.punch_in)
      parts.push(
        day.punch_out
          ? t('attendance.calendar.punches', { in: day.punch_in, out: day.punch_out })
          : t('attendance.calendar.punchIn', { in: day.punch_in }),
      );
    return (
      <>
        <bdi>{formatDate(date)}</bdi>, {parts.join(' · ')}
      </>
    );
  };

  const cell = (date: Dayjs) => {
    const iso = date.format('YYYY-MM-DD');
    const inMonth = date.isSame(month, 'month');
    const day = inMonth ? days.get(iso) : undefined;
    const kind = day ? mainKind(day) : null;
    const text = details(iso, day);
    const body = (
      <div
        className={`attendance-cell${kind ? ` attendance-cell--${kind}` : ''}${inMonth ? '' : ' attendance-cell--outside'}`}
        style={kind ? { ['--day-colour' as string]: DAY_COLOURS[kind] } : undefined}
        data-kind={kind ?? undefined}
      >
        <span className="attendance-cell__date" aria-hidden>
          {date.date()}
        </span>
        {kind ? (
          <span className="attendance-cell__icon" aria-hidden>
            {DAY_ICONS[kind]}
          </span>
        ) : null}
        {/* Every cell says its day in the reader's format (the next month's too, which would otherwise be read as the cell's title, 2026-12-01). */}
        <span className="visually-hidden">{text}</span>
      </div>
    );
    return inMonth && day ? (
      <Tooltip title={text} mouseEnterDelay={0.2}>
        {body}
      </Tooltip>
    ) : (
      body
    );
  };

  const title = t('attendance.calendar.title');
  const atFirst = !month.isAfter(FIRST_MONTH);
  const atLast = !month.isBefore(thisMonth);
  return (
    <Card title={title} role="region" aria-label={title} className="attendance-calendar">
      <Flex vertical gap={12}>
        <DayLegend />
        {calendar.isError && !calendar.data ? (
          <Alert type="warning" showIcon title={t('attendance.calendar.failed')} />
        ) : null}
        <Spin spinning={calendar.isFetching}>
          <Calendar
            fullscreen={false}
            value={selected}
            mode="month"
            validRange={[FIRST_MONTH, thisMonth.endOf('month')]}
            onSelect={(date) => (date.isSame(month, 'month') ? setSelected(date) : goTo(date))}
            fullCellRender={(date, info) => (info.type === 'date' ? cell(date) : info.originNode)}
            headerRender={() => (
              <Flex justify="space-between" align="center" className="attendance-calendar__header">
                <Button
                  type="text"
                  icon={rtl ? <RightOutlined aria-hidden /> : <LeftOutlined aria-hidden />}
                  aria-label={t('attendance.calendar.previous')}
                  disabled={atFirst}
                  onClick={() => goTo(month.subtract(1, 'month'))}
                />
                <Typography.Text strong aria-live="polite">
                  {formatMonth(key)}
                </Typography.Text>
                <Button
                  type="text"
                  icon={rtl ? <LeftOutlined aria-hidden /> : <RightOutlined aria-hidden />}
                  aria-label={t('attendance.calendar.next')}
                  disabled={atLast}
                  onClick={() => goTo(month.add(1, 'month'))}
                />
              </Flex>
            )}
          />
        </Spin>
      </Flex>
    </Card>
  );
}
