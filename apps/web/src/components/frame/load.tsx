import { type ComponentType, lazy, type ReactNode, Suspense, useState } from 'react';
import { loadAntdStyles } from './antd-styles';

/** Ant Design's frame and its styles, loaded once; a page or dialog that needs it asks for it beside its own code. */
export const loadFrame = () =>
  Promise.all([import('./AntdFrame'), loadAntdStyles()]).then(([frame]) => frame);

export const LazyFrame = lazy(loadFrame);

/**
 * A part of a plain page still drawn with Ant Design (a form's dialog): its
 * code and the frame load the first time it is shown, not with the page, so
 * the page's first load carries none of Ant Design. Until then, and while
 * they come, nothing is drawn.
 */
export function lazyInFrame<P extends object>(
  load: () => Promise<ComponentType<P>>,
  shown: (props: P) => boolean,
): (props: P) => ReactNode {
  const Part = lazy(() => Promise.all([load(), loadFrame()]).then(([component]) => ({ default: component })));
  return function InFrameOnceShown(props: P) {
    const [wanted, setWanted] = useState(false);
    if (!wanted && shown(props)) setWanted(true);
    if (!wanted) return null;
    return (
      <Suspense fallback={null}>
        <LazyFrame>
          <Part {...props} />
        </LazyFrame>
      </Suspense>
    );
  };
}
