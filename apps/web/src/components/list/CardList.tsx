import { type Key, type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useMediaQuery } from '../../lib/media-query';
import { PlainEmpty } from '../PlainBlocks';
import { Pagination } from '../plain/Pagination';
import { Select } from '../plain/Select';
import { type Column, cellOf, leafColumns } from '../plain/Table';
import './card-list.css';

/**
 * Lists show their rows as cards below this breakpoint: a table's columns do
 * not fit a phone, and a table scrolled sideways hides the actions.
 */
export function useCardLayout(): boolean {
  return useMediaQuery('(max-width: 767.98px)');
}

/** A sort the card view offers: the column's sort field and its title. */
export interface CardSortField {
  field: string;
  title: string;
}

interface Props<R> {
  rowKey: keyof R & string;
  columns: readonly Column<R>[];
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

/** What a column shows for a row in a card: a dash where the cell is empty. */
function shownCell<R extends object>(column: Column<R>, row: R, index: number): ReactNode {
  const { node } = cellOf(column, row, index);
  return node === null || node === undefined || node === '' ? '—' : node;
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
  const id = useId();
  const columns = leafColumns(props.columns);
  const fields = columns.filter((c) => !isActions(c));
  const actions = columns.find(isActions);
  const rows = props.data ?? [];
  const pages = props.onPage && props.pageSize ? Math.ceil((props.total ?? 0) / props.pageSize) : 1;

  const pagination =
    pages > 1 && props.onPage && props.pageSize ? (
      <Pagination
        current={props.page ?? 1}
        pageSize={props.pageSize}
        total={props.total ?? 0}
        pageSizeOptions={props.pageSizeOptions}
        quickJumper={props.quickJumper ?? false}
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
        <div className="card-list__sort">
          <label htmlFor={`${id}-sort`}>{t('mobile.sortBy')}</label>
          <Select<string>
            id={`${id}-sort`}
            value={sort.value}
            onChange={(v) => v && sort.onChange(v)}
            style={{ flex: 1, minWidth: 0 }}
            options={
              sortOptions.some((o) => o.value === sort.value)
                ? sortOptions
                : [{ value: sort.value, label: t('mobile.defaultOrder') }, ...sortOptions]
            }
          />
        </div>
      ) : null}
      {pagination}
      <div className="card-list__body" aria-busy={props.loading || undefined}>
        {rows.length === 0 ? (
          props.loading ? (
            <div className="card-list__loading">
              <span className="plain-spinner" role="status" aria-label={t('common.loading')} />
            </div>
          ) : (
            <PlainEmpty description={props.empty ?? t('common.noData')} />
          )
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
                >
                  {props.selection ? (
                    <input
                      type="checkbox"
                      className="plain-checkbox card-list__select"
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
                        <dt id={`${base}-t${i}`}>{typeof c.title === 'function' ? null : c.title}</dt>
                        <dd id={`${base}-v${i}`}>{shownCell(c, row, index)}</dd>
                      </div>
                    ))}
                  </dl>
                  {actions ? (
                    <div className="card-list__actions">{shownCell(actions, row, index)}</div>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
        {props.loading && rows.length > 0 ? (
          <div className="card-list__loading card-list__loading--over">
            <span className="plain-spinner" role="status" aria-label={t('common.loading')} />
          </div>
        ) : null}
      </div>
      {pagination}
    </div>
  );
}
