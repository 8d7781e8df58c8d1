import type { ReactNode } from 'react';

/** A page's title line, with actions at the end. Drawn without Ant Design (the dashboard has one). */
export function PageHeader({
  title,
  subtitle,
  extra,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  extra?: ReactNode;
}) {
  return (
    <div className="page-header">
      <div>
        <h3 className="page-header__title">{title}</h3>
        {subtitle ? <span className="plain-secondary">{subtitle}</span> : null}
      </div>
      {extra ? <div className="page-header__extra">{extra}</div> : null}
    </div>
  );
}
