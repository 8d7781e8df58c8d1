import {
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { usePressOutside } from '../../lib/press-outside';
import type { SelectOption } from './Select';
import './plain.css';

/** The chosen options drawn as tags in the field; the others are counted after them ("+3"). */
const SHOWN_TAGS = 2;

/**
 * Several choices among options (WAI-ARIA combobox with a multi-select list
 * box): typing narrows the list, a press on an option or Enter ticks it or
 * takes it away, and the list stays open for the next; the arrows move
 * through it, Escape closes it, Backspace in the empty field takes the last
 * choice away. The chosen ones show as tags in the field (the first two,
 * then how many more), each with a button that takes it away; `allowClear`
 * adds one that takes them all away. Options may come under headings
 * (`group`) and be nested (`depth`), as the system's select draws them.
 */
export function MultiSelect<V extends string | number>({
  value,
  onChange,
  options,
  loading = false,
  placeholder,
  allowClear = true,
  disabled,
  id,
  style,
  className,
  notFound,
  ...aria
}: {
  value: readonly V[] | undefined | null;
  onChange: (value: V[]) => void;
  options: readonly SelectOption<V>[];
  loading?: boolean;
  placeholder?: string;
  allowClear?: boolean;
  disabled?: boolean;
  id?: string;
  style?: CSSProperties;
  className?: string;
  notFound?: string;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  'aria-describedby'?: string;
}) {
  const { t } = useTranslation();
  const listId = useId();
  const chosenId = useId();
  const root = useRef<HTMLSpanElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const chosen = value ?? [];
  const names = new Map<V, string>(options.map((o) => [o.value, o.label]));
  const chosenNames = chosen.map((v) => names.get(v) ?? String(v));
  const needle = text.trim().toLowerCase();
  const shown = needle ? options.filter((o) => o.label.toLowerCase().includes(needle)) : options;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new text or a new list starts again at the first option
  useEffect(() => setActive(0), [text, options.length]);
  usePressOutside(open, [root], () => close());

  function close() {
    setOpen(false);
    setText('');
  }
  const toggle = (option: SelectOption<V> | undefined) => {
    if (!option || option.disabled) return;
    onChange(
      chosen.includes(option.value) ? chosen.filter((v) => v !== option.value) : [...chosen, option.value],
    );
  };
  const remove = (v: V) => onChange(chosen.filter((c) => c !== v));

  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) return setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => (a + step + shown.length) % Math.max(1, shown.length));
    } else if (event.key === 'Enter' && open) {
      event.preventDefault();
      toggle(shown[active]);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      event.stopPropagation();
      close();
    } else if (event.key === 'Backspace' && text === '' && chosen.length > 0) {
      remove(chosen[chosen.length - 1]!);
    } else if (event.key === 'Tab') close();
  };

  const optionId = (i: number) => `${listId}-${i}`;
  const drawOption = (o: SelectOption<V>, i: number) => (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard works through the input
    <div
      key={String(o.value)}
      id={optionId(i)}
      role="option"
      tabIndex={-1}
      aria-selected={chosen.includes(o.value)}
      aria-disabled={o.disabled || undefined}
      className={`plain-combobox__option plain-multi__option${i === active ? ' plain-combobox__option--active' : ''}`}
      style={o.depth ? { paddingInlineStart: 12 + o.depth * 16 } : undefined}
      onMouseDown={(event) => event.preventDefault()}
      onMouseEnter={() => setActive(i)}
      onClick={() => toggle(o)}
    >
      {o.label}
    </div>
  );
  // The options in runs under their headings, each with its place in the list shown.
  const runs: { group: string | undefined; items: ReactNode[] }[] = [];
  shown.forEach((o, i) => {
    const last = runs.at(-1);
    if (last && last.group === o.group) last.items.push(drawOption(o, i));
    else runs.push({ group: o.group, items: [drawOption(o, i)] });
  });

  return (
    <span
      ref={root}
      className={`plain-input plain-multi${className ? ` ${className}` : ''}`}
      style={style}
      data-disabled={disabled || undefined}
    >
      <span className="plain-multi__values">
        {chosen.slice(0, SHOWN_TAGS).map((v, i) => (
          <span key={String(v)} className="plain-multi__tag">
            <span className="plain-multi__tag-name">{chosenNames[i]}</span>
            {disabled ? null : (
              <button
                type="button"
                tabIndex={-1}
                className="plain-multi__remove"
                aria-label={t('lists.remove', { name: chosenNames[i] })}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => remove(v)}
              >
                <span aria-hidden="true">×</span>
              </button>
            )}
          </span>
        ))}
        {chosen.length > SHOWN_TAGS ? (
          <span className="plain-multi__tag" dir="ltr" title={chosenNames.slice(SHOWN_TAGS).join(', ')}>
            +{chosen.length - SHOWN_TAGS}
          </span>
        ) : null}
        <input
          ref={input}
          id={id}
          role="combobox"
          aria-expanded={open}
          aria-controls={open ? listId : undefined}
          aria-autocomplete="list"
          aria-activedescendant={open && shown[active] ? optionId(active) : undefined}
          autoComplete="off"
          disabled={disabled}
          placeholder={chosen.length > 0 ? undefined : placeholder}
          value={text}
          onClick={() => setOpen(true)}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
          }}
          onKeyDown={onKey}
          {...aria}
          aria-describedby={
            [chosen.length > 0 ? chosenId : '', aria['aria-describedby'] ?? ''].filter(Boolean).join(' ') ||
            undefined
          }
        />
      </span>
      <span id={chosenId} className="visually-hidden">
        {chosenNames.join(', ')}
      </span>
      {loading ? <span className="plain-spinner plain-spinner--small" aria-hidden="true" /> : null}
      {allowClear && chosen.length > 0 && !disabled ? (
        <button
          type="button"
          className="plain-input__action"
          aria-label={t('common.clear')}
          onClick={() => {
            close();
            onChange([]);
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
          aria-multiselectable="true"
          aria-label={aria['aria-labelledby'] ? undefined : (aria['aria-label'] ?? placeholder)}
          aria-labelledby={aria['aria-labelledby']}
          className="plain-combobox__list"
        >
          {shown.length === 0 ? (
            <div className="plain-combobox__none">
              {loading ? t('common.loading') : (notFound ?? t('common.noData'))}
            </div>
          ) : (
            runs.map(({ group, items }, g) =>
              group === undefined ? (
                items
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: two headings may share a name
                // biome-ignore lint/a11y/useSemanticElements: options under a heading in a list box (ARIA's group), not form fields
                <div key={g} role="group" aria-label={group}>
                  <div className="plain-multi__heading" aria-hidden="true">
                    {group}
                  </div>
                  {items}
                </div>
              ),
            )
          )}
        </div>
      ) : null}
    </span>
  );
}
