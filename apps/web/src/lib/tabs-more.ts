const MORE = '[role="tablist"] .ant-tabs-nav-more:not([aria-hidden])';

/**
 * Ant Design draws the "more tabs" button of a tab bar too narrow for its
 * tabs inside the element with role="tablist", where only tabs may be
 * (WCAG 4.1.2; axe's aria-required-children). The button repeats for the
 * mouse what the arrow keys do on the tabs, which move through every tab
 * and scroll the bar to it; so it is taken out of the accessibility tree and
 * of the tab order, and stays for the mouse.
 *
 * Watches the page from the start, as tab bars come and go with the screens.
 */
export function hideTabsMoreButtons(): void {
  let queued = false;
  const fix = () => {
    queued = false;
    for (const button of document.querySelectorAll(MORE)) {
      button.setAttribute('aria-hidden', 'true');
      button.setAttribute('tabindex', '-1');
    }
  };
  new MutationObserver(() => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(fix);
  }).observe(document.body, { childList: true, subtree: true });
  fix();
}
