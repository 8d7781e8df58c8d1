import { Menu, type MenuProps } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Logo } from '../../components/Logo';
import { useMe } from '../../features/auth/api';
import { isRtl } from '../../lib/i18n';
import { NAV, type NavItem, navParents, selectedNavKey } from './nav';
import './sidebar.css';

type MenuItem = Required<MenuProps>['items'][number];

/**
 * Where a collapsed menu's pop-up opens: beside its entry (mirrored right to
 * left), moved up or down as far as needed to fit in the window rather than
 * flipped above it, where a long one would start out of sight.
 */
const fit = { adjustX: 1, adjustY: 1, shiftY: true };
const POPUP_PLACEMENTS = {
  ltr: {
    rightTop: { points: ['tl', 'tr'], overflow: fit },
    leftTop: { points: ['tr', 'tl'], overflow: fit },
  },
  rtl: {
    rightTop: { points: ['tr', 'tl'], overflow: fit },
    leftTop: { points: ['tl', 'tr'], overflow: fit },
  },
};

export function Sidebar({ collapsed = false, onNavigate }: { collapsed?: boolean; onNavigate?: () => void }) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const me = useMe();
  const isAdmin = me.data?.user.is_admin ?? false;

  const toItems = (list: NavItem[]): MenuItem[] =>
    list
      .filter((item) => !item.adminOnly || isAdmin)
      .flatMap((item): MenuItem[] => {
        const label = t(item.label as 'nav.dashboard');
        if (item.group) {
          const children = toItems(item.children ?? []);
          return children.length > 0 ? [{ type: 'group', key: item.key, label, children }] : [];
        }
        if (item.children)
          return [
            {
              key: item.key,
              icon: item.icon,
              label,
              popupClassName: 'sidebar-popup',
              children: toItems(item.children),
            },
          ];
        return [
          {
            key: item.key,
            icon: item.icon,
            label: (
              <Link to={item.path ?? '/'} onClick={onNavigate}>
                {label}
              </Link>
            ),
          },
        ];
      });

  const selected = selectedNavKey(location.pathname);
  const parents = navParents(selected).join(' ');
  // The submenu of the page shown is open, and opens when the address moves into another one;
  // a collapsed menu opens its submenus as pop-ups on demand only.
  const [openKeys, setOpenKeys] = useState<string[]>(() => (collapsed ? [] : navParents(selected)));
  useEffect(() => {
    if (collapsed || !parents) return;
    setOpenKeys((open) => [...new Set([...open, ...parents.split(' ')])]);
  }, [parents, collapsed]);
  // The entry of the page shown is in sight, even at the end of a long open submenu: once the
  // administration's entries have come (with the caller's admin flag), and again as its submenu
  // finishes opening (for a moment only, so as not to undo the user's own scrolling).
  const nav = useRef<HTMLElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: isAdmin brings the entries to scroll to
  useEffect(() => {
    const root = nav.current;
    if (collapsed || !selected || !root) return;
    const show = () => root.querySelector('.ant-menu-item-selected')?.scrollIntoView({ block: 'nearest' });
    const frame = requestAnimationFrame(show);
    root.addEventListener('transitionend', show);
    const stop = window.setTimeout(() => root.removeEventListener('transitionend', show), 1500);
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(stop);
      root.removeEventListener('transitionend', show);
    };
  }, [selected, collapsed, isAdmin]);

  return (
    <nav className="sidebar" aria-label={t('nav.label')} ref={nav}>
      <div className={`sidebar__logo${collapsed ? ' sidebar__logo--collapsed' : ''}`}>
        <Logo size={30} light withName={!collapsed} />
      </div>
      <Menu
        theme="dark"
        mode="inline"
        selectedKeys={selected ? [selected] : []}
        openKeys={openKeys}
        onOpenChange={setOpenKeys}
        builtinPlacements={POPUP_PLACEMENTS[isRtl(i18n.language) ? 'rtl' : 'ltr']}
        items={toItems(NAV)}
      />
    </nav>
  );
}
