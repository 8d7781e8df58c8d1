import { isValidElement, type Key, type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainEmpty } from '../PlainBlocks';
import './plain.css';

/**
 * A column of a table (and of its cards on a phone, CardList): where its
 * value is (`dataIndex`) and how it is drawn (`render`); `sortField` names
 * the server's sort of a sortable one; `teamOnly` shows it in a list's Team
 * view only. No column is held in sight while the rest scroll sideways: one
 * held over the others hid the links scrolled under it, below the 24 px a
 * pointer needs.
 */
export interface Column<R> {
  key?: Key;
  title?: ReactNode;
  dataIndex?: string | number | readonly (string | number)[];
  // biome-ignore lint/suspicious/noExplicitAny: a cell's value is whatever its row holds at `dataIndex`
  render?: (value: any, row: R, index: number) => ReactNode | { children: ReactNode; props?: CellSpan };
  sortField?: string;
  teamOnly?: boolean;
  width?: number | string;
  align?: 'left' | 'right' | 'center' | 'start' | 'end';
  hidden?: boolean;
  /** The screen widths it shows on (from the smallest named): a column a phone can do without. */
  responsive?: readonly ('xs' | 'sm' | 'md' | 'lg' | 'xl' | 'xxl')[];
  className?: string;
  /** Columns under one heading (a group). */
  children?: Column<R>[];
}

export interface CellSpan {
  colSpan?: number;
  rowSpan?: number;
}

export type Columns<R> = Column<R>[];

/** The columns in the order shown, groups opened up and the hidden ones left out. */
export function leafColumns<R>(columns: readonly Column<R>[]): Column<R>[] {
  return columns.flatMap((c) => (c.hidden ? [] : c.children ? leafColumns(c.children) : [c]));
}

function valueAt(row: object, path: Column<unknown>['dataIndex']): unknown {
  const keys = Array.isArray(path) ? path : path === undefined ? [] : [path];
  let value: unknown = row;
  for (const k of keys) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string | number, unknown>)[k as string | number];
  }
  return keys.length ? value : undefined;
}

/** What a column draws for a row, with the span a cell asks for. */
export function cellOf<R extends object>(
  column: Column<R>,
  row: R,
  index: number,
): { node: ReactNode; span?: CellSpan } {
  const value = valueAt(row, column.dataIndex);
  const drawn: unknown = column.render ? column.render(value, row, index) : value;
  if (
    drawn &&
    typeof drawn === 'object' &&
    !isValidElement(drawn) &&
    !Array.isArray(drawn) &&
    'children' in drawn
  ) {
    const cell = drawn as { children: ReactNode; props?: CellSpan };
    return { node: cell.children, span: cell.props };
  }
  return { node: drawn as ReactNode };
}

const columnKey = <R,>(c: Column<R>, i: number) =>
  String(c.key ?? (Array.isArray(c.dataIndex) ? c.dataIndex.join('.') : (c.dataIndex ?? i)));

export interface TableSort {
  /** `field,asc|desc`. */
  value: string;
  onChange: (sort: string) => void;
  /** The sort when a column's own is taken off (a third press): the list's default. */
  reset?: string;
}

export interface TableSelection<R> {
  keys: readonly Key[];
  onChange: (keys: Key[]) => void;
  label: (row: R) => string;
}

/**
 * The portal's table: a real `<table>` named by `label`, its header sortable
 * where a column names a `sortField` (press: ascending, again: descending,
 * again: the list's default order), a ticked box per row where the reader
 * may pick several, an empty state, and a spinner over the rows while they
 * load. Wider than the screen, it scrolls sideways, as a named region one
 * reaches by Tab.
 */
export function Table<R extends object>({
  columns,
  rows,
  rowKey,
  label,
  loading = false,
  empty,
  rowClassName,
  sort,
  selection,
  size = 'middle',
  footer,
  bordered = false,
}: {
  columns: readonly Column<R>[];
  rows: readonly R[] | undefined;
  rowKey: (keyof R & string) | ((row: R) => Key);
  label: string;
  loading?: boolean;
  empty?: ReactNode;
  rowClassName?: (row: R, index: number) => string;
  sort?: TableSort;
  selection?: TableSelection<R>;
  size?: 'small' | 'middle';
  /** Rows under the body: totals. */
  footer?: ReactNode;
  bordered?: boolean;
}) {
  const { t } = useTranslation();
  const scroller = useScrollsSideways();
  const leaves = leafColumns(columns);
  const groups = columns.some((c) => !c.hidden && c.children);
  const list = rows ?? [];
  const keyOf = (row: R): Key => (typeof rowKey === 'function' ? rowKey(row) : (row[rowKey] as Key));
  const [sortField, sortDir] = (sort?.value ?? '').split(',');

  const press = (field: string) => {
    if (!sort) return;
    if (sortField !== field) sort.onChange(`${field},asc`);
    else if (sortDir === 'asc') sort.onChange(`${field},desc`);
    else sort.onChange(sort.reset ?? 'id,desc');
  };

  const widthClass = (c: Column<R>) => {
    const from = (['xs', 'sm', 'md', 'lg', 'xl', 'xxl'] as const).find((w) => c.responsive?.includes(w));
    return from && from !== 'xs' ? ` plain-table__from-${from}` : '';
  };
  const alignClass = (c: Column<R>) =>
    c.align === 'right' || c.align === 'end'
      ? ' plain-table__end'
      : c.align === 'center'
        ? ' plain-table__center'
        : '';

  const header = (c: Column<R>, i: number, rowSpan?: number, colSpan?: number) => {
    const sorted = c.sortField && sortField === c.sortField;
    return (
      <th
        key={columnKey(c, i)}
        scope={colSpan && colSpan > 1 ? 'colgroup' : 'col'}
        rowSpan={rowSpan}
        colSpan={colSpan}
        className={`${c.className ?? ''}${alignClass(c)}${widthClass(c)}`.trim() || undefined}
        style={c.width ? { width: c.width } : undefined}
        aria-sort={sorted ? (sortDir === 'asc' ? 'ascending' : 'descending') : undefined}
      >
        {c.sortField && sort ? (
          <button type="button" className="plain-table__sort" onClick={() => press(c.sortField!)}>
            <span>{c.title}</span>
            <span
              aria-hidden="true"
              className={`plain-table__sort-mark${sorted ? ` plain-table__sort-mark--${sortDir}` : ''}`}
            />
          </button>
        ) : (
          c.title
        )}
      </th>
    );
  };

  return (
    <div
      className={`plain-table${size === 'small' ? ' plain-table--small' : ''}${bordered ? ' plain-table--bordered' : ''}`}
      aria-busy={loading || undefined}
    >
      {/* Wider than the screen, the table is a named region one can reach by Tab and scroll with the arrows. */}
      <div
        ref={scroller.ref}
        className="plain-table__scroll"
        {...(scroller.scrolls ? { tabIndex: 0, role: 'region', 'aria-label': label } : {})}
      >
        <table aria-label={label}>
          <thead>
            {groups ? (
              <>
                <tr>
                  {selection ? <td rowSpan={2} className="plain-table__select" /> : null}
                  {columns
                    .filter((c) => !c.hidden)
                    .map((c, i) =>
                      c.children ? header(c, i, undefined, leafColumns(c.children).length) : header(c, i, 2),
                    )}
                </tr>
                <tr>
                  {columns
                    .filter((c) => !c.hidden && c.children)
                    .flatMap((c) => leafColumns(c.children ?? []).map((leaf, i) => header(leaf, i)))}
                </tr>
              </>
            ) : (
              <tr>
                {selection ? <td className="plain-table__select" /> : null}
                {leaves.map((c, i) => header(c, i))}
              </tr>
            )}
          </thead>
          <tbody>
            {list.length === 0 ? (
              <tr className="plain-table__empty-row">
                <td colSpan={leaves.length + (selection ? 1 : 0)}>
                  {loading ? (
                    <div className="plain-table__placeholder" />
                  ) : (
                    <PlainEmpty description={empty ?? t('common.noData')} />
                  )}
                </td>
              </tr>
            ) : (
              list.map((row, index) => {
                const key = keyOf(row);
                return (
                  <tr key={key} className={rowClassName?.(row, index) || undefined}>
                    {selection ? (
                      <td className="plain-table__select">
                        <input
                          type="checkbox"
                          className="plain-checkbox"
                          aria-label={selection.label(row)}
                          checked={selection.keys.includes(key)}
                          onChange={(event) =>
                            selection.onChange(
                              event.target.checked
                                ? [...selection.keys, key]
                                : selection.keys.filter((k) => k !== key),
                            )
                          }
                        />
                      </td>
                    ) : null}
                    {leaves.map((c, i) => {
                      const cell = cellOf(c, row, index);
                      if (cell.span?.colSpan === 0 || cell.span?.rowSpan === 0) return null;
                      return (
                        <td
                          key={columnKey(c, i)}
                          colSpan={cell.span?.colSpan}
                          rowSpan={cell.span?.rowSpan}
                          className={
                            `${c.className ?? ''}${alignClass(c)}${widthClass(c)}`.trim() || undefined
                          }
                        >
                          {cell.node as ReactNode}
                        </td>
                      );
                    })}
                  </tr>
                );
              })
            )}
          </tbody>
          {footer ? <tfoot>{footer}</tfoot> : null}
        </table>
      </div>
      {loading ? (
        <div className="plain-table__loading">
          <span className="plain-spinner" role="status" aria-label={t('common.loading')} />
        </div>
      ) : null}
    </div>
  );
}

/** Whether a box is wider inside than out (its content scrolls sideways), kept up to date as either changes. */
function useScrollsSideways() {
  const ref = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    const check = () => setScrolls(box.scrollWidth > box.clientWidth + 1);
    check();
    const observer = new ResizeObserver(check);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return { ref, scrolls };
}
