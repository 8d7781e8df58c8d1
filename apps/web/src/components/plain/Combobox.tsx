import { type CSSProperties, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePressOutside } from '../../lib/press-outside';
import './plain.css';

export interface ComboOption<V extends string | number> {
  value: V;
  label: string;
  disabled?: boolean;
}

/**
 * A choice searched by typing (WAI-ARIA combobox with a list box): the
 * options are filtered by the text, or, with `onSearch`, asked of the
 * server as one types. The arrows move through the list, Enter picks,
 * Escape closes it; without a value it shows its placeholder, and
 * `allowClear` adds a button that takes the value away.
 */
export function Combobox<V extends string | number>({
  value,
  onChange,
  options,
  onSearch,
  loading = false,
  placeholder,
  allowClear = false,
  disabled,
  id,
  style,
  className,
  invalid = false,
  notFound,
  selectedLabel,
  ...aria
}: {
  value: V | undefined | null;
  // A method: a form field of V (never emptied) takes it too.
  onChange(value: V | undefined): void;
  options: readonly ComboOption<V>[];
  /** The server searches: the options are what it answered for the text. */
  onSearch?: (text: string) => void;
  loading?: boolean;
  placeholder?: string;
  allowClear?: boolean;
  disabled?: boolean;
  id?: string;
  style?: CSSProperties;
  className?: string;
  invalid?: boolean;
  notFound?: string;
  /** The chosen value's name when the options (a search's answer) no longer hold it. */
  selectedLabel?: string;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
}) {
  const { t } = useTranslation();
  const listId = useId();
  const root = useRef<HTMLSpanElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [text, setText] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  // The names of the options seen, so a value chosen from an earlier search keeps its name.
  const seen = useRef(new Map<V, string>());
  for (const o of options) seen.current.set(o.value, o.label);
  const chosen =
    value === undefined || value === null
      ? undefined
      : (options.find((o) => o.value === value)?.label ?? seen.current.get(value) ?? selectedLabel);
  const typed = text ?? '';
  const shownOptions =
    onSearch || !text ? options : options.filter((o) => o.label.toLowerCase().includes(typed.toLowerCase()));

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new text or a new answer starts again at the first option
  useEffect(() => setActive(0), [text, options.length]);
  usePressOutside(open, [root], () => close());

  function close() {
    setOpen(false);
    setText(null);
  }
  const pick = (option: ComboOption<V> | undefined) => {
    if (!option || option.disabled) return;
    close();
    if (option.value !== value) onChange(option.value);
  };

  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) return setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => (a + step + shownOptions.length) % Math.max(1, shownOptions.length));
    } else if (event.key === 'Enter' && open) {
      event.preventDefault();
      pick(shownOptions[active]);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      event.stopPropagation();
      close();
    } else if (event.key === 'Tab') close();
  };

  const optionId = (i: number) => `${listId}-${i}`;
  return (
    <span
      ref={root}
      className={`plain-input plain-combobox${className ? ` ${className}` : ''}`}
      style={style}
      data-invalid={invalid || undefined}
      data-disabled={disabled || undefined}
    >
      <input
        ref={input}
        id={id}
        role="combobox"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-autocomplete="list"
        aria-activedescendant={open && shownOptions[active] ? optionId(active) : undefined}
        aria-invalid={invalid || undefined}
        autoComplete="off"
        disabled={disabled}
        placeholder={chosen ?? placeholder}
        className={chosen && text === null ? 'plain-combobox__chosen' : undefined}
        value={text ?? chosen ?? ''}
        onClick={() => setOpen(true)}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          onSearch?.(event.target.value);
        }}
        onKeyDown={onKey}
        {...aria}
      />
      {loading ? <span className="plain-spinner plain-spinner--small" aria-hidden="true" /> : null}
      {allowClear && chosen && !disabled ? (
        <button
          type="button"
          className="plain-input__action"
          aria-label={t('common.clear')}
          onClick={() => {
            close();
            onChange(undefined);
            input.current?.focus();
          }}
        >
          <span aria-hidden="true">×</span>
        </button>
      ) : (
        <span className="plain-combobox__arrow" aria-hidden="true" />
      )}
      {open ? (
        <div
          id={listId}
          role="listbox"
          aria-label={aria['aria-label'] ?? placeholder}
          className="plain-combobox__list"
        >
          {shownOptions.length === 0 ? (
            <div className="plain-combobox__none">
              {loading ? t('common.loading') : (notFound ?? t('common.noData'))}
            </div>
          ) : (
            shownOptions.map((o, i) => (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard works through the input
              <div
                key={String(o.value)}
                id={optionId(i)}
                role="option"
                tabIndex={-1}
                aria-selected={o.value === value}
                aria-disabled={o.disabled || undefined}
                className={`plain-combobox__option${i === active ? ' plain-combobox__option--active' : ''}`}
                onMouseDown={(event) => event.preventDefault()}
                onMouseEnter={() => setActive(i)}
                onClick={() => pick(o)}
              >
                {o.label}
              </div>
            ))
          )}
        </div>
      ) : null}
    </span>
  );
}
