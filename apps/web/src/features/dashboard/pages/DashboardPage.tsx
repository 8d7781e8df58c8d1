import AimOutlined from '@ant-design/icons-svg/es/asn/AimOutlined';
import AuditOutlined from '@ant-design/icons-svg/es/asn/AuditOutlined';
import CalendarOutlined from '@ant-design/icons-svg/es/asn/CalendarOutlined';
import FileProtectOutlined from '@ant-design/icons-svg/es/asn/FileProtectOutlined';
import HomeOutlined from '@ant-design/icons-svg/es/asn/HomeOutlined';
import type { IconDefinition } from '@ant-design/icons-svg/lib/types';
import type { Dashboard } from '@hr/contracts/dashboard';
import { ROUTES, routePath } from '@hr/contracts/routes';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LeaveBalanceCard } from '../../../components/LeaveBalanceCard';
import { StatusTag } from '../../../components/list/StatusTag';
import { PageHeader } from '../../../components/PageHeader';
import { PlainCard, PlainEmpty, PlainStatistic } from '../../../components/PlainBlocks';
import { PlainIcon } from '../../../components/PlainIcon';
import { formatDate } from '../../../lib/dates';
import { useMe } from '../../../lib/me';
import { leaveBalancesQuery } from '../../leave';
import { AttendanceTodayCard } from '../components/AttendanceTodayCard';
import { dashboardQuery } from '../queries';

const ICONS: Record<Dashboard['waiting'][number]['module'], IconDefinition> = {
  kpi: AimOutlined,
  epr: AuditOutlined,
  leave: CalendarOutlined,
  remote_work: HomeOutlined,
  hr_service: FileProtectOutlined,
};

/** The caller's KPI sheet of today, with its status and a way to it. */
function MyKpiCard({ sheet, loading }: { sheet: Dashboard['my_kpi'] | undefined; loading: boolean }) {
  const { t } = useTranslation();
  return (
    <PlainCard
      region
      title={t('dashboard.myKpiTitle')}
      loading={loading}
      extra={
        <Link className="plain-link" to="/kpi">
          {t('dashboard.allSheets')}
        </Link>
      }
    >
      {sheet ? (
        <dl className="plain-descriptions">
          <div>
            <dt>{t('dashboard.sheet')}</dt>
            <dd>
              <Link className="plain-link" to={routePath(ROUTES.kpiDetail, { kpiId: sheet.id })}>
                {sheet.name}
              </Link>
            </dd>
          </div>
          <div>
            <dt>{t('dashboard.period')}</dt>
            <dd>
              <bdi>{`${formatDate(sheet.from)} – ${formatDate(sheet.to)}`}</bdi>
            </dd>
          </div>
          <div>
            <dt>{t('dashboard.status')}</dt>
            <dd>
              <StatusTag kind="kpi" status={sheet.status} />
            </dd>
          </div>
        </dl>
      ) : (
        <PlainEmpty description={t('dashboard.noKpi')}>
          <Link className="plain-link" to="/kpi">
            {t('dashboard.makeKpi')}
          </Link>
        </PlainEmpty>
      )}
    </PlainCard>
  );
}

/**
 * The dashboard: own KPI sheet, requests and leave balances and, for managers
 * and HR, what waits for a decision. The first page after signing in: drawn
 * without Ant Design (`plain`), like the shell around it, so it loads none of it.
 */
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
        <PlainCard title={t('dashboard.waitingTitle')}>
          <div className="plain-grid">
            {(board.data?.waiting ?? []).map((w) => (
              <Link
                key={w.module}
                to={w.link}
                className="dashboard-tile"
                aria-label={t(`dashboard.waiting.${w.module}`, { count: w.count })}
              >
                <PlainStatistic
                  title={t(`dashboard.modules.${w.module}`)}
                  value={w.count}
                  prefix={<PlainIcon icon={ICONS[w.module]} />}
                  loading={board.isPending}
                />
                <span className="plain-secondary">
                  {t(`dashboard.waiting.${w.module}`, { count: w.count })}
                </span>
              </Link>
            ))}
          </div>
        </PlainCard>
      ) : null}
      <MyKpiCard sheet={board.data?.my_kpi} loading={board.isPending} />
      <AttendanceTodayCard employeeId={me.data?.employee.id} team={me.data?.employee.has_reports ?? false} />
      <PlainCard title={t('dashboard.mineTitle')}>
        <div className="plain-grid">
          {(['kpi', 'epr', 'leave', 'remote_work', 'hr_service'] as const).map((m) => (
            <div key={m}>
              <PlainStatistic
                title={t(`dashboard.modules.${m}`)}
                value={board.data?.mine_pending[m] ?? 0}
                prefix={<PlainIcon icon={ICONS[m]} />}
                loading={board.isPending}
              />
              <span className="plain-secondary">{t('dashboard.minePending')}</span>
            </div>
          ))}
        </div>
      </PlainCard>
      <LeaveBalanceCard balances={(year) => leaveBalancesQuery(undefined, year)} />
    </>
  );
}
