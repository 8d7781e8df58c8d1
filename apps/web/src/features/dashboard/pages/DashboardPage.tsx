import { CalendarOutlined, FileProtectOutlined, HomeOutlined } from '@ant-design/icons';
import type { Dashboard } from '@hr/contracts/dashboard';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Statistic, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LeaveBalanceCard } from '../../../components/LeaveBalanceCard';
import { PageHeader } from '../../../components/PageHeader';
import { api } from '../../../lib/http';
import { useMe } from '../../auth/api';

const ICONS: Record<Dashboard['waiting'][number]['module'], ReactNode> = {
  leave: <CalendarOutlined />,
  remote_work: <HomeOutlined />,
  hr_service: <FileProtectOutlined />,
};

/** The dashboard: own leave balances and, for managers and HR, what waits for a decision. */
export function Component() {
  const { t } = useTranslation();
  const me = useMe();
  const board = useQuery({ queryKey: ['dashboard'], queryFn: () => api.get<Dashboard>('dashboard') });
  const decides = (me.data?.employee.has_reports ?? false) || (me.data?.user.is_admin ?? false);

  return (
    <>
      <PageHeader
        title={t('nav.dashboard')}
        subtitle={me.data ? t('dashboard.greeting', { name: me.data.employee.name }) : undefined}
      />
      {decides ? (
        <Card title={t('dashboard.waitingTitle')} style={{ marginBottom: 16 }}>
          <Row gutter={[16, 16]}>
            {(board.data?.waiting ?? []).map((w) => (
              <Col key={w.module} xs={24} md={8}>
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
      <Card title={t('dashboard.mineTitle')} style={{ marginBottom: 16 }}>
        <Row gutter={[16, 16]}>
          {(['leave', 'remote_work', 'hr_service'] as const).map((m) => (
            <Col key={m} xs={24} md={8}>
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
