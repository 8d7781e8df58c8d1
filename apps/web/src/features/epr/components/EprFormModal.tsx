import { EPR_MESSAGES, EPR_TYPE, type EprBody, type EprListItem, eprForm } from '@hr/contracts/epr';
import { KPI_TYPE } from '@hr/contracts/kpi';
import { NOTICES } from '@hr/contracts/messages';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormDialog } from '../../../components/form/FormDialog';
import { PeriodFields, withPeriodOrder } from '../../../components/form/PeriodFields';
import { Field } from '../../../components/plain/Field';
import { Select } from '../../../components/plain/Select';
import { formatDate } from '../../../lib/dates';
import { toastSuccess } from '../../../lib/notify';
import { typeName } from '../../../lib/server-errors';
import { useForm } from '../../../lib/use-form';
import { type EprPeriod, useEprPeriods, useEprTypes, useSaveEpr } from '../api';

interface Values {
  kpi_id?: number;
  type_id?: number;
  /** YYYY-MM-DD */
  from_date?: string;
  to_date?: string;
}

const schema = withPeriodOrder(eprForm, EPR_MESSAGES.toBeforeFrom);
/** SPEC.md §9: after creating a review the product waits about 500 ms, then opens it. */
const OPEN_AFTER_MS = 500;

function initialValues(item: EprListItem | null): Values {
  if (!item) return {};
  return {
    kpi_id: item.kpi.id,
    type_id: item.type.id,
    from_date: item.from_date.slice(0, 10),
    to_date: item.to_date.slice(0, 10),
  };
}

/**
 * Make a review of one of the caller's approved KPI sheets (its "Period"),
 * or change the period, type and dates of a draft (SPEC.md §5 EPR form): an
 * annual review of a yearly sheet takes the sheet's dates, shown and locked.
 */
export function EprFormModal({
  open,
  item,
  onClose,
}: {
  open: boolean;
  item: EprListItem | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const form = useForm<Values>({ initial: initialValues(item), schema });
  const { kpi_id: kpiId, type_id: typeId } = form.values;
  const types = useEprTypes();
  const periods = useEprPeriods(open);
  const save = useSaveEpr();

  // The sheet of a draft being changed is offered even if the list no longer names it.
  const choices: EprPeriod[] = [...(periods.data ?? [])];
  if (item && !choices.some((p) => p.id === item.kpi.id)) choices.unshift(item.kpi);
  const period = choices.find((p) => p.id === kpiId);
  const fromPeriod = typeId === EPR_TYPE.annual && period?.type.id === KPI_TYPE.yearly;
  // Right to left, the dates keep their order (a name keeps its own direction in the system's select).
  const dates = (p: EprPeriod) => {
    const text = `${formatDate(p.from)} – ${formatDate(p.to)}`;
    return i18n.dir() === 'rtl' ? `\u2066${text}\u2069` : text;
  };

  const { reset } = form;
  useEffect(() => {
    if (open) reset(initialValues(item));
  }, [open, item, reset]);

  // An annual review of a yearly sheet runs over the sheet's period.
  const periodFrom = fromPeriod ? period?.from.slice(0, 10) : undefined;
  const periodTo = fromPeriod ? period?.to.slice(0, 10) : undefined;
  const setMany = useRef(form.setMany);
  setMany.current = form.setMany;
  useEffect(() => {
    if (periodFrom && periodTo) setMany.current({ from_date: periodFrom, to_date: periodTo });
  }, [periodFrom, periodTo]);

  const toBody = (v: Values): EprBody => ({
    kpi_id: v.kpi_id!,
    type_id: v.type_id!,
    from_date: v.from_date!,
    to_date: v.to_date!,
  });

  const onValid = (v: Values) => {
    save.mutate(
      { id: item?.id, body: toBody(v) },
      {
        onSuccess: (review) => {
          toastSuccess(
            t(item ? 'notices.updated' : 'notices.saved', {
              defaultValue: item ? NOTICES.updated : NOTICES.saved,
            }),
          );
          onClose();
          if (!item) setTimeout(() => navigate(`/epr/${review.id}`), OPEN_AFTER_MS);
        },
        onError: form.serverErrors,
      },
    );
  };

  const noPeriods = !periods.isPending && choices.length === 0;
  return (
    <FormDialog<Values>
      open={open}
      title={item ? t('eprList.form.editTitle') : t('eprList.form.createTitle')}
      form={form}
      onValid={onValid}
      pending={save.isPending}
      onClose={onClose}
      width={560}
    >
      <Field
        label={t('eprList.form.period')}
        field={form.field('kpi_id')}
        required
        help={noPeriods ? t('eprList.form.noPeriods') : undefined}
      >
        {(props) => (
          <Select
            {...props}
            options={choices.map((p) => ({ value: p.id, label: `${p.name} (${dates(p)})` }))}
            placeholder={t('eprList.form.periodPlaceholder')}
          />
        )}
      </Field>
      <Field label={t('eprList.form.type')} field={form.field('type_id')} required>
        {(props) => (
          <Select
            {...props}
            options={(types.data ?? []).map((ty) => ({ value: ty.id, label: typeName('epr', ty) }))}
            placeholder={t('eprList.form.typePlaceholder')}
          />
        )}
      </Field>
      <PeriodFields
        labels={{ from: t('eprList.form.from'), to: t('eprList.form.to') }}
        from={form.field('from_date')}
        to={form.field('to_date')}
        disabled={fromPeriod}
        help={fromPeriod ? t('eprList.form.datesFromPeriod') : undefined}
      />
    </FormDialog>
  );
}
