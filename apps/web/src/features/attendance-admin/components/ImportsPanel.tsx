import type { PunchImport } from '@hr/contracts/attendance-intake';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@hr/contracts/limits';
import { Card, Empty, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/dates';
import { useImports } from '../api';
import { RefusedRows } from './ImportPanel';

/** The last imports, the latest first: who, when, the counts; a refused one opens on its bad rows. */
export function ImportsPanel() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(DEFAULT_PAGE_SIZE);
  const imports = useImports(page, limit);

  const columns: TableColumnsType<PunchImport> = [
    { title: t('attendanceAdmin.last.file'), key: 'file', render: (_, i) => <bdi>{i.file_name}</bdi> },
    {
      title: t('attendanceAdmin.last.when'),
      key: 'when',
      render: (_, i) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(i.created)}</span>,
    },
    { title: t('attendanceAdmin.last.by'), key: 'by', render: (_, i) => i.created_by?.name ?? '—' },
    { title: t('attendanceAdmin.counts.total'), key: 'total', dataIndex: 'total', align: 'end' },
    { title: t('attendanceAdmin.counts.added'), key: 'added', dataIndex: 'added', align: 'end' },
    {
      title: t('attendanceAdmin.counts.duplicates'),
      key: 'duplicates',
      dataIndex: 'duplicates',
      align: 'end',
    },
    { title: t('attendanceAdmin.counts.refused'), key: 'refused', dataIndex: 'refused', align: 'end' },
    {
      title: t('attendanceAdmin.last.status'),
      key: 'status',
      render: (_, i) =>
        i.status === 'done' ? (
          <Tag color="green">{t('attendanceAdmin.status.done')}</Tag>
        ) : (
          <Tag color="red">{t('attendanceAdmin.status.refused')}</Tag>
        ),
    },
  ];

  const empty = imports.data && imports.data.total === 0;
  return (
    <Card role="region" aria-label={t('attendanceAdmin.last.title')} title={t('attendanceAdmin.last.title')}>
      {empty ? (
        <Empty description={t('attendanceAdmin.last.empty')} />
      ) : (
        <Table<PunchImport>
          rowKey={(i) => String(i.id)}
          columns={columns}
          dataSource={imports.data?.items}
          loading={imports.isFetching}
          scroll={{ x: 'max-content' }}
          size="middle"
          aria-label={t('attendanceAdmin.last.title')}
          expandable={{
            rowExpandable: (i) => i.errors.length > 0,
            expandedRowRender: (i) => <RefusedRows errors={i.errors} />,
          }}
          pagination={{
            current: page,
            pageSize: limit,
            total: imports.data?.total ?? 0,
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
      )}
    </Card>
  );
}
