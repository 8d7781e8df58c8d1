import SearchOutlined from '@ant-design/icons-svg/es/asn/SearchOutlined';
import { type CSSProperties, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainIcon } from '../PlainIcon';
import './plain.css';

/**
 * A text to search by, with the magnifier before it; `allowClear` adds a
 * button that empties it while it holds some text (a form with a Clear
 * button of its own does without).
 */
export function SearchInput({
  value,
  onChange,
  placeholder,
  allowClear = false,
  maxLength,
  id,
  className,
  style,
  ...aria
}: {
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  allowClear?: boolean;
  maxLength?: number;
  id?: string;
  className?: string;
  style?: CSSProperties;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  'aria-describedby'?: string;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  return (
    <span className={`plain-input plain-search${className ? ` ${className}` : ''}`} style={style}>
      <span className="plain-search__icon">
        <PlainIcon icon={SearchOutlined} />
      </span>
      <input
        ref={input}
        id={id}
        type="text"
        value={value}
        placeholder={placeholder}
        maxLength={maxLength}
        autoComplete="off"
        onChange={(event) => onChange(event.target.value)}
        {...aria}
      />
      {allowClear && value ? (
        <button
          type="button"
          className="plain-input__action"
          aria-label={t('common.clear')}
          onClick={() => {
            onChange('');
            input.current?.focus();
          }}
        >
          <span aria-hidden="true">×</span>
        </button>
      ) : null}
    </span>
  );
}
