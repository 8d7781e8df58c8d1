import type { RecordKind } from '@hr/contracts/error-codes';
import type { Status } from '@hr/contracts/lists';
import { useTranslation } from 'react-i18next';
import { statusName } from '../../lib/server-errors';

/** The colours a status may name (SPEC.md §4: Ant Design's tag presets); any other is drawn as `default`. */
const PRESETS = new Set([
  'default',
  'processing',
  'success',
  'error',
  'warning',
  'magenta',
  'red',
  'volcano',
  'orange',
  'gold',
  'yellow',
  'lime',
  'green',
  'cyan',
  'blue',
  'geekblue',
  'purple',
]);

/**
 * A status as a coloured badge: the colour comes from the server (SPEC.md §4),
 * the name is translated by record kind and id (`statuses.<kind>.<id>`), else
 * the server's name. Drawn without Ant Design (the dashboard shows one), in
 * the colours of its tags, darkened where they fall short of AA contrast
 * (styles.css, "Status badges"); the name always says what the colour does.
 */
export function StatusTag({ kind, status }: { kind: RecordKind; status: Status }) {
  useTranslation(); // renders again when the language changes
  const color = PRESETS.has(status.color) ? status.color : 'default';
  return <span className={`plain-tag plain-tag--${color}`}>{statusName(kind, status)}</span>;
}
