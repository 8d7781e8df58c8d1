import {
  KPI_DIRECTIONS,
  KPI_OBJECTIVE_NAME,
  KPI_TEXT,
  type KpiDirection,
  type Objective,
  type ObjectiveKpi,
  objectiveBody,
  objectiveKpiBody,
} from '@hr/contracts/kpi';
import { NOTICES } from '@hr/contracts/messages';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form/FormDialog';
import { Field, NumberInput, TextInput } from '../../../components/plain/Field';
import { Segmented } from '../../../components/plain/Segmented';
import { Select } from '../../../components/plain/Select';
import { toastSuccess } from '../../../lib/notify';
import { type FormState, useForm } from '../../../lib/use-form';
import { usePerspectives, useSaveObjective, useSaveObjectiveKpi, useTargetUnits } from '../api';

/** What the item forms edit: a new one (with its sheet, and the objective for a KPI) or a stored one. */
export type ObjectiveTarget = { kpiId: number; item: Objective | null };
export type ObjectiveKpiTarget = { kpiId: number; objectiveId: number; item: ObjectiveKpi | null };

/** A number as typed: a number, or what was typed when it is none (the form says so). */
type Typed = number | string | undefined;

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

/** The form starts afresh from `initial` each time it opens on a target. */
function useResetOn<V extends object, T extends object>(
  form: FormState<V>,
  target: T | null,
  initial: (target: T) => V,
) {
  const { reset } = form;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form starts afresh when its target changes
  useEffect(() => {
    if (target) reset(initial(target));
  }, [target, reset]);
}

interface ObjectiveValues {
  kpi_id: number;
  name?: string;
  weight?: Typed;
  perspective_id?: number;
}

function objectiveValues(target: ObjectiveTarget | null): ObjectiveValues {
  const o = target?.item;
  return { kpi_id: target?.kpiId ?? 0, name: o?.name, weight: o?.weight, perspective_id: o?.perspective.id };
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
  const form = useForm<ObjectiveValues>({ initial: objectiveValues(target), schema: objectiveBody });
  const perspectives = usePerspectives();
  const save = useSaveObjective();
  const saved = useSaved(!target?.item, onClose);
  useResetOn(form, target, objectiveValues);

  const onValid = (v: ObjectiveValues) =>
    save.mutate(
      { id: target?.item?.id, body: objectiveBody.parse({ ...v, kpi_id: target!.kpiId }) },
      { onSuccess: saved, onError: form.serverErrors },
    );

  return (
    <FormDialog<ObjectiveValues>
      open={target !== null}
      title={target?.item ? t('kpi.objectiveForm.editTitle') : t('kpi.objectiveForm.createTitle')}
      form={form}
      onValid={onValid}
      pending={save.isPending}
      onClose={onClose}
    >
      <Field label={t('kpi.objectiveForm.name')} field={form.field('name')} required>
        {(props) => <TextInput {...props} maxLength={KPI_OBJECTIVE_NAME.max + 1} />}
      </Field>
      <div className="plain-form-row">
        <Field label={t('kpi.objectiveForm.weight')} field={form.field('weight')} required>
          {(props) => <NumberInput {...props} />}
        </Field>
        <Field label={t('kpi.objectiveForm.perspective')} field={form.field('perspective_id')} required>
          {(props) => (
            <Select
              {...props}
              options={(perspectives.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
            />
          )}
        </Field>
      </div>
    </FormDialog>
  );
}

interface KpiValues {
  kpi_id: number;
  objective_id: number;
  name?: string;
  weight?: Typed;
  time?: string;
  target?: Typed;
  target_unit_id?: number;
  direction: KpiDirection;
  budget?: Typed;
  initiative?: string;
}

function kpiValues(target: ObjectiveKpiTarget | null): KpiValues {
  const k = target?.item;
  return {
    kpi_id: target?.kpiId ?? 0,
    objective_id: target?.objectiveId ?? 0,
    name: k?.name,
    weight: k?.weight,
    time: k?.time,
    target: k?.target,
    target_unit_id: k?.target_unit.id,
    direction: k?.direction ?? 'higher',
    budget: k?.budget ?? undefined,
    initiative: k?.initiative ?? undefined,
  };
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
  const form = useForm<KpiValues>({ initial: kpiValues(target), schema: objectiveKpiBody });
  const units = useTargetUnits();
  const save = useSaveObjectiveKpi();
  const saved = useSaved(!target?.item, onClose);
  useResetOn(form, target, kpiValues);

  const onValid = (v: KpiValues) => {
    // The checked values, trimmed; no budget or initiative is null.
    const body = objectiveKpiBody.parse({
      ...v,
      kpi_id: target!.kpiId,
      objective_id: target!.objectiveId,
    });
    save.mutate(
      {
        id: target?.item?.id,
        body: { ...body, budget: body.budget ?? null, initiative: body.initiative ?? null },
      },
      { onSuccess: saved, onError: form.serverErrors },
    );
  };

  return (
    <FormDialog<KpiValues>
      open={target !== null}
      title={target?.item ? t('kpi.kpiForm.editTitle') : t('kpi.kpiForm.createTitle')}
      form={form}
      onValid={onValid}
      pending={save.isPending}
      onClose={onClose}
      width={640}
    >
      <Field label={t('kpi.kpiForm.name')} field={form.field('name')} required>
        {(props) => <TextInput {...props} maxLength={KPI_TEXT.max + 1} />}
      </Field>
      <div className="plain-form-row">
        <Field label={t('kpi.kpiForm.weight')} field={form.field('weight')} required>
          {(props) => <NumberInput {...props} />}
        </Field>
        <Field label={t('kpi.kpiForm.time')} field={form.field('time')} required>
          {(props) => <TextInput {...props} maxLength={KPI_TEXT.max + 1} />}
        </Field>
      </div>
      <div className="plain-form-row">
        <Field label={t('kpi.kpiForm.target')} field={form.field('target')} required>
          {(props) => <NumberInput {...props} />}
        </Field>
        <Field label={t('kpi.kpiForm.targetUnit')} field={form.field('target_unit_id')} required>
          {(props) => (
            <Select {...props} options={(units.data ?? []).map((u) => ({ value: u.id, label: u.name }))} />
          )}
        </Field>
      </div>
      <Field label={t('kpi.kpiForm.direction')} field={form.field('direction')} group>
        {(props) => (
          <Segmented<KpiDirection>
            {...props}
            options={KPI_DIRECTIONS.map((d) => ({ value: d, label: t(`kpi.direction.${d}`) }))}
          />
        )}
      </Field>
      <div className="plain-form-row">
        <Field label={t('kpi.kpiForm.budget')} field={form.field('budget')}>
          {(props) => <NumberInput {...props} />}
        </Field>
        <Field label={t('kpi.kpiForm.initiative')} field={form.field('initiative')}>
          {(props) => <TextInput {...props} maxLength={KPI_TEXT.max + 1} />}
        </Field>
      </div>
    </FormDialog>
  );
}
