import {
  CalendarOutlined,
  CheckCircleOutlined,
  ClockCircleOutlined,
  CloseCircleOutlined,
  CoffeeOutlined,
  GiftOutlined,
  HomeOutlined,
} from '@ant-design/icons';
import type { AttendanceDay } from '@hr/contracts/attendance';
import { Flex, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type DayKind, type DayMark, dayMarks } from './day-status';
import './attendance-days.css';

/** An icon per kind, so that no kind is told by its colour alone. */
export const DAY_ICONS: Record<DayKind, ReactNode> = {
  present: <CheckCircleOutlined aria-hidden />,
  late: <ClockCircleOutlined aria-hidden />,
  absent: <CloseCircleOutlined aria-hidden />,
  leave: <CalendarOutlined aria-hidden />,
  remote_work: <HomeOutlined aria-hidden />,
  holiday: <GiftOutlined aria-hidden />,
  weekly_off: <CoffeeOutlined aria-hidden />,
};

/** The tag colours (Ant Design presets, which follow the light and dark themes). */
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
  if (marks.length === 0)
    return <Typography.Text type="secondary">{t('attendance.status.none')}</Typography.Text>;
  return (
    <Flex wrap gap={4}>
      {marks.map((m) => (
        <Tag key={m.kind} color={TAG_COLOURS[m.kind]} icon={DAY_ICONS[m.kind]} className="day-tag">
          {markLabel(t, m)}
        </Tag>
      ))}
    </Flex>
  );
}
