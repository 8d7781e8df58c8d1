import { SIDEBAR_BREAKPOINT_PX } from '@hr/contracts/limits';
import { getSession } from '../lib/session';
import { useUiSettings } from '../lib/ui-settings';
import { Logo } from './Logo';
import { PageLoading } from './PageLoading';

/**
 * The first thing a signed-in address shows while the shell's code is on its
 * way: the sidebar and header bars as the shell draws them (plain HTML, with
 * the app's first file), the logo and a spinner where the page will be, rather
 * than a blank window with a spinner. Without a session, only the spinner.
 */
export function StartupLoading() {
  const { navStyle } = useUiSettings();
  if (!getSession()) return <PageLoading />;
  const sidebar = navStyle !== 'drawer' && window.innerWidth >= SIDEBAR_BREAKPOINT_PX;
  const mini = navStyle === 'mini';
  return (
    <div className="shell-loading plain-text">
      {sidebar ? (
        <div className={`shell-loading__side${mini ? ' shell-loading__side--mini' : ''}`}>
          <div className={`sidebar__logo${mini ? ' sidebar__logo--collapsed' : ''}`}>
            <Logo size={30} light withName={!mini} />
          </div>
        </div>
      ) : null}
      <div className="shell-loading__main">
        <div className="shell-loading__bar">{sidebar ? null : <Logo size={28} />}</div>
        <PageLoading />
      </div>
    </div>
  );
}
