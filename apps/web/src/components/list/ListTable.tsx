import { PAGE_SIZES } from '@hr/contracts/limits';
import type { Key } from 'react';
import { useTranslation } from 'react-i18next';
import { Pagination } from '../plain/Pagination';
import { type Column, Table } from '../plain/Table';
import { CardList, useCardLayout } from './CardList';

/**
 * A list's columns: `sortField` names the server's sort of a sortable one;
 * `teamOnly` shows one in the Team view only (the employee, always the
 * reader in their own view).
 */
export type ListColumns<R> = Column<R>[];

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
  const showTotal = (total: number, range: [number, number]) =>
    t('lists.range', { from: range[0], to: range[1], total });
  const onPage = (page: number, size: number) =>
    size !== props.limit ? props.onLimit(size) : props.onPage(page);

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
        onPage={onPage}
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

  const pagination = (
    <Pagination
      current={props.page}
      pageSize={props.limit}
      total={props.total}
      pageSizeOptions={PAGE_SIZES}
      quickJumper={props.quickJumper ?? false}
      showTotal={showTotal}
      onChange={onPage}
    />
  );
  return (
    <>
      {pagination}
      <Table<R>
        rowKey={props.rowKey}
        columns={props.columns}
        rows={props.data}
        loading={props.loading}
        label={props.label}
        sort={{ value: props.sort, onChange: props.onSort }}
        {...(props.selection ? { selection: props.selection } : {})}
      />
      {pagination}
    </>
  );
}
