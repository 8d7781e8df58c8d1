import type { EprDetail, SectionALine } from '@hr/contracts/epr';
import { NOTICES } from '@hr/contracts/messages';
import { Button, Card, Flex, InputNumber, Statistic, Tag, Typography } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/list/DataTable';
import type { Column } from '../../../components/plain/Table';
import { formatDecimal } from '../../../lib/format';
import { reportError, toastSuccess } from '../../../lib/notify';
import { KpiTarget } from '../../kpi';
import { useEprChange } from '../api';
import { EvidenceCell } from './Evidence';
import { RatingForm } from './RatingForm';
import { SaveBar } from './SaveBar';

/** Marks and weights always with two decimals, in the reader's number format. */
export const two = (n: number | null | undefined) => formatDecimal(n, 2);

/** The band of a Section A total (0 to 100): the rating labels of SPEC.md §2. */
export function markLevel(mark: number): 'low' | 'medium' | 'good' | 'excellent' {
  if (mark >= 90) return 'excellent';
  if (mark >= 70) return 'good';
  if (mark >= 50) return 'medium';
  return 'low';
}
const LEVEL_COLOR = { low: 'error', medium: 'warning', good: 'processing', excellent: 'success' } as const;

export function MarkLevel({ mark }: { mark: number }) {
  const { t } = useTranslation();
  const level = markLevel(mark);
  return <Tag color={LEVEL_COLOR[level]}>{t(`epr.markLevels.${level}`)}</Tag>;
}

/** Actual values typed but not saved yet, by line id and side. */
export type Drafts = Record<string, number | null>;
export const draftKey = (lineId: number, side: 'self' | 'lm') => `${side}:${lineId}`;

/**
 * Section A (KPI): the sheet's KPIs by objective with the actual values, the
 * achievement and the marks of both sides, the totals, and the section's
 * ratings. Actuals are typed in the table and saved together.
 */
export function SectionA({
  review,
  drafts,
  setDrafts,
}: {
  review: EprDetail;
  drafts: Drafts;
  setDrafts: (next: Drafts) => void;
}) {
  const { t } = useTranslation();
  const save = useEprChange();
  const a = review.section_a;
  const self = review.editable.self;
  const lm = review.editable.line_manager;
  const dirty = Object.keys(drafts).length > 0;
  const side = self ? 'self' : lm ? 'line_manager' : null;
  const lmShown = review.line_manager_shown;
  const saveButton = useRef<HTMLButtonElement>(null);

  const shownActual = (line: SectionALine, side: 'self' | 'lm') => {
    const key = draftKey(line.id, side);
    return key in drafts ? drafts[key] : side === 'self' ? line.actual : line.lm_actual;
  };
  const edit = (line: SectionALine, side: 'self' | 'lm', value: number | null) => {
    const saved = side === 'self' ? line.actual : line.lm_actual;
    const next = { ...drafts };
    if (value === saved) delete next[draftKey(line.id, side)];
    else next[draftKey(line.id, side)] = value;
    setDrafts(next);
  };
  const saveActuals = () => {
    if (!dirty) return;
    const side = self ? 'self' : 'lm';
    const body = Object.entries(drafts).map(([key, value]) => {
      const id = Number(key.split(':')[1]);
      return side === 'self' ? { objective_id: id, actual: value } : { objective_id: id, lm_actual: value };
    });
    save.mutate(
      { kind: 'lines', id: review.id, body },
      {
        onSuccess: () => {
          setDrafts({});
          toastSuccess(t('notices.sectionAUpdated', { defaultValue: NOTICES.sectionAUpdated }));
          saveButton.current?.focus();
        },
        onError: reportError,
      },
    );
  };

  const actualCell = (line: SectionALine, side: 'self' | 'lm', editable: boolean) => {
    const value = shownActual(line, side);
    if (!editable) return value === null || value === undefined ? '—' : value;
    const label =
      side === 'self'
        ? t('epr.a.actualOf', { name: line.objective_kpi.name })
        : t('epr.a.lmActualOf', { name: line.objective_kpi.name });
    return (
      <InputNumber<number>
        min={0}
        value={value ?? null}
        onChange={(v) => edit(line, side, v ?? null)}
        aria-label={label}
        className={draftKey(line.id, side) in drafts ? 'epr-unsaved' : undefined}
        style={{ width: 110 }}
      />
    );
  };

  // The line manager's columns, once the server shows that side to the reader.
  const lmColumns: Column<SectionALine>[] = [
    { title: t('epr.a.lmActual'), key: 'lm_actual', render: (_, l) => actualCell(l, 'lm', lm) },
    {
      title: t('epr.a.lmAchievement'),
      key: 'lm_achievement',
      render: (_, l) => two(l.lm_achievement),
    },
    { title: t('epr.a.lmMark'), key: 'lm_mark', render: (_, l) => two(l.lm_mark) },
  ];

  return (
    <>
      <Flex gap={16} wrap style={{ marginBottom: 16 }}>
        <Card size="small" className="epr-total">
          <Statistic title={t('epr.a.totalMark')} value={two(a.total_mark)} />
          <MarkLevel mark={a.total_mark} />
        </Card>
        {lmShown && a.total_lm_mark !== null ? (
          <Card size="small" className="epr-total">
            <Statistic title={t('epr.a.totalLmMark')} value={two(a.total_lm_mark)} />
            <MarkLevel mark={a.total_lm_mark} />
          </Card>
        ) : null}
        <Typography.Text type="secondary" style={{ alignSelf: 'center' }}>
          {t('epr.a.capNote', { cap: a.cap })}
        </Typography.Text>
      </Flex>
      {a.objectives.map((o) => {
        const total = a.total_objective[String(o.id)];
        return (
          <Card
            key={o.id}
            className="epr-objective"
            size="small"
            style={{ marginBottom: 16 }}
            role="region"
            aria-label={o.name}
            title={
              <Flex gap={8} align="center" wrap>
                <span>{o.name}</span>
                <Tag>{t('epr.a.weight', { weight: two(o.weight) })}</Tag>
                <Typography.Text type="secondary">{o.perspective.name}</Typography.Text>
              </Flex>
            }
            extra={
              <span className="epr-objective-marks">
                {lmShown
                  ? t('epr.a.objectiveMark', { mark: two(total?.mark), lm: two(total?.lm_mark) })
                  : t('epr.a.objectiveMarkSelf', { mark: two(total?.mark) })}
              </span>
            }
          >
            <DataTable<SectionALine>
              label={t('epr.a.linesOf', { name: o.name })}
              rowKey="id"
              size="small"
              dataSource={o.lines}
              columns={[
                { title: t('epr.a.kpi'), key: 'name', render: (_, l) => l.objective_kpi.name },
                {
                  title: t('epr.a.weightColumn'),
                  key: 'weight',
                  render: (_, l) => two(l.objective_kpi.weight),
                },
                {
                  title: t('epr.a.target'),
                  key: 'target',
                  render: (_, l) => (
                    <KpiTarget
                      target={l.objective_kpi.target}
                      unit={l.objective_kpi.target_unit.name}
                      direction={l.objective_kpi.direction}
                    />
                  ),
                },
                { title: t('epr.a.time'), key: 'time', render: (_, l) => l.objective_kpi.time },
                { title: t('epr.a.actual'), key: 'actual', render: (_, l) => actualCell(l, 'self', self) },
                { title: t('epr.a.achievement'), key: 'achievement', render: (_, l) => two(l.achievement) },
                { title: t('epr.a.mark'), key: 'mark', render: (_, l) => two(l.mark) },
                ...(lmShown ? lmColumns : []),
                {
                  title: t('epr.evidence.column'),
                  key: 'evidence',
                  render: (_, l) => <EvidenceCell line={l} side={side} />,
                },
              ]}
            />
          </Card>
        );
      })}
      {side ? (
        <SaveBar dirty={dirty} unsaved={t('epr.a.unsaved')} saved={t('epr.a.allSaved')}>
          <Button
            ref={saveButton}
            type={dirty ? 'primary' : 'default'}
            loading={save.isPending}
            aria-disabled={!dirty}
            onClick={saveActuals}
          >
            {t('epr.a.saveActuals')}
          </Button>
        </SaveBar>
      ) : null}
      <Card size="small" title={t('epr.a.ratingTitle')} role="region" aria-label={t('epr.a.ratingTitle')}>
        <Flex gap={24} wrap>
          {(lmShown ? (['self', 'lm'] as const) : (['self'] as const)).map((who) => (
            <div key={who} style={{ flex: 1, minWidth: 260 }}>
              <RatingForm
                idPrefix={`a-${who}`}
                label={who === 'self' ? t('epr.selfRating') : t('epr.lmRating')}
                side={who}
                rating={who === 'self' ? a.rating : a.lm_rating}
                comment={who === 'self' ? a.comment : a.lm_comment}
                editable={who === 'self' ? self : lm}
                change={(body) => ({ kind: 'rating', id: review.id, section: 'a', body })}
              />
            </div>
          ))}
        </Flex>
      </Card>
    </>
  );
}
