import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { usePressOutside } from '../lib/press-outside';

export interface PlainMenuItem<K extends string> {
  key: K;
  label: ReactNode;
  icon?: ReactNode;
  /** Drawn in the colour of a destructive action (Logout). */
  danger?: boolean;
  /** The item's language, when it is written in one of its own (the language menu). */
  lang?: string;
  /** The choice in force: marked, and focused when the menu opens. */
  current?: boolean;
  /** A line above the item. */
  dividerBefore?: boolean;
}

/**
 * A menu button (WAI-ARIA menu pattern) drawn without Ant Design, so the
 * pages that load none of it (sign-in, the shell, the dashboard) can have
 * one: the language menu and the user menu. Enter, Space or the down arrow
 * open it on the current item (else the first); the arrows, Home and End
 * move; Enter or Space picks; Escape closes it and gives the focus back to
 * the button; Tab or a press elsewhere closes it.
 */
export function PlainMenuButton<K extends string>({
  label,
  items,
  onPick,
  onOpen,
  children,
  className,
}: {
  /** The button's and the menu's accessible name. */
  label: string;
  items: PlainMenuItem<K>[];
  onPick: (key: K) => void;
  /** Called each time the menu opens. */
  onOpen?: () => void;
  /** What the button shows. */
  children: ReactNode;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const id = useId();
  const currentIndex = Math.max(
    0,
    items.findIndex((item) => item.current),
  );

  const close = (focusButton: boolean) => {
    setOpen(false);
    if (focusButton) button.current?.focus();
  };
  const pick = (key: K) => {
    close(true);
    onPick(key);
  };

  // Opened, the current item takes the focus.
  // biome-ignore lint/correctness/useExhaustiveDependencies: onOpen is called once per opening
  useEffect(() => {
    if (!open) return;
    onOpen?.();
    itemsOf(menu.current)[currentIndex]?.focus();
  }, [open, currentIndex]);

  // A press outside closes the menu and leaves the focus where it went.
  usePressOutside(open, [root], () => setOpen(false));

  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const all = itemsOf(menu.current);
    const at = all.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      all[(to + all.length) % all.length]?.focus();
    };
    if (event.key === 'ArrowDown') move(at + 1);
    else if (event.key === 'ArrowUp') move(at - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(all.length - 1);
    else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') close(false);
  };

  return (
    <div className="plain-menu" ref={root}>
      <button
        ref={button}
        type="button"
        className={`plain-button${className ? ` ${className}` : ''}`}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen((was) => !was)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        {children}
      </button>
      {open ? (
        <div
          ref={menu}
          id={id}
          role="menu"
          aria-label={label}
          className="plain-menu__list"
          onKeyDown={onMenuKey}
        >
          {items.map((item) => [
            item.dividerBefore ? <hr key={`${item.key}-divider`} className="plain-menu__divider" /> : null,
            <div
              key={item.key}
              role="menuitem"
              tabIndex={-1}
              lang={item.lang}
              aria-current={item.current ? 'true' : undefined}
              className={`plain-menu__item${item.danger ? ' plain-menu__item--danger' : ''}`}
              onClick={() => pick(item.key)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault();
                  pick(item.key);
                }
              }}
            >
              {item.icon}
              {item.label}
            </div>,
          ])}
        </div>
      ) : null}
    </div>
  );
}

function itemsOf(menu: HTMLElement | null): HTMLElement[] {
  return Array.from(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
}
