import { RedoOutlined } from '@ant-design/icons';
import {
  EPR_CYCLE_STAGES,
  type EprCycleDetail,
  type EprCyclePerson,
  type EprCycleStage,
} from '@hr/contracts/epr-cycles';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@hr/contracts/limits';
import {
  Alert,
  Avatar,
  Button,
  Descriptions,
  Drawer,
  Flex,
  Segmented,
  Skeleton,
  Statistic,
  Table,
  type TableColumnsType,
  Typography,
} from 'antd';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusTag } from '../../../components/list/StatusTag';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { formatNumber } from '../../../lib/format';
import { isRtl } from '../../../lib/i18n';
import { confirmDialog, toastSuccess } from '../../../lib/notify';
import { typeName } from '../../../lib/server-errors';
import { useCycle, useRelaunchCycle } from '../api';
import { CycleProgress } from './CycleProgress';
import { Deadline } from './Deadline';
import { launchedText } from './launched-text';
import { ScopeText } from './ScopeText';

type Filter = EprCycleStage | 'all';

/** A date inside a sentence keeps its own left-to-right order in a right-to-left one (Unicode isolates). */
const isolated = (text: string) => `\u2066${text}\u2069`;

function initials(name: string) {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((p) => p[0]?.toUpperCase() ?? '')
    .join('');
}

/** A part of the drawer with a heading that names it (a region for screen readers). */
function Part({ title, extra, children }: { title: string; extra?: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
        <Typography.Title level={5} id={id} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        {extra}
      </Flex>
      {children}
    </section>
  );
}

function usePeopleColumns(): TableColumnsType<EprCyclePerson> {
  const { t } = useTranslation();
  const small = { fontSize: 12 };
  return [
    {
      title: t('eprCycles.people.employee'),
      key: 'employee',
      render: (_, p) => (
        <Flex gap={8} align="center">
          <Avatar
            size="small"
            src={p.employee.photo?.small}
            alt=""
            style={{ backgroundColor: '#0f766e', flex: 'none' }}
          >
            {initials(p.employee.name)}
          </Avatar>
          <Flex vertical style={{ lineHeight: 1.3 }}>
            <Link to={`/epr/${p.epr_id}`}>{p.employee.name}</Link>
            <Typography.Text type="secondary" style={small}>
              <bdi>{p.employee.eid}</bdi>
            </Typography.Text>
          </Flex>
        </Flex>
      ),
    },
    {
      title: t('eprCycles.people.status'),
      key: 'status',
      render: (_, p) => (
        <Flex vertical gap={4} align="flex-start">
          <StatusTag kind="epr" status={p.status} />
          {p.stage === 'not_started' ? (
            <Typography.Text type="secondary" style={small}>
              {t('eprCycles.stages.not_started')}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    {
      title: t('eprCycles.people.turn'),
      key: 'turn',
      render: (_, p) => (
        <Flex vertical style={{ lineHeight: 1.3 }}>
          <span>{t(`eprCycles.turns.${p.turn}`)}</span>
          <Typography.Text type="secondary" style={small}>
            {p.waiting_on?.name ?? t('eprCycles.people.nobody')}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('eprCycles.people.days'),
      key: 'days',
      render: (_, p) => (
        <Flex vertical style={{ lineHeight: 1.3 }}>
          <span className="epr-cycles-number">{p.days}</span>
          <Typography.Text type="secondary" style={{ ...small, whiteSpace: 'nowrap' }}>
            {t('eprCycles.people.since', { date: isolated(formatDate(p.updated)) })}
          </Typography.Text>
        </Flex>
      ),
    },
  ];
}

/**
 * One cycle in a side drawer: its facts, its progress by status, whom it
 * covers (and who is left out, and why), and its open reviews: who has not
 * started and whose turn each other one is, the longest waiting first,
 * filtered by that.
 */
export function CycleDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [filter, setFilter] = useState<Filter>('all');
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(DEFAULT_PAGE_SIZE);
  const cycle = useCycle(id, { page, limit, ...(filter === 'all' ? {} : { stage: filter }) });
  const relaunch = useRelaunchCycle();
  const columns = usePeopleColumns();
  const data: EprCycleDetail | undefined = cycle.data?.id === id ? cycle.data : undefined;

  const close = () => {
    setFilter('all');
    setPage(1);
    onClose();
  };

  const onRelaunch = async () => {
    if (!data) return;
    const yes = await confirmDialog({
      title: t('eprCycles.relaunch.title', { name: data.name }),
      content: t('eprCycles.relaunch.content'),
      okText: t('eprCycles.relaunch.ok'),
    });
    if (!yes) return;
    relaunch.mutate(data.id, { onSuccess: (answer) => toastSuccess(launchedText(t, answer.launch)) });
  };

  const open = data
    ? data.stages.not_started + data.stages.employee + data.stages.line_manager + data.stages.one_over_one
    : 0;
  const stageCount = (f: Filter) => (!data ? 0 : f === 'all' ? open : data.stages[f]);
  const filters: Filter[] = ['all', ...EPR_CYCLE_STAGES];

  return (
    <Drawer
      open={id !== null}
      onClose={close}
      title={data?.name ?? t('eprCycles.detail.title')}
      placement={isRtl(i18n.language) ? 'left' : 'right'}
      size="min(900px, 100vw)"
      destroyOnHidden
      extra={
        <Button
          icon={<RedoOutlined aria-hidden className="flip-rtl" />}
          onClick={onRelaunch}
          loading={relaunch.isPending}
          disabled={!data}
        >
          {t('eprCycles.relaunch.button')}
        </Button>
      }
    >
      {!data ? (
        <Skeleton active />
      ) : (
        <Flex vertical gap={28}>
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2 }}
            items={[
              { key: 'type', label: t('eprCycles.columns.type'), children: typeName('epr', data.type) },
              {
                key: 'period',
                label: t('eprCycles.columns.period'),
                children: <bdi>{`${formatDate(data.from_date)} – ${formatDate(data.to_date)}`}</bdi>,
              },
              {
                key: 'deadline',
                label: t('eprCycles.columns.deadline'),
                children: (
                  <Deadline
                    deadline={data.deadline}
                    overdue={data.overdue}
                    open={data.progress.total - data.progress.completed}
                  />
                ),
              },
              { key: 'scope', label: t('eprCycles.columns.scope'), children: <ScopeText cycle={data} /> },
              {
                key: 'by',
                label: t('eprCycles.detail.launchedBy'),
                children: data.launched_by?.name ?? '—',
              },
              {
                key: 'created',
                label: t('eprCycles.detail.created'),
                children: <bdi>{formatDateTime(data.created)}</bdi>,
              },
            ]}
          />

          <Part title={t('eprCycles.detail.progress')}>
            <CycleProgress progress={data.progress} label={data.name} />
          </Part>

          <Part title={t('eprCycles.detail.coverage')}>
            <div className="epr-cycles-coverage">
              {(
                [
                  ['employees', data.scope.employees],
                  ['inCycle', data.scope.in_cycle],
                  ['withoutSheet', data.scope.without_sheet],
                  ['otherCycle', data.scope.other_cycle],
                  ['notLaunched', data.scope.not_launched],
                ] as const
              ).map(([key, value]) => (
                <Statistic
                  key={key}
                  title={t(`eprCycles.coverage.${key}`)}
                  value={formatNumber(value)}
                  styles={{ content: { fontSize: 22 } }}
                />
              ))}
            </div>
            {data.scope.not_launched > 0 ? (
              <Alert
                type="warning"
                showIcon
                style={{ marginTop: 12 }}
                title={t('eprCycles.coverage.launchAgain', { people: data.scope.not_launched })}
              />
            ) : null}
          </Part>

          <Part title={t('eprCycles.detail.people')}>
            <Flex vertical gap={12}>
              <Segmented<Filter>
                value={filter}
                onChange={(v) => {
                  setFilter(v);
                  setPage(1);
                }}
                options={filters.map((f) => ({
                  value: f,
                  label: `${t(`eprCycles.stages.${f}`)} (${stageCount(f)})`,
                }))}
                style={{ maxWidth: '100%', overflowX: 'auto' }}
              />
              <Table<EprCyclePerson>
                rowKey="epr_id"
                size="middle"
                columns={columns}
                dataSource={data.people.items}
                loading={cycle.isFetching}
                scroll={{ x: 'max-content' }}
                aria-label={t('eprCycles.detail.people')}
                locale={{ emptyText: t('eprCycles.people.empty') }}
                pagination={{
                  current: page,
                  pageSize: limit,
                  total: data.people.total,
                  hideOnSinglePage: true,
                  showSizeChanger: true,
                  pageSizeOptions: PAGE_SIZES.map(String),
                  onChange: (p, size) => {
                    if (size !== limit) {
                      setLimit(size);
                      setPage(1);
                    } else setPage(p);
                  },
                }}
              />
            </Flex>
          </Part>
        </Flex>
      )}
    </Drawer>
  );
}
