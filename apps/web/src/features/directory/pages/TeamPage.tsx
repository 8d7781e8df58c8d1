import {
  ApartmentOutlined,
  AppstoreOutlined,
  CalendarOutlined,
  SearchOutlined,
  TeamOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import type { TeamMember } from '@hr/contracts/employee-search';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, TEAM_CARD_PAGE_SIZE } from '@hr/contracts/limits';
import { ROUTES } from '@hr/contracts/routes';
import {
  Card,
  Col,
  Empty,
  Flex,
  Input,
  Pagination,
  Row,
  Segmented,
  Skeleton,
  Table,
  type TableColumnsType,
  type TableProps,
  Tag,
  Typography,
} from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmployeeAvatar } from '../../../components/employee-search/EmployeeAvatar';
import { useDebounced } from '../../../components/employee-search/use-debounced';
import { LinkButton } from '../../../components/LinkButton';
import { PageHeader } from '../../../components/PageHeader';
import { OrgChart } from '../../org-chart';
import { useTeam } from '../api';
import { RELATION_COLOR, TeamCard } from '../components/TeamCard';
import '../directory.css';

type View = 'cards' | 'table' | 'chart';
/** The card/table/chart choice is remembered between visits, like the lists' Self/Team choice. */
const VIEW_KEY = 'TEAM_VIEW_TYPE';

function savedView(): View {
  const saved = localStorage.getItem(VIEW_KEY);
  return saved === 'table' || saved === 'chart' ? saved : 'cards';
}

/** The team directory (SPEC.md §2): cards of 20 or a table, with a search that waits 600 ms. */
export function Component() {
  const { t } = useTranslation();
  const [view, setView] = useState<View>(savedView);
  const [search, setSearch] = useState('');
  const settled = useDebounced(search);
  const [page, setPage] = useState(1);
  const [tableLimit, setTableLimit] = useState<number>(DEFAULT_PAGE_SIZE);
  const [sort, setSort] = useState('name,asc');
  const limit = view === 'cards' ? TEAM_CARD_PAGE_SIZE : tableLimit;
  const team = useTeam({ page, limit, sort: view === 'cards' ? 'name,asc' : sort, search: settled });

  // A new search starts from the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the settled text changes only
  useEffect(() => setPage(1), [settled]);

  const changeView = (next: View) => {
    localStorage.setItem(VIEW_KEY, next);
    setView(next);
    setPage(1);
  };

  const items = team.data?.items ?? [];
  const total = team.data?.total ?? 0;
  const empty = (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={settled.trim() ? t('team.noMatch', { text: settled.trim() }) : t('team.empty')}
    />
  );

  const pager = (position: 'top' | 'bottom') => (
    <Pagination
      className={`team-pagination team-pagination--${position}`}
      current={page}
      pageSize={TEAM_CARD_PAGE_SIZE}
      total={total}
      onChange={setPage}
      hideOnSinglePage
      showSizeChanger={false}
      showTotal={(n) => t('team.total', { count: n })}
      size="small"
    />
  );

  return (
    <>
      <PageHeader
        title={t('team.title')}
        subtitle={t('team.subtitle')}
        extra={
          <Flex gap={8} align="center" wrap>
            <LinkButton to={ROUTES.leaveCalendar} icon={<CalendarOutlined aria-hidden />}>
              {t('leaveCalendar.open')}
            </LinkButton>
            <Segmented<View>
              value={view}
              onChange={changeView}
              aria-label={t('team.view')}
              options={[
                { value: 'cards', icon: <AppstoreOutlined aria-hidden />, label: t('team.cards') },
                { value: 'table', icon: <UnorderedListOutlined aria-hidden />, label: t('team.table') },
                { value: 'chart', icon: <ApartmentOutlined aria-hidden />, label: t('orgChart.view') },
              ]}
            />
          </Flex>
        }
      />
      {view === 'chart' ? null : (
        <Card size="small" className="team-toolbar">
          <Flex gap={12} align="center" wrap justify="space-between">
            <Input
              allowClear
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              prefix={<SearchOutlined aria-hidden />}
              placeholder={t('team.searchPlaceholder')}
              aria-label={t('team.search')}
              maxLength={100}
              className="team-toolbar__search"
            />
            <Typography.Text type="secondary">
              <TeamOutlined aria-hidden /> {t('team.total', { count: total })}
            </Typography.Text>
          </Flex>
        </Card>
      )}

      {view === 'chart' ? (
        <OrgChart />
      ) : view === 'cards' ? (
        <section aria-label={t('team.cards')} aria-busy={team.isFetching}>
          {pager('top')}
          {team.isLoading ? (
            <Row gutter={[16, 16]}>
              {Array.from({ length: 4 }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart
                <Col key={i} xs={24} sm={12} lg={8} xxl={6}>
                  <Card>
                    <Skeleton avatar active />
                  </Card>
                </Col>
              ))}
            </Row>
          ) : items.length === 0 ? (
            <Card>{empty}</Card>
          ) : (
            <Row gutter={[16, 16]} className="team-grid">
              {items.map((member) => (
                <Col key={member.id} xs={24} sm={12} lg={8} xxl={6}>
                  <TeamCard member={member} />
                </Col>
              ))}
            </Row>
          )}
          {pager('bottom')}
        </section>
      ) : (
        <Card size="small">
          <TeamTable
            items={items}
            total={total}
            loading={team.isFetching}
            page={page}
            limit={tableLimit}
            sort={sort}
            empty={empty}
            onChange={(next) => {
              setSort(next.sort);
              setTableLimit(next.limit);
              setPage(next.page);
            }}
          />
        </Card>
      )}
    </>
  );
}

function TeamTable(props: {
  items: TeamMember[];
  total: number;
  loading: boolean;
  page: number;
  limit: number;
  sort: string;
  empty: ReactNode;
  onChange: (next: { page: number; limit: number; sort: string }) => void;
}) {
  const { t } = useTranslation();
  const [field, dir] = props.sort.split(',');
  const order = (f: string) =>
    field === f ? (dir === 'desc' ? ('descend' as const) : ('ascend' as const)) : null;

  const columns: TableColumnsType<TeamMember> = [
    {
      key: 'name',
      title: t('team.columns.name'),
      sorter: true,
      sortOrder: order('name'),
      render: (_, m) => (
        <div className="team-person">
          <EmployeeAvatar name={m.name} photo={m.photo} size={36} />
          <div className="team-person__text">
            {m.relation === 'line_manager' ? (
              <Typography.Text strong>{m.name}</Typography.Text>
            ) : (
              <Link to={`/profile/${m.id}`}>{m.name}</Link>
            )}
            <Typography.Text type="secondary">{m.designation ?? '—'}</Typography.Text>
          </div>
          <Tag color={RELATION_COLOR[m.relation]} className="team-person__tag">
            {t(`team.relation.${m.relation}`)}
          </Tag>
        </div>
      ),
    },
    {
      key: 'eid',
      dataIndex: 'eid',
      title: t('team.columns.eid'),
      sorter: true,
      sortOrder: order('eid'),
      width: 150,
      onHeaderCell: () => ({ style: { whiteSpace: 'nowrap' } }),
    },
    {
      key: 'email',
      dataIndex: 'email',
      title: t('team.columns.email'),
      render: (v: string | null) => (v ? <a href={`mailto:${v}`}>{v}</a> : '—'),
    },
    {
      key: 'mobile',
      dataIndex: 'mobile',
      title: t('team.columns.mobile'),
      render: (v: string | null) => v ?? '—',
    },
  ];

  const onChange: TableProps<TeamMember>['onChange'] = (pagination, _f, sorter) => {
    const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<TeamMember> | undefined;
    const key = s?.columnKey === 'eid' ? 'eid' : 'name';
    const sort = s?.order ? `${key},${s.order === 'descend' ? 'desc' : 'asc'}` : 'name,asc';
    const limit = pagination.pageSize ?? props.limit;
    props.onChange({
      sort,
      limit,
      page: sort !== props.sort || limit !== props.limit ? 1 : (pagination.current ?? props.page),
    });
  };

  return (
    <Table<TeamMember>
      rowKey="id"
      columns={columns}
      dataSource={props.items}
      loading={props.loading}
      onChange={onChange}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: props.empty }}
      aria-label={t('team.table')}
      pagination={{
        current: props.page,
        pageSize: props.limit,
        total: props.total,
        pageSizeOptions: PAGE_SIZES.map(String),
        showSizeChanger: true,
        hideOnSinglePage: true,
        placement: ['topEnd', 'bottomEnd'],
        showTotal: (n) => t('team.total', { count: n }),
      }}
    />
  );
}
