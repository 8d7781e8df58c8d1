import type { ReactNode } from 'react';
import { type Column, Table } from '../plain/Table';
import { CardList, useCardLayout } from './CardList';

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
  columns,
  loading = false,
  size,
  footer,
  bordered,
}: {
  rowKey: keyof R & string;
  dataSource: readonly R[] | undefined;
  columns: Column<R>[];
  /** The table's name; on a phone, the list of cards is named by it. */
  label: string;
  emptyText?: ReactNode;
  rowClassName?: (row: R) => string;
  loading?: boolean;
  size?: 'small' | 'middle';
  /** Rows under the body (totals); not shown as cards. */
  footer?: ReactNode;
  bordered?: boolean;
}) {
  const cards = useCardLayout();
  if (cards)
    return (
      <CardList<R>
        rowKey={rowKey}
        columns={columns}
        data={dataSource}
        loading={loading}
        label={label}
        empty={emptyText}
        {...(rowClassName ? { rowClassName } : {})}
      />
    );
  return (
    <Table<R>
      rowKey={rowKey}
      columns={columns}
      rows={dataSource}
      loading={loading}
      label={label}
      empty={emptyText}
      size={size}
      footer={footer}
      bordered={bordered}
      {...(rowClassName ? { rowClassName: (row: R) => rowClassName(row) } : {})}
    />
  );
}
