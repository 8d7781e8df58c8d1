import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import {
  type DevPlanBody,
  devPlanBody,
  EPR_SHORT_TEXT_MAX,
  EPR_TEXT_MAX,
  type EprDetail,
  type SectionDBody,
  sectionBBody,
  sectionCBody,
  sectionDBody,
} from '@hr/contracts/epr';
import { NOTICES } from '@hr/contracts/messages';
import {
  AutoComplete,
  Button,
  Card,
  Descriptions,
  Flex,
  Form,
  Input,
  Modal,
  Radio,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDelete } from '../../../lib/confirm-delete';
import { applyServerErrors, zodRules } from '../../../lib/forms';
import { reportError, toastSuccess } from '../../../lib/notify';
import { useDevelopmentAreas } from '../../organisation';
import { useEprChange } from '../api';
import { RatingFields, RatingView } from './RatingForm';
import { SaveBar } from './SaveBar';

type Review = EprDetail;

type BValues = {
  rating?: number;
  comment?: string;
  lm_rating?: number;
  lm_comment?: string;
  stables: { id: number; rating?: number; comment?: string; lm_rating?: number; lm_comment?: string }[];
};

/** The form's values of one side from the review as saved. */
function bValues(review: Review, side: 'self' | 'lm'): BValues {
  const b = review.section_b;
  const pick = (r: {
    rating: number | null;
    comment: string | null;
    lm_rating: number | null;
    lm_comment: string | null;
  }) =>
    side === 'self'
      ? { rating: r.rating ?? undefined, comment: r.comment ?? '' }
      : { lm_rating: r.lm_rating ?? undefined, lm_comment: r.lm_comment ?? '' };
  return { ...pick(b), stables: b.stables.map((st) => ({ id: st.id, ...pick(st) })) };
}

/** Whether two forms' values say the same (an empty comment and none are the same). */
const sameValues = (a: BValues, b: BValues) => JSON.stringify(a) === JSON.stringify(b);

const bRules = zodRules(sectionBBody);

/**
 * Section B (Value): each company value with its behaviours, rated by both
 * sides, and the section's ratings. The side whose turn it is rates every
 * value and the section in one form, saved once; the page warns before
 * leaving it unsaved. The line manager's side shows once the server says so.
 */
export function SectionB({
  review,
  onDirtyChange,
}: {
  review: Review;
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const { t } = useTranslation();
  const b = review.section_b;
  const side = review.editable.self ? 'self' : review.editable.line_manager ? 'lm' : null;
  const lmShown = review.line_manager_shown;
  const [form] = Form.useForm<BValues>();
  const save = useEprChange();
  const saved = useMemo(() => (side ? bValues(review, side) : null), [review, side]);
  const [dirty, setDirty] = useState(false);
  const saveButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!saved) return;
    form.setFieldsValue(saved);
    setDirty(false);
  }, [form, saved]);
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);

  const onValuesChange = () => {
    if (saved) setDirty(!sameValues({ ...saved, ...form.getFieldsValue(true) } as BValues, saved));
  };
  const onFinish = (values: BValues) => {
    if (!dirty) return;
    const text = (v: string | undefined) => v?.trim() || null;
    const body =
      side === 'self'
        ? {
            rating: values.rating,
            comment: text(values.comment),
            stables: values.stables.map((st) => ({
              id: st.id,
              rating: st.rating,
              comment: text(st.comment),
            })),
          }
        : {
            lm_rating: values.lm_rating,
            lm_comment: text(values.lm_comment),
            stables: values.stables.map((st) => ({
              id: st.id,
              lm_rating: st.lm_rating,
              lm_comment: text(st.lm_comment),
            })),
          };
    save.mutate(
      { kind: 'section-b', id: review.id, body },
      {
        onSuccess: () => {
          toastSuccess(t('notices.saved', { defaultValue: NOTICES.saved }));
          saveButton.current?.focus();
        },
        onError: (error) => applyServerErrors(form, error),
      },
    );
  };

  /** One side of a rating: its fields on that side's turn, what it says otherwise. */
  const sideOf = (
    who: 'self' | 'lm',
    values: {
      rating: number | null;
      comment: string | null;
      lm_rating: number | null;
      lm_comment: string | null;
    },
    name: (string | number)[],
  ) => {
    const label = who === 'self' ? t('epr.selfRating') : t('epr.lmRating');
    if (who === 'lm' && !lmShown) return null;
    return (
      <div style={{ flex: 1, minWidth: 260 }}>
        {side === who ? (
          <RatingFields label={label} side={who} name={name} rules={bRules} />
        ) : (
          <RatingView
            label={label}
            rating={who === 'self' ? values.rating : values.lm_rating}
            comment={who === 'self' ? values.comment : values.lm_comment}
          />
        )}
      </div>
    );
  };

  const cards = (
    <>
      {b.stables.map((st, i) => (
        <Card
          key={st.id}
          size="small"
          style={{ marginBottom: 16 }}
          title={st.original.name}
          role="region"
          aria-label={st.original.name}
        >
          <ul className="epr-behaviours">
            {st.original.objectives.map((o) => (
              <li key={o.name}>{o.name}</li>
            ))}
          </ul>
          {side ? (
            <Form.Item name={['stables', i, 'id']} hidden>
              <Input />
            </Form.Item>
          ) : null}
          <Flex gap={24} wrap>
            {sideOf('self', st, ['stables', i])}
            {sideOf('lm', st, ['stables', i])}
          </Flex>
        </Card>
      ))}
      <Card
        size="small"
        style={{ marginBottom: 16 }}
        title={t('epr.b.ratingTitle')}
        role="region"
        aria-label={t('epr.b.ratingTitle')}
      >
        <Flex gap={24} wrap>
          {sideOf('self', b, [])}
          {sideOf('lm', b, [])}
        </Flex>
      </Card>
    </>
  );

  if (!side) return cards;
  return (
    <Form form={form} name="section-b" layout="vertical" onValuesChange={onValuesChange} onFinish={onFinish}>
      {cards}
      <SaveBar dirty={dirty} unsaved={t('epr.b.unsaved')} saved={t('epr.b.allSaved')}>
        <Button
          ref={saveButton}
          type={dirty ? 'primary' : 'default'}
          htmlType="submit"
          loading={save.isPending}
          aria-disabled={!dirty}
        >
          {t('epr.b.save')}
        </Button>
      </SaveBar>
    </Form>
  );
}

const cRules = zodRules(sectionCBody);

/** Section C (Overall): the KPI and value ratings, the overall rating "K.V" and its title. */
export function SectionC({ review }: { review: Review }) {
  const { t } = useTranslation();
  const c = review.section_c;
  const save = useEprChange();
  const [form] = Form.useForm();
  useEffect(() => {
    form.setFieldsValue({
      kpi_rating: c.kpi_rating ?? undefined,
      stable_rating: c.stable_rating ?? undefined,
    });
  }, [form, c.kpi_rating, c.stable_rating]);
  const radios = ([1, 2, 3] as const).map((r) => ({ value: r, label: `${r} · ${t(`epr.ratings.${r}`)}` }));
  return (
    <Card size="small" role="region" aria-label={t('epr.tabs.c')}>
      <Descriptions
        column={{ xs: 1, md: 2 }}
        items={[
          {
            key: 'overall',
            label: t('epr.c.overall'),
            children:
              c.overall_rating && c.band && c.results && c.behaviours ? (
                <Space wrap>
                  <strong className="epr-overall">{c.overall_rating}</strong>
                  <Tag
                    color={
                      c.band === 'exceeded' ? 'success' : c.band === 'fully_met' ? 'processing' : 'warning'
                    }
                  >
                    {t(`epr.c.bands.${c.band}`)}
                  </Tag>
                  <span>
                    {t('epr.c.title', {
                      results: t(`epr.c.levels.${c.results}`),
                      behaviours: t(`epr.c.levels.${c.behaviours}`),
                    })}
                  </span>
                </Space>
              ) : (
                <Typography.Text type="secondary">{t('epr.c.notYet')}</Typography.Text>
              ),
          },
        ]}
      />
      {review.editable.section_c ? (
        <Form
          form={form}
          name="section-c"
          layout="vertical"
          onFinish={(values: { kpi_rating: number; stable_rating: number }) =>
            save.mutate(
              { kind: 'c', id: review.id, body: values },
              {
                onSuccess: () => toastSuccess(t('notices.saved', { defaultValue: NOTICES.saved })),
                onError: (error) => applyServerErrors(form, error),
              },
            )
          }
        >
          <Form.Item name="kpi_rating" label={t('epr.c.kpiRating')} rules={cRules('kpi_rating')} required>
            <Radio.Group options={radios} optionType="button" aria-label={t('epr.c.kpiRating')} />
          </Form.Item>
          <Form.Item
            name="stable_rating"
            label={t('epr.c.stableRating')}
            rules={cRules('stable_rating')}
            required
          >
            <Radio.Group options={radios} optionType="button" aria-label={t('epr.c.stableRating')} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('common.save')}
          </Button>
        </Form>
      ) : (
        <Descriptions
          column={{ xs: 1, md: 2 }}
          items={[
            { key: 'kpi', label: t('epr.c.kpiRating'), children: c.kpi_rating ?? '—' },
            { key: 'stable', label: t('epr.c.stableRating'), children: c.stable_rating ?? '—' },
          ]}
        />
      )}
    </Card>
  );
}

type RemarkField = keyof SectionDBody;
const remarkRules = zodRules(sectionDBody);
const REMARKS: { side: 'self' | 'line_manager' | 'next_level'; fields: RemarkField[] }[] = [
  { side: 'self', fields: ['self_proposal', 'remarks', 'dev_areas'] },
  { side: 'line_manager', fields: ['lm_recommendation', 'lm_remarks', 'lm_dev_areas'] },
  { side: 'next_level', fields: ['next_level_remarks'] },
];

/** One side's remarks of Section D: a form on that side's turn, the texts otherwise. */
function Remarks({
  review,
  side,
  fields,
}: {
  review: Review;
  side: 'self' | 'line_manager' | 'next_level';
  fields: RemarkField[];
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const save = useEprChange();
  const d = review.section_d;
  const editable = review.editable[side];
  useEffect(() => {
    form.setFieldsValue(Object.fromEntries(fields.map((f) => [f, d[f] ?? ''])));
  }, [form, fields, d]);
  if (!editable) {
    return (
      <Descriptions
        column={1}
        size="small"
        items={fields.map((f) => ({ key: f, label: t(`epr.d.fields.${f}`), children: d[f] ?? '—' }))}
      />
    );
  }
  return (
    <Form
      form={form}
      name={`remarks-${side}`}
      layout="vertical"
      onFinish={(values: Record<string, string>) =>
        save.mutate(
          { kind: 'd', id: review.id, body: Object.fromEntries(fields.map((f) => [f, values[f] || null])) },
          {
            onSuccess: () => toastSuccess(t('notices.saved', { defaultValue: NOTICES.saved })),
            onError: (error) => applyServerErrors(form, error),
          },
        )
      }
    >
      {fields.map((f) => (
        <Form.Item key={f} name={f} label={t(`epr.d.fields.${f}`)} rules={remarkRules(f)}>
          <Input.TextArea rows={3} maxLength={EPR_TEXT_MAX} showCount />
        </Form.Item>
      ))}
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {t('common.save')}
      </Button>
    </Form>
  );
}

const planRules = zodRules(devPlanBody);

/** The development plan's add/edit form. */
function DevPlanModal({
  review,
  plan,
  open,
  onClose,
}: {
  review: Review;
  plan: Review['section_d']['dev_plans'][number] | null;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<DevPlanBody>();
  const save = useEprChange();
  const areas = useDevelopmentAreas(open);
  useEffect(() => {
    if (open) form.setFieldsValue(plan ?? { dev_area: '', action_plan: '', when: '', who: '' });
  }, [form, open, plan]);
  const title = plan ? t('epr.d.editPlan') : t('epr.d.addPlan');
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form
        form={form}
        name="dev-plan"
        layout="vertical"
        onFinish={(values) =>
          save.mutate(
            plan
              ? { kind: 'update-plan', planId: plan.id, body: values }
              : { kind: 'add-plan', id: review.section_d.id, body: values },
            {
              onSuccess: () => {
                toastSuccess(
                  t(plan ? 'notices.updated' : 'notices.saved', {
                    defaultValue: plan ? NOTICES.updated : NOTICES.saved,
                  }),
                );
                onClose();
              },
              onError: (error) => applyServerErrors(form, error),
            },
          )
        }
      >
        <Form.Item name="dev_area" label={t('epr.d.plan.dev_area')} rules={planRules('dev_area')} required>
          {/* The development areas HR keeps, or any text of the reviewer's own. */}
          <AutoComplete
            options={(areas.data ?? []).map((a) => ({ value: a.name }))}
            showSearch={{
              filterOption: (input, option) =>
                String(option?.value ?? '')
                  .toLowerCase()
                  .includes(input.trim().toLowerCase()),
            }}
            maxLength={EPR_SHORT_TEXT_MAX}
          />
        </Form.Item>
        <Form.Item
          name="action_plan"
          label={t('epr.d.plan.action_plan')}
          rules={planRules('action_plan')}
          required
        >
          <Input.TextArea rows={3} maxLength={EPR_TEXT_MAX} />
        </Form.Item>
        <Form.Item name="when" label={t('epr.d.plan.when')} rules={planRules('when')} required>
          <Input maxLength={EPR_SHORT_TEXT_MAX} />
        </Form.Item>
        <Form.Item name="who" label={t('epr.d.plan.who')} rules={planRules('who')} required>
          <Input maxLength={EPR_SHORT_TEXT_MAX} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Section D (IDP/Remarks): each side's remarks and the individual development plan. */
export function SectionD({ review }: { review: Review }) {
  const { t } = useTranslation();
  const remove = useEprChange();
  const [editing, setEditing] = useState<Review['section_d']['dev_plans'][number] | null>(null);
  const [open, setOpen] = useState(false);
  const lm = review.editable.line_manager;
  return (
    <>
      {REMARKS.filter((r) => r.side !== 'line_manager' || review.line_manager_shown).map((r) => (
        <Card key={r.side} size="small" style={{ marginBottom: 16 }} title={t(`epr.d.sides.${r.side}`)}>
          <Remarks review={review} side={r.side} fields={r.fields} />
        </Card>
      ))}
      {review.line_manager_shown ? (
        <Card
          size="small"
          title={t('epr.d.planTitle')}
          role="region"
          aria-label={t('epr.d.planTitle')}
          extra={
            lm ? (
              <Button
                icon={<PlusOutlined aria-hidden />}
                onClick={() => {
                  setEditing(null);
                  setOpen(true);
                }}
              >
                {t('epr.d.addPlan')}
              </Button>
            ) : null
          }
        >
          <Table
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={review.section_d.dev_plans}
            locale={{ emptyText: t('epr.d.noPlan') }}
            columns={[
              { title: t('epr.d.plan.dev_area'), dataIndex: 'dev_area' },
              { title: t('epr.d.plan.action_plan'), dataIndex: 'action_plan' },
              { title: t('epr.d.plan.when'), dataIndex: 'when' },
              { title: t('epr.d.plan.who'), dataIndex: 'who' },
              ...(lm
                ? [
                    {
                      title: t('common.actions'),
                      key: 'actions',
                      render: (_: unknown, p: Review['section_d']['dev_plans'][number]) => (
                        <Space size={4}>
                          <Button
                            size="small"
                            icon={<EditOutlined aria-hidden />}
                            aria-label={t('epr.d.editPlanOf', { name: p.dev_area })}
                            onClick={() => {
                              setEditing(p);
                              setOpen(true);
                            }}
                          />
                          <Button
                            size="small"
                            danger
                            icon={<DeleteOutlined aria-hidden />}
                            aria-label={t('epr.d.deletePlanOf', { name: p.dev_area })}
                            onClick={async () => {
                              if (!(await confirmDelete(p.dev_area))) return;
                              remove.mutate(
                                { kind: 'delete-plan', planId: p.id },
                                {
                                  onSuccess: () =>
                                    toastSuccess(
                                      t('notices.dataDeleted', { defaultValue: NOTICES.dataDeleted }),
                                    ),
                                  onError: reportError,
                                },
                              );
                            }}
                          />
                        </Space>
                      ),
                    },
                  ]
                : []),
            ]}
          />
        </Card>
      ) : null}
      <DevPlanModal review={review} plan={editing} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
