import { LEAVE_FORMAT, type Leave, type LeaveBody, leaveForm } from '@hr/contracts/leave';
import { ADDRESS_MAX } from '@hr/contracts/limits';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { RequestFormDialog } from '../../../components/form/FormDialog';
import { PlainAlert } from '../../../components/PlainAlert';
import { Combobox } from '../../../components/plain/Combobox';
import { DateField } from '../../../components/plain/DateField';
import { Field, TextArea } from '../../../components/plain/Field';
import { Segmented } from '../../../components/plain/Segmented';
import { Select } from '../../../components/plain/Select';
import { formatDate } from '../../../lib/dates';
import { useForm } from '../../../lib/use-form';
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
  /** YYYY-MM-DD (full day) or YYYY-MM-DD HH:mm (short leave). */
  from?: string;
  to?: string;
  responsible_id?: number;
  leave_address?: string;
}

const DAY = 'YYYY-MM-DD';
const MOMENT = 'YYYY-MM-DD HH:mm';

/**
 * What the forecast is asked once a type with a balance and the first day are
 * chosen: with the last day (full day) or the duration (short leave), also
 * what the request takes; an edited request is left out of the count.
 */
function forecastQuery(
  v: { type_id?: number; from?: string; to?: string; duration_id?: number },
  short: boolean,
  leaveId: number | undefined,
): ForecastQuery | null {
  if (!v.type_id || !v.from) return null;
  const date = v.from.slice(0, DAY.length);
  const query: ForecastQuery = { type_id: v.type_id, date };
  if (short && v.duration_id) query.duration_id = v.duration_id;
  if (!short && v.to && v.to >= date) query.to = v.to;
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
          <span className="plain-secondary">{parts.join(' · ')}</span>
          {current.lowest < current.floor ? (
            <PlainAlert
              type="warning"
              role="alert"
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
  const short = leave.leave_format === LEAVE_FORMAT.short;
  const at = (value: string) => dayjs(value).format(short ? MOMENT : DAY);
  return {
    leave_format: short ? 2 : 1,
    type_id: leave.type.id,
    duration_id: leave.duration?.id,
    from: at(leave.from),
    to: at(leave.to),
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
  const form = useForm<Values>({ initial: initialValues(leave), schema: leaveForm });
  const { leave_format: format, type_id: typeId, from, to, duration_id: durationId } = form.values;
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
  const shortEnd = (start: string | undefined, duration: number | undefined) => {
    const minutes = durations.data?.find((d) => d.id === duration)?.minutes;
    return start && minutes ? dayjs(start).add(minutes, 'minute').format(MOMENT) : undefined;
  };
  const fromField = form.field('from');
  const durationField = form.field('duration_id');
  const changeFrom = (value: string | undefined) => {
    fromField.onChange(value);
    if (short) form.setMany({ to: shortEnd(value, durationId) });
  };
  const changeDuration = (value: number | undefined) => {
    durationField.onChange(value);
    form.setMany({ to: shortEnd(from, value) });
  };

  const toRequestBody = (v: Values): LeaveBody => ({
    leave_format: v.leave_format,
    type_id: v.type_id!,
    duration_id: short ? (v.duration_id ?? null) : null,
    from: short ? `${v.from!}:00` : v.from!,
    to: short ? `${v.to!}:00` : v.to!,
    responsible_id: v.responsible_id!,
    leave_address: v.leave_address?.trim() ?? '',
  });

  return (
    <RequestFormDialog<Values, LeaveBody>
      open={open}
      editing={leave}
      title={leave ? t('leave.form.editTitle') : t('leave.form.createTitle')}
      form={form}
      initial={initialValues(leave)}
      toBody={toRequestBody}
      save={save}
      onClose={onClose}
      width={560}
    >
      <Field label={t('leave.form.format')} field={form.field('leave_format')} required group>
        {(props) => (
          <Segmented<1 | 2>
            {...props}
            // Changing the format starts the form afresh (SPEC.md §5).
            onChange={(next) => form.reset({ leave_format: next })}
            options={[
              { value: LEAVE_FORMAT.fullDay, label: t('leave.format.1') },
              { value: LEAVE_FORMAT.short, label: t('leave.format.2') },
            ]}
          />
        )}
      </Field>
      <Field
        label={t('leave.form.type')}
        field={form.field('type_id')}
        required
        help={
          balance && !forecast
            ? t('leave.form.balanceLeft', { remaining: balance.remaining, count: balance.days })
            : undefined
        }
      >
        {(props) => <Select {...props} options={typeOptions} placeholder={t('leave.form.typePlaceholder')} />}
      </Field>
      {short ? (
        <Field label={t('leave.form.duration')} field={durationField} required>
          {(props) => (
            <Select
              {...props}
              onChange={changeDuration}
              options={(durations.data ?? []).map((d) => ({ value: d.id, label: d.name }))}
              placeholder={t('leave.form.durationPlaceholder')}
            />
          )}
        </Field>
      ) : null}
      <div className="plain-form-row">
        <Field
          key={short ? 'short-from' : 'day-from'}
          label={t('leave.form.from')}
          field={fromField}
          required
        >
          {(props) => <DateField {...props} onChange={changeFrom} withTime={short} />}
        </Field>
        <Field
          key={short ? 'short-to' : 'day-to'}
          label={t('leave.form.to')}
          field={form.field('to')}
          required
        >
          {(props) =>
            short ? <DateField {...props} withTime disabled /> : <DateField {...props} min={from} />
          }
        </Field>
      </div>
      {hasBalance ? <ForecastNote query={forecast} /> : null}
      <Field label={t('leave.form.responsible')} field={form.field('responsible_id')} required>
        {(props) => (
          <Combobox
            {...props}
            loading={responsibles.isPending}
            placeholder={t('leave.form.responsiblePlaceholder')}
            options={(responsibles.data ?? []).map((p) => ({ value: p.id, label: `${p.name} (${p.eid})` }))}
          />
        )}
      </Field>
      <Field label={t('leave.form.address')} field={form.field('leave_address')} required>
        {(props) => <TextArea {...props} rows={3} max={ADDRESS_MAX} />}
      </Field>
    </RequestFormDialog>
  );
}
