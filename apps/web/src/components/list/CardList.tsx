import { Checkbox, Empty, Flex, Grid, Pagination, Select, Spin, type TableColumnsType, theme } from 'antd';
import { isValidElement, type Key, type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import './card-list.css';

/**
 * Lists show their rows as cards below this breakpoint: a table's columns do
 * not fit a phone, and a table scrolled sideways hides the actions.
 */
export function useCardLayout(): boolean {
  // Undefined until the first measure (before the first paint): the table, as on a desktop.
  return Grid.useBreakpoint().md === false;
}

type Column<R> = TableColumnsType<R>[number];

/** A sort the card view offers: the column's sort field and its title. */
export interface CardSortField {
  field: string;
  title: string;
}

interface Props<R> {
  rowKey: keyof R & string;
  columns: TableColumnsType<R>;
  data: readonly R[] | undefined;
  loading: boolean;
  /** The list's name: the list of cards is named by it. */
  label: string;
  /** Paging, for a list that pages (a table of a few rows shows them all). */
  page?: number;
  pageSize?: number;
  total?: number;
  pageSizeOptions?: readonly number[];
  onPage?: (page: number, pageSize: number) => void;
  showTotal?: (total: number, range: [number, number]) => ReactNode;
  quickJumper?: boolean;
  empty?: ReactNode;
  /** A row's own look (a removed line struck through, a day off), as the table gives its row. */
  rowClassName?: (row: R) => string;
  /** Rows the reader ticks to act on together: a named checkbox on each card. */
  selection?: { keys: readonly Key[]; onChange: (keys: Key[]) => void; label: (row: R) => string };
  /** The sort (`field,asc|desc`), offered as a select since cards have no column headers. */
  sort?: { value: string; fields: CardSortField[]; onChange: (sort: string) => void };
}

/** The columns in the order shown, the column groups opened up and the hidden ones left out. */
function leaves<R>(columns: TableColumnsType<R>): Column<R>[] {
  return columns.flatMap((c) =>
    c.hidden ? [] : 'children' in c && Array.isArray(c.children) ? leaves<R>(c.children) : [c],
  );
}

function valueAt(row: object, path: unknown): unknown {
  const keys = Array.isArray(path) ? path : path === undefined || path === null ? [] : [path];
  let value: unknown = row;
  for (const k of keys) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string | number, unknown>)[k as string | number];
  }
  return keys.length ? value : undefined;
}

/** What a column shows for a row, as the table would draw it in the cell. */
function cellOf<R extends object>(column: Column<R>, row: R, index: number): ReactNode {
  const dataIndex = 'dataIndex' in column ? column.dataIndex : undefined;
  const value = valueAt(row, dataIndex);
  const drawn: unknown = column.render ? column.render(value, row, index) : value;
  // A render may answer { children, props } (a cell spanning columns): the children are its content.
  if (
    drawn &&
    typeof drawn === 'object' &&
    !isValidElement(drawn) &&
    !Array.isArray(drawn) &&
    'children' in drawn
  )
    return (drawn as { children: ReactNode }).children;
  if (drawn === null || drawn === undefined || drawn === '') return '—';
  return drawn as ReactNode;
}

const isActions = <R,>(c: Column<R>) => c.key === 'actions';

/**
 * A list's rows as cards, for narrow screens: each card is a list item
 * holding the row's columns as "title: value" pairs (named by its first
 * pair), with the row's actions at its foot. Paging, the page size and the
 * sort stay, above and below the cards.
 */
export function CardList<R extends object>(props: Props<R>) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const id = useId();
  const columns = leaves(props.columns);
  const fields = columns.filter((c) => !isActions(c));
  const actions = columns.find(isActions);
  const rows = props.data ?? [];
  const pages = props.onPage && props.pageSize ? Math.ceil((props.total ?? 0) / props.pageSize) : 1;

  const pagination =
    pages > 1 ? (
      <Pagination
        size="small"
        current={props.page}
        pageSize={props.pageSize}
        total={props.total}
        showSizeChanger
        showLessItems
        pageSizeOptions={props.pageSizeOptions?.map(String)}
        showQuickJumper={props.quickJumper ?? false}
        showTotal={props.showTotal}
        onChange={props.onPage}
        className="card-list__pagination"
      />
    ) : null;

  const sort = props.sort;
  const sortOptions = (sort?.fields ?? []).flatMap((f) => [
    { value: `${f.field},asc`, label: t('mobile.ascending', { field: f.title }) },
    { value: `${f.field},desc`, label: t('mobile.descending', { field: f.title }) },
  ]);

  return (
    <div className="card-list">
      {sort && sort.fields.length > 0 ? (
        <Flex align="center" gap={8} className="card-list__sort">
          <label htmlFor={`${id}-sort`}>{t('mobile.sortBy')}</label>
          <Select<string>
            id={`${id}-sort`}
            value={sort.value}
            onChange={sort.onChange}
            style={{ flex: 1, minWidth: 0 }}
            options={
              sortOptions.some((o) => o.value === sort.value)
                ? sortOptions
                : [{ value: sort.value, label: t('mobile.defaultOrder') }, ...sortOptions]
            }
          />
        </Flex>
      ) : null}
      {pagination}
      <Spin spinning={props.loading}>
        {rows.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={props.empty} />
        ) : (
          <ul className="card-list__items" aria-label={props.label}>
            {rows.map((row, index) => {
              const key = String(row[props.rowKey]);
              const base = `${id}-${index}`;
              return (
                <li
                  key={key}
                  className={`card-list__item ${props.rowClassName?.(row) ?? ''}`.trim()}
                  aria-labelledby={`${base}-t0 ${base}-v0`}
                  style={{
                    background: token.colorBgContainer,
                    border: `1px solid ${token.colorBorderSecondary}`,
                    borderRadius: token.borderRadiusLG,
                  }}
                >
                  {props.selection ? (
                    <Checkbox
                      className="card-list__select"
                      aria-label={props.selection.label(row)}
                      checked={props.selection.keys.includes(row[props.rowKey] as Key)}
                      onChange={(e) => {
                        const sel = props.selection!;
                        const k = row[props.rowKey] as Key;
                        sel.onChange(e.target.checked ? [...sel.keys, k] : sel.keys.filter((x) => x !== k));
                      }}
                    />
                  ) : null}
                  <dl className="card-list__fields">
                    {fields.map((c, i) => (
                      <div key={String(c.key ?? i)} className="card-list__field">
                        <dt id={`${base}-t${i}`} style={{ color: token.colorTextSecondary }}>
                          {typeof c.title === 'function' ? null : c.title}
                        </dt>
                        <dd id={`${base}-v${i}`}>{cellOf(c, row, index)}</dd>
                      </div>
                    ))}
                  </dl>
                  {actions ? (
                    <div
                      className="card-list__actions"
                      style={{ borderTop: `1px solid ${token.colorBorderSecondary}` }}
                    >
                      {cellOf(actions, row, index)}
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </Spin>
      {pagination}
    </div>
  );
}
