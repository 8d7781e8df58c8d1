import {
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
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
  /** Shown and reachable, but not taken (an action the record does not allow now). */
  disabled?: boolean;
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
  size = 'middle',
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
  /** The button's size: `small` in a table's row. */
  size?: 'small' | 'middle';
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
  const pick = (item: PlainMenuItem<K>) => {
    if (item.disabled) return;
    close(true);
    onPick(item.key);
  };

  // Opened, the current item takes the focus. Without scrolling to it: it may be focused before the
  // menu is placed, and the page's scroll would close it again (a button near the screen's foot).
  // biome-ignore lint/correctness/useExhaustiveDependencies: onOpen is called once per opening
  useEffect(() => {
    if (!open) return;
    onOpen?.();
    itemsOf(menu.current)[currentIndex]?.focus({ preventScroll: true });
  }, [open, currentIndex]);

  // The menu floats over the page below its button (above it when there is no room below), so a
  // table that scrolls sideways does not cut it off; scrolling that moves the button closes it.
  const [place, setPlace] = useState<CSSProperties | undefined>(undefined);
  const placedAt = useRef<{ top: number; left: number } | null>(null);
  useLayoutEffect(() => {
    if (!open || !button.current || !menu.current) return setPlace(undefined);
    const at = button.current.getBoundingClientRect();
    placedAt.current = { top: at.top, left: at.left };
    const height = menu.current.offsetHeight;
    const rtl = getComputedStyle(button.current).direction === 'rtl';
    const below = at.bottom + 4 + height <= window.innerHeight || at.top - 4 - height < 0;
    setPlace({
      position: 'fixed',
      top: below ? at.bottom + 4 : at.top - 4 - height,
      ...(rtl
        ? { left: Math.max(0, at.left), right: 'auto' }
        : { right: Math.max(0, document.documentElement.clientWidth - at.right), left: 'auto' }),
    });
  }, [open]);
  useEffect(() => {
    if (!open) return;
    const onScroll = (event: Event) => {
      if (menu.current?.contains(event.target as Node)) return;
      // A scroll that left the button where the menu hangs from it (the one that brought the
      // button into sight just before it was pressed comes a frame later) keeps the menu open.
      const at = button.current?.getBoundingClientRect();
      const was = placedAt.current;
      if (at && was && Math.abs(at.top - was.top) < 1 && Math.abs(at.left - was.left) < 1) return;
      setOpen(false);
    };
    const onResize = () => setOpen(false);
    window.addEventListener('scroll', onScroll, true);
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('scroll', onScroll, true);
      window.removeEventListener('resize', onResize);
    };
  }, [open]);

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
        className={`plain-button${size === 'small' ? ' plain-button--small' : ''}${className ? ` ${className}` : ''}`}
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
          style={place}
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
              aria-disabled={item.disabled || undefined}
              className={`plain-menu__item${item.danger ? ' plain-menu__item--danger' : ''}`}
              onClick={() => pick(item)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault();
                  pick(item);
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
