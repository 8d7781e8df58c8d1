import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DAY_MONTH_FORMAT } from '../../lib/dates';
import '../plain/plain.css';

const DM = /^(\d{1,2})[-/.](\d{1,2})$/;
/** The days of each month, 29 February included (a birthday). */
const DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** A typed day of the year (DD-MM, or with / or .) as MM-DD; null when it is no day. */
export function parseDayMonth(text: string): string | null {
  const m = DM.exec(text.trim());
  if (!m) return null;
  const day = Number(m[1]);
  const month = Number(m[2]);
  if (month < 1 || month > 12 || day < 1 || day > DAYS[month - 1]!) return null;
  return `${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const shown = (md: string | undefined) => (md ? `${md.slice(3)}-${md.slice(0, 2)}` : '');

/**
 * A day of the year without its year (a birthday), shown and typed as DD-MM
 * and picked from the system's calendar through the button beside it, whose
 * year is left out. The value is MM-DD; a typed day is taken on Enter or
 * when the field is left, and one that is no day is put back.
 */
export function DayMonthField({
  value,
  onChange,
  placeholder,
  ...aria
}: {
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  placeholder?: string;
  'aria-label'?: string;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(shown(value));
  const picker = useRef<HTMLInputElement>(null);
  useEffect(() => setText(shown(value)), [value]);

  const commit = () => {
    if (text.trim() === '') {
      if (value) onChange(undefined);
      return;
    }
    const md = parseDayMonth(text);
    if (md) {
      if (md !== value) onChange(md);
      setText(shown(md));
    } else setText(shown(value));
  };

  return (
    <span className="plain-input plain-date plain-date--day-month">
      <input
        value={text}
        placeholder={placeholder ?? DAY_MONTH_FORMAT}
        inputMode="numeric"
        autoComplete="off"
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
        type="date"
        className="plain-date__picker"
        tabIndex={-1}
        aria-hidden="true"
        value={value ? `${new Date().getFullYear()}-${value}` : ''}
        onChange={(event) => {
          const picked = event.target.value;
          if (picked) onChange(picked.slice(5));
        }}
      />
    </span>
  );
}
