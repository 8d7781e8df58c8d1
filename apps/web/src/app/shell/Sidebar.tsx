import DownOutlined from '@ant-design/icons-svg/es/asn/DownOutlined';
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
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Logo } from '../../components/Logo';
import { PlainIcon } from '../../components/PlainIcon';
import { useMe } from '../../lib/me';
import { usePressOutside } from '../../lib/press-outside';
import { NAV, type NavItem, navParents, selectedNavKey } from './nav';
import './sidebar.css';

/** How long the pointer may be away from a collapsed menu's pop-up before it closes. */
const LEAVE_MS = 250;

/**
 * The main menu (SPEC.md §2), drawn without Ant Design: the signed-in shell
 * and the dashboard load none of it. A list of links (the page shown is
 * `aria-current="page"`) and, for administrators, one submenu behind a
 * button (`aria-expanded`) with headed groups. Collapsed, the entries are
 * icons (their names stay for assistive technology and show on hover), and
 * the submenu opens as a pop-up beside its button, on a click or on hover,
 * moved up as far as needed to fit in the window (it scrolls inside when
 * taller); Escape closes it and gives the focus back to its button.
 */
export function Sidebar({ collapsed = false, onNavigate }: { collapsed?: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const location = useLocation();
  const me = useMe();
  const isAdmin = me.data?.user.is_admin ?? false;
  const visible = (list: NavItem[]): NavItem[] =>
    list
      .filter((item) => !item.adminOnly || isAdmin)
      .filter((item) => !item.group || visible(item.children ?? []).length > 0);

  const selected = selectedNavKey(location.pathname);
  const parents = navParents(selected).join(' ');
  // The submenu of the page shown is open, and opens when the address moves into another one.
  const [openKeys, setOpenKeys] = useState<string[]>(() => navParents(selected));
  useEffect(() => {
    if (!parents) return;
    setOpenKeys((open) => [...new Set([...open, ...parents.split(' ')])]);
  }, [parents]);
  // Collapsed, one submenu at a time is a pop-up; a new page closes it.
  const [popup, setPopup] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => setPopup(null), [location.pathname, collapsed]);

  // The entry of the page shown is in sight, even at the end of a long open submenu, once the
  // administration's entries have come (with the caller's admin flag).
  const nav = useRef<HTMLElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: isAdmin brings the entries to scroll to
  useEffect(() => {
    if (collapsed || !selected) return;
    const frame = requestAnimationFrame(() =>
      nav.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: 'nearest' }),
    );
    return () => cancelAnimationFrame(frame);
  }, [selected, collapsed, isAdmin]);

  const entry = (item: NavItem, top: boolean) => {
    const label = t(item.label as 'nav.dashboard');
    const current = item.key === selected;
    return (
      <li key={item.key}>
        <Link
          to={item.path ?? '/'}
          onClick={onNavigate}
          className={`sidebar__item${current ? ' sidebar__item--selected' : ''}`}
          aria-current={current ? 'page' : undefined}
          // Collapsed, the name shows on hover (it is the link's name all along).
          title={collapsed && top ? label : undefined}
        >
          {item.icon}
          <span className={collapsed && top ? 'visually-hidden' : 'sidebar__label'}>{label}</span>
        </Link>
      </li>
    );
  };

  const list = (items: NavItem[]) =>
    visible(items).map((item) =>
      item.group ? (
        <li key={item.key} className="sidebar__group">
          <div className="sidebar__group-title">{t(item.label as 'nav.dashboard')}</div>
          <ul>{list(item.children ?? [])}</ul>
        </li>
      ) : (
        entry(item, false)
      ),
    );

  return (
    <nav className={`sidebar${collapsed ? ' sidebar--collapsed' : ''}`} aria-label={t('nav.label')} ref={nav}>
      <div className={`sidebar__logo${collapsed ? ' sidebar__logo--collapsed' : ''}`}>
        <Logo size={30} light withName={!collapsed} />
      </div>
      <ul className="sidebar__list">
        {visible(NAV).map((item) =>
          item.children ? (
            <Submenu
              key={item.key}
              item={item}
              label={t(item.label as 'nav.dashboard')}
              collapsed={collapsed}
              open={collapsed ? popup === item.key : openKeys.includes(item.key)}
              holdsSelected={parents.split(' ').includes(item.key)}
              onOpenChange={(open) => {
                if (collapsed) setPopup(open ? item.key : null);
                else setOpenKeys((keys) => (open ? [...keys, item.key] : keys.filter((k) => k !== item.key)));
              }}
            >
              {list(item.children)}
            </Submenu>
          ) : (
            entry(item, true)
          ),
        )}
      </ul>
    </nav>
  );
}

function Submenu({
  item,
  label,
  collapsed,
  open,
  holdsSelected,
  onOpenChange,
  children,
}: {
  item: NavItem;
  label: string;
  collapsed: boolean;
  open: boolean;
  /** The page shown is one of its entries. */
  holdsSelected: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}) {
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLUListElement>(null);
  const leaving = useRef<number | undefined>(undefined);
  const [place, setPlace] = useState<CSSProperties>({});
  const popup = collapsed && open;

  // The pop-up starts level with its button, moved up as far as needed to stay in the window.
  useLayoutEffect(() => {
    if (!popup || !button.current || !panel.current) return;
    const box = button.current.getBoundingClientRect();
    const height = Math.min(panel.current.scrollHeight, window.innerHeight - 16);
    const rtl = getComputedStyle(button.current).direction === 'rtl';
    setPlace({
      top: Math.max(8, Math.min(box.top, window.innerHeight - 8 - height)),
      insetInlineStart: (rtl ? window.innerWidth - box.left : box.right) + 4,
    });
  }, [popup]);

  // A press outside a pop-up closes it.
  usePressOutside(popup, [panel, button], () => onOpenChange(false));
  useEffect(() => () => window.clearTimeout(leaving.current), []);

  const hover = collapsed
    ? {
        onPointerEnter: () => {
          window.clearTimeout(leaving.current);
          onOpenChange(true);
        },
        onPointerLeave: () => {
          window.clearTimeout(leaving.current);
          leaving.current = window.setTimeout(() => onOpenChange(false), LEAVE_MS);
        },
      }
    : {};
  const onKeyDown = (event: KeyboardEvent) => {
    if (popup && event.key === 'Escape') {
      event.preventDefault();
      onOpenChange(false);
      button.current?.focus();
    }
  };

  return (
    <li {...hover} onKeyDown={onKeyDown}>
      <button
        ref={button}
        type="button"
        className={`sidebar__item sidebar__submenu${holdsSelected ? ' sidebar__submenu--holds' : ''}`}
        aria-expanded={open}
        aria-controls={id}
        title={collapsed ? label : undefined}
        onClick={() => onOpenChange(!open)}
      >
        {item.icon}
        <span className={collapsed ? 'visually-hidden' : 'sidebar__label'}>{label}</span>
        <span className={`sidebar__arrow${open ? ' sidebar__arrow--open' : ''}`}>
          <PlainIcon icon={DownOutlined} />
        </span>
      </button>
      <ul
        ref={panel}
        id={id}
        aria-label={label}
        hidden={!open}
        className={popup ? 'sidebar__sub sidebar__sub--popup' : 'sidebar__sub'}
        style={popup ? place : undefined}
      >
        {children}
      </ul>
    </li>
  );
}
