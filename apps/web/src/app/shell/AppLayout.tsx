import { SIDEBAR_BREAKPOINT_PX } from '@hr/contracts/limits';
import { Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { OfflineNotice } from '../../components/OfflineNotice';
import { PageLoading } from '../../components/PageLoading';
import { useMediaQuery } from '../../lib/media-query';
import { useUiSettings } from '../../lib/ui-settings';
import { Framed } from '../guards';
import { AppHeader } from './Header';
import { Sidebar } from './Sidebar';
import './shell.css';

/**
 * The menu as a drawer (narrow windows, or the drawer style): a modal dialog
 * from the start edge (the right one in Arabic) that keeps the focus inside
 * while open; Escape, a press beside it or a link picked closes it.
 */
function MenuDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape closes a dialog by itself; this is the press beside it
    <dialog
      ref={dialog}
      className="menu-drawer"
      aria-label={t('nav.label')}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      {open ? <Sidebar onNavigate={onClose} /> : null}
    </dialog>
  );
}

/**
 * The signed-in shell: sidebar (a drawer under 992 px), header, page, footer.
 * Drawn without Ant Design; the pages that use it get its frame around them
 * here (`Framed`), the plain ones (the dashboard) do not.
 */
export function AppLayout() {
  const { t } = useTranslation();
  const { navStyle, layoutType } = useUiSettings();
  const narrow = useMediaQuery(`(max-width: ${SIDEBAR_BREAKPOINT_PX - 0.02}px)`);
  const drawerMode = narrow || navStyle === 'drawer';
  const [collapsed, setCollapsed] = useState(navStyle === 'mini');
  const [drawerOpen, setDrawerOpen] = useState(false);
  const location = useLocation();

  useEffect(() => setCollapsed(navStyle === 'mini'), [navStyle]);
  // A new page closes the drawer.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => setDrawerOpen(false), [location.pathname]);

  return (
    <div className={`app-layout app-layout--${layoutType} plain-text`}>
      {/* The page's main region takes the focus (tabIndex -1): the next Tab is on the page. */}
      <a href="#main-content" className="skip-link">
        {t('mobile.skipToContent')}
      </a>
      {drawerMode ? (
        <MenuDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} />
      ) : (
        <aside className={`app-sider${collapsed ? ' app-sider--collapsed' : ''}`}>
          <Sidebar collapsed={collapsed} />
        </aside>
      )}
      <div className="app-main">
        <AppHeader
          drawerMode={drawerMode}
          collapsed={collapsed}
          onToggle={() => (drawerMode ? setDrawerOpen(true) : setCollapsed((c) => !c))}
        />
        <OfflineNotice where="shell" />
        <main className="app-content" id="main-content" tabIndex={-1}>
          <Suspense fallback={<PageLoading />}>
            <Framed inShell>
              <Outlet />
            </Framed>
          </Suspense>
        </main>
        <footer className="app-footer">{t('footer.copyright')}</footer>
      </div>
    </div>
  );
}

export { AppLayout as Component };
