import InboxOutlined from '@ant-design/icons-svg/es/asn/InboxOutlined';
import type { ReactNode } from 'react';
import { PlainIcon } from './PlainIcon';

/**
 * Building blocks drawn without Ant Design, in its look (sizes, radii,
 * colours from the theme's CSS variables, dark included): the shell and the
 * dashboard, the first pages after signing in, load none of Ant Design.
 * They serve inside Ant Design's pages just as well.
 */

/** A card: a titled region with an optional action at the end of its title line. */
export function PlainCard({
  title,
  extra,
  loading = false,
  region = false,
  children,
}: {
  /** null: a card without a title line (a list's table). */
  title: ReactNode;
  extra?: ReactNode;
  /** Draws a few grey lines in place of the content while it is on its way. */
  loading?: boolean;
  /** A landmark named by its title (`role="region"`), so it can be found and skipped to. */
  region?: boolean;
  children?: ReactNode;
}) {
  const label = typeof title === 'string' ? title : undefined;
  return (
    <section className="plain-card" aria-label={region ? label : undefined}>
      {title !== null || extra ? (
        <div className="plain-card__head">
          <div className="plain-card__title">{title}</div>
          {extra ? <div className="plain-card__extra">{extra}</div> : null}
        </div>
      ) : null}
      <div className="plain-card__body">{loading ? <PlainSkeleton /> : children}</div>
    </section>
  );
}

/** Grey lines where content will be, pulsing unless the system asks for less motion. */
export function PlainSkeleton({ lines = 3 }: { lines?: number }) {
  return (
    <div className="plain-skeleton" aria-hidden="true">
      {Array.from({ length: lines }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the lines are all alike
        <div key={i} className="plain-skeleton__line" />
      ))}
    </div>
  );
}

/** A figure with its title above and an icon before it. */
export function PlainStatistic({
  title,
  value,
  prefix,
  loading = false,
}: {
  title: ReactNode;
  value: ReactNode;
  prefix?: ReactNode;
  loading?: boolean;
}) {
  return (
    <div className="plain-statistic">
      <div className="plain-statistic__title">{title}</div>
      {loading ? (
        <div className="plain-skeleton__line plain-statistic__loading" aria-hidden="true" />
      ) : (
        <div className="plain-statistic__value">
          {prefix ? <span className="plain-statistic__prefix">{prefix}</span> : null}
          <span>{value}</span>
        </div>
      )}
    </div>
  );
}

/** Nothing to show: an empty tray, what is missing in words and what to do about it. */
export function PlainEmpty({ description, children }: { description: ReactNode; children?: ReactNode }) {
  return (
    <div className="plain-empty">
      <div className="plain-empty__image">
        <PlainIcon icon={InboxOutlined} />
      </div>
      <div className="plain-empty__description">{description}</div>
      {children ? <div className="plain-empty__footer">{children}</div> : null}
    </div>
  );
}

/** A small count beside a title. */
export function PlainCount({ children }: { children: ReactNode }) {
  return <span className="plain-tag plain-tag--default">{children}</span>;
}
