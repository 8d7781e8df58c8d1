import antdCssUrl from 'antd/dist/antd.css?url';

let loading: Promise<void> | undefined;

/**
 * Ant Design's styles, as one static file (its zero-runtime mode): building
 * them in the browser, component by component on first render, took most of
 * a signed-in page's first second of scripting. The theme (colours, dark,
 * the contrast tokens) stays in CSS variables written at run time.
 *
 * The file goes before the portal's own styles, where Ant Design's run-time
 * styles used to go, so a rule of ours of the same specificity still wins;
 * the frame waits for it, so no page is drawn unstyled.
 */
export function loadAntdStyles(): Promise<void> {
  loading ??= new Promise<void>((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = antdCssUrl;
    link.dataset.antd = '';
    // A failed load must not keep the page from drawing: it is drawn unstyled rather than not at all.
    link.onload = () => resolve();
    link.onerror = () => resolve();
    const first = document.head.querySelector('link[rel="stylesheet"], style');
    document.head.insertBefore(link, first);
  });
  return loading;
}
