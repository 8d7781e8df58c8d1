import type { CSSProperties } from 'react';
import './plain.css';

/**
 * A span of whole numbers between `min` and `max` (an age, years of
 * service), set with two handles on one track: each is the system's own
 * slider, so the arrows, Page Up/Down, Home and End move it and screen
 * readers read its value. Neither handle passes the other; right to left
 * the track runs from the right.
 */
export function RangeSlider({
  min,
  max,
  value,
  onChange,
  labels,
  step = 1,
  disabled,
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
  const [low, high] = value ?? [min, max];
  const at = (n: number) => `${((n - min) / Math.max(1, max - min)) * 100}%`;
  // Both handles at the top end: the lower one lies over the upper, so it can still be moved down.
  const lowOnTop = low === high && low > (min + max) / 2;
  return (
    <fieldset
      className="plain-slider"
      style={{ '--low': at(low), '--high': at(high) } as CSSProperties}
      {...aria}
    >
      <div className="plain-slider__rail" aria-hidden="true">
        <div className="plain-slider__track" />
      </div>
      <input
        type="range"
        className={`plain-slider__handle${lowOnTop ? ' plain-slider__handle--top' : ''}`}
        min={min}
        max={max}
        step={step}
        value={low}
        disabled={disabled}
        aria-label={labels[0]}
        onChange={(event) => onChange([Math.min(Number(event.target.value), high), high])}
      />
      <input
        type="range"
        className="plain-slider__handle"
        min={min}
        max={max}
        step={step}
        value={high}
        disabled={disabled}
        aria-label={labels[1]}
        onChange={(event) => onChange([low, Math.max(Number(event.target.value), low)])}
      />
      <div className="plain-slider__marks" aria-hidden="true">
        <span>{min}</span>
        <span>{max}</span>
      </div>
    </fieldset>
  );
}
