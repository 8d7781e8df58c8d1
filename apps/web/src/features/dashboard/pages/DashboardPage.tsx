import {
  AimOutlined,
  AuditOutlined,
  CalendarOutlined,
  FileProtectOutlined,
  HomeOutlined,
} from '@ant-design/icons';
import type { Dashboard } from '@hr/contracts/dashboard';
import { ROUTES, routePath } from '@hr/contracts/routes';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Descriptions, Empty, Row, Statistic, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LeaveBalanceCard } from '../../../components/LeaveBalanceCard';
import { StatusTag } from '../../../components/list/StatusTag';
import { PageHeader } from '../../../components/PageHeader';
import { formatDate } from '../../../lib/dates';
import { useMe } from '../../auth/api';
import { AttendanceTodayCard } from '../components/AttendanceTodayCard';
import { dashboardQuery } from '../queries';

const ICONS: Record<Dashboard['waiting'][number]['module'], ReactNode> = {
  kpi: <AimOutlined />,
  epr: <AuditOutlined />,
  leave: <CalendarOutlined />,
  remote_work: <HomeOutlined />,
  hr_service: <FileProtectOutlined />,
};

/** The caller's KPI sheet of today, with its status and a way to it. */
function MyKpiCard({ sheet, loading }: { sheet: Dashboard['my_kpi'] | undefined; loading: boolean }) {
  const { t } = useTranslation();
  return (
    <Card
      role="region"
      aria-label={t('dashboard.myKpiTitle')}
      title={t('dashboard.myKpiTitle')}
      loading={loading}
      style={{ marginBottom: 16 }}
      extra={<Link to="/kpi">{t('dashboard.allSheets')}</Link>}
    >
      {sheet ? (
        <Descriptions
          size="small"
          column={{ xs: 1, md: 3 }}
          items={[
            {
              key: 'name',
              label: t('dashboard.sheet'),
              children: <Link to={routePath(ROUTES.kpiDetail, { kpiId: sheet.id })}>{sheet.name}</Link>,
            },
            {
              key: 'period',
              label: t('dashboard.period'),
              children: <bdi>{`${formatDate(sheet.from)} – ${formatDate(sheet.to)}`}</bdi>,
            },
            {
              key: 'status',
              label: t('dashboard.status'),
              children: <StatusTag kind="kpi" status={sheet.status} />,
            },
          ]}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.noKpi')}>
          <Link to="/kpi">{t('dashboard.makeKpi')}</Link>
        </Empty>
      )}
    </Card>
  );
}

/** The dashboard: own KPI sheet, requests and leave balances and, for managers and HR, what waits for a decision. */
export function Component() {
  const { t } = useTranslation();
  const me = useMe();
  const board = useQuery(dashboardQuery);
  const decides = (me.data?.employee.has_reports ?? false) || (me.data?.user.is_admin ?? false);

  return (
    <>
      <PageHeader
        title={t('nav.dashboard')}
        // The greeting's line is kept while the name is on its way, so the page does not move.
        subtitle={me.data ? t('dashboard.greeting', { name: me.data.employee.name }) : '\u00a0'}
      />
      {decides ? (
        <Card title={t('dashboard.waitingTitle')} style={{ marginBottom: 16 }}>
          <Row gutter={[16, 16]}>
            {(board.data?.waiting ?? []).map((w) => (
              <Col key={w.module} xs={24} sm={12} lg={6}>
                <Link
                  to={w.link}
                  className="dashboard-tile"
                  aria-label={t(`dashboard.waiting.${w.module}`, { count: w.count })}
                >
                  <Statistic
                    title={t(`dashboard.modules.${w.module}`)}
                    value={w.count}
                    prefix={ICONS[w.module]}
                    loading={board.isPending}
                  />
                  <Typography.Text type="secondary">
                    {t(`dashboard.waiting.${w.module}`, { count: w.count })}
                  </Typography.Text>
                </Link>
              </Col>
            ))}
          </Row>
        </Card>
      ) : null}
      <MyKpiCard sheet={board.data?.my_kpi} loading={board.isPending} />
      <AttendanceTodayCard employeeId={me.data?.employee.id} team={me.data?.employee.has_reports ?? false} />
      <Card title={t('dashboard.mineTitle')} style={{ marginBottom: 16 }}>
        <Row gutter={[16, 16]}>
          {(['kpi', 'epr', 'leave', 'remote_work', 'hr_service'] as const).map((m) => (
            <Col key={m} xs={24} sm={12} lg={6}>
              <Statistic
                title={t(`dashboard.modules.${m}`)}
                value={board.data?.mine_pending[m] ?? 0}
                prefix={ICONS[m]}
                loading={board.isPending}
              />
              <Typography.Text type="secondary">{t('dashboard.minePending')}</Typography.Text>
            </Col>
          ))}
        </Row>
      </Card>
      <LeaveBalanceCard />
    </>
  );
}
