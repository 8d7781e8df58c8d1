import type { ReactNode } from 'react';
import { Link } from 'react-router';
import './plain.css';

/**
 * A link to a page of the app drawn as a button (the leave list's calendar):
 * a link to screen readers and the browser, so a plain click stays in the
 * app and a middle or modified click opens a tab, as links do.
 */
export function LinkButton({
  to,
  icon,
  children,
  variant = 'default',
  size = 'middle',
  className,
}: {
  to: string;
  icon?: ReactNode;
  children?: ReactNode;
  variant?: 'default' | 'primary' | 'text';
  size?: 'small' | 'middle' | 'large';
  className?: string;
}) {
  const classes = [
    'plain-button',
    `plain-button--${variant}`,
    size !== 'middle' ? `plain-button--${size}` : '',
    !children && icon ? 'plain-button--icon' : '',
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <Link to={to} className={classes}>
      {icon}
      {children}
    </Link>
  );
}
