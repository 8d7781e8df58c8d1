import LeftOutlined from '@ant-design/icons-svg/es/asn/LeftOutlined';
import RightOutlined from '@ant-design/icons-svg/es/asn/RightOutlined';
import UnorderedListOutlined from '@ant-design/icons-svg/es/asn/UnorderedListOutlined';
import type { Group, GroupTreeItem } from '@hr/contracts/employee-search';
import type { CalendarEntry, CalendarPerson } from '@hr/contracts/leave-policies';
import { ROUTES } from '@hr/contracts/routes';
import type { TFunction } from 'i18next';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DAY_ICONS } from '../../../components/attendance/DayStatusTags';
import { DAY_COLOURS } from '../../../components/attendance/day-status';
import { useGroups } from '../../../components/employee-search/api';
import { PageHeader } from '../../../components/PageHeader';
import { PlainAlert } from '../../../components/PlainAlert';
import { PlainEmpty } from '../../../components/PlainBlocks';
import { PlainIcon } from '../../../components/PlainIcon';
import { Button } from '../../../components/plain/Button';
import { LinkButton } from '../../../components/plain/LinkButton';
import { Select, type SelectOption } from '../../../components/plain/Select';
import { formatMonth, weekdayName } from '../../../lib/format';
import { isRtl } from '../../../lib/i18n';
import { CalendarFeedsButton } from '../../calendar-feeds';
import { useTeamCalendar } from '../api';
import {
  addMonths,
  type CellKind,
  cellKind,
  entriesByDay,
  isMonth,
  type MonthDay,
  monthDays,
} from '../calendar-days';
import '../../../components/attendance/attendance-days.css';
import '../leave-calendar.css';

/** The kinds the legend names, in the order the cells are coloured by. */
const LEGEND: readonly CellKind[] = ['leave', 'holiday', 'remote_work', 'weekly_off'];

const pad = (n: number) => String(n).padStart(2, '0');
const thisMonth = () => {
  const now = new Date();
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}`;
};
const todayIso = () => {
  const now = new Date();
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};

const dayMonthFormats = new Map<string, Intl.DateTimeFormat>();
/** A day with its month, in words: "3 December", "3 décembre", "3 ديسمبر". */
function dayAndMonth(date: string, language: string): string {
  let format = dayMonthFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, {
      day: 'numeric',
      month: 'long',
      timeZone: 'UTC',
      numberingSystem: 'latn',
    });
    dayMonthFormats.set(language, format);
  }
  return format.format(new Date(`${date}T00:00:00Z`));
}

/** One entry in words, as the reader may see it: the type where they may, else "on leave". */
function entryText(t: TFunction, e: CalendarEntry): string {
  let text: string;
  if (e.kind === 'holiday') text = t('leaveCalendar.cell.holiday', { name: e.label ?? '' });
  else if (e.kind === 'leave') text = e.label ?? t('leaveCalendar.cell.onLeave');
  else
    text = e.label
      ? t('leaveCalendar.cell.remoteWorkOf', { type: e.label })
      : t('leaveCalendar.cell.remoteWork');
  if (e.from_time && e.to_time)
    text = t('leaveCalendar.cell.hours', { text, from: e.from_time, to: e.to_time });
  return e.pending ? t('leaveCalendar.cell.pending', { text }) : text;
}

/** What a person's day holds, in words. */
function dayText(t: TFunction, entries: readonly CalendarEntry[] | undefined, weeklyOff: boolean): string {
  if (entries?.length) return entries.map((e) => entryText(t, e)).join('; ');
  return weeklyOff ? t('leaveCalendar.cell.weeklyOff') : t('leaveCalendar.cell.none');
}

/** The groups' items as the picker's options: each under its group's name, indented by its depth. */
function groupOptions(groups: readonly Group[] | undefined): SelectOption<number>[] {
  const options: SelectOption<number>[] = [];
  const walk = (items: readonly GroupTreeItem[], group: string, depth: number) => {
    for (const item of items) {
      options.push({ value: item.id, label: item.name, group, depth });
      walk(item.children, group, depth + 1);
    }
  };
  for (const g of groups ?? []) walk(g.tree, g.name, 0);
  return options;
}

interface Position {
  row: number;
  col: number;
}

/**
 * /leave/calendar: who of the reader's team and peers is on leave, working
 * remotely or on holiday, a month at a time (docs/decisions.md, "Team
 * calendar"). A grid of people by days: every coloured cell has its icon,
 * and every cell says in words whose day it is and what it holds. One Tab
 * stop: the arrow keys move between days and people (mirrored in Arabic),
 * Home and End go to the month's ends, Page Up and Page Down change the month.
 */
export function Component() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const rtl = isRtl(language);
  const [params, setParams] = useSearchParams();
  const month = isMonth(params.get('month')) ? params.get('month')! : thisMonth();
  const groupParam = Number(params.get('group'));
  const groupId = Number.isInteger(groupParam) && groupParam > 0 ? groupParam : undefined;

  const today = todayIso();
  const days = useMemo(() => monthDays(month), [month]);
  const from = days[0]!.date;
  const to = days[days.length - 1]!.date;
  const calendar = useTeamCalendar(from, to, groupId);
  const shown = calendar.data?.from === from ? calendar.data : undefined;
  // While the next month loads, the rows stay (with the last answer's people), so the grid keeps its place.
  const people = calendar.data?.people ?? [];

  // The grid's tab stop starts on today, when today is in the month shown.
  const [active, setActive] = useState<Position>(() => ({
    row: 0,
    col: Math.max(
      days.findIndex((d) => d.date === today),
      0,
    ),
  }));
  const grid = useRef<HTMLTableElement>(null);

  // On a narrow screen the month scrolls: today's column is brought into view once the month is drawn.
  const drawn = Boolean(shown);
  useEffect(() => {
    if (!drawn || !today.startsWith(month)) return;
    grid.current
      ?.querySelector<HTMLElement>('.leave-calendar__day--today')
      ?.scrollIntoView({ block: 'nearest', inline: 'center' });
  }, [drawn, month, today]);
  const row = Math.min(active.row, Math.max(people.length - 1, 0));
  const col = Math.min(active.col, days.length - 1);

  const setQuery = (next: { month?: string; group?: number | undefined }) => {
    const q = new URLSearchParams(params);
    if (next.month !== undefined) {
      if (next.month === thisMonth()) q.delete('month');
      else q.set('month', next.month);
    }
    if ('group' in next) {
      if (next.group) q.set('group', String(next.group));
      else q.delete('group');
    }
    setParams(q, { replace: true });
  };
  const goToMonth = (target: string) => setQuery({ month: target });

  const groups = useGroups();
  const groupChoices = useMemo(() => groupOptions(groups.data), [groups.data]);

  const byPerson = useMemo(() => people.map((p) => entriesByDay(p, days)), [people, days]);

  const refocus = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once the new month's cells are drawn
  useEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    grid.current?.querySelector<HTMLElement>('[role="gridcell"][tabindex="0"]')?.focus();
  }, [month]);

  const focusCell = (next: Position) => {
    setActive(next);
    // The cell takes the focus once it is the grid's tab stop.
    requestAnimationFrame(() =>
      grid.current?.querySelector<HTMLElement>(`[data-row="${next.row}"][data-col="${next.col}"]`)?.focus(),
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    if (people.length === 0) return;
    const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
    const back = rtl ? 'ArrowRight' : 'ArrowLeft';
    const last = { row: people.length - 1, col: days.length - 1 };
    let next: Position | null = null;
    if (event.key === forward) next = { row, col: Math.min(col + 1, last.col) };
    else if (event.key === back) next = { row, col: Math.max(col - 1, 0) };
    else if (event.key === 'ArrowDown') next = { row: Math.min(row + 1, last.row), col };
    else if (event.key === 'ArrowUp') next = { row: Math.max(row - 1, 0), col };
    else if (event.key === 'Home') next = event.ctrlKey ? { row: 0, col: 0 } : { row, col: 0 };
    else if (event.key === 'End') next = event.ctrlKey ? last : { row, col: last.col };
    else if (event.key === 'PageUp' || event.key === 'PageDown') {
      event.preventDefault();
      // The month's cells are new ones: the focus goes to the same place in them once they are drawn.
      refocus.current = true;
      goToMonth(addMonths(month, event.key === 'PageUp' ? -1 : 1));
      return;
    }
    if (!next) return;
    event.preventDefault();
    focusCell(next);
  };

  const activePerson: CalendarPerson | undefined = people[row];
  const activeDay: MonthDay | undefined = days[col];
  const cellLabel = (p: CalendarPerson, d: MonthDay, entries: readonly CalendarEntry[] | undefined) => {
    const date = dayAndMonth(d.date, language);
    return t('leaveCalendar.cell.label', {
      name: p.employee.name,
      date: d.date === today ? t('leaveCalendar.cell.today', { date }) : date,
      text: dayText(t, entries, d.weekday === p.weekly_off_day),
    });
  };

  const title = t('leaveCalendar.title');
  const monthName = formatMonth(month, language);
  const current = month === thisMonth();
  return (
    <>
      <PageHeader
        title={title}
        extra={
          <div className="plain-row">
            <CalendarFeedsButton />
            <LinkButton to={ROUTES.leave} icon={<PlainIcon icon={UnorderedListOutlined} />}>
              {t('leaveCalendar.list')}
            </LinkButton>
          </div>
        }
      />
      <section className="plain-card leave-calendar" aria-label={title}>
        <div className="plain-card__body leave-calendar__body">
          <div className="leave-calendar__bar">
            <div className="leave-calendar__months">
              <Button
                icon={<PlainIcon icon={LeftOutlined} flip />}
                aria-label={t('leaveCalendar.previous')}
                onClick={() => goToMonth(addMonths(month, -1))}
              />
              <h2 className="leave-calendar__month" aria-live="polite">
                {monthName}
              </h2>
              <Button
                icon={<PlainIcon icon={RightOutlined} flip />}
                aria-label={t('leaveCalendar.next')}
                onClick={() => goToMonth(addMonths(month, 1))}
              />
              <Button disabled={current} onClick={() => goToMonth(thisMonth())}>
                {t('leaveCalendar.thisMonth')}
              </Button>
            </div>
            <Select<number>
              allowClear
              aria-label={t('leaveCalendar.group')}
              placeholder={t('leaveCalendar.anyGroup')}
              className="leave-calendar__group"
              value={groupId}
              onChange={(value) => setQuery({ group: value })}
              options={groupChoices}
            />
          </div>
          <ul className="day-legend" aria-label={t('leaveCalendar.legend')}>
            {LEGEND.map((kind) => (
              <li key={kind} className="day-legend__item">
                <span
                  className={`leave-calendar__swatch leave-calendar__swatch--${kind}`}
                  style={{ ['--day-colour' as string]: DAY_COLOURS[kind] }}
                  aria-hidden
                >
                  {DAY_ICONS[kind]}
                </span>
                <span>{t(`leaveCalendar.kind.${kind}`)}</span>
              </li>
            ))}
            <li className="day-legend__item">
              <span
                className="leave-calendar__swatch leave-calendar__swatch--pending"
                style={{ ['--day-colour' as string]: DAY_COLOURS.leave }}
                aria-hidden
              >
                {DAY_ICONS.leave}
              </span>
              <span>{t('leaveCalendar.kind.pending')}</span>
            </li>
          </ul>
          {calendar.isError && !shown ? (
            <PlainAlert type="warning" role="alert" title={t('leaveCalendar.failed')} />
          ) : null}
          <div className="leave-calendar__loading-box" aria-busy={calendar.isFetching || undefined}>
            {shown && people.length === 0 ? (
              <PlainEmpty description={groupId ? t('leaveCalendar.emptyGroup') : t('leaveCalendar.empty')} />
            ) : (
              <div className="leave-calendar__scroll">
                <table
                  ref={grid}
                  // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the WAI-ARIA data grid pattern on a table (one Tab stop, arrow keys between cells)
                  role="grid"
                  className="leave-calendar__grid"
                  aria-labelledby="leave-calendar-caption"
                  aria-describedby="leave-calendar-help"
                  aria-rowcount={people.length + 1}
                  onKeyDown={onKeyDown}
                >
                  <caption id="leave-calendar-caption" className="visually-hidden">
                    {t('leaveCalendar.caption', { month: monthName })}
                  </caption>
                  <thead>
                    <tr>
                      <th scope="col" className="leave-calendar__name">
                        {t('leaveCalendar.person')}
                      </th>
                      {days.map((d) => (
                        <th
                          key={d.date}
                          scope="col"
                          className={`leave-calendar__day${d.date === today ? ' leave-calendar__day--today' : ''}`}
                          aria-label={dayAndMonth(d.date, language)}
                        >
                          <span className="leave-calendar__weekday">
                            {weekdayName(d.weekday, language, 'narrow')}
                          </span>
                          <span className="leave-calendar__date">{d.day}</span>
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {people.map((p, r) => (
                      <tr key={p.employee.id}>
                        <th scope="row" className="leave-calendar__name">
                          <span className="leave-calendar__person">{p.employee.name}</span>
                          <span className="leave-calendar__relation">
                            {t(`leaveCalendar.relation.${p.relation}`)}
                          </span>
                        </th>
                        {days.map((d, c) => {
                          const entries = byPerson[r]?.get(d.date);
                          const look = cellKind(entries, d.weekday === p.weekly_off_day);
                          const isActive = r === row && c === col;
                          return (
                            <td
                              key={d.date}
                              // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a cell of that data grid
                              role="gridcell"
                              tabIndex={isActive ? 0 : -1}
                              data-row={r}
                              data-col={c}
                              data-kind={look?.kind}
                              data-pending={look?.pending ? 'true' : undefined}
                              aria-label={cellLabel(p, d, entries)}
                              className={`leave-calendar__cell${d.date === today ? ' leave-calendar__cell--today' : ''}`}
                              style={
                                look ? { ['--day-colour' as string]: DAY_COLOURS[look.kind] } : undefined
                              }
                              onFocus={() => (isActive ? undefined : setActive({ row: r, col: c }))}
                            >
                              {look ? (
                                <span className="leave-calendar__icon" aria-hidden>
                                  {DAY_ICONS[look.kind]}
                                </span>
                              ) : null}
                            </td>
                          );
                        })}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            {calendar.isFetching ? (
              <div className="leave-calendar__loading">
                <span className="plain-spinner" role="status" aria-label={t('common.loading')} />
              </div>
            ) : null}
          </div>
          <p id="leave-calendar-help" className="leave-calendar__help">
            {t('leaveCalendar.keyboardHelp')}
          </p>
          {activePerson && activeDay ? (
            <section className="leave-calendar__details" aria-label={t('leaveCalendar.details')}>
              <strong>{activePerson.employee.name}</strong>
              {' · '}
              <bdi>{dayAndMonth(activeDay.date, language)}</bdi>
              {' · '}
              {dayText(
                t,
                byPerson[row]?.get(activeDay.date),
                activeDay.weekday === activePerson.weekly_off_day,
              )}
            </section>
          ) : null}
          {shown ? (
            <span className="plain-secondary">{t('leaveCalendar.people', { count: people.length })}</span>
          ) : null}
        </div>
      </section>
    </>
  );
}
