import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { i18n } from './i18n-instance';
import { confirmDialog } from './notify';

/**
 * Warns before leaving a page with changes that are not saved: a question
 * inside the portal (another page of it) and the browser's own on a reload,
 * a closed tab or another site. Staying keeps the changes where they are.
 */
export function useUnsavedChangesGuard(dirty: boolean) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void confirmDialog({
      title: i18n.t('common.unsaved.title'),
      content: i18n.t('common.unsaved.text'),
      okText: i18n.t('common.unsaved.leave'),
      danger: true,
    }).then((leave) => (leave ? blocker.proceed() : blocker.reset()));
  }, [blocker]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the question only when a value is returned.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}
