import { isCalendarDate } from '@hr/contracts/dates';
import { DATE_FORMAT, DATE_TIME_FORMAT } from '@hr/contracts/limits';
import dayjs from 'dayjs';
import { type CSSProperties, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './plain.css';

const DMY = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/;

/** A typed day (DD-MM-YYYY, or with / or .) as the API's YYYY-MM-DD; null when it is no day. */
export function parseDay(text: string): string | null {
  const m = DMY.exec(text.trim());
  if (!m) return null;
  const iso = `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}`;
  return isCalendarDate(iso) ? iso : null;
}

const DMY_HM = /^(.+?)\s+(\d{1,2}):(\d{2})$/;

/** A typed day and time (DD-MM-YYYY HH:mm) as YYYY-MM-DD HH:mm; null when it is none. */
export function parseDayTime(text: string): string | null {
  const m = DMY_HM.exec(text.trim());
  if (!m) return null;
  const day = parseDay(m[1]!);
  const hours = Number(m[2]);
  const minutes = Number(m[3]);
  if (!day || hours > 23 || minutes > 59) return null;
  return `${day} ${String(hours).padStart(2, '0')}:${m[3]}`;
}

const shown = (iso: string | undefined | null, withTime = false) =>
  iso ? dayjs(iso).format(withTime ? DATE_TIME_FORMAT : DATE_FORMAT) : '';

/**
 * A day, shown and typed as DD-MM-YYYY (SPEC.md §9) and picked from the
 * system's calendar through the button beside it (a phone's own date
 * wheel). The value is the API's YYYY-MM-DD (with `withTime`, a day and a
 * time: DD-MM-YYYY HH:mm shown, YYYY-MM-DD HH:mm the value, times every
 * `minuteStep` minutes in the calendar); a typed day is taken on Enter
 * or when the field is left, and one that is no day is put back.
 */
export function DateField({
  value,
  onChange,
  placeholder,
  disabled,
  min,
  max,
  withTime = false,
  minuteStep = 15,
  id,
  invalid = false,
  style,
  className,
  ...aria
}: {
  value: string | undefined | null;
  // A method: a form field of string (never emptied) takes it too.
  onChange(value: string | undefined): void;
  placeholder?: string;
  disabled?: boolean;
  /** The first and last days that may be chosen (YYYY-MM-DD). */
  min?: string;
  max?: string;
  withTime?: boolean;
  minuteStep?: number;
  id?: string;
  invalid?: boolean;
  style?: CSSProperties;
  className?: string;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(shown(value, withTime));
  const picker = useRef<HTMLInputElement>(null);
  useEffect(() => setText(shown(value, withTime)), [value, withTime]);

  const commit = () => {
    if (text.trim() === '') {
      if (value) onChange(undefined);
      return;
    }
    const day = withTime ? parseDayTime(text) : parseDay(text);
    if (day && (!min || day >= min) && (!max || day <= max)) {
      if (day !== value) onChange(day);
      setText(shown(day, withTime));
    } else setText(shown(value, withTime));
  };

  return (
    <span
      className={`plain-input plain-date${className ? ` ${className}` : ''}`}
      style={style}
      data-invalid={invalid || undefined}
      data-disabled={disabled || undefined}
    >
      <input
        id={id}
        value={text}
        placeholder={placeholder ?? (withTime ? DATE_TIME_FORMAT : DATE_FORMAT)}
        disabled={disabled}
        inputMode="numeric"
        autoComplete="off"
        aria-invalid={invalid || undefined}
        onChange={(event) => setText(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            commit();
          }
        }}
        {...aria}
      />
      <button
        type="button"
        className="plain-input__action"
        aria-label={t('lists.chooseDate')}
        disabled={disabled}
        onClick={() => {
          const input = picker.current;
          if (!input) return;
          try {
            input.showPicker();
          } catch {
            input.focus();
          }
        }}
      >
        <svg viewBox="64 64 896 896" width="1em" height="1em" fill="currentColor" aria-hidden="true">
          <path d="M880 184H712v-64c0-4.4-3.6-8-8-8h-56c-4.4 0-8 3.6-8 8v64H384v-64c0-4.4-3.6-8-8-8h-56c-4.4 0-8 3.6-8 8v64H144c-17.7 0-32 14.3-32 32v664c0 17.7 14.3 32 32 32h736c17.7 0 32-14.3 32-32V216c0-17.7-14.3-32-32-32zm-40 656H184V460h656v380zM184 392V256h128v48c0 4.4 3.6 8 8 8h56c4.4 0 8-3.6 8-8v-48h256v48c0 4.4 3.6 8 8 8h56c4.4 0 8-3.6 8-8v-48h128v136H184z" />
        </svg>
      </button>
      <input
        ref={picker}
        type={withTime ? 'datetime-local' : 'date'}
        step={withTime ? minuteStep * 60 : undefined}
        className="plain-date__picker"
        tabIndex={-1}
        aria-hidden="true"
        value={value ? value.replace(' ', 'T') : ''}
        min={min?.replace(' ', 'T')}
        max={max?.replace(' ', 'T')}
        onChange={(event) => onChange(event.target.value ? event.target.value.replace('T', ' ') : undefined)}
      />
    </span>
  );
}

/** A range of days with the presets Today and This Month (SPEC.md §2): `YYYY-MM-DD,YYYY-MM-DD`. */
export function DateRangeField({
  value,
  onChange,
  placeholder,
  disabledFuture = false,
}: {
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  placeholder: [string, string];
  disabledFuture?: boolean;
}) {
  const { t } = useTranslation();
  const [from = '', to = ''] = value ? value.split(',') : [];
  const set = (a: string | undefined, b: string | undefined) =>
    onChange(a || b ? `${a ?? ''},${b ?? ''}` : undefined);
  const today = dayjs().format('YYYY-MM-DD');
  const max = disabledFuture ? today : undefined;
  return (
    <fieldset className="plain-range" aria-label={`${placeholder[0]} – ${placeholder[1]}`}>
      <DateField
        value={from || undefined}
        onChange={(d) => set(d, to || undefined)}
        placeholder={placeholder[0]}
        aria-label={placeholder[0]}
        max={to || max}
      />
      <span aria-hidden="true">→</span>
      <DateField
        value={to || undefined}
        onChange={(d) => set(from || undefined, d)}
        placeholder={placeholder[1]}
        aria-label={placeholder[1]}
        min={from || undefined}
        max={max}
      />
      <button type="button" className="plain-link-button" onClick={() => set(today, today)}>
        {t('common.today')}
      </button>
      <button
        type="button"
        className="plain-link-button"
        onClick={() =>
          set(dayjs().startOf('month').format('YYYY-MM-DD'), dayjs().endOf('month').format('YYYY-MM-DD'))
        }
      >
        {t('common.thisMonth')}
      </button>
    </fieldset>
  );
}
