import type { RecordKind } from '@hr/contracts/error-codes';
import type { Decision, Status } from '@hr/contracts/lists';
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

/**
 * Who took a request's latest decision, under its status: "by B on behalf of
 * A" when B decided for someone else (a delegation, an escalation), or with
 * `always` (a page that names the decider nowhere else) "by B"; and the
 * decider's comment where `comment` asks for it (a request's own page).
 */
export function DecisionNote({
  decision,
  always = false,
  comment = false,
}: {
  decision: Decision | undefined;
  always?: boolean;
  comment?: boolean;
}) {
  const { t } = useTranslation();
  if (!decision) return null;
  const who = decision.on_behalf_of
    ? t('lists.decidedFor', { by: decision.by, for: decision.on_behalf_of })
    : always
      ? t('lists.decidedBy', { by: decision.by })
      : null;
  const words = comment ? decision.comment : null;
  if (!who && !words) return null;
  return (
    <div className="decision-note">
      {who}
      {words ? <q className="decision-note__comment">{words}</q> : null}
    </div>
  );
}
