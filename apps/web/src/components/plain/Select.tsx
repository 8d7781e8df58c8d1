import { type CSSProperties, useId } from 'react';
import './plain.css';

export interface SelectOption<V extends string | number> {
  value: V;
  label: string;
  disabled?: boolean;
  /** Nesting depth in a tree of choices (a group's sub-groups): drawn indented. */
  depth?: number;
  /** The heading the option comes under (options of one heading come together). */
  group?: string;
}

/**
 * A choice among a few options: the system's own select, which phones draw
 * as their native picker and screen readers know. Without a value it shows
 * its placeholder; `allowClear` keeps the placeholder as a choice (no value).
 */
export function Select<V extends string | number>({
  value,
  onChange,
  options,
  placeholder,
  allowClear = false,
  disabled,
  id,
  style,
  className,
  size = 'middle',
  invalid = false,
  ...aria
}: {
  value: V | undefined | null;
  // A method: a form field of V (never emptied) takes it too.
  onChange(value: V | undefined): void;
  options: readonly SelectOption<V>[];
  placeholder?: string;
  allowClear?: boolean;
  disabled?: boolean;
  id?: string;
  style?: CSSProperties;
  className?: string;
  size?: 'small' | 'middle';
  invalid?: boolean;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
}) {
  const fallback = useId();
  const index = options.findIndex((o) => o.value === value);
  const empty = index < 0;
  return (
    <select
      id={id ?? fallback}
      className={`plain-select${size === 'small' ? ' plain-select--small' : ''}${empty ? ' plain-select--empty' : ''}${className ? ` ${className}` : ''}`}
      style={style}
      disabled={disabled}
      aria-invalid={invalid || undefined}
      value={empty ? '' : String(index)}
      onChange={(event) => {
        const at = event.target.value;
        onChange(at === '' ? undefined : options[Number(at)]?.value);
      }}
      {...aria}
    >
      {empty || allowClear ? <option value="">{placeholder ?? ''}</option> : null}
      {headed(options).map(({ group, items }, g) => {
        const drawn = items.map(({ option: o, index: i }) => (
          <option key={String(o.value)} value={String(i)} disabled={o.disabled}>
            {o.depth ? `${'\u00a0\u00a0\u00a0'.repeat(o.depth)}${o.label}` : o.label}
          </option>
        ));
        return group === undefined ? (
          drawn
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: two headings may share a name
          <optgroup key={g} label={group}>
            {drawn}
          </optgroup>
        );
      })}
    </select>
  );
}

/** The options in runs under their headings, each with its place in the whole list. */
function headed<V extends string | number>(options: readonly SelectOption<V>[]) {
  const runs: { group: string | undefined; items: { option: SelectOption<V>; index: number }[] }[] = [];
  options.forEach((option, index) => {
    const last = runs.at(-1);
    if (last && last.group === option.group) last.items.push({ option, index });
    else runs.push({ group: option.group, items: [{ option, index }] });
  });
  return runs;
}
