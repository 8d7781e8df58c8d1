import CalendarOutlined from '@ant-design/icons-svg/es/asn/CalendarOutlined';
import CheckCircleOutlined from '@ant-design/icons-svg/es/asn/CheckCircleOutlined';
import ClockCircleOutlined from '@ant-design/icons-svg/es/asn/ClockCircleOutlined';
import CloseCircleOutlined from '@ant-design/icons-svg/es/asn/CloseCircleOutlined';
import CoffeeOutlined from '@ant-design/icons-svg/es/asn/CoffeeOutlined';
import GiftOutlined from '@ant-design/icons-svg/es/asn/GiftOutlined';
import HomeOutlined from '@ant-design/icons-svg/es/asn/HomeOutlined';
import type { AttendanceDay } from '@hr/contracts/attendance';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainIcon } from '../PlainIcon';
import { type DayKind, type DayMark, dayMarks } from './day-status';
import './attendance-days.css';

/** An icon per kind, so that no kind is told by its colour alone (drawn without Ant Design's icon component). */
export const DAY_ICONS: Record<DayKind, ReactNode> = {
  present: <PlainIcon icon={CheckCircleOutlined} />,
  late: <PlainIcon icon={ClockCircleOutlined} />,
  absent: <PlainIcon icon={CloseCircleOutlined} />,
  leave: <PlainIcon icon={CalendarOutlined} />,
  remote_work: <PlainIcon icon={HomeOutlined} />,
  holiday: <PlainIcon icon={GiftOutlined} />,
  weekly_off: <PlainIcon icon={CoffeeOutlined} />,
};

/** The tag colours (Ant Design's presets, as styles.css draws them in the light and dark themes). */
const TAG_COLOURS: Record<DayKind, string> = {
  present: 'green',
  late: 'orange',
  absent: 'red',
  leave: 'blue',
  remote_work: 'purple',
  holiday: 'magenta',
  weekly_off: 'default',
};

/** A kind's name (the legend). */
export function kindLabel(t: TFunction, kind: DayKind): string {
  return t(`attendance.status.${kind}`);
}

/** A mark in words: "Late (12 min)" for a late day. */
export function markLabel(t: TFunction, mark: DayMark): string {
  return mark.kind === 'late'
    ? t('attendance.status.lateBy', { minutes: mark.minutes ?? 0 })
    : kindLabel(t, mark.kind);
}

/** A day's marks in words, one sentence for a label or a tooltip. */
export function dayText(t: TFunction, day: AttendanceDay): string {
  const marks = dayMarks(day);
  return marks.length ? marks.map((m) => markLabel(t, m)).join(', ') : t('attendance.status.none');
}

/** The status of a day as tags with an icon and words. */
export function DayStatusTags({ day }: { day: AttendanceDay }) {
  const { t } = useTranslation();
  const marks = dayMarks(day);
  if (marks.length === 0) return <span className="plain-secondary">{t('attendance.status.none')}</span>;
  return (
    <span className="day-tags">
      {marks.map((m) => (
        <span key={m.kind} className={`plain-tag plain-tag--${TAG_COLOURS[m.kind]} day-tag`}>
          {DAY_ICONS[m.kind]}
          <span>{markLabel(t, m)}</span>
        </span>
      ))}
    </span>
  );
}
