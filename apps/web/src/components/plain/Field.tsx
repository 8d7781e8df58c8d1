import { TIME_FORMAT } from '@hr/contracts/limits';
import type { CSSProperties, InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react';
import { createContext, useContext, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ControlProps, FieldBinding } from '../../lib/use-form';
import './plain.css';

/**
 * How a form marks its fields: a star before the required ones (the
 * default), or "(optional)" after the others, for forms where most fields
 * are required (the administration's).
 */
export const FieldMarks = createContext<'required' | 'optional'>('required');

/**
 * One field of a form: its label (with the required mark), the control, a
 * help text and the field's message, which the control is described by and
 * screen readers hear as it appears. `children` draws the control from the
 * props it is given (id, value, onChange, onBlur, invalid, description).
 */
export function Field<T>({
  label,
  field,
  required = false,
  group = false,
  help,
  style,
  className,
  children,
}: {
  label: ReactNode;
  field: FieldBinding<T>;
  required?: boolean;
  /** A group of choices (radio buttons): its label names the group rather than one control. */
  group?: boolean;
  help?: ReactNode;
  style?: CSSProperties;
  className?: string;
  children: (props: ControlProps<T>) => ReactNode;
}) {
  const { t } = useTranslation();
  const marks = useContext(FieldMarks);
  const helpId = `${field.id}-help`;
  const errorId = `${field.id}-error`;
  const labelId = `${field.id}-label`;
  const labelClass = `plain-field__label${required && marks === 'required' ? ' plain-field__label--required' : ''}`;
  const shownLabel =
    marks === 'optional' && !required ? (
      <>
        {label} <span className="plain-field__optional">{t('common.optional')}</span>
      </>
    ) : (
      label
    );
  const described = [help ? helpId : null, field.error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div
      className={`plain-field plain-field--form${className ? ` ${className}` : ''}`}
      style={style}
      data-invalid={field.error ? '' : undefined}
    >
      {group ? (
        <span className={labelClass} id={labelId}>
          {shownLabel}
        </span>
      ) : (
        <label className={labelClass} htmlFor={field.id}>
          {shownLabel}
        </label>
      )}
      {children({
        id: field.id,
        value: field.value,
        onChange: field.onChange,
        onBlur: field.onBlur,
        invalid: field.error !== null,
        'aria-describedby': described || undefined,
        'aria-required': required || undefined,
        'aria-labelledby': group ? labelId : undefined,
      })}
      {help ? (
        <div className="plain-field__help" id={helpId}>
          {help}
        </div>
      ) : null}
      {field.error ? (
        <div className="plain-field__error" id={errorId} role="alert">
          {field.error}
        </div>
      ) : null}
    </div>
  );
}

type Native<E> = Omit<E, 'value' | 'onChange' | 'onBlur' | 'id'>;

/** A line of text. */
export function TextInput({
  id,
  value,
  onChange,
  onBlur,
  invalid,
  prefix,
  ...rest
}: ControlProps<string | undefined | null> &
  Native<InputHTMLAttributes<HTMLInputElement>> & { prefix?: ReactNode }) {
  return (
    <span
      className="plain-input plain-input--field"
      data-invalid={invalid || undefined}
      data-disabled={rest.disabled || undefined}
    >
      {prefix ? <span className="plain-input__prefix">{prefix}</span> : null}
      <input
        id={id}
        value={value ?? ''}
        // What is typed keeps its own direction (a Latin name on an Arabic page).
        dir="auto"
        aria-invalid={invalid || undefined}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        {...rest}
      />
    </span>
  );
}

/** Several lines of text; with `max`, the count of characters written out of it. */
export function TextArea({
  id,
  value,
  onChange,
  onBlur,
  invalid,
  max,
  rows = 3,
  ...rest
}: ControlProps<string | undefined | null> &
  Native<TextareaHTMLAttributes<HTMLTextAreaElement>> & { max?: number }) {
  const text = value ?? '';
  return (
    <span className="plain-textarea-field" data-invalid={invalid || undefined}>
      <textarea
        id={id}
        className="plain-textarea"
        dir="auto"
        rows={rows}
        value={text}
        aria-invalid={invalid || undefined}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        {...rest}
      />
      {max !== undefined ? (
        <span className="plain-textarea__count" aria-hidden="true">
          <bdi dir="ltr">
            {text.length} / {max}
          </bdi>
        </span>
      ) : null}
    </span>
  );
}

/** A number; empty is no value. What is not a number is kept as typed, so the form can say it. */
export function NumberInput({
  id,
  value,
  onChange,
  onBlur,
  invalid,
  ...rest
}: ControlProps<number | string | undefined | null> & Native<InputHTMLAttributes<HTMLInputElement>>) {
  return (
    <span
      className="plain-input plain-input--field plain-number"
      data-invalid={invalid || undefined}
      data-disabled={rest.disabled || undefined}
    >
      <input
        id={id}
        inputMode="decimal"
        value={value ?? ''}
        aria-invalid={invalid || undefined}
        onChange={(event) => {
          const text = event.target.value.trim();
          const n = Number(text);
          onChange(text === '' ? undefined : Number.isFinite(n) ? n : text);
        }}
        onBlur={onBlur}
        {...rest}
      />
    </span>
  );
}

const HHMM = /^(\d{1,2})(?::?(\d{2}))?$/;

/** A typed time (9, 930, 9:30, 09:30) as HH:mm; null when it is no time of day. */
export function parseTime(text: string): string | null {
  const m = HHMM.exec(text.trim());
  if (!m) return null;
  const hours = Number(m[1]);
  const minutes = Number(m[2] ?? '0');
  if (hours > 23 || minutes > 59) return null;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

/**
 * A time of day, shown and typed as HH:mm (SPEC.md §9), with the times of
 * every `step` minutes offered as the text is typed. A typed time is taken
 * when the field is left or on Enter; one that is no time is put back.
 */
export function TimeField({
  id,
  value,
  onChange,
  onBlur,
  invalid,
  step = 15,
  ...rest
}: ControlProps<string | undefined | null> &
  Native<InputHTMLAttributes<HTMLInputElement>> & { step?: number }) {
  const [text, setText] = useState(value ?? '');
  useEffect(() => setText(value ?? ''), [value]);
  const listId = `${id}-times`;
  const commit = () => {
    if (text.trim() === '') {
      if (value) onChange(undefined);
      return;
    }
    const time = parseTime(text);
    if (time) {
      if (time !== value) onChange(time);
      setText(time);
    } else setText(value ?? '');
  };
  const times: string[] = [];
  for (let m = 0; m < 24 * 60; m += step)
    times.push(`${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
  return (
    <span
      className="plain-input plain-input--field plain-time"
      data-invalid={invalid || undefined}
      data-disabled={rest.disabled || undefined}
    >
      <input
        id={id}
        value={text}
        list={listId}
        placeholder={TIME_FORMAT}
        inputMode="numeric"
        autoComplete="off"
        aria-invalid={invalid || undefined}
        onChange={(event) => setText(event.target.value)}
        onBlur={() => {
          commit();
          onBlur();
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            commit();
          }
        }}
        {...rest}
      />
      <datalist id={listId}>
        {times.map((time) => (
          <option key={time} value={time} />
        ))}
      </datalist>
    </span>
  );
}

/** A check box with its text beside it (the field's label is its own). */
export function Checkbox({
  id,
  value,
  onChange,
  onBlur,
  invalid,
  children,
  ...rest
}: ControlProps<boolean | undefined> &
  Native<InputHTMLAttributes<HTMLInputElement>> & { children?: ReactNode }) {
  return (
    <span className="plain-check">
      <input
        type="checkbox"
        id={id}
        checked={value ?? false}
        aria-invalid={invalid || undefined}
        onChange={(event) => onChange(event.target.checked)}
        onBlur={onBlur}
        {...rest}
      />
      {children}
    </span>
  );
}

/**
 * Several choices ticked among a few (the modules handed over): a group of
 * check boxes named by the field's label (use Field's `group`), the value the
 * ticked ones in the options' order.
 */
export function CheckboxGroup<V extends string | number>({
  id,
  value,
  onChange,
  onBlur,
  invalid,
  options,
  disabled,
  'aria-labelledby': labelledBy,
  'aria-describedby': describedBy,
}: ControlProps<readonly V[] | undefined | null> & {
  options: readonly { value: V; label: string }[];
  disabled?: boolean;
}) {
  const ticked = value ?? [];
  return (
    <fieldset
      className="plain-check-group"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
    >
      {options.map((o, i) => (
        <label key={o.value} className="plain-check">
          <input
            type="checkbox"
            className="plain-checkbox"
            // The first box carries the field's id (the form focuses it when wrong).
            id={i === 0 ? id : undefined}
            value={String(o.value)}
            checked={ticked.includes(o.value)}
            disabled={disabled}
            onChange={(event) => {
              const on = event.target.checked;
              onChange(options.map((x) => x.value).filter((v) => (v === o.value ? on : ticked.includes(v))));
            }}
            onBlur={onBlur}
          />
          <span>{o.label}</span>
        </label>
      ))}
    </fieldset>
  );
}
