import { type ReactNode, useId } from 'react';
import './plain.css';

/**
 * A choice of two or three views side by side (Self / Team): a group of radio
 * buttons, each named by its label; an option's icon is drawn before it for the eye.
 */
export function Segmented<V extends string>({
  value,
  onChange,
  options,
  label,
}: {
  value: V;
  onChange: (value: V) => void;
  options: readonly { value: V; label: string; icon?: ReactNode }[];
  label: string;
}) {
  const name = useId();
  return (
    <div className="plain-segmented" role="radiogroup" aria-label={label}>
      {options.map((o) => (
        <label key={o.value} className="plain-segmented__item">
          <input
            type="radio"
            name={name}
            value={o.value}
            checked={o.value === value}
            onChange={() => onChange(o.value)}
          />
          <span>
            {o.icon}
            {o.label}
          </span>
        </label>
      ))}
    </div>
  );
}
