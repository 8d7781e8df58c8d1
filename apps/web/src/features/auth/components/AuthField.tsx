import EyeInvisibleOutlined from '@ant-design/icons-svg/es/asn/EyeInvisibleOutlined';
import EyeOutlined from '@ant-design/icons-svg/es/asn/EyeOutlined';
import LockOutlined from '@ant-design/icons-svg/es/asn/LockOutlined';
import type { IconDefinition } from '@ant-design/icons-svg/lib/types';
import { type InputHTMLAttributes, type ReactNode, type Ref, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainIcon } from '../../../components/PlainIcon';

/**
 * A field of the sign-in and recovery forms, drawn with plain elements (these
 * pages load no Ant Design): its label, its input and, under it, what is wrong
 * with it, announced as it appears.
 */
export function AuthField({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className="plain-field">
      <label className="plain-field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {error ? (
        <div className="plain-field__error" id={`${id}-error`} role="alert">
          {error}
        </div>
      ) : null}
    </div>
  );
}

export type AuthInputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'value' | 'onChange' | 'aria-invalid' | 'aria-describedby'
> & {
  /** The input's id, which its `AuthField` names too. */
  id: string;
  value: string;
  onValue: (value: string) => void;
  /** What is wrong with the field (shown by its `AuthField`): the input is marked and described by it. */
  error?: string;
  /** A picture before the text (the user, the lock). */
  icon?: IconDefinition;
  /** A button at the end of the input (show the password). */
  action?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
};

/** The input of an `AuthField`: required, and tied to the message under it when it is wrong. */
export function AuthInput({ id, value, onValue, error, icon, action, inputRef, ...input }: AuthInputProps) {
  return (
    <span className="plain-input" data-invalid={error ? '' : undefined}>
      {icon ? <PlainIcon icon={icon} /> : null}
      <input
        type="text"
        {...input}
        id={id}
        ref={inputRef}
        aria-required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        value={value}
        onChange={(event) => onValue(event.target.value)}
      />
      {action}
    </span>
  );
}

/** A password's input with the lock before it and a button that shows or hides what was typed. */
export function PasswordInput(props: Omit<AuthInputProps, 'type' | 'icon' | 'action'>) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <AuthInput
      {...props}
      type={shown ? 'text' : 'password'}
      icon={LockOutlined}
      action={
        <button
          type="button"
          className="plain-input__action"
          aria-label={shown ? t('signin.hidePassword') : t('signin.showPassword')}
          aria-pressed={shown}
          onClick={() => setShown((was) => !was)}
        >
          <PlainIcon icon={shown ? EyeOutlined : EyeInvisibleOutlined} />
        </button>
      }
    />
  );
}
