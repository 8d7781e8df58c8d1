import type { ReactNode } from 'react';
import './plain.css';

/** A count in a small bubble at the corner of what it counts (a chat's messages); none at zero. */
export function Badge({ count, children }: { count: number; children: ReactNode }) {
  return (
    <span className="plain-badge">
      {children}
      {count > 0 ? <sup className="plain-badge__count">{count > 99 ? '99+' : count}</sup> : null}
    </span>
  );
}
