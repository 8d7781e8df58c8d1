import type { InputHTMLAttributes } from 'react';
import './plain.css';

/**
 * An on/off setting that takes effect at once: a check box with the switch
 * role (read as "switch, on"), drawn as a sliding switch. Named by the
 * label the caller points at it (`id` with a `<label htmlFor>`).
 */
export function Switch({
  checked,
  onChange,
  busy = false,
  ...rest
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'onChange' | 'checked' | 'role'> & {
  checked: boolean;
  onChange: (on: boolean) => void;
  /** Saving: not pressed again until it is done. */
  busy?: boolean;
}) {
  return (
    <input
      type="checkbox"
      role="switch"
      className="plain-switch"
      checked={checked}
      aria-checked={checked}
      aria-busy={busy || undefined}
      disabled={busy || rest.disabled}
      onChange={(event) => onChange(event.target.checked)}
      {...rest}
    />
  );
}
