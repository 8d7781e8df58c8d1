import type { AttendanceDay, AttendanceTotals } from '@hr/contracts/attendance';
import { type PointerEvent, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { DayLegend } from '../../../components/attendance/DayLegend';
import { dayText } from '../../../components/attendance/DayStatusTags';
import { DAY_COLOURS, DAY_KINDS } from '../../../components/attendance/day-status';
import { formatDate, formatDayMonth } from '../../../lib/dates';
import { weekdayOf } from '../../../lib/format';
import { isRtl } from '../../../lib/i18n';
import { chartPoints, kindsIn, labelledDays, minuteTicks, worstLateDay } from '../chart-data';
import type { DayRange } from '../range';

/** The width of the minutes axis, beside the bars (the strip above keeps the same room free). */
const AXIS = 44;
const STRIP_HEIGHT = 64;
const LATE_HEIGHT = 180;
/** The minutes chart: room above the highest mark, and below the bars for the dates. */
const LATE_TOP = 8;
const DATE_ROOM = 30;
/** A bar is as wide as its day less a pixel between days, and never wider than this. */
const MAX_BAR = 48;
/** Room a date (DD-MM) takes on the axis, and with the space between two. */
const DATE_HALF = 18;
const DATE_GAP = 2 * DATE_HALF + 16;

/**
 * The range at a glance, drawn here as SVG (no chart library: the page
 * loads light): a strip of the days coloured by what they were (present,
 * late, absent, leave, remote work, holiday, weekly off) and, below on the
 * same days, the minutes late. The figure is named, summed up in a sentence
 * and has a legend in words; the table below it holds every value, so the
 * drawing is for the eye only and takes no focus. Pointing at a day (or
 * touching it) shows that day in words.
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
  const rtl = isRtl(i18n.language);
  const titleId = useId();
  const captionId = useId();
  const points = useMemo(() => chartPoints(rows), [rows]);
  const worst = worstLateDay(points);

  // The drawing follows the width of its box.
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    setWidth(el.clientWidth);
    const watch = new ResizeObserver(() => setWidth(el.clientWidth));
    watch.observe(el);
    return () => watch.disconnect();
  }, []);

  // The day pointed at: its place, and where the pointer is in the box (for the tooltip).
  const [pointed, setPointed] = useState<{ index: number; y: number } | null>(null);

  // Left to right in English, right to left in Arabic; the minutes axis on the side the days start from.
  const count = points.length;
  const plotStart = rtl ? 0 : AXIS;
  const plotWidth = Math.max(0, width - AXIS);
  const band = count > 0 ? plotWidth / count : 0;
  const bar = Math.max(1, Math.min(MAX_BAR, band - 1));
  const slot = (i: number) => plotStart + (rtl ? count - 1 - i : i) * band;
  const barX = (i: number) => slot(i) + (band - bar) / 2;

  const ticks = minuteTicks(Math.max(0, ...points.map((p) => p.lateMinutes)));
  const top = ticks.at(-1) ?? 1;
  const lateBottom = LATE_HEIGHT - DATE_ROOM;
  const minuteY = (m: number) => lateBottom - (m / top) * (lateBottom - LATE_TOP);
  const axisX = rtl ? width - AXIS : AXIS;
  const dated = labelledDays(count, band, DATE_GAP);

  const point = (event: PointerEvent<HTMLDivElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    const x = event.clientX - rect.left - plotStart;
    if (band <= 0 || x < 0 || x >= plotWidth) return setPointed(null);
    const at = Math.floor(x / band);
    setPointed({ index: rtl ? count - 1 - at : at, y: event.clientY - rect.top });
  };

  const shown = pointed ? points[pointed.index] : undefined;
  const day = shown ? rows[pointed!.index] : undefined;
  const cursor = (height: number) =>
    pointed && shown ? (
      <rect x={slot(pointed.index)} y={0} width={band} height={height} className="attendance-chart__cursor" />
    ) : null;

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
      <h5 id={titleId} className="attendance-chart__title">
        {t('attendance.chart.title')}
      </h5>
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
      {/* Laid out left to right: in Arabic the days run from the right through the positions above. */}
      <div
        ref={box}
        className="attendance-chart__plot"
        dir="ltr"
        aria-hidden="true"
        onPointerMove={point}
        onPointerDown={point}
        onPointerLeave={() => setPointed(null)}
      >
        <div className="attendance-chart__label" dir={rtl ? 'rtl' : 'ltr'}>
          {t('attendance.chart.days')}
        </div>
        <svg
          width={width}
          height={STRIP_HEIGHT}
          aria-hidden="true"
          focusable="false"
          className="attendance-chart__svg"
        >
          {cursor(STRIP_HEIGHT)}
          {points.map((p, i) =>
            p.kind ? (
              <rect
                key={p.date}
                className="attendance-chart__bar"
                x={barX(i)}
                y={0}
                width={bar}
                height={STRIP_HEIGHT}
                fill={DAY_COLOURS[p.kind]}
              />
            ) : null,
          )}
        </svg>
        <div className="attendance-chart__label" dir={rtl ? 'rtl' : 'ltr'}>
          {t('attendance.chart.lateMinutes')}
        </div>
        <svg
          width={width}
          height={LATE_HEIGHT}
          aria-hidden="true"
          focusable="false"
          className="attendance-chart__svg"
        >
          {cursor(lateBottom)}
          <g className="attendance-chart__grid">
            {ticks.map((m) => (
              <line key={m} x1={plotStart} x2={plotStart + plotWidth} y1={minuteY(m)} y2={minuteY(m)} />
            ))}
          </g>
          {points.map((p, i) =>
            p.lateMinutes > 0 ? (
              <rect
                key={p.date}
                className="attendance-chart__bar"
                x={barX(i)}
                y={minuteY(p.lateMinutes)}
                width={bar}
                height={lateBottom - minuteY(p.lateMinutes)}
                fill={DAY_COLOURS.late}
              />
            ) : null,
          )}
          <g className="attendance-chart__axis">
            <line x1={axisX} x2={axisX} y1={LATE_TOP} y2={lateBottom} />
            <line x1={plotStart} x2={plotStart + plotWidth} y1={lateBottom} y2={lateBottom} />
            {ticks.map((m) => (
              <g key={m}>
                <line x1={axisX} x2={axisX + (rtl ? 6 : -6)} y1={minuteY(m)} y2={minuteY(m)} />
                <text
                  x={axisX + (rtl ? 9 : -9)}
                  y={minuteY(m)}
                  dy="0.355em"
                  textAnchor={rtl ? 'start' : 'end'}
                >
                  {m}
                </text>
              </g>
            ))}
            {dated.map((i) => {
              // A date at either end stays inside the drawing.
              const x = Math.min(width - DATE_HALF, Math.max(DATE_HALF, slot(i) + band / 2));
              const tick = slot(i) + band / 2;
              return (
                <g key={points[i]!.date}>
                  <line x1={tick} x2={tick} y1={lateBottom} y2={lateBottom + 6} />
                  <text x={x} y={lateBottom + 9} dy="0.71em" textAnchor="middle">
                    {formatDayMonth(points[i]!.date)}
                  </text>
                </g>
              );
            })}
          </g>
        </svg>
        {pointed && day ? (
          <div
            className="attendance-chart__tooltip"
            dir={rtl ? 'rtl' : 'ltr'}
            style={{
              ...(slot(pointed.index) + band / 2 < width / 2
                ? { left: slot(pointed.index) + band + 10 }
                : { right: width - slot(pointed.index) + 10 }),
              // Below the pointer in the upper half, above it in the lower one.
              ...(pointed.y < (STRIP_HEIGHT + LATE_HEIGHT) / 2
                ? { top: pointed.y + 10 }
                : { top: pointed.y - 10, transform: 'translateY(-100%)' }),
            }}
          >
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
        ) : null}
      </div>
      <DayLegend kinds={kindsIn(points, DAY_KINDS)} />
    </figure>
  );
}
