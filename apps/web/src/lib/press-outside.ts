import { type RefObject, useEffect, useRef } from 'react';

/**
 * While `active`, a press anywhere outside the `inside` elements calls
 * `onOutside` (a menu or pop-up closing, the focus left where it went).
 */
export function usePressOutside(
  active: boolean,
  inside: readonly RefObject<HTMLElement | null>[],
  onOutside: () => void,
): void {
  const latest = useRef({ inside, onOutside });
  latest.current = { inside, onOutside };
  useEffect(() => {
    if (!active) return;
    const onDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!latest.current.inside.some((ref) => ref.current?.contains(target))) latest.current.onOutside();
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [active]);
}
