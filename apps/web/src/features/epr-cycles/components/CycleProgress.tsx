import type { EprCycleProgress } from '@hr/contracts/epr-cycles';
import { Flex, Progress, Tooltip, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { statusName } from '../../../lib/server-errors';

type Token = ReturnType<typeof theme.useToken>['token'];

/** A status colour of the server (an Ant Design tag colour) as a colour to paint with. */
export function statusPaint(token: Token, color: string): string {
  const named: Record<string, string> = {
    success: token.colorSuccess,
    processing: token.colorPrimary,
    warning: token.colorWarning,
    error: token.colorError,
    // Darker than the progress bar's empty track, so a draft segment never reads as nothing.
    default: token.colorTextTertiary,
  };
  const palette = token as unknown as Record<string, unknown>;
  const preset = palette[color];
  return named[color] ?? (typeof preset === 'string' ? preset : token.colorTextQuaternary);
}

/**
 * A cycle's progress: completed of all reviews as a bar with its numbers,
 * and the reviews by status as a segmented bar whose parts are also named in
 * words beside it (never by colour alone).
 */
export function CycleProgress({
  progress,
  label,
  compact = false,
}: {
  progress: EprCycleProgress;
  /** The cycle's name, for the progress bar's accessible name. */
  label: string;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { total, completed } = progress;
  const percent = total === 0 ? 0 : Math.round((completed / total) * 100);
  const parts = progress.by_status
    .filter((s) => s.count > 0)
    .map((s) => ({ ...s, text: `${statusName('epr', s)}: ${s.count}` }));
  const done = t('eprCycles.progress.completed', { completed, total });
  return (
    // In a table row the legend wraps within the column rather than widening the table.
    <Flex vertical gap={4} style={compact ? { width: 260 } : undefined}>
      <Progress
        percent={percent}
        status={total > 0 && completed === total ? 'success' : 'normal'}
        // Completed reviews in the colour of the Completed segment below.
        strokeColor={token.colorSuccess}
        format={() => <bdi>{`${completed} / ${total}`}</bdi>}
        aria-label={t('eprCycles.progress.label', { name: label })}
        aria-valuetext={done}
        size={compact ? 'small' : 'default'}
      />
      {total > 0 ? (
        // The same counts are written out below: the bar is for the eye only.
        <div className="epr-cycles-bar" style={{ height: compact ? 6 : 10 }} aria-hidden>
          {parts.map((p) => (
            <Tooltip key={p.id} title={p.text}>
              <span
                className="epr-cycles-bar__part"
                style={{ flexGrow: p.count, background: statusPaint(token, p.color) }}
              />
            </Tooltip>
          ))}
        </div>
      ) : null}
      {total === 0 ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('eprCycles.progress.none')}
        </Typography.Text>
      ) : (
        <Flex wrap gap={compact ? 8 : 12} role="list" aria-label={t('eprCycles.progress.byStatus')}>
          {parts.map((p) => (
            <Flex key={p.id} align="center" gap={4} role="listitem" style={{ fontSize: compact ? 12 : 14 }}>
              <span className="epr-cycles-swatch" style={{ background: statusPaint(token, p.color) }} />
              <span>{p.text}</span>
            </Flex>
          ))}
        </Flex>
      )}
    </Flex>
  );
}
