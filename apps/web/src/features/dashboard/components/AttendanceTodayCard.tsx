import ClockCircleOutlined from '@ant-design/icons-svg/es/asn/ClockCircleOutlined';
import CloseCircleOutlined from '@ant-design/icons-svg/es/asn/CloseCircleOutlined';
import LoginOutlined from '@ant-design/icons-svg/es/asn/LoginOutlined';
import LogoutOutlined from '@ant-design/icons-svg/es/asn/LogoutOutlined';
import type { SummaryRow } from '@hr/contracts/attendance';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmployeeAvatar } from '../../../components/employee-search/EmployeeAvatar';
import { PlainCard, PlainCount, PlainEmpty, PlainStatistic } from '../../../components/PlainBlocks';
import { PlainIcon } from '../../../components/PlainIcon';
import { monthSoFarQuery, teamTodayQuery } from '../queries';
import { teamToday } from './attendance-today';
import './attendance-today.css';

/** People named per list before "and n more". */
const SHOWN = 6;

const report = (query: Record<string, string>) => `/attendance?${new URLSearchParams(query).toString()}`;

/** Two figures a row on a phone, four from 992 px. */
const FOUR: CSSProperties = { '--grid-xs': 2, '--grid-sm': 2 } as CSSProperties;
/** The team's two lists side by side from 768 px. */
const TWO: CSSProperties = {
  '--grid-sm': 1,
  '--grid-md': 2,
  '--grid-lg': 2,
  gap: '16px 24px',
} as CSSProperties;

/**
 * The dashboard's attendance (one call each): today's punches and this
 * month's late and absent days from the own report of this month, and, for
 * managers, who of the team is absent or late today from the summary of today.
 * Drawn (as loading lines) before the signed-in employee is known, so the page
 * below it does not move.
 */
export function AttendanceTodayCard({ employeeId, team }: { employeeId: number | undefined; team: boolean }) {
  const { t } = useTranslation();
  const today = dayjs().format('YYYY-MM-DD');
  // The same keys as the attendance page's queries: either reuses what the other read.
  const mine = useQuery(monthSoFarQuery(employeeId));
  const summary = useQuery(teamTodayQuery(team));

  const todayRow = mine.data?.rows.find((r) => r.date === today);
  const notYet = t('dashboard.attendance.notYet');
  const title = t('dashboard.attendance.title');
  const teamTitle = t('dashboard.attendance.teamTitle');
  const lists = teamToday(summary.data?.rows ?? []);

  const people = (label: string, icon: ReactNode, rows: SummaryRow[], late: boolean) => (
    <div>
      <h5 className="plain-heading">
        {icon} {label} <PlainCount>{rows.length}</PlainCount>
      </h5>
      {rows.length === 0 ? (
        <span className="plain-secondary">{t('dashboard.attendance.nobody')}</span>
      ) : (
        <ul className="attendance-today__people" aria-label={label}>
          {rows.slice(0, SHOWN).map((r) => (
            <li key={r.employee.id}>
              <EmployeeAvatar name={r.employee.name} photo={r.employee.photo} size={24} />
              <Link
                className="plain-link"
                to={report({ employee: String(r.employee.id), from: today, to: today })}
              >
                {r.employee.name}
              </Link>
              {late ? (
                <span className="plain-secondary">
                  {t('dashboard.attendance.minutes', { minutes: r.late_minutes })}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {rows.length > SHOWN ? (
        <Link className="plain-link" to={report({ view: 'summary', from: today, to: today })}>
          {t('dashboard.attendance.more', { number: rows.length - SHOWN })}
        </Link>
      ) : null}
    </div>
  );

  return (
    <>
      <PlainCard
        region
        title={title}
        loading={mine.isPending}
        extra={
          <Link className="plain-link" to="/attendance">
            {t('dashboard.attendance.open')}
          </Link>
        }
      >
        <div className="plain-grid" style={FOUR}>
          <PlainStatistic
            title={t('dashboard.attendance.punchIn')}
            value={todayRow?.punch_in ?? notYet}
            prefix={<PlainIcon icon={LoginOutlined} flip />}
          />
          <PlainStatistic
            title={t('dashboard.attendance.punchOut')}
            value={todayRow?.punch_out ?? notYet}
            prefix={<PlainIcon icon={LogoutOutlined} flip />}
          />
          <div>
            <PlainStatistic
              title={t('dashboard.attendance.lateMonth')}
              value={mine.data?.totals.late ?? 0}
              prefix={<PlainIcon icon={ClockCircleOutlined} />}
            />
            <span className="plain-secondary">
              {t('dashboard.attendance.minutesInAll', { count: mine.data?.totals.late_minutes ?? 0 })}
            </span>
          </div>
          <PlainStatistic
            title={t('dashboard.attendance.absentMonth')}
            value={mine.data?.totals.absent ?? 0}
            prefix={<PlainIcon icon={CloseCircleOutlined} />}
          />
        </div>
      </PlainCard>
      {team ? (
        <PlainCard
          region
          title={teamTitle}
          loading={summary.isPending}
          extra={
            <Link className="plain-link" to={report({ view: 'summary', from: today, to: today })}>
              {t('dashboard.attendance.openSummary')}
            </Link>
          }
        >
          {summary.isError ? (
            <PlainEmpty description={t('dashboard.attendance.failed')} />
          ) : (
            <div className="plain-grid" style={TWO}>
              {people(
                t('dashboard.attendance.absentToday'),
                <PlainIcon icon={CloseCircleOutlined} />,
                lists.absent,
                false,
              )}
              {people(
                t('dashboard.attendance.lateToday'),
                <PlainIcon icon={ClockCircleOutlined} />,
                lists.late,
                true,
              )}
            </div>
          )}
        </PlainCard>
      ) : null}
    </>
  );
}
