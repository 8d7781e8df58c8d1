import type { AnyImport } from '@hr/contracts/imports';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@hr/contracts/limits';
import { Card, Empty, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/dates';
import { formatNumber } from '../../lib/format';
import { type ImportKind, useImportList } from './api';
import { RefusedRows } from './RefusedRows';

/**
 * The last imports of one kind, the latest first: who, when, the counts; a
 * refused one opens on its bad rows.
 */
export function ImportsPanel<T extends AnyImport>({ title, kind }: { title: string; kind: ImportKind<T> }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(DEFAULT_PAGE_SIZE);
  const imports = useImportList<T>(kind.path, page, limit);

  const columns: TableColumnsType<T> = [
    { title: t('imports.last.file'), key: 'file', render: (_, i) => <bdi>{i.file_name}</bdi> },
    {
      title: t('imports.last.when'),
      key: 'when',
      render: (_, i) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(i.created)}</span>,
    },
    { title: t('imports.last.by'), key: 'by', render: (_, i) => i.created_by?.name ?? '—' },
    ...kind.counts.map((count): TableColumnsType<T>[number] => ({
      title: count.label,
      key: count.key,
      align: 'end',
      render: (_, i) => formatNumber(count.value(i)),
    })),
    {
      title: t('imports.last.status'),
      key: 'status',
      render: (_, i) =>
        i.status === 'done' ? (
          <Tag color="green">{t('imports.status.done')}</Tag>
        ) : (
          <Tag color="red">{t('imports.status.refused')}</Tag>
        ),
    },
  ];

  const empty = imports.data && imports.data.total === 0;
  return (
    <Card role="region" aria-label={title} title={title}>
      {empty ? (
        <Empty description={t('imports.last.empty')} />
      ) : (
        <Table<T>
          rowKey={(i) => String(i.id)}
          columns={columns}
          dataSource={imports.data?.items}
          loading={imports.isFetching}
          scroll={{ x: 'max-content' }}
          size="middle"
          aria-label={title}
          expandable={{
            rowExpandable: (i) => i.errors.length > 0,
            expandedRowRender: (i) => <RefusedRows<T> errors={i.errors} kind={kind} />,
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
