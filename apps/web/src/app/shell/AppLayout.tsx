import { SIDEBAR_BREAKPOINT_PX } from '@hr/contracts/limits';
import { Drawer, Layout } from 'antd';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { OfflineNotice } from '../../components/OfflineNotice';
import { PageLoading } from '../../components/PageLoading';
import { isRtl } from '../../lib/i18n';
import { useUiSettings } from '../../lib/ui-settings';
import { AppHeader } from './Header';
import { Sidebar } from './Sidebar';

function useNarrow(): boolean {
  const query = `(max-width: ${SIDEBAR_BREAKPOINT_PX - 0.02}px)`;
  const [narrow, setNarrow] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const mql = window.matchMedia(query);
    const update = () => setNarrow(mql.matches);
    mql.addEventListener('change', update);
    return () => mql.removeEventListener('change', update);
  }, [query]);
  return narrow;
}

/** The signed-in shell: sidebar (a drawer under 992 px), header, page, footer. */
export function AppLayout() {
  const { t, i18n } = useTranslation();
  const { navStyle, layoutType } = useUiSettings();
  const narrow = useNarrow();
  const drawerMode = narrow || navStyle === 'drawer';
  const [collapsed, setCollapsed] = useState(navStyle === 'mini');
  const [drawerOpen, setDrawerOpen] = useState(false);
  const location = useLocation();

  useEffect(() => setCollapsed(navStyle === 'mini'), [navStyle]);
  // A new page closes the drawer.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => setDrawerOpen(false), [location.pathname]);

  return (
    <Layout className={`app-layout app-layout--${layoutType}`} hasSider={!drawerMode}>
      {/* The page's main region takes the focus (tabIndex -1): the next Tab is on the page. */}
      <a href="#main-content" className="skip-link">
        {t('mobile.skipToContent')}
      </a>
      {drawerMode ? (
        <Drawer
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          placement={isRtl(i18n.language) ? 'right' : 'left'}
          size={256}
          closable={false}
          className="sidebar-drawer"
          rootClassName="sidebar-drawer-root"
          styles={{ body: { padding: 0 } }}
          title={null}
          aria-label={t('nav.label')}
        >
          <Sidebar onNavigate={() => setDrawerOpen(false)} />
        </Drawer>
      ) : (
        <Layout.Sider
          width={240}
          collapsedWidth={72}
          collapsed={collapsed}
          trigger={null}
          className="app-sider"
          theme="dark"
        >
          <Sidebar collapsed={collapsed} />
        </Layout.Sider>
      )}
      <Layout className="app-main">
        <AppHeader
          drawerMode={drawerMode}
          collapsed={collapsed}
          onToggle={() => (drawerMode ? setDrawerOpen(true) : setCollapsed((c) => !c))}
        />
        <OfflineNotice where="shell" />
        <Layout.Content className="app-content" id="main-content" tabIndex={-1}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
        <Layout.Footer className="app-footer">{t('footer.copyright')}</Layout.Footer>
      </Layout>
    </Layout>
  );
}

export { AppLayout as Component };
