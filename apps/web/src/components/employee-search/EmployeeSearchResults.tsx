import type { EmployeeSearchItem, EmployeeSearchResponse } from '@hr/contracts/employee-search';
import { PAGE_SIZES } from '@hr/contracts/limits';
import { type Breakpoint, Table, type TableColumnsType, type TableProps, Tag, Typography } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { EmployeeAvatar } from './EmployeeAvatar';
import './employee-search.css';

export interface ListWindow {
  page: number;
  limit: number;
  sort: string;
}

export interface EmployeeSearchResultsProps extends ListWindow {
  data: EmployeeSearchResponse | undefined;
  loading: boolean;
  onChange: (next: ListWindow) => void;
  /** Shows the Active/Disabled column (admins, who may search disabled employees). */
  showStatus?: boolean;
  /** Where a result leads; the profile by default. */
  profilePath?: (id: number) => string;
}

const SORTABLE: Record<string, string> = { name: 'name', eid: 'eid' };

/** The search results: one row per employee, each leading to the profile; pages of 10, 20 or 50. */
export function EmployeeSearchResults({
  data,
  loading,
  page,
  limit,
  sort,
  onChange,
  showStatus = false,
  profilePath = (id) => `/profile/${id}`,
}: EmployeeSearchResultsProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [sortField, sortDir] = sort.split(',');
  const order = (field: string) =>
    sortField === field ? (sortDir === 'desc' ? ('descend' as const) : ('ascend' as const)) : null;

  const columns: TableColumnsType<EmployeeSearchItem> = [
    {
      key: 'name',
      title: t('employees.results.employee'),
      sorter: true,
      sortOrder: order('name'),
      render: (_, e) => (
        <div className="employee-results__person">
          <EmployeeAvatar name={e.name} photo={e.photo} size={36} />
          <div className="employee-results__name">
            <Link to={profilePath(e.id)} onClick={(ev) => ev.stopPropagation()}>
              {e.name}
            </Link>
            <Typography.Text type="secondary">{e.designation ?? '—'}</Typography.Text>
          </div>
        </div>
      ),
    },
    {
      key: 'eid',
      dataIndex: 'eid',
      title: t('employees.results.eid'),
      sorter: true,
      sortOrder: order('eid'),
      width: 110,
      onHeaderCell: () => ({ style: { whiteSpace: 'nowrap' } }),
    },
    {
      key: 'workplace',
      title: t('employees.results.workplace'),
      responsive: ['md'],
      render: (_, e) => (
        <div className="employee-results__name">
          <span>{e.office ?? '—'}</span>
          <Typography.Text type="secondary">{e.company ?? ''}</Typography.Text>
        </div>
      ),
    },
    {
      key: 'email',
      dataIndex: 'email',
      title: t('employees.results.email'),
      responsive: ['lg'],
      render: (v: string | null) => (v ? <a href={`mailto:${v}`}>{v}</a> : '—'),
    },
    {
      key: 'mobile',
      dataIndex: 'mobile',
      title: t('employees.results.mobile'),
      responsive: ['sm'],
      render: (v: string | null) => v ?? '—',
    },
    ...(showStatus
      ? [
          {
            key: 'enabled',
            title: t('employees.results.status'),
            width: 110,
            responsive: ['sm'] as Breakpoint[],
            render: (_: unknown, e: EmployeeSearchItem) =>
              e.enabled ? (
                <Tag color="success">{t('employees.search.status.enabled')}</Tag>
              ) : (
                <Tag color="default">{t('employees.search.status.disabled')}</Tag>
              ),
          },
        ]
      : []),
  ];

  const handleChange: TableProps<EmployeeSearchItem>['onChange'] = (pagination, _filters, sorter) => {
    const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<EmployeeSearchItem> | undefined;
    const field = s?.columnKey ? SORTABLE[String(s.columnKey)] : undefined;
    const nextSort = field && s?.order ? `${field},${s.order === 'descend' ? 'desc' : 'asc'}` : 'name,asc';
    const nextLimit = pagination.pageSize ?? limit;
    const sortChanged = nextSort !== sort;
    onChange({
      sort: nextSort,
      limit: nextLimit,
      page: sortChanged || nextLimit !== limit ? 1 : (pagination.current ?? page),
    });
  };

  return (
    <Table<EmployeeSearchItem>
      className="employee-results"
      rowKey="id"
      columns={columns}
      dataSource={data?.items ?? []}
      loading={loading}
      onChange={handleChange}
      onRow={(e) => ({ onClick: () => navigate(profilePath(e.id)) })}
      locale={{ emptyText: t('employees.results.empty') }}
      pagination={{
        current: page,
        pageSize: limit,
        total: data?.total ?? 0,
        pageSizeOptions: PAGE_SIZES.map(String),
        showSizeChanger: true,
        hideOnSinglePage: true,
        placement: ['topEnd', 'bottomEnd'],
        showTotal: (total) => t('employees.results.total', { count: total }),
      }}
      aria-label={t('employees.results.label')}
    />
  );
}
