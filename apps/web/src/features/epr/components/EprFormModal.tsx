import { EPR_MESSAGES, EPR_TYPE, type EprBody, type EprListItem, eprForm } from '@hr/contracts/epr';
import { KPI_TYPE } from '@hr/contracts/kpi';
import { NOTICES } from '@hr/contracts/messages';
import { Form, Modal, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PeriodFields } from '../../../components/form/PeriodFields';
import { formatDate, toApiDate } from '../../../lib/dates';
import { applyServerErrors, zodRules } from '../../../lib/forms';
import { toastSuccess } from '../../../lib/notify';
import { typeName } from '../../../lib/server-errors';
import { type EprPeriod, useEprPeriods, useEprTypes, useSaveEpr } from '../api';

interface Values {
  kpi_id?: number;
  type_id?: number;
  from_date?: Dayjs;
  to_date?: Dayjs;
}

const rules = zodRules(eprForm);
/** SPEC.md §9: after creating a review the product waits about 500 ms, then opens it. */
const OPEN_AFTER_MS = 500;

function initialValues(item: EprListItem | null): Values {
  if (!item) return {};
  return {
    kpi_id: item.kpi.id,
    type_id: item.type.id,
    from_date: dayjs(item.from_date),
    to_date: dayjs(item.to_date),
  };
}

/** An approved sheet as the Period choice shows it: its name and its dates. */
function PeriodLabel({ period }: { period: EprPeriod }) {
  return (
    <span>
      {period.name}{' '}
      <bdi style={{ whiteSpace: 'nowrap' }}>{`(${formatDate(period.from)} – ${formatDate(period.to)})`}</bdi>
    </span>
  );
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
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const kpiId = Form.useWatch('kpi_id', form);
  const typeId = Form.useWatch('type_id', form);
  const types = useEprTypes();
  const periods = useEprPeriods(open);
  const save = useSaveEpr();

  // The sheet of a draft being changed is offered even if the list no longer names it.
  const choices: EprPeriod[] = [...(periods.data ?? [])];
  if (item && !choices.some((p) => p.id === item.kpi.id)) choices.unshift(item.kpi);
  const period = choices.find((p) => p.id === kpiId);
  const fromPeriod = typeId === EPR_TYPE.annual && period?.type.id === KPI_TYPE.yearly;

  useEffect(() => {
    if (open) form.setFieldsValue({ ...initialValues(item) });
  }, [open, item, form]);

  // An annual review of a yearly sheet runs over the sheet's period.
  useEffect(() => {
    if (!fromPeriod || !period) return;
    form.setFields([
      { name: 'from_date', value: dayjs(period.from), errors: [] },
      { name: 'to_date', value: dayjs(period.to), errors: [] },
    ]);
  }, [fromPeriod, period, form]);

  const toBody = (v: Values): EprBody => ({
    kpi_id: v.kpi_id!,
    type_id: v.type_id!,
    from_date: toApiDate(v.from_date)!,
    to_date: toApiDate(v.to_date)!,
  });

  const onFinish = (v: Values) => {
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
        onError: (error) => applyServerErrors(form, error),
      },
    );
  };

  return (
    <Modal
      open={open}
      title={item ? t('eprList.form.editTitle') : t('eprList.form.createTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      destroyOnHidden
      width={560}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={onFinish}
        initialValues={initialValues(item)}
        preserve={false}
      >
        <Form.Item name="kpi_id" label={t('eprList.form.period')} rules={rules('kpi_id')} required>
          <Select
            options={choices.map((p) => ({ value: p.id, label: <PeriodLabel period={p} /> }))}
            loading={periods.isPending}
            placeholder={t('eprList.form.periodPlaceholder')}
            notFoundContent={t('eprList.form.noPeriods')}
          />
        </Form.Item>
        <Form.Item name="type_id" label={t('eprList.form.type')} rules={rules('type_id')} required>
          <Select
            options={(types.data ?? []).map((ty) => ({ value: ty.id, label: typeName('epr', ty) }))}
            loading={types.isPending}
            placeholder={t('eprList.form.typePlaceholder')}
          />
        </Form.Item>
        <PeriodFields
          labels={{ from: t('eprList.form.from'), to: t('eprList.form.to') }}
          rules={rules}
          toBeforeFrom={EPR_MESSAGES.toBeforeFrom}
          disabled={fromPeriod}
        />
        {fromPeriod ? (
          <Typography.Paragraph type="secondary" style={{ marginTop: -8, marginBottom: 0 }}>
            {t('eprList.form.datesFromPeriod')}
          </Typography.Paragraph>
        ) : null}
      </Form>
    </Modal>
  );
}
