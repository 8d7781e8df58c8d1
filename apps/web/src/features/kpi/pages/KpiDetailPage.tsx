import ArrowLeftOutlined from '@ant-design/icons-svg/es/asn/ArrowLeftOutlined';
import DeleteOutlined from '@ant-design/icons-svg/es/asn/DeleteOutlined';
import EditOutlined from '@ant-design/icons-svg/es/asn/EditOutlined';
import MessageOutlined from '@ant-design/icons-svg/es/asn/MessageOutlined';
import PlusOutlined from '@ant-design/icons-svg/es/asn/PlusOutlined';
import type { KpiSheet, Objective, ObjectiveKpi } from '@hr/contracts/kpi';
import { KPI_ITEM_STATUS, KPI_WEIGHT_TOTAL } from '@hr/contracts/kpi-rules';
import { NOTICES } from '@hr/contracts/messages';
import { type ReviewAction, transitionsOf } from '@hr/contracts/workflow';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { lazyInFrame } from '../../../components/frame/load';
import { lazyWhenShown } from '../../../components/lazy-part';
import { DataTable } from '../../../components/list/DataTable';
import { PersonCell } from '../../../components/list/PersonCell';
import { DecisionNote, StatusTag } from '../../../components/list/StatusTag';
import { PageHeader } from '../../../components/PageHeader';
import { PlainAlert } from '../../../components/PlainAlert';
import { PlainCard, PlainSkeleton } from '../../../components/PlainBlocks';
import { PlainIcon } from '../../../components/PlainIcon';
import { Badge } from '../../../components/plain/Badge';
import { Button } from '../../../components/plain/Button';
import { Descriptions } from '../../../components/plain/Descriptions';
import { Result } from '../../../components/plain/Result';
import { confirmDelete } from '../../../lib/confirm-delete';
import { formatDate } from '../../../lib/dates';
import { formatDecimal, formatNumber } from '../../../lib/format';
import { ApiError } from '../../../lib/http';
import { confirmDialog, toastSuccess } from '../../../lib/notify';
import { typeName } from '../../../lib/server-errors';
import type { CommentThread } from '../../comments';
import {
  useDeleteObjective,
  useDeleteObjectiveKpi,
  useKpiAction,
  useKpiSheet,
  usePerspectives,
} from '../api';
import type { ObjectiveKpiTarget, ObjectiveTarget } from '../components/ItemForms';
import { kpiKeys } from '../keys';
import '../kpi.css';
import { ForReaders } from '../../../components/ForReaders';
import { KpiTarget } from '../components/KpiTarget';

/** The item forms: each loads when first opened. */
const ObjectiveFormModal = lazyWhenShown(
  () => import('../components/ItemForms').then((m) => m.ObjectiveFormModal),
  (props) => props.target !== null,
);
const ObjectiveKpiFormModal = lazyWhenShown(
  () => import('../components/ItemForms').then((m) => m.ObjectiveKpiFormModal),
  (props) => props.target !== null,
);
/** The chat, drawn with Ant Design: it loads with its frame when first opened. */
const CommentChat = lazyInFrame(
  () => import('../../comments').then((m) => m.CommentChat),
  (props) => props.open,
);

/** Weights and totals always with two decimals, in the reader's number format. */
const two = (n: number) => formatDecimal(n, 2);
const active = (item: { status: { id: number } }) => item.status.id === KPI_ITEM_STATUS.active;
const sum = (items: { weight: number; status: { id: number } }[]) =>
  items.filter(active).reduce((s, i) => s + i.weight, 0);

/** A weight total: green at 100, orange otherwise, so one sees why Submit is refused. */
function Total({ value, label }: { value: number; label: string }) {
  const ok = Math.round(value * 100) === KPI_WEIGHT_TOTAL * 100;
  return <span className={`plain-tag plain-tag--${ok ? 'success' : 'warning'}`}>{label}</span>;
}

/** /kpi/{id}: the sheet with its perspectives, objectives and KPIs (SPEC.md §2 KPI detail). */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().kpiId);
  const sheet = useKpiSheet(id);
  const perspectives = usePerspectives();
  const action = useKpiAction();
  const removeObjective = useDeleteObjective();
  const removeKpi = useDeleteObjectiveKpi();
  const [objectiveTarget, setObjectiveTarget] = useState<ObjectiveTarget | null>(null);
  const [kpiTarget, setKpiTarget] = useState<ObjectiveKpiTarget | null>(null);
  const [chat, setChat] = useState<(CommentThread & { title: string }) | null>(null);

  if (sheet.isPending) return <PlainSkeleton lines={6} />;
  if (sheet.isError || !sheet.data) {
    const status = sheet.error instanceof ApiError ? sheet.error.status : 500;
    return <Result status={status === 403 ? '403' : '404'} title={t('kpi.detail.notFound')} />;
  }
  const s: KpiSheet = sheet.data;

  const act = async (a: ReviewAction) => {
    if (!(await confirmDialog({ title: t(`kpi.confirm.${a}`), okText: t(`kpi.actions.${a}`) }))) return;
    action.mutate(
      { action: a, id: s.id },
      { onSuccess: () => toastSuccess(t('notices.statusUpdated', { defaultValue: NOTICES.statusUpdated })) },
    );
  };

  const deleted = () => toastSuccess(t('notices.dataDeleted', { defaultValue: NOTICES.dataDeleted }));
  const askDeleteObjective = async (o: Objective) => {
    if (await confirmDelete(o.name)) removeObjective.mutate(o.id, { onSuccess: deleted });
  };
  const askDeleteKpi = async (k: ObjectiveKpi) => {
    if (await confirmDelete(k.name)) removeKpi.mutate(k.id, { onSuccess: deleted });
  };

  // Perspectives in their order (the lookup's, then any other an objective names, one section each);
  // while editing every perspective shows, so objectives can be added to any.
  const byPerspective = new Map<
    number,
    { perspective: { id: number; name: string }; objectives: Objective[] }
  >();
  for (const p of perspectives.data ?? []) byPerspective.set(p.id, { perspective: p, objectives: [] });
  for (const o of s.objectives) {
    const section = byPerspective.get(o.perspective.id) ?? { perspective: o.perspective, objectives: [] };
    section.objectives.push(o);
    byPerspective.set(o.perspective.id, section);
  }
  const sections = [...byPerspective.values()].filter((sec) => sec.objectives.length > 0 || s.editable);

  const kpiColumns = (o: Objective) => [
    {
      title: t('kpi.kpiColumns.name'),
      key: 'name',
      render: (_: unknown, k: ObjectiveKpi) => (
        <span className={active(k) ? undefined : 'kpi-removed'}>{k.name}</span>
      ),
    },
    {
      title: t('kpi.kpiColumns.weight'),
      key: 'weight',
      render: (_: unknown, k: ObjectiveKpi) => two(k.weight),
    },
    { title: t('kpi.kpiColumns.time'), dataIndex: 'time' },
    {
      title: t('kpi.kpiColumns.target'),
      key: 'target',
      render: (_: unknown, k: ObjectiveKpi) => (
        <KpiTarget target={k.target} unit={k.target_unit.name} direction={k.direction} />
      ),
    },
    {
      title: t('kpi.kpiColumns.budget'),
      key: 'budget',
      render: (_: unknown, k: ObjectiveKpi) => (k.budget === null ? '—' : formatNumber(k.budget)),
    },
    {
      title: t('kpi.kpiColumns.initiative'),
      key: 'initiative',
      render: (_: unknown, k: ObjectiveKpi) => k.initiative ?? '—',
    },
    {
      title: t('kpi.kpiColumns.status'),
      key: 'status',
      render: (_: unknown, k: ObjectiveKpi) => (
        <span className={`plain-tag plain-tag--${active(k) ? 'default' : 'error'}`}>
          {t(`kpi.itemStatus.${k.status.id === 3 ? '3' : '1'}`)}
        </span>
      ),
    },
    {
      title: t('kpi.kpiColumns.actions'),
      key: 'actions',
      render: (_: unknown, k: ObjectiveKpi) =>
        active(k) ? (
          <span className="plain-row plain-row--tight">
            {s.editable && active(o) ? (
              <>
                <Button
                  size="small"
                  icon={<PlainIcon icon={EditOutlined} />}
                  aria-label={t('kpi.detail.editKpi', { name: k.name })}
                  onClick={() => setKpiTarget({ kpiId: s.id, objectiveId: o.id, item: k })}
                />
                <Button
                  size="small"
                  variant="danger"
                  icon={<PlainIcon icon={DeleteOutlined} />}
                  aria-label={t('kpi.detail.deleteKpi', { name: k.name })}
                  onClick={() => void askDeleteKpi(k)}
                />
              </>
            ) : null}
            {s.commentable ? (
              <Badge count={k.comments}>
                <Button
                  size="small"
                  icon={<PlainIcon icon={MessageOutlined} />}
                  aria-label={t('kpi.detail.chatKpi', { name: k.name })}
                  onClick={() => setChat({ kind: 'kpi_objective_kpi', id: k.id, title: k.name })}
                />
              </Badge>
            ) : null}
          </span>
        ) : null,
    },
  ];

  return (
    <>
      <PageHeader
        title={s.name}
        extra={
          <span className="plain-row">
            <Button icon={<PlainIcon icon={ArrowLeftOutlined} flip />} onClick={() => navigate('/kpi')}>
              {t('kpi.detail.back')}
            </Button>
            {transitionsOf(s.actions).map((a) => (
              <Button
                key={a}
                variant={a === 'update-requested' ? 'default' : 'primary'}
                loading={action.isPending && action.variables?.action === a}
                onClick={() => void act(a)}
              >
                {t(`kpi.actions.${a}`)}
              </Button>
            ))}
          </span>
        }
      />
      <PlainCard title={null}>
        <Descriptions
          items={[
            {
              key: 'employee',
              label: t('kpi.detail.employee'),
              children: <PersonCell person={s.employee} />,
            },
            { key: 'name', label: t('kpi.detail.name'), children: s.name },
            { key: 'type', label: t('kpi.detail.type'), children: typeName('kpi', s.type) },
            {
              key: 'period',
              label: t('kpi.detail.period'),
              children: <bdi>{`${formatDate(s.from)} – ${formatDate(s.to)}`}</bdi>,
            },
            {
              key: 'total',
              label: t('kpi.detail.totalWeight'),
              children: <Total value={s.total_objective_weight} label={two(s.total_objective_weight)} />,
            },
            {
              key: 'status',
              label: t('kpi.detail.status'),
              children: (
                <>
                  <StatusTag kind="kpi" status={s.status} />
                  <DecisionNote decision={s.decision} always comment />
                </>
              ),
            },
          ]}
        />
        {s.editable ? (
          <PlainAlert className="kpi-hint" type="info" role="status" title={t('kpi.detail.weightsHint')} />
        ) : null}
      </PlainCard>
      {s.editable ? (
        <div className="kpi-add-objective">
          <Button
            variant="primary"
            icon={<PlainIcon icon={PlusOutlined} />}
            onClick={() => setObjectiveTarget({ kpiId: s.id, item: null })}
          >
            {t('kpi.detail.addObjective')}
          </Button>
        </div>
      ) : null}
      {s.objectives.length === 0 ? <PlainCard title={null}>{t('kpi.detail.noObjectives')}</PlainCard> : null}
      {sections.map(({ perspective, objectives }) => (
        <PlainCard
          key={perspective.id}
          title={perspective.name}
          region
          extra={
            <span className="plain-secondary">
              {t('kpi.detail.perspectiveWeight', { total: two(sum(objectives)) })}
            </span>
          }
        >
          <div className="kpi-objectives">
            {objectives.map((o) => (
              <section key={o.id} className="kpi-objective" aria-label={o.name}>
                <div className="kpi-objective__head">
                  <span className="plain-row">
                    <h3 className={`kpi-objective__name${active(o) ? '' : ' kpi-removed'}`}>{o.name}</h3>
                    <span className="plain-tag">
                      {t('kpi.detail.objectiveWeight', { weight: two(o.weight) })}
                    </span>
                    {active(o) ? (
                      <Total
                        value={o.total_kpi_weight}
                        label={t('kpi.detail.kpiTotal', { total: two(o.total_kpi_weight) })}
                      />
                    ) : (
                      <span className="plain-tag plain-tag--error">{t('kpi.itemStatus.3')}</span>
                    )}
                  </span>
                  {active(o) ? (
                    <span className="plain-row">
                      {s.editable ? (
                        <>
                          <Button
                            size="small"
                            icon={<PlainIcon icon={PlusOutlined} />}
                            onClick={() => setKpiTarget({ kpiId: s.id, objectiveId: o.id, item: null })}
                          >
                            {t('kpi.detail.addKpi')}
                            <ForReaders>{o.name}</ForReaders>
                          </Button>
                          <Button
                            size="small"
                            icon={<PlainIcon icon={EditOutlined} />}
                            aria-label={t('kpi.detail.editObjective', { name: o.name })}
                            onClick={() => setObjectiveTarget({ kpiId: s.id, item: o })}
                          />
                          <Button
                            size="small"
                            variant="danger"
                            icon={<PlainIcon icon={DeleteOutlined} />}
                            aria-label={t('kpi.detail.deleteObjective', { name: o.name })}
                            onClick={() => void askDeleteObjective(o)}
                          />
                        </>
                      ) : null}
                      {s.commentable ? (
                        <Badge count={o.comments}>
                          <Button
                            size="small"
                            icon={<PlainIcon icon={MessageOutlined} />}
                            aria-label={t('kpi.detail.chatObjective', { name: o.name })}
                            onClick={() => setChat({ kind: 'kpi_objective', id: o.id, title: o.name })}
                          >
                            {t('kpi.detail.chat')}
                          </Button>
                        </Badge>
                      ) : null}
                    </span>
                  ) : null}
                </div>
                <DataTable<ObjectiveKpi>
                  label={t('kpi.detail.kpisOf', { name: o.name })}
                  size="small"
                  rowKey="id"
                  columns={kpiColumns(o)}
                  dataSource={o.kpis}
                  emptyText={t('kpi.detail.noKpis')}
                  rowClassName={(k) => (active(k) ? '' : 'kpi-removed-row')}
                />
              </section>
            ))}
            {objectives.length === 0 ? (
              <span className="plain-secondary">{t('kpi.detail.noObjectives')}</span>
            ) : null}
          </div>
        </PlainCard>
      ))}
      <ObjectiveFormModal target={objectiveTarget} onClose={() => setObjectiveTarget(null)} />
      <ObjectiveKpiFormModal target={kpiTarget} onClose={() => setKpiTarget(null)} />
      <CommentChat
        open={chat !== null}
        onClose={() => setChat(null)}
        thread={chat ? { ...chat, counts: kpiKeys.sheet(id) } : { kind: 'kpi_objective', id: 0 }}
        title={chat?.title}
      />
    </>
  );
}
