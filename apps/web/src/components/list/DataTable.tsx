import { Table, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import { CardList, useCardLayout } from './CardList';

type Props<R extends object> = Omit<
  TableProps<R>,
  'rowKey' | 'dataSource' | 'rowClassName' | 'pagination' | 'locale' | 'aria-label'
> & {
  rowKey: keyof R & string;
  dataSource: readonly R[] | undefined;
  /** The table's name; on a phone, the list of cards is named by it. */
  label: string;
  emptyText?: ReactNode;
  rowClassName?: (row: R) => string;
};

/**
 * A table of a few rows shown whole (no paging): the days of a month, a
 * sheet's KPI lines, a review's lines. On a narrow screen its rows are cards
 * (CardList), as the lists' are, so nothing scrolls sideways; the columns,
 * their cells and a row's actions (the column keyed `actions`) stay the same.
 */
export function DataTable<R extends object>({
  rowKey,
  dataSource,
  label,
  emptyText,
  rowClassName,
  columns = [],
  loading,
  ...table
}: Props<R>) {
  const cards = useCardLayout();
  if (cards)
    return (
      <CardList<R>
        rowKey={rowKey}
        columns={columns}
        data={dataSource}
        loading={Boolean(loading)}
        label={label}
        empty={emptyText}
        {...(rowClassName ? { rowClassName } : {})}
      />
    );
  return (
    <Table<R>
      {...table}
      rowKey={rowKey}
      columns={columns}
      dataSource={dataSource as R[] | undefined}
      loading={loading}
      aria-label={label}
      pagination={false}
      {...(rowClassName ? { rowClassName: (row: R) => rowClassName(row) } : {})}
      locale={emptyText === undefined ? undefined : { emptyText }}
    />
  );
}
