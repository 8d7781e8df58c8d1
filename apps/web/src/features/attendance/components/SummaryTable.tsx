import type { SummaryRow } from '@hr/contracts/attendance';
import { Flex, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmployeeAvatar } from '../../../components/employee-search/EmployeeAvatar';
import { TOTAL_KEYS } from './ReportHeader';

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
  const columns: ColumnsType<SummaryRow> = [
    {
      title: t('attendance.columns.employee'),
      key: 'employee',
      fixed: 'start',
      sorter: (a, b) => a.employee.name.localeCompare(b.employee.name),
      render: (_, row) => (
        <Flex gap={8} align="center">
          <EmployeeAvatar name={row.employee.name} photo={row.employee.photo} size={28} />
          <Link
            to={reportLink(row.employee.id)}
            aria-label={t('attendance.openReport', { name: row.employee.name })}
          >
            {row.employee.name}
          </Link>
        </Flex>
      ),
    },
    {
      title: t('attendance.eid'),
      key: 'eid',
      sorter: (a, b) => a.employee.eid.localeCompare(b.employee.eid, undefined, { numeric: true }),
      render: (_, row) => <bdi>{row.employee.eid}</bdi>,
    },
    ...TOTAL_KEYS.map((key): ColumnsType<SummaryRow>[number] => ({
      title: t(`attendance.columns.${key}`),
      dataIndex: key,
      key,
      align: 'end',
      sorter: (a, b) => a[key] - b[key],
    })),
  ];
  return (
    <Table<SummaryRow>
      aria-label={t('attendance.summaryTable')}
      rowKey={(row) => row.employee.id}
      size="small"
      columns={columns}
      dataSource={rows}
      loading={loading}
      scroll={{ x: 'max-content' }}
      sortDirections={['ascend', 'descend']}
      pagination={{
        defaultPageSize: 50,
        hideOnSinglePage: true,
        showSizeChanger: true,
        pageSizeOptions: ['20', '50', '100'],
        showTotal: (total, r) => t('lists.range', { from: r[0], to: r[1], total }),
      }}
      locale={{ emptyText: t('attendance.summaryEmpty') }}
    />
  );
}
