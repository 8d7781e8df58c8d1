import type { AttendanceTotals } from '@hr/contracts/attendance';
import type { PersonRef } from '@hr/contracts/people';
import { Trans, useTranslation } from 'react-i18next';
import { EmployeeAvatar } from '../../../components/employee-search/EmployeeAvatar';
import { PlainSkeleton, PlainStatistic } from '../../../components/PlainBlocks';
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
    <section aria-label={title} className="plain-card attendance-header">
      <div className="plain-card__body">
        {employee ? (
          <div className="attendance-header__person">
            <EmployeeAvatar name={employee.name} photo={employee.photo} size={72} />
            <div className="attendance-header__facts">
              <h4 className="attendance-header__name">{employee.name}</h4>
              <span>
                {t('attendance.eid')}: <bdi>{employee.eid}</bdi>
              </span>
              <span className="plain-secondary">
                {t('attendance.range.label')}:{' '}
                <Trans
                  i18nKey="attendance.range.span"
                  values={{ from: formatDate(range.from), to: formatDate(range.to) }}
                  components={{ d: <bdi /> }}
                />
              </span>
            </div>
          </div>
        ) : (
          <div className="attendance-header__person">
            <span className="attendance-header__avatar-loading" aria-hidden="true" />
            <div className="attendance-header__facts">
              <PlainSkeleton lines={2} />
            </div>
          </div>
        )}
        {totals ? (
          // biome-ignore lint/a11y/useSemanticElements: figures read together under one name, not a form's fields
          <div className="attendance-totals" role="group" aria-label={t('attendance.totals')}>
            {TOTAL_KEYS.map((key) => (
              <PlainStatistic
                key={key}
                title={t(`attendance.columns.${key}`)}
                value={formatNumber(totals[key])}
              />
            ))}
          </div>
        ) : null}
      </div>
    </section>
  );
}
