import { Menu, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Logo } from '../../components/Logo';
import { useMe } from '../../features/auth/api';
import { NAV, type NavItem, selectedNavKey } from './nav';

type MenuItem = Required<MenuProps>['items'][number];

export function Sidebar({ collapsed = false, onNavigate }: { collapsed?: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const location = useLocation();
  const me = useMe();
  const isAdmin = me.data?.user.is_admin ?? false;

  const toItems = (list: NavItem[]): MenuItem[] =>
    list
      .filter((item) => !item.adminOnly || isAdmin)
      .map((item) =>
        item.children
          ? {
              key: item.key,
              icon: item.icon,
              label: t(item.label as 'nav.dashboard'),
              children: toItems(item.children),
            }
          : {
              key: item.key,
              icon: item.icon,
              label: (
                <Link to={item.path ?? '/'} onClick={onNavigate}>
                  {t(item.label as 'nav.dashboard')}
                </Link>
              ),
            },
      );

  const selected = selectedNavKey(location.pathname);
  const openAdmin = selected?.startsWith('admin-') ? ['admin'] : [];

  return (
    <nav className="sidebar" aria-label={t('nav.label')}>
      <div className={`sidebar__logo${collapsed ? ' sidebar__logo--collapsed' : ''}`}>
        <Logo size={30} light withName={!collapsed} />
      </div>
      <Menu
        theme="dark"
        mode="inline"
        selectedKeys={selected ? [selected] : []}
        defaultOpenKeys={openAdmin}
        items={toItems(NAV)}
      />
    </nav>
  );
}
