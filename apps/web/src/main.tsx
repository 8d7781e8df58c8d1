import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { changeLanguage, initialLanguage } from './lib/i18n';
import './styles.css';

// The remembered language is loaded before the first paint, so the page never flips.
await changeLanguage(initialLanguage()).catch(() => changeLanguage('en'));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
