import {
  LogoutOutlined,
  MenuFoldOutlined,
  MenuOutlined,
  MenuUnfoldOutlined,
  RollbackOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Alert, Avatar, Button, Dropdown, Flex, Layout, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LanguageSwitcher } from '../../components/LanguageSwitcher';
import { ThemeToggle } from '../../components/ThemeToggle';
import { logout, stopImpersonating, useMe } from '../../features/auth/api';
import { useMenuFocus } from '../../lib/menu-focus';
import { ABOVE_TOASTS } from '../../lib/notify';

interface Props {
  drawerMode: boolean;
  collapsed: boolean;
  onToggle: () => void;
}

export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((p) => p[0]?.toUpperCase() ?? '')
    .join('');
}

export function AppHeader({ drawerMode, collapsed, onToggle }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useMe();
  const employee = me.data?.employee;
  const impersonator = me.data?.session.impersonator;
  const userMenu = useMenuFocus();

  /** Back to the administrator's own session, on the profile they were acting as. */
  const stop = async () => {
    const employeeId = employee?.id;
    if (await stopImpersonating()) navigate(employeeId ? `/profile/${employeeId}` : '/profile');
  };

  const toggleLabel = drawerMode
    ? t('shell.openMenu')
    : collapsed
      ? t('shell.expandMenu')
      : t('shell.collapseMenu');
  const toggleIcon = drawerMode ? (
    <MenuOutlined />
  ) : collapsed ? (
    <MenuUnfoldOutlined className="flip-rtl" />
  ) : (
    <MenuFoldOutlined className="flip-rtl" />
  );

  return (
    <div className="app-topbar">
      {impersonator && employee ? (
        <Alert
          banner
          type="warning"
          role="status"
          className="impersonation-banner"
          title={t('shell.impersonationBanner', {
            admin: impersonator.name,
            adminEid: impersonator.eid,
            employee: employee.name,
            employeeEid: employee.eid,
          })}
        />
      ) : null}
      <Layout.Header className="app-header">
        <Flex align="center" gap={8} style={{ minWidth: 0 }}>
          <Tooltip title={toggleLabel}>
            <Button type="text" icon={toggleIcon} onClick={onToggle} aria-label={toggleLabel} />
          </Tooltip>
          {impersonator ? (
            // On a phone only the icon shows; the name stays for assistive technology.
            <Button
              danger
              className="impersonation-stop"
              icon={<RollbackOutlined className="flip-rtl" />}
              aria-label={t('shell.stopImpersonating')}
              onClick={() => void stop()}
            >
              {t('shell.stopImpersonating')}
            </Button>
          ) : null}
        </Flex>
        <Flex align="center" gap={4}>
          <ThemeToggle />
          <LanguageSwitcher compact />
          <Dropdown
            trigger={['click']}
            {...userMenu.dropdown}
            styles={ABOVE_TOASTS}
            menu={{
              items: [
                { key: 'profile', icon: <UserOutlined />, label: t('shell.myProfile') },
                { type: 'divider' },
                {
                  key: 'logout',
                  icon: <LogoutOutlined className="flip-rtl" />,
                  label: t('shell.logout'),
                  danger: true,
                },
              ],
              onClick: ({ key }) => {
                if (key === 'profile') navigate('/profile');
                // The session ends at once; the signed-in routes then send the page to /signin.
                if (key === 'logout') void logout();
              },
            }}
          >
            <Button type="text" className="user-menu" aria-label={t('shell.userMenu')} ref={userMenu.trigger}>
              <Avatar size="small" src={employee?.photo?.small} alt="" style={{ backgroundColor: '#0f766e' }}>
                {employee ? initials(employee.name) : null}
              </Avatar>
              <Typography.Text className="user-menu__name" ellipsis>
                {employee?.name ?? ''}
              </Typography.Text>
            </Button>
          </Dropdown>
        </Flex>
      </Layout.Header>
    </div>
  );
}
