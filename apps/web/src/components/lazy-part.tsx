import { type ComponentType, lazy, type ReactNode, Suspense, useState } from 'react';

/**
 * A part of a page that is not drawn at first (a form's dialog): its code
 * loads the first time `shown` holds, not with the page, so the page's first
 * load stays light. Until then, and while it comes, nothing is drawn; once
 * loaded it stays, so it closes and opens again at once.
 */
export function lazyWhenShown<P extends object>(
  load: () => Promise<ComponentType<P>>,
  shown: (props: P) => boolean,
  wrap: (part: ReactNode) => ReactNode = (part) => part,
): (props: P) => ReactNode {
  const Part = lazy(() => load().then((component) => ({ default: component })));
  return function LoadedOnceShown(props: P) {
    const [wanted, setWanted] = useState(false);
    if (!wanted && shown(props)) setWanted(true);
    if (!wanted) return null;
    return <Suspense fallback={null}>{wrap(<Part {...props} />)}</Suspense>;
  };
}
