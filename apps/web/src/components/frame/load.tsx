import { type ComponentType, lazy, type ReactNode } from 'react';
import { lazyWhenShown } from '../lazy-part';
import { loadAntdStyles } from './antd-styles';

/** Ant Design's frame and its styles, loaded once; a page or dialog that needs it asks for it beside its own code. */
export const loadFrame = () =>
  Promise.all([import('./AntdFrame'), loadAntdStyles()]).then(([frame]) => frame);

export const LazyFrame = lazy(loadFrame);

/**
 * A part of a plain page still drawn with Ant Design (a form's dialog): its
 * code and the frame load the first time it is shown, not with the page, so
 * the page's first load carries none of Ant Design.
 */
export function lazyInFrame<P extends object>(
  load: () => Promise<ComponentType<P>>,
  shown: (props: P) => boolean,
): (props: P) => ReactNode {
  return lazyWhenShown(
    () => Promise.all([load(), loadFrame()]).then(([component]) => component),
    shown,
    (part) => <LazyFrame>{part}</LazyFrame>,
  );
}
