import { type ButtonHTMLAttributes, forwardRef, type ReactNode } from 'react';
import './plain.css';

export interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  /** primary: the page's main action; danger: a destructive one; text and link: no frame. */
  variant?: 'default' | 'primary' | 'danger' | 'text' | 'link';
  size?: 'small' | 'middle' | 'large';
  icon?: ReactNode;
  /** Busy: a spinner in place of the icon, and not pressed again. */
  loading?: boolean;
  /** A round button holding only its icon (named by `aria-label`). */
  circle?: boolean;
  block?: boolean;
  htmlType?: 'button' | 'submit' | 'reset';
}

/** The portal's button: the one drawn everywhere (SPEC's actions, the toolbars, dialogs). */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  {
    variant = 'default',
    size = 'middle',
    icon,
    loading = false,
    circle = false,
    block = false,
    htmlType = 'button',
    className,
    children,
    disabled,
    ...rest
  },
  ref,
) {
  const classes = [
    'plain-button',
    `plain-button--${variant}`,
    size !== 'middle' ? `plain-button--${size}` : '',
    circle ? 'plain-button--circle' : '',
    !children && icon ? 'plain-button--icon' : '',
    block ? 'plain-button--block' : '',
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <button
      ref={ref}
      type={htmlType}
      className={classes}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <span className="plain-spinner plain-spinner--small" aria-hidden="true" /> : icon}
      {children}
    </button>
  );
});
