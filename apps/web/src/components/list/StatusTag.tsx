import type { Status } from '@hr/contracts/lists';
import { Tag } from 'antd';

/** A status as a coloured badge; names come from the server (SPEC.md §4). */
export function StatusTag({ status }: { status: Status }) {
  return (
    <Tag color={status.color} style={{ marginInlineEnd: 0 }}>
      {status.name}
    </Tag>
  );
}
