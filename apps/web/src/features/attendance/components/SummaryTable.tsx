import type { SummaryRow } from '@hr/contracts/attendance';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmployeeAvatar } from '../../../components/employee-search/EmployeeAvatar';
import { Pagination } from '../../../components/plain/Pagination';
import { type Column, Table } from '../../../components/plain/Table';
import { TOTAL_KEYS } from './ReportHeader';

const PAGE_SIZES = [20, 50, 100] as const;

type SortKey = 'employee' | 'eid' | (typeof TOTAL_KEYS)[number];

/** How the summary's rows compare by each column that sorts them. */
const COMPARE: Record<SortKey, (a: SummaryRow, b: SummaryRow) => number> = {
  employee: (a, b) => a.employee.name.localeCompare(b.employee.name),
  eid: (a, b) => a.employee.eid.localeCompare(b.employee.eid, undefined, { numeric: true }),
  ...(Object.fromEntries(
    TOTAL_KEYS.map((key) => [key, (a: SummaryRow, b: SummaryRow) => a[key] - b[key]]),
  ) as Record<(typeof TOTAL_KEYS)[number], (a: SummaryRow, b: SummaryRow) => number>),
};

/** The rows in the order a column's header asks for (`key,asc|desc`; empty: as the server sent them). */
export function sortRows(rows: readonly SummaryRow[], sort: string): readonly SummaryRow[] {
  const [key, direction] = sort.split(',') as [SortKey | '', string | undefined];
  const compare = key ? COMPARE[key] : undefined;
  if (!compare) return rows;
  const sign = direction === 'desc' ? -1 : 1;
  return [...rows].sort((a, b) => sign * compare(a, b));
}

/**
 * The team summary: a row of totals per person over the range. The name
 * opens that person's report over the same range. Sorted and paged here:
 * the server answers the whole team at once.
 */
export function SummaryTable({
  rows,
  loading,
  reportLink,
}: {
  rows: SummaryRow[];
  loading: boolean;
  reportLink: (employeeId: number) => string;
}) {
  const { t } = useTranslation();
  const [sort, setSort] = useState('');
  const [paging, setPaging] = useState({ page: 1, size: 50 });
  const pages = Math.max(1, Math.ceil(rows.length / paging.size));
  const page = Math.min(paging.page, pages);
  const shown = sortRows(rows, sort).slice((page - 1) * paging.size, page * paging.size);

  const columns: Column<SummaryRow>[] = [
    {
      title: t('attendance.columns.employee'),
      key: 'employee',
      sortField: 'employee',
      render: (_, row) => (
        <span className="attendance-person">
          <EmployeeAvatar name={row.employee.name} photo={row.employee.photo} size={28} />
          <Link
            to={reportLink(row.employee.id)}
            aria-label={t('attendance.openReport', { name: row.employee.name })}
          >
            {row.employee.name}
          </Link>
        </span>
      ),
    },
    {
      title: t('attendance.eid'),
      key: 'eid',
      sortField: 'eid',
      render: (_, row) => <bdi>{row.employee.eid}</bdi>,
    },
    ...TOTAL_KEYS.map(
      (key): Column<SummaryRow> => ({
        title: t(`attendance.columns.${key}`),
        dataIndex: key,
        key,
        align: 'end',
        sortField: key,
      }),
    ),
  ];
  return (
    <>
      <Table<SummaryRow>
        label={t('attendance.summaryTable')}
        rowKey={(row) => row.employee.id}
        size="small"
        columns={columns}
        rows={shown}
        loading={loading}
        sort={{ value: sort, onChange: setSort, reset: '' }}
        empty={t('attendance.summaryEmpty')}
      />
      <Pagination
        current={page}
        pageSize={paging.size}
        total={rows.length}
        pageSizeOptions={PAGE_SIZES}
        onChange={(next, size) => setPaging({ page: next, size })}
        showTotal={(total, r) => t('lists.range', { from: r[0], to: r[1], total })}
      />
    </>
  );
}
