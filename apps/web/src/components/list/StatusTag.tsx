import type { RecordKind } from '@hr/contracts/error-codes';
import type { Status } from '@hr/contracts/lists';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { statusName } from '../../lib/server-errors';

/**
 * A status as a coloured badge: the colour comes from the server (SPEC.md §4),
 * the name is translated by record kind and id (`statuses.<kind>.<id>`), else
 * the server's name.
 */
export function StatusTag({ kind, status }: { kind: RecordKind; status: Status }) {
  useTranslation(); // renders again when the language changes
  return (
    <Tag color={status.color} style={{ marginInlineEnd: 0 }}>
      {statusName(kind, status)}
    </Tag>
  );
}
