import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Select } from './Select';
import './plain.css';

/** The page numbers shown: the first, the last, and two on each side of the current one. */
export function pageItems(current: number, pages: number): (number | 'back' | 'ahead')[] {
  if (pages <= 7) return Array.from({ length: pages }, (_, i) => i + 1);
  const from = Math.max(2, Math.min(current - 2, pages - 5));
  const to = Math.min(pages - 1, Math.max(current + 2, 6));
  const middle = Array.from({ length: to - from + 1 }, (_, i) => from + i);
  return [
    1,
    ...(from > 2 ? (['back'] as const) : []),
    ...middle,
    ...(to < pages - 1 ? (['ahead'] as const) : []),
    pages,
  ];
}

/**
 * A list's pages: how many rows of how many, the page numbers (five pages
 * back or ahead where some are left out), the page size, and with
 * `quickJumper` a field to go to a page. Hidden when everything fits one page.
 */
export function Pagination({
  current,
  pageSize,
  total,
  pageSizeOptions,
  onChange,
  showTotal,
  quickJumper = false,
  className,
}: {
  current: number;
  pageSize: number;
  total: number;
  pageSizeOptions?: readonly number[];
  onChange: (page: number, pageSize: number) => void;
  showTotal?: (total: number, range: [number, number]) => ReactNode;
  quickJumper?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  const [jump, setJump] = useState('');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  const go = (page: number) => onChange(Math.min(pages, Math.max(1, page)), pageSize);
  const from = (current - 1) * pageSize + 1;
  const to = Math.min(total, current * pageSize);
  return (
    <nav className={`plain-pagination${className ? ` ${className}` : ''}`} aria-label={t('lists.pagination')}>
      {showTotal ? <span className="plain-pagination__total">{showTotal(total, [from, to])}</span> : null}
      <button
        type="button"
        className="plain-pagination__item"
        aria-label={t('lists.previousPage')}
        disabled={current <= 1}
        onClick={() => go(current - 1)}
      >
        <span aria-hidden="true" className="plain-pagination__arrow">
          ‹
        </span>
      </button>
      {pageItems(current, pages).map((item) =>
        typeof item === 'number' ? (
          <button
            key={item}
            type="button"
            className="plain-pagination__item"
            aria-current={item === current ? 'page' : undefined}
            aria-label={t('lists.page', { page: item })}
            onClick={() => go(item)}
          >
            {item}
          </button>
        ) : (
          <button
            key={item}
            type="button"
            className="plain-pagination__item plain-pagination__more"
            aria-label={t(item === 'back' ? 'lists.fivePagesBack' : 'lists.fivePagesAhead')}
            onClick={() => go(item === 'back' ? current - 5 : current + 5)}
          >
            …
          </button>
        ),
      )}
      <button
        type="button"
        className="plain-pagination__item"
        aria-label={t('lists.nextPage')}
        disabled={current >= pages}
        onClick={() => go(current + 1)}
      >
        <span aria-hidden="true" className="plain-pagination__arrow">
          ›
        </span>
      </button>
      {pageSizeOptions && pageSizeOptions.length > 1 ? (
        <Select<number>
          size="small"
          aria-label={t('lists.pageSize')}
          value={pageSize}
          onChange={(size) => size && onChange(1, size)}
          options={pageSizeOptions.map((size) => ({ value: size, label: t('lists.perPage', { size }) }))}
        />
      ) : null}
      {quickJumper ? (
        <label className="plain-pagination__jump">
          {t('lists.goTo')}
          <input
            className="plain-pagination__jump-input"
            inputMode="numeric"
            value={jump}
            aria-label={t('lists.goToPage')}
            onChange={(event) => setJump(event.target.value.replace(/\D/g, ''))}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && jump) {
                go(Number(jump));
                setJump('');
              }
            }}
          />
        </label>
      ) : null}
    </nav>
  );
}
