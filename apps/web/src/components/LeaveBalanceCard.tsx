import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Progress, Row, Select, Skeleton, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { leaveBalancesQuery } from './leave-balances-query';

/** Leave balances per type with a balance (SPEC.md §9), for the signed-in employee or one of their reports. */
export function LeaveBalanceCard({ employeeId, title }: { employeeId?: number; title?: string }) {
  const { t } = useTranslation();
  const thisYear = dayjs().year();
  const [year, setYear] = useState(thisYear);
  const balances = useQuery(leaveBalancesQuery(employeeId, year));
  const data = balances.data;
  return (
    <Card
      title={title ?? t('leave.balances.title')}
      role="region"
      aria-label={title ?? t('leave.balances.title')}
      extra={
        <Select
          size="small"
          value={year}
          onChange={setYear}
          aria-label={t('leave.balances.chooseYear')}
          options={[thisYear - 1, thisYear, thisYear + 1].map((y) => ({
            value: y,
            label: t('leave.balances.year', { year: y }),
          }))}
        />
      }
    >
      {balances.isPending ? (
        <Skeleton active />
      ) : !data || data.items.length === 0 ? (
        <Empty description={t('leave.balances.empty')} />
      ) : (
        <Row gutter={[16, 16]}>
          {data.items.map((b) => (
            <Col key={b.type.id} xs={24} sm={12} lg={8} xl={6}>
              <div className="balance-tile" data-testid={`balance-${b.type.id}`}>
                <Typography.Text strong>{b.type.name}</Typography.Text>
                <Progress
                  percent={b.days ? Math.round(((b.taken + b.pending) / b.days) * 100) : 0}
                  success={{ percent: b.days ? Math.round((b.taken / b.days) * 100) : 0 }}
                  showInfo={false}
                  size="small"
                  aria-label={t('a11y.balanceBar', { type: b.type.name })}
                />
                <Typography.Text className="balance-tile__remaining">
                  <span data-testid={`balance-remaining-${b.type.id}`}>{b.remaining}</span>{' '}
                  <Typography.Text type="secondary">
                    {t('leave.balances.of', { count: b.days })}
                  </Typography.Text>
                </Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('leave.balances.taken')}: {b.taken} · {t('leave.balances.pending')}: {b.pending}
                </Typography.Text>
              </div>
            </Col>
          ))}
        </Row>
      )}
    </Card>
  );
}
