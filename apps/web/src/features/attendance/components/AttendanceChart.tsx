import type { AttendanceDay, AttendanceTotals } from '@hr/contracts/attendance';
import { Typography, theme } from 'antd';
import { useEffect, useId, useMemo, useRef } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Tooltip,
  type TooltipContentProps,
  XAxis,
  YAxis,
} from 'recharts';
import { DayLegend } from '../../../components/attendance/DayLegend';
import { dayText } from '../../../components/attendance/DayStatusTags';
import { DAY_COLOURS, DAY_KINDS } from '../../../components/attendance/day-status';
import { formatDate, formatDayMonth } from '../../../lib/dates';
import { weekdayOf } from '../../../lib/format';
import { isRtl } from '../../../lib/i18n';
import { usePrefersReducedMotion } from '../../../lib/media-query';
import { type ChartPoint, chartPoints, kindsIn, worstLateDay } from '../chart-data';
import type { DayRange } from '../range';

const SYNC_ID = 'attendance-range';

/**
 * The range at a glance (loaded on its own, only with the report): a strip
 * of the days coloured by what they were (present, late, absent, leave,
 * remote work, holiday, weekly off) and, below on the same days, the minutes
 * late. The figure is named, summed up in a sentence and has a legend in
 * words; the table below it holds every value.
 */
export default function AttendanceChart({
  rows,
  totals,
  range,
}: {
  rows: AttendanceDay[];
  totals: AttendanceTotals;
  range: DayRange;
}) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const rtl = isRtl(i18n.language);
  const still = usePrefersReducedMotion();
  const titleId = useId();
  const captionId = useId();
  const points = useMemo(() => chartPoints(rows), [rows]);
  const byDate = useMemo(() => new Map(rows.map((r) => [r.date, r])), [rows]);
  const worst = worstLateDay(points);
  // The charts draw what the table below holds: nothing in them takes a keyboard stop (Chrome lets the
  // chart library's layers take one), so the figure is the one stop, read by its title and summary.
  const drawn = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = drawn.current;
    if (!root) return;
    const quiet = () => {
      for (const el of root.querySelectorAll('svg, svg *'))
        if (el.getAttribute('tabindex') !== '-1') el.setAttribute('tabindex', '-1');
    };
    quiet();
    const watch = new MutationObserver(quiet);
    watch.observe(root, { childList: true, subtree: true });
    return () => watch.disconnect();
  }, []);

  const axisTick = { fill: token.colorTextSecondary, fontSize: 12 };
  const tickDate = (date: string) => formatDayMonth(date);

  const tooltip = ({ active, payload }: TooltipContentProps) => {
    const point = active ? (payload?.[0]?.payload as ChartPoint | undefined) : undefined;
    const day = point ? byDate.get(point.date) : undefined;
    if (!point || !day) return null;
    return (
      <div className="attendance-chart__tooltip" dir={rtl ? 'rtl' : 'ltr'}>
        <strong>
          <bdi>{formatDate(day.date)}</bdi> · {weekdayOf(day.date)}
        </strong>
        <div>{dayText(t, day)}</div>
        {day.punch_in ? (
          <div>
            {t('attendance.columns.punch_in')}: <bdi>{day.punch_in}</bdi>
            {day.punch_out ? (
              <>
                {' · '}
                {t('attendance.columns.punch_out')}: <bdi>{day.punch_out}</bdi>
              </>
            ) : null}
          </div>
        ) : null}
      </div>
    );
  };

  const xAxis = (hide: boolean) => (
    <XAxis
      dataKey="date"
      hide={hide}
      reversed={rtl}
      tickFormatter={tickDate}
      tick={axisTick}
      minTickGap={16}
      interval="preserveStartEnd"
    />
  );

  return (
    // One stop for the keyboard and one thing for a screen reader: the figure, named by its title and
    // told by its summary; the bars draw what the table below holds, so they take no focus of their own.
    <figure
      className="attendance-chart"
      aria-labelledby={titleId}
      aria-describedby={captionId}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the figure's summary is what a keyboard user reads here
      tabIndex={0}
    >
      <Typography.Title level={5} id={titleId} style={{ marginTop: 0 }}>
        {t('attendance.chart.title')}
      </Typography.Title>
      <figcaption id={captionId} className="attendance-chart__summary">
        <Trans
          i18nKey="attendance.chart.summary"
          values={{
            from: formatDate(range.from),
            to: formatDate(range.to),
            working: totals.working_days,
            present: totals.present,
            late: totals.late,
            minutes: totals.late_minutes,
            absent: totals.absent,
          }}
          components={{ d: <bdi /> }}
        />
        {worst ? (
          <>
            {' '}
            <Trans
              i18nKey="attendance.chart.worst"
              count={worst.lateMinutes}
              values={{ date: formatDate(worst.date), count: worst.lateMinutes }}
              components={{ d: <bdi /> }}
            />
          </>
        ) : null}
      </figcaption>
      <div ref={drawn}>
        <div className="attendance-chart__label" aria-hidden>
          {t('attendance.chart.days')}
        </div>
        {/* The SVG is laid out left to right: in Arabic the days run from the right through the axes' own options. */}
        <div dir="ltr" aria-hidden>
          <BarChart
            responsive
            style={{ width: '100%', height: 64 }}
            data={points}
            syncId={SYNC_ID}
            barCategoryGap={1}
            maxBarSize={48}
            margin={{ top: 0, bottom: 0, left: rtl ? 0 : 44, right: rtl ? 44 : 0 }}
            accessibilityLayer={false}
            tabIndex={-1}
          >
            {xAxis(true)}
            <YAxis hide domain={[0, 1]} />
            <Tooltip content={tooltip} cursor={{ fill: token.colorFillSecondary }} />
            <Bar dataKey="mark" isAnimationActive={!still} name={t('attendance.chart.days')}>
              {points.map((p) => (
                <Cell key={p.date} fill={p.kind ? DAY_COLOURS[p.kind] : 'transparent'} />
              ))}
            </Bar>
          </BarChart>
        </div>
        <div className="attendance-chart__label" aria-hidden>
          {t('attendance.chart.lateMinutes')}
        </div>
        <div dir="ltr" aria-hidden>
          <BarChart
            responsive
            style={{ width: '100%', height: 180 }}
            data={points}
            syncId={SYNC_ID}
            barCategoryGap={1}
            maxBarSize={48}
            margin={{ top: 8, bottom: 0, left: 0, right: 0 }}
            accessibilityLayer={false}
            tabIndex={-1}
          >
            <CartesianGrid vertical={false} stroke={token.colorBorderSecondary} />
            {xAxis(false)}
            <YAxis orientation={rtl ? 'right' : 'left'} width={44} allowDecimals={false} tick={axisTick} />
            {/* The strip above shows the day's tooltip for both charts. */}
            <Tooltip content={() => null} cursor={{ fill: token.colorFillSecondary }} />
            <Bar
              dataKey="lateMinutes"
              fill={DAY_COLOURS.late}
              isAnimationActive={!still}
              name={t('attendance.chart.lateMinutes')}
            />
          </BarChart>
        </div>
      </div>
      <DayLegend kinds={kindsIn(points, DAY_KINDS)} />
    </figure>
  );
}
