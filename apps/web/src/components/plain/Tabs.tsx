import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import './plain.css';

/**
 * Tabs (WAI-ARIA tabs pattern): a row of tabs, the chosen one's panel below.
 * The arrows move between tabs and choose (Home and End to the first and the
 * last; mirrored right to left); only the chosen tab is in the Tab order.
 */
export function Tabs<K extends string>({
  items,
  active,
  onChange,
  label,
  children,
}: {
  items: readonly { key: K; label: ReactNode }[];
  active: K;
  onChange: (key: K) => void;
  /** The tab list's name. */
  label?: string;
  /** The chosen tab's panel. */
  children?: ReactNode;
}) {
  const id = useId();
  const list = useRef<HTMLDivElement>(null);
  const tabId = (key: K) => `${id}-tab-${key}`;
  const onKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = items.findIndex((i) => i.key === active);
    const rtl = list.current ? getComputedStyle(list.current).direction === 'rtl' : false;
    const next =
      event.key === 'ArrowRight'
        ? at + (rtl ? -1 : 1)
        : event.key === 'ArrowLeft'
          ? at + (rtl ? 1 : -1)
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? items.length - 1
              : null;
    if (next === null) return;
    event.preventDefault();
    const item = items[(next + items.length) % items.length];
    if (!item) return;
    onChange(item.key);
    list.current?.querySelector<HTMLElement>(`#${CSS.escape(tabId(item.key))}`)?.focus();
  };
  return (
    <div className="plain-tabs">
      <div ref={list} role="tablist" aria-label={label} className="plain-tabs__list" onKeyDown={onKey}>
        {items.map((item) => (
          <button
            key={item.key}
            id={tabId(item.key)}
            type="button"
            role="tab"
            aria-selected={item.key === active}
            aria-controls={`${id}-panel`}
            tabIndex={item.key === active ? 0 : -1}
            className="plain-tabs__tab"
            onClick={() => onChange(item.key)}
          >
            {item.label}
          </button>
        ))}
      </div>
      <div id={`${id}-panel`} role="tabpanel" aria-labelledby={tabId(active)} className="plain-tabs__panel">
        {children}
      </div>
    </div>
  );
}
