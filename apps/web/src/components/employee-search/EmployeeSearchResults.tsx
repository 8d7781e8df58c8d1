import type { EmployeeSearchItem, EmployeeSearchResponse } from '@hr/contracts/employee-search';
import { PAGE_SIZES } from '@hr/contracts/limits';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Pagination } from '../plain/Pagination';
import { type Column, Table } from '../plain/Table';
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

/** The order when a column's own is taken off: by name. */
const DEFAULT_SORT = 'name,asc';

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
  const items = data?.items ?? [];

  const columns: Column<EmployeeSearchItem>[] = [
    {
      key: 'name',
      title: t('employees.results.employee'),
      sortField: 'name',
      render: (_, e) => (
        <div className="employee-results__person">
          <EmployeeAvatar name={e.name} photo={e.photo} size={36} decorative />
          <div className="employee-results__name">
            <Link to={profilePath(e.id)}>{e.name}</Link>
            <span className="plain-secondary">{e.designation ?? '—'}</span>
          </div>
        </div>
      ),
    },
    {
      key: 'eid',
      dataIndex: 'eid',
      title: t('employees.results.eid'),
      sortField: 'eid',
      width: 110,
    },
    {
      key: 'workplace',
      title: t('employees.results.workplace'),
      responsive: ['md'],
      render: (_, e) => (
        <div className="employee-results__name">
          <span>{e.office ?? '—'}</span>
          <span className="plain-secondary">{e.company ?? ''}</span>
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
            responsive: ['sm'] as const,
            render: (_: unknown, e: EmployeeSearchItem) =>
              e.enabled ? (
                <span className="plain-tag plain-tag--success">{t('employees.search.status.enabled')}</span>
              ) : (
                <span className="plain-tag plain-tag--default">{t('employees.search.status.disabled')}</span>
              ),
          },
        ]
      : []),
  ];

  const pagination = (
    <Pagination
      current={page}
      pageSize={limit}
      total={data?.total ?? 0}
      pageSizeOptions={PAGE_SIZES}
      showTotal={(total) => t('employees.results.total', { count: total })}
      onChange={(next, size) =>
        onChange(size !== limit ? { sort, limit: size, page: 1 } : { sort, limit, page: next })
      }
    />
  );

  // A press anywhere on a row opens the profile, as its name's link does (the keyboard's way there).
  const openRow = (event: MouseEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if (target.closest('a, button, input, select')) return;
    const row = target.closest('tbody tr');
    if (!row?.parentElement) return;
    const item = items[Array.prototype.indexOf.call(row.parentElement.children, row)];
    if (item) void navigate(profilePath(item.id));
  };

  return (
    <div className="employee-results">
      {pagination}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a mouse shortcut; each row's link is the way for everyone */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the same as the row's link, which the keyboard reaches */}
      <div onClick={openRow}>
        <Table<EmployeeSearchItem>
          rowKey="id"
          columns={columns}
          rows={items}
          loading={loading}
          label={t('employees.results.label')}
          empty={t('employees.results.empty')}
          sort={{
            value: sort,
            reset: DEFAULT_SORT,
            onChange: (next) => onChange({ sort: next, limit, page: 1 }),
          }}
        />
      </div>
      {pagination}
    </div>
  );
}
