import CheckCircleFilled from '@ant-design/icons-svg/es/asn/CheckCircleFilled';
import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import ExclamationCircleFilled from '@ant-design/icons-svg/es/asn/ExclamationCircleFilled';
import InfoCircleFilled from '@ant-design/icons-svg/es/asn/InfoCircleFilled';
import type { ReactNode } from 'react';
import { PlainIcon } from './PlainIcon';

const ICONS = {
  success: CheckCircleFilled,
  info: InfoCircleFilled,
  warning: ExclamationCircleFilled,
  error: CloseCircleFilled,
};

/**
 * A notice in a coloured box with its icon, drawn like Ant Design's Alert
 * without it (the sign-in page and the offline notice load none of Ant
 * Design). The icon repeats what the words say: colour is never the only signal.
 */
export function PlainAlert({
  type,
  role,
  title,
  description,
  className,
}: {
  type: keyof typeof ICONS;
  role: 'alert' | 'status';
  title: ReactNode;
  description?: ReactNode;
  className?: string;
}) {
  return (
    <div role={role} className={`plain-alert plain-alert--${type}${className ? ` ${className}` : ''}`}>
      <span className="plain-alert__icon">
        <PlainIcon icon={ICONS[type]} />
      </span>
      <div>
        <div className="plain-alert__title">{title}</div>
        {description ? <div className="plain-alert__text">{description}</div> : null}
      </div>
    </div>
  );
}
