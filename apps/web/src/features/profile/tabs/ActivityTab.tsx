import { EnvironmentOutlined, UnorderedListOutlined } from '@ant-design/icons';
import {
  ACTIVITY_FILTERS,
  ACTIVITY_LIST_LIMIT,
  ACTIVITY_MAP_LIMIT,
  type Activity,
  type ActivityFilter,
} from '@hr/contracts/employees';
import { Card, Empty, Flex, Pagination, Segmented, Select, Skeleton, Table, Tag, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTimestamp } from '../../../lib/dates';
import { useActivities } from '../api';

const ActivityMap = lazy(() => import('./ActivityMap'));

type View = 'list' | 'map';

const CATEGORY_COLOR: Record<string, string> = {
  Attendance: 'green',
  Leave: 'orange',
  'Remote work': 'cyan',
  KPI: 'purple',
  Profile: 'blue',
  'HR services': 'magenta',
};

/** The activity log: a list (10 a page) or a map (100 a page), over a chosen period. */
export function ActivityTab({ employeeId }: { employeeId: number }) {
  const { t } = useTranslation();
  const [view, setView] = useState<View>('list');
  const [filter, setFilter] = useState<ActivityFilter>('last_three_months');
  const [page, setPage] = useState(1);
  const limit = view === 'list' ? ACTIVITY_LIST_LIMIT : ACTIVITY_MAP_LIMIT;
  const activities = useActivities(employeeId, { filter, page, limit }, true);
  const data = activities.data;

  const filters = ACTIVITY_FILTERS.map((value) => ({ value, label: t(`profile.activity.filters.${value}`) }));

  return (
    <Card
      title={t('profile.sections.activity')}
      className="profile-section"
      role="region"
      aria-label={t('profile.sections.activity')}
      extra={
        <Flex gap={8} wrap justify="flex-end">
          <Select
            value={filter}
            onChange={(value) => {
              setFilter(value);
              setPage(1);
            }}
            options={filters}
            aria-label={t('profile.activity.period')}
            style={{ minWidth: 170 }}
          />
          <Segmented<View>
            value={view}
            onChange={(value) => {
              setView(value);
              setPage(1);
            }}
            options={[
              {
                value: 'list',
                label: t('profile.activity.list'),
                icon: <UnorderedListOutlined aria-hidden />,
              },
              { value: 'map', label: t('profile.activity.map'), icon: <EnvironmentOutlined aria-hidden /> },
            ]}
          />
        </Flex>
      }
    >
      {activities.isPending ? (
        <Skeleton active />
      ) : view === 'list' ? (
        <Table<Activity>
          rowKey="id"
          size="small"
          loading={activities.isFetching}
          dataSource={data?.items ?? []}
          scroll={{ x: 'max-content' }}
          locale={{
            emptyText: (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('profile.empty.activities')} />
            ),
          }}
          pagination={{
            current: page,
            pageSize: limit,
            total: data?.total ?? 0,
            onChange: setPage,
            hideOnSinglePage: true,
            showSizeChanger: false,
          }}
          columns={[
            {
              key: 'created',
              title: t('profile.activity.when'),
              render: (_, a) => <bdi>{formatTimestamp(a.created)}</bdi>,
            },
            {
              key: 'category',
              title: t('profile.activity.category'),
              render: (_, a) => <Tag color={CATEGORY_COLOR[a.category] ?? 'default'}>{a.category}</Tag>,
            },
            { key: 'type', title: t('profile.activity.type'), dataIndex: 'type' },
            {
              key: 'description',
              title: t('profile.fields.description'),
              render: (_, a) => a.description ?? '—',
            },
            { key: 'address', title: t('profile.fields.address'), render: (_, a) => a.address ?? '—' },
          ]}
        />
      ) : (
        <Flex vertical gap={12}>
          <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: 420 }} />}>
            <ActivityMap activities={data?.items ?? []} />
          </Suspense>
          <Flex justify="space-between" align="center" wrap gap={8}>
            <Typography.Text type="secondary">
              {t('profile.activity.onMap', {
                shown: data?.items.filter((a) => a.latitude !== null).length ?? 0,
                count: data?.total ?? 0,
              })}
            </Typography.Text>
            <Pagination
              current={page}
              pageSize={limit}
              total={data?.total ?? 0}
              onChange={setPage}
              hideOnSinglePage
              showSizeChanger={false}
              size="small"
            />
          </Flex>
        </Flex>
      )}
    </Card>
  );
}
