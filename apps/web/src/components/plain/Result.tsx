import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import ExclamationCircleFilled from '@ant-design/icons-svg/es/asn/ExclamationCircleFilled';
import FileSearchOutlined from '@ant-design/icons-svg/es/asn/FileSearchOutlined';
import StopOutlined from '@ant-design/icons-svg/es/asn/StopOutlined';
import type { ReactNode } from 'react';
import { PlainIcon } from '../PlainIcon';
import './plain.css';

const ICONS = {
  '403': StopOutlined,
  '404': FileSearchOutlined,
  error: CloseCircleFilled,
  warning: ExclamationCircleFilled,
};

/** What a page says instead of its content: not found, not allowed, failed; and what one can do next. */
export function Result({
  status,
  title,
  subTitle,
  extra,
}: {
  status: keyof typeof ICONS;
  title: ReactNode;
  subTitle?: ReactNode;
  extra?: ReactNode;
}) {
  return (
    <div className={`plain-result plain-result--${status}`}>
      <div className="plain-result__icon">
        <PlainIcon icon={ICONS[status]} />
      </div>
      <div className="plain-result__title">{title}</div>
      {subTitle ? <div className="plain-result__subtitle">{subTitle}</div> : null}
      {extra ? <div className="plain-result__extra">{extra}</div> : null}
    </div>
  );
}
