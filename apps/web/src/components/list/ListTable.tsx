import { PAGE_SIZES } from '@hr/contracts/limits';
import { Table, type TableColumnsType, type TableProps } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import type { Key } from 'react';
import { useTranslation } from 'react-i18next';
import { CardList, useCardLayout } from './CardList';

/**
 * A list's columns: `sortField` names the server's sort of a sortable one;
 * `teamOnly` shows one in the Team view only (the employee, always the
 * reader in their own view).
 */
export type ListColumns<R> = (TableColumnsType<R>[number] & { sortField?: string; teamOnly?: boolean })[];

interface Props<R> {
  rowKey: keyof R & string;
  columns: ListColumns<R>;
  data: R[] | undefined;
  total: number;
  loading: boolean;
  page: number;
  limit: number;
  sort: string;
  onPage: (page: number) => void;
  onLimit: (limit: number) => void;
  onSort: (sort: string) => void;
  quickJumper?: boolean;
  label: string;
  /** Rows the reader ticks to act on together; each checkbox is named by `label`. */
  selection?: RowSelection<R>;
}

export interface RowSelection<R> {
  keys: readonly Key[];
  onChange: (keys: Key[]) => void;
  label: (row: R) => string;
}

/**
 * A list's table: pagination at top and bottom (hidden on a single page),
 * 10/20/50 per page, server-side sort on the columns that name a `sortField`.
 * On a narrow screen the rows are cards (CardList), with the same paging and sort.
 */
export function ListTable<R extends object>(props: Props<R>) {
  const { t } = useTranslation();
  const cards = useCardLayout();
  const [sortField, sortDir] = props.sort.split(',');
  const columns = props.columns.map((c) =>
    c.sortField
      ? {
          ...c,
          sorter: true,
          sortOrder:
            sortField === c.sortField
              ? sortDir === 'asc'
                ? ('ascend' as const)
                : ('descend' as const)
              : null,
        }
      : c,
  );

  const onChange: TableProps<R>['onChange'] = (pagination, _filters, sorter) => {
    const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<R> | undefined;
    const column = s?.column as ListColumns<R>[number] | undefined;
    if (column?.sortField && s?.order) {
      const next = `${column.sortField},${s.order === 'ascend' ? 'asc' : 'desc'}`;
      if (next !== props.sort) return props.onSort(next);
    } else if (s && !s.order && s.column === undefined && sortField !== 'id') {
      return props.onSort('id,desc');
    }
    if (pagination.pageSize && pagination.pageSize !== props.limit) return props.onLimit(pagination.pageSize);
    if (pagination.current && pagination.current !== props.page) props.onPage(pagination.current);
  };

  const showTotal = (total: number, range: [number, number]) =>
    t('lists.range', { from: range[0], to: range[1], total });

  if (cards)
    return (
      <CardList<R>
        rowKey={props.rowKey}
        columns={props.columns}
        data={props.data}
        loading={props.loading}
        label={props.label}
        page={props.page}
        pageSize={props.limit}
        total={props.total}
        pageSizeOptions={PAGE_SIZES}
        onPage={(page, size) => (size !== props.limit ? props.onLimit(size) : props.onPage(page))}
        showTotal={showTotal}
        quickJumper={props.quickJumper}
        {...(props.selection ? { selection: props.selection } : {})}
        sort={{
          value: props.sort,
          onChange: props.onSort,
          fields: props.columns.flatMap((c) =>
            c.sortField && typeof c.title === 'string' ? [{ field: c.sortField, title: c.title }] : [],
          ),
        }}
      />
    );

  return (
    <Table<R>
      rowKey={props.rowKey}
      columns={columns}
      dataSource={props.data}
      loading={props.loading}
      onChange={onChange}
      scroll={{ x: 'max-content' }}
      size="middle"
      aria-label={props.label}
      sortDirections={['ascend', 'descend']}
      {...(props.selection
        ? {
            rowSelection: {
              selectedRowKeys: [...props.selection.keys],
              // The header's select-all box is drawn again in the table's hidden measuring row, where a
              // focusable box is read as hidden: the page offers its own "Select all" instead.
              hideSelectAll: true,
              onChange: (keys: Key[]) => props.selection?.onChange(keys),
              getCheckboxProps: (row: R) => ({ 'aria-label': props.selection?.label(row) }),
            },
          }
        : {})}
      pagination={{
        current: props.page,
        pageSize: props.limit,
        total: props.total,
        placement: ['topEnd', 'bottomEnd'],
        hideOnSinglePage: true,
        showSizeChanger: true,
        pageSizeOptions: PAGE_SIZES.map(String),
        showQuickJumper: props.quickJumper ?? false,
        showTotal,
      }}
    />
  );
}
