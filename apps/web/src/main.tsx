// The portal's base styles first: the components' own styles (plain.css) come after and refine them.
import './styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createRouter } from './app/router';
import { changeLanguage, initialLanguage } from './lib/i18n';
import { hideTabsMoreButtons } from './lib/tabs-more';

// The remembered language is loaded before the first paint, so the page never flips, and before
// the router starts the first page's calls, so they ask in it.
await changeLanguage(initialLanguage()).catch(() => changeLanguage('en'));
const router = createRouter();

/**
 * The service worker (public/sw.js) keeps the app's files for offline use;
 * production builds only, so the dev server's modules are never cached. The
 * files this page loaded before the worker took over are handed to it.
 */
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const keepLoadedFiles = () => {
    const urls = performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter(
        (url) => new URL(url).origin === location.origin && new URL(url).pathname.startsWith('/assets/'),
      );
    navigator.serviceWorker.controller?.postMessage({ type: 'keep', urls });
  };
  navigator.serviceWorker.addEventListener('controllerchange', keepLoadedFiles);
  const register = () => {
    navigator.serviceWorker
      .register('/sw.js')
      .then(() => navigator.serviceWorker.ready)
      .then(keepLoadedFiles)
      .catch(() => {
        // Without the worker the portal works as before, online only.
      });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

hideTabsMoreButtons();

// The first render is a transition: React draws it in slices and lets the browser answer in
// between (a tap, a key), instead of holding the page for the whole first render at once.
const root = createRoot(document.getElementById('root')!);
startTransition(() => {
  root.render(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
});
