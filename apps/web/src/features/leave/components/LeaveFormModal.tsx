import { LEAVE_FORMAT, type Leave, type LeaveBody, leaveForm } from '@hr/contracts/leave';
import { ADDRESS_MAX } from '@hr/contracts/limits';
import { Alert, DatePicker, Form, Input, Radio, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { RequestFormModal } from '../../../components/form/RequestFormModal';
import { DATE_FORMAT, DATE_TIME_FORMAT, formatDate, TIME_FORMAT } from '../../../lib/dates';
import { zodRules } from '../../../lib/forms';
import {
  type ForecastQuery,
  useForecast,
  useLeaveBalances,
  useLeaveDurations,
  useLeaveTypes,
  useResponsibles,
  useSaveLeave,
} from '../api';
import '../leave-policies.css';
import { daysText, isolated } from '../ledger-format';

interface Values {
  leave_format: 1 | 2;
  type_id?: number;
  duration_id?: number;
  from?: Dayjs;
  to?: Dayjs;
  responsible_id?: number;
  leave_address?: string;
}

const rules = zodRules(leaveForm);

/**
 * What the forecast is asked once a type with a balance and the first day are
 * chosen: with the last day (full day) or the duration (short leave), also
 * what the request takes; an edited request is left out of the count.
 */
function forecastQuery(
  v: { type_id?: number; from?: Dayjs; to?: Dayjs; duration_id?: number },
  short: boolean,
  leaveId: number | undefined,
): ForecastQuery | null {
  if (!v.type_id || !v.from?.isValid()) return null;
  const query: ForecastQuery = { type_id: v.type_id, date: v.from.format('YYYY-MM-DD') };
  if (short && v.duration_id) query.duration_id = v.duration_id;
  if (!short && v.to?.isValid() && !v.to.isBefore(v.from, 'day')) query.to = v.to.format('YYYY-MM-DD');
  if (leaveId) query.leave_id = leaveId;
  return query;
}

/** The balance on the first day, what the request takes and what is left, and a warning when it overdraws. */
function ForecastNote({ query }: { query: ForecastQuery | null }) {
  const { t } = useTranslation();
  const forecast = useForecast(query);
  const data = forecast.data;
  // An answer for other dates (kept while the next one loads) is not shown as this one's.
  const current = data && query && data.type.id === query.type_id && data.date === query.date ? data : null;
  // Short leave of a type whose policy does not count it takes nothing.
  const counted = query?.duration_id === undefined || current?.policy.counts_short_leave;
  const parts = current
    ? [
        t('leavePolicies.forecast.balance', {
          date: isolated(formatDate(current.date)),
          days: daysText(t, current.balance),
        }),
        ...(current.days > 0
          ? [
              t('leavePolicies.forecast.request', { days: daysText(t, current.days) }),
              counted
                ? t('leavePolicies.forecast.after', { days: daysText(t, current.after) })
                : t('leavePolicies.forecast.notCounted'),
            ]
          : []),
      ]
    : [];
  return (
    <div role="status" aria-label={t('leavePolicies.forecast.label')} className="leave-forecast">
      {current ? (
        <>
          <Typography.Text type="secondary">{parts.join(' · ')}</Typography.Text>
          {current.lowest < current.floor ? (
            <Alert
              type="warning"
              showIcon
              title={t('leavePolicies.forecast.overdraw', {
                lowest: daysText(t, current.lowest),
                floor: daysText(t, current.floor),
              })}
            />
          ) : null}
        </>
      ) : null}
    </div>
  );
}

function initialValues(leave: Leave | null): Values {
  if (!leave) return { leave_format: LEAVE_FORMAT.fullDay };
  return {
    leave_format: leave.leave_format === LEAVE_FORMAT.short ? 2 : 1,
    type_id: leave.type.id,
    duration_id: leave.duration?.id,
    from: dayjs(leave.from),
    to: dayjs(leave.to),
    responsible_id: leave.responsible?.id,
    leave_address: leave.leave_address ?? undefined,
  };
}

/** Apply for leave or change a draft: full day (dates) or short (a start time and a duration). */
export function LeaveFormModal({
  open,
  leave,
  onClose,
}: {
  open: boolean;
  leave: Leave | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const format = Form.useWatch('leave_format', form) ?? LEAVE_FORMAT.fullDay;
  const typeId = Form.useWatch('type_id', form);
  const from = Form.useWatch('from', form);
  const to = Form.useWatch('to', form);
  const durationId = Form.useWatch('duration_id', form);
  const types = useLeaveTypes({ eligible: true });
  const durations = useLeaveDurations();
  const responsibles = useResponsibles(open);
  const balances = useLeaveBalances();
  const save = useSaveLeave();
  const short = format === LEAVE_FORMAT.short;

  const typeOptions = useMemo(() => {
    const offered = (types.data ?? [])
      .filter((ty) => !short || ty.short_leave_applied)
      .map((ty) => ({ value: ty.id, label: ty.name }));
    // A draft keeps showing its type even when it no longer applies; saving then says why.
    if (leave && types.data && !offered.some((o) => o.value === leave.type.id))
      offered.push({ value: leave.type.id, label: leave.type.name });
    return offered;
  }, [types.data, short, leave]);
  const balance = balances.data?.items.find((b) => b.type.id === typeId);
  const hasBalance = types.data?.find((ty) => ty.id === typeId)?.has_balance ?? Boolean(balance);
  const forecast =
    open && hasBalance
      ? forecastQuery({ type_id: typeId, from, to, duration_id: durationId }, short, leave?.id)
      : null;

  /** Short leave: the end is the start plus the duration, and cannot be typed. */
  const syncShortEnd = () => {
    const v = form.getFieldsValue();
    if (v.leave_format !== LEAVE_FORMAT.short) return;
    const minutes = durations.data?.find((d) => d.id === v.duration_id)?.minutes;
    form.setFieldValue('to', v.from && minutes ? v.from.add(minutes, 'minute') : undefined);
  };

  const onValuesChange = (changed: Partial<Values>) => {
    if ('leave_format' in changed) {
      // Changing the format starts the form afresh (SPEC.md §5).
      form.resetFields();
      form.setFieldsValue({ leave_format: changed.leave_format });
      return;
    }
    if ('from' in changed || 'duration_id' in changed) syncShortEnd();
  };

  const toRequestBody = (v: Values) => {
    const body: LeaveBody = {
      leave_format: v.leave_format,
      type_id: v.type_id!,
      duration_id: short ? (v.duration_id ?? null) : null,
      from: short ? v.from!.second(0).format('YYYY-MM-DD HH:mm:ss') : v.from!.format('YYYY-MM-DD'),
      to: short ? v.to!.second(0).format('YYYY-MM-DD HH:mm:ss') : v.to!.format('YYYY-MM-DD'),
      responsible_id: v.responsible_id!,
      leave_address: v.leave_address?.trim() ?? '',
    };
    return body;
  };

  return (
    <RequestFormModal<Values, LeaveBody>
      open={open}
      editing={leave}
      title={leave ? t('leave.form.editTitle') : t('leave.form.createTitle')}
      form={form}
      initial={initialValues(leave)}
      toBody={toRequestBody}
      save={save}
      onClose={onClose}
      onValuesChange={onValuesChange}
      width={560}
    >
      <Form.Item name="leave_format" label={t('leave.form.format')} rules={rules('leave_format')} required>
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          options={[
            { value: LEAVE_FORMAT.fullDay, label: t('leave.format.1') },
            { value: LEAVE_FORMAT.short, label: t('leave.format.2') },
          ]}
        />
      </Form.Item>
      <Form.Item
        name="type_id"
        label={t('leave.form.type')}
        rules={rules('type_id')}
        required
        extra={
          balance && !forecast ? (
            <Typography.Text type="secondary">
              {t('leave.form.balanceLeft', { remaining: balance.remaining, count: balance.days })}
            </Typography.Text>
          ) : null
        }
      >
        <Select
          options={typeOptions}
          loading={types.isPending}
          placeholder={t('leave.form.typePlaceholder')}
        />
      </Form.Item>
      {short ? (
        <Form.Item name="duration_id" label={t('leave.form.duration')} rules={rules('duration_id')} required>
          <Select
            options={(durations.data ?? []).map((d) => ({ value: d.id, label: d.name }))}
            placeholder={t('leave.form.durationPlaceholder')}
          />
        </Form.Item>
      ) : null}
      <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
        <Form.Item
          name="from"
          label={t('leave.form.from')}
          rules={rules('from')}
          required
          style={{ flex: 1, minWidth: 200 }}
        >
          {short ? (
            <DatePicker
              showTime={{ format: TIME_FORMAT, minuteStep: 15 }}
              format={DATE_TIME_FORMAT}
              style={{ width: '100%' }}
            />
          ) : (
            <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} />
          )}
        </Form.Item>
        <Form.Item
          name="to"
          label={t('leave.form.to')}
          rules={rules('to')}
          required
          style={{ flex: 1, minWidth: 200 }}
        >
          {short ? (
            <DatePicker showTime format={DATE_TIME_FORMAT} disabled style={{ width: '100%' }} />
          ) : (
            <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} />
          )}
        </Form.Item>
      </div>
      {hasBalance ? <ForecastNote query={forecast} /> : null}
      <Form.Item
        name="responsible_id"
        label={t('leave.form.responsible')}
        rules={rules('responsible_id')}
        required
      >
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          loading={responsibles.isPending}
          placeholder={t('leave.form.responsiblePlaceholder')}
          options={(responsibles.data ?? []).map((p) => ({ value: p.id, label: `${p.name} (${p.eid})` }))}
        />
      </Form.Item>
      <Form.Item name="leave_address" label={t('leave.form.address')} rules={rules('leave_address')} required>
        <Input.TextArea rows={3} showCount count={{ max: ADDRESS_MAX }} />
      </Form.Item>
    </RequestFormModal>
  );
}
