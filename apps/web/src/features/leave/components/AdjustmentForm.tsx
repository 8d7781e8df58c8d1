import { ADJUSTMENT_REASON_MAX, adjustmentBody, type Ledger } from '@hr/contracts/leave-policies';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { PlainAlert } from '../../../components/PlainAlert';
import { PlainCard } from '../../../components/PlainBlocks';
import { Button } from '../../../components/plain/Button';
import { DateField } from '../../../components/plain/DateField';
import { Field, NumberInput, TextArea } from '../../../components/plain/Field';
import { useForm } from '../../../lib/use-form';
import { useAddAdjustment } from '../api';

interface AdjustmentValues {
  /** What is not a number stays as typed, so the form can say it. */
  days?: number | string;
  reason?: string;
  /** YYYY-MM-DD */
  date?: string;
}

/**
 * HR's correction of a balance: days (quarter days, either way), the reason,
 * and the day it counts from (today unless changed), checked with the
 * contract's rules. Drawn in the ledger's drawer, loaded when HR first adds
 * one. `onDone(true)`: it was saved.
 */
export function AdjustmentForm({ ledger, onDone }: { ledger: Ledger; onDone: (saved: boolean) => void }) {
  const { t } = useTranslation();
  const add = useAddAdjustment();
  const toBody = useMemo(
    () => (v: AdjustmentValues) => ({
      employee_id: ledger.employee_id,
      type_id: ledger.type.id,
      days: v.days,
      reason: v.reason ?? '',
      date: v.date,
    }),
    [ledger.employee_id, ledger.type.id],
  );
  const schema = useMemo(() => z.preprocess((v) => toBody(v as AdjustmentValues), adjustmentBody), [toBody]);
  const form = useForm<AdjustmentValues>({ initial: { date: dayjs().format('YYYY-MM-DD') }, schema });
  const title = t('leavePolicies.adjustment.title', { type: ledger.type.name });

  const save = (values: AdjustmentValues) => {
    add.mutate(adjustmentBody.parse(toBody(values)), {
      onSuccess: () => onDone(true),
      onError: form.serverErrors,
    });
  };

  return (
    <PlainCard title={title}>
      <form aria-label={title} noValidate onSubmit={form.submit(save)} className="ledger__adjustment">
        {form.formError ? (
          <PlainAlert type="error" role="alert" title={form.formError} className="plain-form__alert" />
        ) : null}
        <div className="plain-form-row">
          <Field
            label={t('leavePolicies.adjustment.days')}
            field={form.field('days')}
            required
            help={t('leavePolicies.adjustment.daysHelp')}
          >
            {(props) => <NumberInput {...props} />}
          </Field>
          <Field label={t('leavePolicies.adjustment.date')} field={form.field('date')}>
            {(props) => <DateField {...props} />}
          </Field>
        </div>
        <Field
          label={t('leavePolicies.adjustment.reason')}
          field={form.field('reason')}
          required
          help={t('leavePolicies.adjustment.reasonHelp')}
        >
          {(props) => <TextArea {...props} rows={3} max={ADJUSTMENT_REASON_MAX} />}
        </Field>
        <div className="plain-row">
          <Button variant="primary" htmlType="submit" loading={add.isPending}>
            {t('common.save')}
          </Button>
          <Button onClick={() => onDone(false)}>{t('common.cancel')}</Button>
        </div>
      </form>
    </PlainCard>
  );
}
