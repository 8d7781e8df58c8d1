import { type ReactNode, useId } from 'react';
import './plain.css';

/**
 * A choice of two or three views side by side (Self / Team): a group of radio
 * buttons, each named by its label; an option's icon is drawn before it for the eye.
 */
export function Segmented<V extends string | number>({
  value,
  onChange,
  options,
  label,
  id,
  invalid = false,
  ...aria
}: {
  value: V | undefined;
  onChange: (value: V) => void;
  options: readonly { value: V; label: string; icon?: ReactNode }[];
  /** Its name, or the element naming it (`aria-labelledby`, a form field's label). */
  label?: string;
  id?: string;
  invalid?: boolean;
  'aria-labelledby'?: string;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
}) {
  const name = useId();
  return (
    <div
      className="plain-segmented"
      role="radiogroup"
      aria-label={label}
      aria-invalid={invalid || undefined}
      {...aria}
    >
      {options.map((o) => (
        <label key={o.value} className="plain-segmented__item">
          <input
            type="radio"
            // The group's first choice carries the field's id (the form focuses it when wrong).
            id={o === options[0] ? id : undefined}
            name={name}
            value={String(o.value)}
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
