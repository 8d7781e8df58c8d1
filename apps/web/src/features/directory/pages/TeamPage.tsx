import ApartmentOutlined from '@ant-design/icons-svg/es/asn/ApartmentOutlined';
import AppstoreOutlined from '@ant-design/icons-svg/es/asn/AppstoreOutlined';
import CalendarOutlined from '@ant-design/icons-svg/es/asn/CalendarOutlined';
import TeamOutlined from '@ant-design/icons-svg/es/asn/TeamOutlined';
import UnorderedListOutlined from '@ant-design/icons-svg/es/asn/UnorderedListOutlined';
import type { TeamMember } from '@hr/contracts/employee-search';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, TEAM_CARD_PAGE_SIZE } from '@hr/contracts/limits';
import { ROUTES } from '@hr/contracts/routes';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmployeeAvatar } from '../../../components/employee-search/EmployeeAvatar';
import { useDebounced } from '../../../components/employee-search/use-debounced';
import { lazyInFrame } from '../../../components/frame/load';
import { PageHeader } from '../../../components/PageHeader';
import { PlainEmpty, PlainSkeleton } from '../../../components/PlainBlocks';
import { PlainIcon } from '../../../components/PlainIcon';
import { LinkButton } from '../../../components/plain/LinkButton';
import { Pagination } from '../../../components/plain/Pagination';
import { SearchInput } from '../../../components/plain/SearchInput';
import { Segmented } from '../../../components/plain/Segmented';
import { type Column, Table } from '../../../components/plain/Table';
import { useTeam } from '../api';
import { RELATION_COLOR, TeamCard } from '../components/TeamCard';
import '../directory.css';

/** The organisation chart, drawn with Ant Design: loaded with its frame when the Chart view is first shown. */
const OrgChart = lazyInFrame(
  () => import('../../org-chart').then((m) => m.OrgChart),
  () => true,
);

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
  const empty = settled.trim() ? t('team.noMatch', { text: settled.trim() }) : t('team.empty');

  const pager = (position: 'top' | 'bottom') => (
    <Pagination
      className={`team-pagination team-pagination--${position}`}
      current={page}
      pageSize={TEAM_CARD_PAGE_SIZE}
      total={total}
      onChange={setPage}
      showTotal={(n) => t('team.total', { count: n })}
    />
  );

  return (
    <>
      <PageHeader
        title={t('team.title')}
        subtitle={t('team.subtitle')}
        extra={
          <div className="plain-row">
            <LinkButton to={ROUTES.leaveCalendar} icon={<PlainIcon icon={CalendarOutlined} />}>
              {t('leaveCalendar.open')}
            </LinkButton>
            <Segmented<View>
              value={view}
              onChange={changeView}
              label={t('team.view')}
              options={[
                { value: 'cards', icon: <PlainIcon icon={AppstoreOutlined} />, label: t('team.cards') },
                { value: 'table', icon: <PlainIcon icon={UnorderedListOutlined} />, label: t('team.table') },
                { value: 'chart', icon: <PlainIcon icon={ApartmentOutlined} />, label: t('orgChart.view') },
              ]}
            />
          </div>
        }
      />
      {view === 'chart' ? null : (
        <div className="plain-card team-toolbar">
          <SearchInput
            allowClear
            value={search}
            onChange={setSearch}
            placeholder={t('team.searchPlaceholder')}
            aria-label={t('team.search')}
            maxLength={100}
            className="team-toolbar__search"
          />
          <span className="plain-secondary team-toolbar__total">
            <PlainIcon icon={TeamOutlined} /> {t('team.total', { count: total })}
          </span>
        </div>
      )}

      {view === 'chart' ? (
        <OrgChart />
      ) : view === 'cards' ? (
        <section aria-label={t('team.cards')} aria-busy={team.isFetching}>
          {pager('top')}
          {team.isLoading ? (
            <div className="team-grid">
              {Array.from({ length: 4 }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart
                <div key={i} className="plain-card team-card team-card--loading">
                  <span className="team-card__avatar-placeholder" aria-hidden="true" />
                  <PlainSkeleton />
                </div>
              ))}
            </div>
          ) : items.length === 0 ? (
            <div className="plain-card team-empty">
              <PlainEmpty description={empty} />
            </div>
          ) : (
            <ul className="team-grid">
              {items.map((member) => (
                <li key={member.id}>
                  <TeamCard member={member} />
                </li>
              ))}
            </ul>
          )}
          {pager('bottom')}
        </section>
      ) : (
        <div className="plain-card team-table">
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
        </div>
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

  const columns: Column<TeamMember>[] = [
    {
      key: 'name',
      title: t('team.columns.name'),
      sortField: 'name',
      render: (_, m) => (
        <div className="team-person">
          <EmployeeAvatar name={m.name} photo={m.photo} size={36} decorative />
          <div className="team-person__text">
            {m.relation === 'line_manager' ? (
              <strong>{m.name}</strong>
            ) : (
              <Link to={`/profile/${m.id}`}>{m.name}</Link>
            )}
            <span className="plain-secondary">{m.designation ?? '—'}</span>
          </div>
          <span className={`plain-tag plain-tag--${RELATION_COLOR[m.relation]} team-person__tag`}>
            {t(`team.relation.${m.relation}`)}
          </span>
        </div>
      ),
    },
    {
      key: 'eid',
      dataIndex: 'eid',
      title: t('team.columns.eid'),
      sortField: 'eid',
      width: 150,
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

  const pagination = (
    <Pagination
      current={props.page}
      pageSize={props.limit}
      total={props.total}
      pageSizeOptions={PAGE_SIZES}
      showTotal={(n) => t('team.total', { count: n })}
      onChange={(page, size) =>
        props.onChange(
          size !== props.limit
            ? { sort: props.sort, limit: size, page: 1 }
            : { sort: props.sort, limit: props.limit, page },
        )
      }
    />
  );

  return (
    <>
      {pagination}
      <Table<TeamMember>
        rowKey="id"
        columns={columns}
        rows={props.items}
        loading={props.loading}
        empty={props.empty}
        label={t('team.table')}
        sort={{
          value: props.sort,
          reset: 'name,asc',
          onChange: (sort) => props.onChange({ sort, limit: props.limit, page: 1 }),
        }}
      />
      {pagination}
    </>
  );
}
