import {
  type CSSProperties,
  type KeyboardEvent,
  type PointerEvent as ReactPointerEvent,
  useId,
  useRef,
  useState,
} from 'react';
import './plain.css';

/**
 * A span of whole numbers between `min` and `max` (an age, years of
 * service), set with two handles on one track (WAI-ARIA sliders): the arrows
 * move a handle by a step, Page Up and Page Down by ten, Home and End to the
 * furthest it may go; a handle is dragged, or a press on the track brings
 * the nearer one there. Neither handle passes the other. Right to left the
 * track runs from the right, and the arrows follow it.
 */
export function RangeSlider({
  min,
  max,
  value,
  onChange,
  labels,
  step = 1,
  disabled = false,
  ...aria
}: {
  min: number;
  max: number;
  value: readonly [number, number] | undefined | null;
  onChange: (value: [number, number]) => void;
  /** The names of the lower and the upper handle (From, To). */
  labels: readonly [string, string];
  step?: number;
  disabled?: boolean;
  'aria-labelledby'?: string;
}) {
  const rail = useRef<HTMLDivElement>(null);
  const idBase = useId();
  const handleId = (i: 0 | 1) => `${idBase}-${i}`;
  const [dragging, setDragging] = useState<0 | 1 | null>(null);
  const [low, high] = value ?? [min, max];
  const at = (n: number) => `${((n - min) / Math.max(1, max - min)) * 100}%`;

  /** Handle `i` moved to `n`, kept on the track, on a step, and short of the other handle. */
  const move = (i: 0 | 1, n: number) => {
    const stepped = Math.round((n - min) / step) * step + min;
    if (i === 0) {
      const next = Math.min(Math.max(stepped, min), high);
      if (next !== low) onChange([next, high]);
    } else {
      const next = Math.max(Math.min(stepped, max), low);
      if (next !== high) onChange([low, next]);
    }
  };

  /** The value under the pointer, from the track's start (its right end, right to left). */
  const valueAt = (clientX: number) => {
    const box = rail.current?.getBoundingClientRect();
    if (!box || box.width === 0) return min;
    const rtl = getComputedStyle(rail.current!).direction === 'rtl';
    const share = (rtl ? box.right - clientX : clientX - box.left) / box.width;
    return min + Math.min(1, Math.max(0, share)) * (max - min);
  };

  const onKey = (i: 0 | 1, event: KeyboardEvent<HTMLDivElement>) => {
    const current = i === 0 ? low : high;
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
    const back = rtl ? 'ArrowRight' : 'ArrowLeft';
    const to: Record<string, number> = {
      [forward]: current + step,
      ArrowUp: current + step,
      [back]: current - step,
      ArrowDown: current - step,
      PageUp: current + step * 10,
      PageDown: current - step * 10,
      Home: i === 0 ? min : low,
      End: i === 0 ? high : max,
    };
    const next = to[event.key];
    if (next === undefined) return;
    event.preventDefault();
    move(i, next);
  };

  const grab = (i: 0 | 1, event: ReactPointerEvent<HTMLElement>) => {
    if (disabled || event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    setDragging(i);
  };

  // A press on the track brings the nearer handle there, and drags it from there.
  const onRailDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (disabled || event.button !== 0 || event.target !== event.currentTarget) return;
    const n = valueAt(event.clientX);
    const i = Math.abs(n - low) <= Math.abs(n - high) && !(low === high && n > high) ? 0 : 1;
    move(i, n);
    grab(i, event);
    document.getElementById(handleId(i))?.focus();
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (dragging !== null) move(dragging, valueAt(event.clientX));
  };
  const stop = () => setDragging(null);

  // Both handles at the top end: the lower one lies over the upper, so it can still be moved down.
  const lowOnTop = low === high && low > (min + max) / 2;

  return (
    <fieldset className="plain-slider" disabled={disabled} {...aria}>
      <div
        ref={rail}
        className="plain-slider__rail"
        style={{ '--low': at(low), '--high': at(high) } as CSSProperties}
        onPointerDown={onRailDown}
        onPointerMove={onPointerMove}
        onPointerUp={stop}
        onPointerCancel={stop}
      >
        <div className="plain-slider__track" />
        {([0, 1] as const).map((i) => {
          const current = i === 0 ? low : high;
          return (
            <div
              key={i}
              id={handleId(i)}
              role="slider"
              tabIndex={disabled ? -1 : 0}
              aria-label={labels[i]}
              aria-valuemin={i === 0 ? min : low}
              aria-valuemax={i === 0 ? high : max}
              aria-valuenow={current}
              aria-orientation="horizontal"
              aria-disabled={disabled || undefined}
              className={`plain-slider__handle${i === 0 && lowOnTop ? ' plain-slider__handle--top' : ''}`}
              style={{ insetInlineStart: at(current) }}
              onKeyDown={(event) => onKey(i, event)}
              onPointerDown={(event) => grab(i, event)}
            />
          );
        })}
      </div>
      <div className="plain-slider__marks" aria-hidden="true">
        <span>{min}</span>
        <span>{max}</span>
      </div>
    </fieldset>
  );
}
