import { DATE_FORMAT, TIME_FORMAT } from '@hr/contracts/limits';
import {
  REMOTE_WORK_DESCRIPTION_MAX,
  REMOTE_WORK_TYPE,
  type RemoteWork,
  type RemoteWorkBody,
  remoteWorkForm,
} from '@hr/contracts/remote-work';
import { DatePicker, Flex, Form, Input, Select, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { RequestFormModal } from '../../../components/form/RequestFormModal';
import { toApiDate } from '../../../lib/dates';
import { zodRules } from '../../../lib/forms';
import { useRemoteWorkTypes, useSaveRemoteWork } from '../api';

interface Values {
  type_id?: number;
  /** The day (hourly type) or the first day (the other types). */
  from_date?: Dayjs;
  to_date?: Dayjs;
  from_time?: Dayjs;
  to_time?: Dayjs;
  description?: string;
}

const rules = zodRules(remoteWorkForm);
const NO_TYPE_YET = 0;
/**
 * Until a type is chosen the form shows the day-based fields; they are checked
 * as such, so that one save shows every missing field at once.
 */
const whenRules = zodRules(
  z.preprocess((v) => ({ ...(v as Values), type_id: (v as Values).type_id ?? NO_TYPE_YET }), remoteWorkForm),
);
const WHEN_FIELDS = ['from_date', 'to_date', 'from_time', 'to_time'] as const;
const MINUTE_STEP = 15;

const isHourly = (typeId: number | undefined) => typeId === REMOTE_WORK_TYPE.hourly;
const timeOf = (date: string, time: string | null) => (time ? dayjs(`${date}T${time}`) : undefined);

function initialValues(item: RemoteWork | null): Values {
  if (!item) return {};
  const hourly = isHourly(item.type.id);
  return {
    type_id: item.type.id,
    from_date: dayjs(item.from_date),
    to_date: hourly ? undefined : dayjs(item.to_date),
    from_time: hourly ? timeOf(item.from_date, item.from_time) : undefined,
    to_time: hourly ? timeOf(item.from_date, item.to_time) : undefined,
    description: item.description ?? undefined,
  };
}

function toBody(v: Values): RemoteWorkBody {
  const hourly = isHourly(v.type_id);
  const day = toApiDate(v.from_date) ?? null;
  return {
    type_id: v.type_id!,
    from_date: day,
    to_date: hourly ? day : (toApiDate(v.to_date) ?? null),
    from_time: hourly ? (v.from_time?.format(TIME_FORMAT) ?? null) : null,
    to_time: hourly ? (v.to_time?.format(TIME_FORMAT) ?? null) : null,
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
  const [form] = Form.useForm<Values>();
  const typeId = Form.useWatch('type_id', form);
  const fromDate = Form.useWatch('from_date', form);
  const types = useRemoteWorkTypes();
  const save = useSaveRemoteWork();
  const hourly = isHourly(typeId);

  const onValuesChange = (changed: Partial<Values>) => {
    // Hours and whole days are different fields: switching between them starts the dates afresh.
    if ('type_id' in changed && isHourly(changed.type_id) !== hourly) {
      form.setFields(WHEN_FIELDS.map((name) => ({ name, value: undefined, errors: [] })));
    }
  };

  const half = { flex: 1, minWidth: 150 };

  return (
    <RequestFormModal<Values, RemoteWorkBody>
      open={open}
      editing={item}
      title={item ? t('remoteWork.form.editTitle') : t('remoteWork.form.createTitle')}
      form={form}
      initial={initialValues(item)}
      toBody={toBody}
      save={save}
      onClose={onClose}
      onValuesChange={onValuesChange}
      width={560}
    >
      <Form.Item
        name="type_id"
        label={t('remoteWork.form.type')}
        rules={rules('type_id')}
        required
        extra={
          typeId === undefined
            ? undefined
            : hourly
              ? t('remoteWork.form.hourlyHint')
              : t('remoteWork.form.daysHint')
        }
      >
        <Select
          options={(types.data ?? []).map((ty) => ({ value: ty.id, label: ty.name }))}
          loading={types.isPending}
          placeholder={t('remoteWork.form.typePlaceholder')}
        />
      </Form.Item>
      {hourly ? (
        <>
          <Form.Item
            key="hourly-date"
            name="from_date"
            label={t('remoteWork.form.date')}
            rules={whenRules('from_date')}
            required
          >
            <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} />
          </Form.Item>
          <Flex gap={12} wrap>
            <Form.Item
              name="from_time"
              label={t('remoteWork.form.from')}
              rules={whenRules('from_time')}
              required
              style={half}
            >
              <TimePicker
                format={TIME_FORMAT}
                minuteStep={MINUTE_STEP}
                showNow={false}
                style={{ width: '100%' }}
              />
            </Form.Item>
            <Form.Item
              name="to_time"
              label={t('remoteWork.form.to')}
              rules={whenRules('to_time')}
              required
              style={half}
            >
              <TimePicker
                format={TIME_FORMAT}
                minuteStep={MINUTE_STEP}
                showNow={false}
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Flex>
        </>
      ) : (
        <Flex gap={12} wrap>
          <Form.Item
            key="days-from"
            name="from_date"
            label={t('remoteWork.form.from')}
            rules={whenRules('from_date')}
            required
            style={half}
          >
            <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="to_date"
            label={t('remoteWork.form.to')}
            rules={whenRules('to_date')}
            required
            style={half}
          >
            <DatePicker
              format={DATE_FORMAT}
              style={{ width: '100%' }}
              disabledDate={(d) => Boolean(fromDate && d.isBefore(fromDate, 'day'))}
            />
          </Form.Item>
        </Flex>
      )}
      <Form.Item name="description" label={t('remoteWork.form.description')} rules={rules('description')}>
        <Input.TextArea
          rows={3}
          showCount
          count={{ max: REMOTE_WORK_DESCRIPTION_MAX }}
          placeholder={t('remoteWork.form.descriptionPlaceholder')}
        />
      </Form.Item>
    </RequestFormModal>
  );
}
