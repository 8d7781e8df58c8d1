import type { AnyImport } from '@hr/contracts/imports';
import { Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/format';
import type { ImportKind } from './api';

/** The refused rows of an import: line, reason, cell. */
export function RefusedRows<T extends AnyImport>({
  errors,
  kind,
}: {
  errors: T['errors'];
  kind: ImportKind<T>;
}) {
  const { t } = useTranslation();
  type Row = T['errors'][number];
  const columns: TableColumnsType<Row> = [
    { title: t('imports.errors.line'), key: 'line', dataIndex: 'line', width: 90 },
    { title: t('imports.errors.reason'), key: 'reason', render: (_, e) => kind.reason(e) },
    {
      title: t('imports.errors.value'),
      key: 'value',
      render: (_, e) => (e.value === null ? '—' : <bdi>{e.value === '' ? '""' : e.value}</bdi>),
    },
  ];
  return (
    <Table<Row>
      // A row may be refused for several reasons, each listed.
      rowKey={(e) => `${e.line}-${e.reason}`}
      size="small"
      columns={columns}
      dataSource={errors}
      aria-label={t('imports.errors.label')}
      pagination={errors.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
    />
  );
}

/** An import's counts, as a list. */
export function ImportCounts<T extends AnyImport>({ result, kind }: { result: T; kind: ImportKind<T> }) {
  const { t } = useTranslation();
  return (
    <ul className="import-counts" aria-label={t('imports.counts.label')}>
      {kind.counts.map((count) => (
        <li key={count.key}>
          {count.label}: <strong>{formatNumber(count.value(result))}</strong>
        </li>
      ))}
    </ul>
  );
}
