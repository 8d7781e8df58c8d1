import { lazy, Suspense } from 'react';

const Card = lazy(() => import('./PasskeysCard').then((m) => ({ default: m.PasskeysCard })));

/**
 * The Security page's passkeys section. The sign-in page imports this
 * feature too (its passkey button) and loads no Ant Design: the card, drawn
 * with it, loads only where the section is shown.
 */
export function PasskeysSection() {
  return (
    <Suspense fallback={null}>
      <Card />
    </Suspense>
  );
}
