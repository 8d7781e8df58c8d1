import type { ReactNode } from 'react';
import './plain.css';

/** A record's facts as label and value pairs, in as many columns as the width allows. */
export function Descriptions({ items }: { items: { key: string; label: ReactNode; children: ReactNode }[] }) {
  return (
    <dl className="plain-descriptions">
      {items.map((item) => (
        <div key={item.key} className="plain-descriptions__item">
          <dt>{item.label}</dt>
          <dd>{item.children}</dd>
        </div>
      ))}
    </dl>
  );
}
