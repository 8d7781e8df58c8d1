import CloudDownloadOutlined from '@ant-design/icons-svg/es/asn/CloudDownloadOutlined';
import LogoutOutlined from '@ant-design/icons-svg/es/asn/LogoutOutlined';
import MenuFoldOutlined from '@ant-design/icons-svg/es/asn/MenuFoldOutlined';
import MenuOutlined from '@ant-design/icons-svg/es/asn/MenuOutlined';
import MenuUnfoldOutlined from '@ant-design/icons-svg/es/asn/MenuUnfoldOutlined';
import RollbackOutlined from '@ant-design/icons-svg/es/asn/RollbackOutlined';
import SafetyOutlined from '@ant-design/icons-svg/es/asn/SafetyOutlined';
import SwapOutlined from '@ant-design/icons-svg/es/asn/SwapOutlined';
import UserOutlined from '@ant-design/icons-svg/es/asn/UserOutlined';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmployeeAvatar } from '../../components/employee-search/EmployeeAvatar';
import { LanguageSwitcher } from '../../components/LanguageSwitcher';
import { PlainAlert } from '../../components/PlainAlert';
import { PlainIcon } from '../../components/PlainIcon';
import { PlainMenuButton } from '../../components/PlainMenuButton';
import { ThemeToggle } from '../../components/ThemeToggle';
import { logout, stopImpersonating } from '../../features/auth/api';
import { NotificationBell } from '../../features/notifications';
import { useMe } from '../../lib/me';

interface Props {
  drawerMode: boolean;
  collapsed: boolean;
  onToggle: () => void;
}

/**
 * The signed-in header, drawn without Ant Design: the menu's button (open the
 * drawer, or fold and unfold the sidebar), the way back from impersonating,
 * the notifications' bell, the theme, the language and the user menu.
 */
export function AppHeader({ drawerMode, collapsed, onToggle }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useMe();
  const employee = me.data?.employee;
  const impersonator = me.data?.session.impersonator;

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
    <PlainIcon icon={MenuOutlined} />
  ) : (
    <PlainIcon icon={collapsed ? MenuUnfoldOutlined : MenuFoldOutlined} flip />
  );

  return (
    <div className="app-topbar">
      {impersonator && employee ? (
        <PlainAlert
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
      <header className="app-header plain-text">
        <div className="app-header__start">
          <button
            type="button"
            className="plain-button plain-button--icon"
            onClick={onToggle}
            aria-label={toggleLabel}
            title={toggleLabel}
          >
            {toggleIcon}
          </button>
          {impersonator ? (
            // On a phone only the icon shows; the name stays for assistive technology.
            <button
              type="button"
              className="plain-button plain-button--danger impersonation-stop"
              aria-label={t('shell.stopImpersonating')}
              onClick={() => void stop()}
            >
              <PlainIcon icon={RollbackOutlined} flip />
              <span className="impersonation-stop__text">{t('shell.stopImpersonating')}</span>
            </button>
          ) : null}
        </div>
        <div className="app-header__end">
          <NotificationBell />
          <ThemeToggle />
          <LanguageSwitcher compact />
          <PlainMenuButton<'profile' | 'delegations' | 'security' | 'data' | 'logout'>
            // Named from the name it shows first (WCAG 2.5.3), then what it is.
            label={employee ? `${employee.name} — ${t('shell.userMenu')}` : t('shell.userMenu')}
            className="user-menu"
            items={[
              { key: 'profile', icon: <PlainIcon icon={UserOutlined} />, label: t('shell.myProfile') },
              { key: 'delegations', icon: <PlainIcon icon={SwapOutlined} />, label: t('shell.delegations') },
              { key: 'security', icon: <PlainIcon icon={SafetyOutlined} />, label: t('shell.security') },
              { key: 'data', icon: <PlainIcon icon={CloudDownloadOutlined} />, label: t('dataRights.menu') },
              {
                key: 'logout',
                icon: <PlainIcon icon={LogoutOutlined} flip />,
                label: t('shell.logout'),
                danger: true,
                dividerBefore: true,
              },
            ]}
            onPick={(key) => {
              if (key === 'profile') navigate('/profile');
              if (key === 'delegations') navigate('/delegations');
              if (key === 'security') navigate('/account/security');
              if (key === 'data') navigate('/account/data');
              // The session ends at once; the signed-in routes then send the page to /signin.
              if (key === 'logout') void logout();
            }}
          >
            {employee ? <EmployeeAvatar name={employee.name} photo={employee.photo} size={24} /> : null}
            <span className="user-menu__name">{employee?.name ?? ''}</span>
          </PlainMenuButton>
        </div>
      </header>
    </div>
  );
}
