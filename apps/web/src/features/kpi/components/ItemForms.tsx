import {
  KPI_DIRECTIONS,
  KPI_OBJECTIVE_NAME,
  KPI_TEXT,
  type Objective,
  type ObjectiveKpi,
  objectiveBody,
  objectiveKpiBody,
} from '@hr/contracts/kpi';
import { NOTICES } from '@hr/contracts/messages';
import { Flex, Form, Input, InputNumber, Modal, Radio, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, zodRules } from '../../../lib/forms';
import { toastSuccess } from '../../../lib/notify';
import { usePerspectives, useSaveObjective, useSaveObjectiveKpi, useTargetUnits } from '../api';

const objectiveRules = zodRules(objectiveBody);
const kpiRules = zodRules(objectiveKpiBody);
const half = { flex: 1, minWidth: 150 };

/** What the item forms edit: a new one (with its sheet, and the objective for a KPI) or a stored one. */
export type ObjectiveTarget = { kpiId: number; item: Objective | null };
export type ObjectiveKpiTarget = { kpiId: number; objectiveId: number; item: ObjectiveKpi | null };

function useSaved(isNew: boolean, onClose: () => void) {
  const { t } = useTranslation();
  return () => {
    toastSuccess(
      t(isNew ? 'notices.saved' : 'notices.updated', {
        defaultValue: isNew ? NOTICES.saved : NOTICES.updated,
      }),
    );
    onClose();
  };
}

/** Add or change an objective: name (4 to 60), weight (1 to 100) and perspective. */
export function ObjectiveFormModal({
  target,
  onClose,
}: {
  target: ObjectiveTarget | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const perspectives = usePerspectives();
  const save = useSaveObjective();
  const saved = useSaved(!target?.item, onClose);
  useEffect(() => {
    if (!target) return;
    const o = target.item;
    form.setFieldsValue({
      kpi_id: target.kpiId,
      name: o?.name,
      weight: o?.weight,
      perspective_id: o?.perspective.id,
    });
  }, [target, form]);

  return (
    <Modal
      open={target !== null}
      title={target?.item ? t('kpi.objectiveForm.editTitle') : t('kpi.objectiveForm.createTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        onFinish={(v) =>
          save.mutate(
            { id: target?.item?.id, body: { ...v, kpi_id: target!.kpiId } },
            { onSuccess: saved, onError: (error) => applyServerErrors(form, error) },
          )
        }
      >
        <Form.Item name="kpi_id" hidden>
          <InputNumber />
        </Form.Item>
        <Form.Item name="name" label={t('kpi.objectiveForm.name')} rules={objectiveRules('name')} required>
          <Input maxLength={KPI_OBJECTIVE_NAME.max + 1} />
        </Form.Item>
        <Flex gap={12} wrap>
          <Form.Item
            name="weight"
            label={t('kpi.objectiveForm.weight')}
            rules={objectiveRules('weight')}
            required
            style={half}
          >
            <InputNumber style={{ width: '100%' }} step={5} precision={2} />
          </Form.Item>
          <Form.Item
            name="perspective_id"
            label={t('kpi.objectiveForm.perspective')}
            rules={objectiveRules('perspective_id')}
            required
            style={half}
          >
            <Select options={(perspectives.data ?? []).map((p) => ({ value: p.id, label: p.name }))} />
          </Form.Item>
        </Flex>
      </Form>
    </Modal>
  );
}

/** Add or change a KPI of an objective: name, weight, time, target and unit, budget and initiative. */
export function ObjectiveKpiFormModal({
  target,
  onClose,
}: {
  target: ObjectiveKpiTarget | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const units = useTargetUnits();
  const save = useSaveObjectiveKpi();
  const saved = useSaved(!target?.item, onClose);
  useEffect(() => {
    if (!target) return;
    const k = target.item;
    form.setFieldsValue({
      kpi_id: target.kpiId,
      objective_id: target.objectiveId,
      name: k?.name,
      weight: k?.weight,
      time: k?.time,
      target: k?.target,
      target_unit_id: k?.target_unit.id,
      direction: k?.direction ?? 'higher',
      budget: k?.budget ?? null,
      initiative: k?.initiative ?? undefined,
    });
  }, [target, form]);

  return (
    <Modal
      open={target !== null}
      title={target?.item ? t('kpi.kpiForm.editTitle') : t('kpi.kpiForm.createTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      destroyOnHidden
      width={640}
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        onFinish={(v) =>
          save.mutate(
            {
              id: target?.item?.id,
              body: {
                ...v,
                budget: v.budget ?? null,
                initiative: v.initiative?.trim() ? v.initiative.trim() : null,
                kpi_id: target!.kpiId,
                objective_id: target!.objectiveId,
              },
            },
            { onSuccess: saved, onError: (error) => applyServerErrors(form, error) },
          )
        }
      >
        <Form.Item name="kpi_id" hidden>
          <InputNumber />
        </Form.Item>
        <Form.Item name="objective_id" hidden>
          <InputNumber />
        </Form.Item>
        <Form.Item name="name" label={t('kpi.kpiForm.name')} rules={kpiRules('name')} required>
          <Input maxLength={KPI_TEXT.max + 1} />
        </Form.Item>
        <Flex gap={12} wrap>
          <Form.Item
            name="weight"
            label={t('kpi.kpiForm.weight')}
            rules={kpiRules('weight')}
            required
            style={half}
          >
            <InputNumber style={{ width: '100%' }} step={5} precision={2} />
          </Form.Item>
          <Form.Item name="time" label={t('kpi.kpiForm.time')} rules={kpiRules('time')} required style={half}>
            <Input maxLength={KPI_TEXT.max + 1} />
          </Form.Item>
        </Flex>
        <Flex gap={12} wrap>
          <Form.Item
            name="target"
            label={t('kpi.kpiForm.target')}
            rules={kpiRules('target')}
            required
            style={half}
          >
            <InputNumber style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="target_unit_id"
            label={t('kpi.kpiForm.targetUnit')}
            rules={kpiRules('target_unit_id')}
            required
            style={half}
          >
            <Select options={(units.data ?? []).map((u) => ({ value: u.id, label: u.name }))} />
          </Form.Item>
        </Flex>
        <Form.Item name="direction" label={t('kpi.kpiForm.direction')} rules={kpiRules('direction')}>
          <Radio.Group
            // A group is not labelled by the label's `for`: it carries the label's words itself.
            aria-label={t('kpi.kpiForm.direction')}
            optionType="button"
            options={KPI_DIRECTIONS.map((d) => ({ value: d, label: t(`kpi.direction.${d}`) }))}
          />
        </Form.Item>
        <Flex gap={12} wrap>
          <Form.Item name="budget" label={t('kpi.kpiForm.budget')} rules={kpiRules('budget')} style={half}>
            <InputNumber style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="initiative"
            label={t('kpi.kpiForm.initiative')}
            rules={kpiRules('initiative')}
            style={half}
          >
            <Input maxLength={KPI_TEXT.max + 1} />
          </Form.Item>
        </Flex>
      </Form>
    </Modal>
  );
}
