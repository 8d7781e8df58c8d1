import {
  REMOTE_WORK_DESCRIPTION_MAX,
  REMOTE_WORK_TYPE,
  type RemoteWork,
  type RemoteWorkBody,
  remoteWorkForm,
} from '@hr/contracts/remote-work';
import { useTranslation } from 'react-i18next';
import { RequestFormDialog } from '../../../components/form/FormDialog';
import { DateField } from '../../../components/plain/DateField';
import { Field, TextArea, TimeField } from '../../../components/plain/Field';
import { Select } from '../../../components/plain/Select';
import { useForm } from '../../../lib/use-form';
import { useRemoteWorkTypes, useSaveRemoteWork } from '../api';

interface Values {
  type_id?: number;
  /** The day (hourly type) or the first day (the other types), YYYY-MM-DD. */
  from_date?: string;
  to_date?: string;
  /** HH:mm */
  from_time?: string;
  to_time?: string;
  description?: string;
}

const NO_TYPE_YET = 0;
/**
 * Until a type is chosen the form shows the day-based fields; they are checked
 * as such, so that one save shows every missing field at once.
 */
const withType = (v: Values) => ({ ...v, type_id: v.type_id ?? NO_TYPE_YET });

const isHourly = (typeId: number | undefined) => typeId === REMOTE_WORK_TYPE.hourly;
const hhmm = (time: string | null) => (time ? time.slice(0, 5) : undefined);

function initialValues(item: RemoteWork | null): Values {
  if (!item) return {};
  const hourly = isHourly(item.type.id);
  return {
    type_id: item.type.id,
    from_date: item.from_date,
    to_date: hourly ? undefined : item.to_date,
    from_time: hourly ? hhmm(item.from_time) : undefined,
    to_time: hourly ? hhmm(item.to_time) : undefined,
    description: item.description ?? undefined,
  };
}

function toBody(v: Values): RemoteWorkBody {
  const hourly = isHourly(v.type_id);
  const day = v.from_date ?? null;
  return {
    type_id: v.type_id!,
    from_date: day,
    to_date: hourly ? day : (v.to_date ?? null),
    from_time: hourly ? (v.from_time ?? null) : null,
    to_time: hourly ? (v.to_time ?? null) : null,
    description: v.description?.trim() ? v.description.trim() : null,
  };
}

/**
 * Apply for remote work or change a draft: type 1 is hours within one day (a
 * date and two times), the other types whole days (a first and a last day).
 */
export function RemoteWorkFormModal({
  open,
  item,
  onClose,
}: {
  open: boolean;
  item: RemoteWork | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm<Values>({ initial: initialValues(item), schema: remoteWorkForm, prepare: withType });
  const types = useRemoteWorkTypes();
  const save = useSaveRemoteWork();
  const { type_id: typeId, from_date: fromDate } = form.values;
  const hourly = isHourly(typeId);

  const type = form.field('type_id');
  const chooseType = (next: number | undefined) => {
    // Hours and whole days are different fields: switching between them starts the dates afresh.
    if (isHourly(next) !== hourly)
      form.setMany({ from_date: undefined, to_date: undefined, from_time: undefined, to_time: undefined });
    type.onChange(next);
  };

  return (
    <RequestFormDialog<Values, RemoteWorkBody>
      open={open}
      editing={item}
      title={item ? t('remoteWork.form.editTitle') : t('remoteWork.form.createTitle')}
      form={form}
      initial={initialValues(item)}
      toBody={toBody}
      save={save}
      onClose={onClose}
      width={560}
    >
      <Field
        label={t('remoteWork.form.type')}
        field={type}
        required
        help={
          typeId === undefined
            ? undefined
            : hourly
              ? t('remoteWork.form.hourlyHint')
              : t('remoteWork.form.daysHint')
        }
      >
        {(props) => (
          <Select
            {...props}
            onChange={chooseType}
            options={(types.data ?? []).map((ty) => ({ value: ty.id, label: ty.name }))}
            placeholder={t('remoteWork.form.typePlaceholder')}
          />
        )}
      </Field>
      {hourly ? (
        <>
          <Field key="hourly-date" label={t('remoteWork.form.date')} field={form.field('from_date')} required>
            {(props) => <DateField {...props} />}
          </Field>
          <div className="plain-form-row">
            <Field label={t('remoteWork.form.from')} field={form.field('from_time')} required>
              {(props) => <TimeField {...props} />}
            </Field>
            <Field label={t('remoteWork.form.to')} field={form.field('to_time')} required>
              {(props) => <TimeField {...props} />}
            </Field>
          </div>
        </>
      ) : (
        <div className="plain-form-row">
          <Field key="days-from" label={t('remoteWork.form.from')} field={form.field('from_date')} required>
            {(props) => <DateField {...props} />}
          </Field>
          <Field label={t('remoteWork.form.to')} field={form.field('to_date')} required>
            {(props) => <DateField {...props} min={fromDate} />}
          </Field>
        </div>
      )}
      <Field label={t('remoteWork.form.description')} field={form.field('description')}>
        {(props) => (
          <TextArea
            {...props}
            rows={3}
            max={REMOTE_WORK_DESCRIPTION_MAX}
            placeholder={t('remoteWork.form.descriptionPlaceholder')}
          />
        )}
      </Field>
    </RequestFormDialog>
  );
}
