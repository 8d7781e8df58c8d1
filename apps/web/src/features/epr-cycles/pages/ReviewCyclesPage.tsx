import { PlusOutlined } from '@ant-design/icons';
import type { EprCycleItem } from '@hr/contracts/epr-cycles';
import { DEFAULT_PAGE_SIZE } from '@hr/contracts/limits';
import { Button, Card, Empty } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { AdminOnly } from '../../../components/AdminOnly';
import { type ListColumns, ListTable } from '../../../components/list/ListTable';
import { PageHeader } from '../../../components/PageHeader';
import { formatDate } from '../../../lib/dates';
import { toastSuccess } from '../../../lib/notify';
import { typeName } from '../../../lib/server-errors';
import { useCycles } from '../api';
import { CycleDrawer } from '../components/CycleDrawer';
import { CycleProgress } from '../components/CycleProgress';
import { Deadline } from '../components/Deadline';
import { LaunchCycleModal } from '../components/LaunchCycleModal';
import { launchedText } from '../components/launched-text';
import { ScopeText } from '../components/ScopeText';
import '../epr-cycles.css';

const DEFAULT_SORT = 'id,desc';

function Cycles() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(DEFAULT_PAGE_SIZE);
  const [sort, setSort] = useState(DEFAULT_SORT);
  const [launching, setLaunching] = useState(false);
  const cycles = useCycles({ page, limit, sort });
  // The open cycle is in the address, so a reload or a shared link shows it again.
  const openId = Number(params.get('cycle'));
  const shown = Number.isInteger(openId) && openId > 0 ? openId : null;
  const show = (id: number | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (id === null) next.delete('cycle');
        else next.set('cycle', String(id));
        return next;
      },
      { replace: id === null },
    );

  const columns: ListColumns<EprCycleItem> = [
    {
      title: t('eprCycles.columns.name'),
      key: 'name',
      sortField: 'name',
      render: (_, c) => (
        <span className="epr-cycles-name">
          <Link to={{ search: `?cycle=${c.id}` }}>{c.name}</Link>
        </span>
      ),
    },
    { title: t('eprCycles.columns.type'), key: 'type', render: (_, c) => typeName('epr', c.type) },
    {
      title: t('eprCycles.columns.period'),
      key: 'from',
      sortField: 'from',
      render: (_, c) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          <bdi>{`${formatDate(c.from_date)} – ${formatDate(c.to_date)}`}</bdi>
        </span>
      ),
    },
    { title: t('eprCycles.columns.scope'), key: 'scope', render: (_, c) => <ScopeText cycle={c} /> },
    {
      title: t('eprCycles.columns.deadline'),
      key: 'deadline',
      sortField: 'deadline',
      render: (_, c) => (
        <Deadline deadline={c.deadline} overdue={c.overdue} open={c.progress.total - c.progress.completed} />
      ),
    },
    {
      title: t('eprCycles.columns.progress'),
      key: 'progress',
      render: (_, c) => <CycleProgress progress={c.progress} label={c.name} compact />,
    },
  ];

  const empty = cycles.data && cycles.data.total === 0;
  return (
    <>
      <PageHeader
        title={t('eprCycles.title')}
        subtitle={t('eprCycles.subtitle')}
        extra={
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setLaunching(true)}>
            {t('eprCycles.launch')}
          </Button>
        }
      />
      <Card style={{ marginTop: 16 }}>
        {empty ? (
          <Empty description={t('eprCycles.empty')} />
        ) : (
          <ListTable<EprCycleItem>
            rowKey="id"
            label={t('eprCycles.title')}
            columns={columns}
            data={cycles.data?.items}
            total={cycles.data?.total ?? 0}
            loading={cycles.isFetching}
            page={page}
            limit={limit}
            sort={sort}
            onPage={setPage}
            onLimit={(l) => {
              setLimit(l);
              setPage(1);
            }}
            onSort={(s) => {
              setSort(s);
              setPage(1);
            }}
          />
        )}
      </Card>
      <LaunchCycleModal
        open={launching}
        onClose={() => setLaunching(false)}
        onLaunched={(cycle) => {
          toastSuccess(launchedText(t, cycle.launch));
          setPage(1);
          setSort(DEFAULT_SORT);
          show(cycle.id);
        }}
      />
      <CycleDrawer id={shown} onClose={() => show(null)} />
    </>
  );
}

/** /admin/review-cycles: HR administrators launch the reviews of a period and follow them. */
export function Component() {
  const { t } = useTranslation();
  return (
    <AdminOnly reason={t('eprCycles.forbidden')}>
      <Cycles />
    </AdminOnly>
  );
}
