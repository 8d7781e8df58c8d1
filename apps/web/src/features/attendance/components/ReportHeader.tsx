import type { AttendanceTotals } from '@hr/contracts/attendance';
import type { PersonRef } from '@hr/contracts/people';
import { Card, Flex, Skeleton, Statistic, Typography } from 'antd';
import { Trans, useTranslation } from 'react-i18next';
import { EmployeeAvatar } from '../../../components/employee-search/EmployeeAvatar';
import { formatDate } from '../../../lib/dates';
import { formatNumber } from '../../../lib/format';
import type { DayRange } from '../range';

/** The totals of a range, in the order of the summary's columns. */
export const TOTAL_KEYS = [
  'working_days',
  'present',
  'absent',
  'late',
  'late_minutes',
  'leave',
  'remote_work',
] as const satisfies readonly (keyof AttendanceTotals)[];

/**
 * The report's header (SPEC.md §2): the employee's photo, name and employee
 * ID and the chosen range, with the totals of the range below.
 */
export function ReportHeader({
  employee,
  range,
  totals,
}: {
  employee: PersonRef | undefined;
  range: DayRange;
  totals: AttendanceTotals | undefined;
}) {
  const { t } = useTranslation();
  const title = employee ? t('attendance.reportOf', { name: employee.name }) : t('nav.attendance');
  return (
    <Card role="region" aria-label={title} className="attendance-header">
      {employee ? (
        <Flex gap={16} align="center" wrap>
          <EmployeeAvatar name={employee.name} photo={employee.photo} size={72} />
          <Flex vertical gap={2}>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {employee.name}
            </Typography.Title>
            <Typography.Text>
              {t('attendance.eid')}: <bdi>{employee.eid}</bdi>
            </Typography.Text>
            <Typography.Text type="secondary">
              {t('attendance.range.label')}:{' '}
              <Trans
                i18nKey="attendance.range.span"
                values={{ from: formatDate(range.from), to: formatDate(range.to) }}
                components={{ d: <bdi /> }}
              />
            </Typography.Text>
          </Flex>
        </Flex>
      ) : (
        <Skeleton avatar={{ size: 72 }} active paragraph={{ rows: 1 }} />
      )}
      {totals ? (
        <Flex wrap gap={24} className="attendance-totals" role="group" aria-label={t('attendance.totals')}>
          {TOTAL_KEYS.map((key) => (
            <Statistic key={key} title={t(`attendance.columns.${key}`)} value={formatNumber(totals[key])} />
          ))}
        </Flex>
      ) : null}
    </Card>
  );
}
