import { ClockCircleOutlined, CloseCircleOutlined, LoginOutlined, LogoutOutlined } from '@ant-design/icons';
import type { SummaryReport, SummaryRow } from '@hr/contracts/attendance';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Row, Statistic, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmployeeAvatar } from '../../../components/employee-search/EmployeeAvatar';
import { api } from '../../../lib/http';
import { monthSoFarQuery } from '../queries';
import { teamToday } from './attendance-today';
import './attendance-today.css';

/** People named per list before "and n more". */
const SHOWN = 6;

const report = (query: Record<string, string>) => `/attendance?${new URLSearchParams(query).toString()}`;

/**
 * The dashboard's attendance (one call each): today's punches and this
 * month's late and absent days from the own report of this month, and, for
 * managers, who of the team is absent or late today from the summary of today.
 */
/** Drawn (as a skeleton) before the signed-in employee is known, so the page below it does not move. */
export function AttendanceTodayCard({ employeeId, team }: { employeeId: number | undefined; team: boolean }) {
  const { t } = useTranslation();
  const today = dayjs().format('YYYY-MM-DD');
  // The same keys as the attendance page's queries: either reuses what the other read.
  const mine = useQuery(monthSoFarQuery(employeeId));
  const summary = useQuery({
    queryKey: ['attendance', 'summary', today, today],
    queryFn: ({ signal }) =>
      api.get<SummaryReport>('report/attendance/summary', {
        query: { from_date: today, to_date: today, scope: 'team', response_type: 'json' },
        signal,
      }),
    enabled: team,
  });

  const todayRow = mine.data?.rows.find((r) => r.date === today);
  const notYet = t('dashboard.attendance.notYet');
  const title = t('dashboard.attendance.title');
  const teamTitle = t('dashboard.attendance.teamTitle');
  const lists = teamToday(summary.data?.rows ?? []);

  const people = (label: string, icon: ReactNode, rows: SummaryRow[], late: boolean) => (
    <Col xs={24} md={12}>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {icon} {label} <Tag>{rows.length}</Tag>
      </Typography.Title>
      {rows.length === 0 ? (
        <Typography.Text type="secondary">{t('dashboard.attendance.nobody')}</Typography.Text>
      ) : (
        <ul className="attendance-today__people" aria-label={label}>
          {rows.slice(0, SHOWN).map((r) => (
            <li key={r.employee.id}>
              <EmployeeAvatar name={r.employee.name} photo={r.employee.photo} size={24} />
              <Link to={report({ employee: String(r.employee.id), from: today, to: today })}>
                {r.employee.name}
              </Link>
              {late ? (
                <Typography.Text type="secondary">
                  {t('dashboard.attendance.minutes', { minutes: r.late_minutes })}
                </Typography.Text>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {rows.length > SHOWN ? (
        <Link to={report({ view: 'summary', from: today, to: today })}>
          {t('dashboard.attendance.more', { number: rows.length - SHOWN })}
        </Link>
      ) : null}
    </Col>
  );

  return (
    <>
      <Card
        role="region"
        aria-label={title}
        title={title}
        loading={mine.isPending}
        style={{ marginBottom: 16 }}
        extra={<Link to="/attendance">{t('dashboard.attendance.open')}</Link>}
      >
        <Row gutter={[16, 16]}>
          <Col xs={12} lg={6}>
            <Statistic
              title={t('dashboard.attendance.punchIn')}
              value={todayRow?.punch_in ?? notYet}
              prefix={<LoginOutlined className="flip-rtl" />}
            />
          </Col>
          <Col xs={12} lg={6}>
            <Statistic
              title={t('dashboard.attendance.punchOut')}
              value={todayRow?.punch_out ?? notYet}
              prefix={<LogoutOutlined className="flip-rtl" />}
            />
          </Col>
          <Col xs={12} lg={6}>
            <Statistic
              title={t('dashboard.attendance.lateMonth')}
              value={mine.data?.totals.late ?? 0}
              prefix={<ClockCircleOutlined />}
            />
            <Typography.Text type="secondary">
              {t('dashboard.attendance.minutesInAll', { count: mine.data?.totals.late_minutes ?? 0 })}
            </Typography.Text>
          </Col>
          <Col xs={12} lg={6}>
            <Statistic
              title={t('dashboard.attendance.absentMonth')}
              value={mine.data?.totals.absent ?? 0}
              prefix={<CloseCircleOutlined />}
            />
          </Col>
        </Row>
      </Card>
      {team ? (
        <Card
          role="region"
          aria-label={teamTitle}
          title={teamTitle}
          loading={summary.isPending}
          style={{ marginBottom: 16 }}
          extra={
            <Link to={report({ view: 'summary', from: today, to: today })}>
              {t('dashboard.attendance.openSummary')}
            </Link>
          }
        >
          {summary.isError ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.attendance.failed')} />
          ) : (
            <Row gutter={[24, 16]}>
              {people(t('dashboard.attendance.absentToday'), <CloseCircleOutlined />, lists.absent, false)}
              {people(t('dashboard.attendance.lateToday'), <ClockCircleOutlined />, lists.late, true)}
            </Row>
          )}
        </Card>
      ) : null}
    </>
  );
}
