import { TIME_FORMAT } from '@hr/contracts/limits';
import { endsNextDay, SHIFT_NAME_MAX, SHIFT_SORT_FIELDS, type Shift, shiftForm } from '@hr/contracts/shifts';
import {
  Checkbox,
  Flex,
  Form,
  type FormRule,
  InputNumber,
  Space,
  Switch,
  Tag,
  TimePicker,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { AdminOnly } from '../../../components/AdminOnly';
import { EnabledTag } from '../../../components/admin/fields';
import { LegacyNameField } from '../../../components/admin/legacy-fields';
import { ResourcePage } from '../../../components/admin/ResourcePage';
import { useShiftText } from '../format';
import { shiftResources } from '../keys';

interface Values {
  name: string;
  start: Dayjs | null;
  end: Dayjs | null;
  grace_minutes: number;
  /** The company's weekly off day (weekly_off_days null), else the days checked. */
  company_days: boolean;
  weekly_off_days: number[];
  is_default: boolean;
  enabled: boolean;
  /** The record is the default: it stays enabled and the default (not sent). */
  locked: boolean;
}

const EMPTY: Values = {
  name: '',
  start: null,
  end: null,
  grace_minutes: 0,
  company_days: true,
  weekly_off_days: [],
  is_default: false,
  enabled: true,
  locked: false,
};

const time = (hhmm: string) => dayjs(`2000-01-01T${hhmm}`);

/** The weekly off days: the company's, or days of the week checked by name. */
function OffDaysField({ rules }: { rules: (field: string) => FormRule[] }) {
  const { t } = useTranslation();
  const text = useShiftText();
  const form = Form.useFormInstance<Values>();
  const companyDays = Form.useWatch('company_days', form) ?? true;
  return (
    <Form.Item label={t('shifts.fields.weeklyOff')} required={false}>
      <Form.Item name="company_days" valuePropName="checked" noStyle>
        <Checkbox>{t('shifts.fields.companyOffDay')}</Checkbox>
      </Form.Item>
      {companyDays ? null : (
        <Form.Item
          name="weekly_off_days"
          rules={rules('weekly_off_days')}
          style={{ marginTop: 8, marginBottom: 0 }}
        >
          <Checkbox.Group options={text.weekdays()} />
        </Form.Item>
      )}
    </Form.Item>
  );
}

/** Default and enabled: the default shift keeps both on, with the reason beside them. */
function DefaultFields() {
  const { t } = useTranslation();
  const form = Form.useFormInstance<Values>();
  const locked = Form.useWatch('locked', form) ?? false;
  return (
    <>
      <Form.Item name="locked" hidden valuePropName="checked">
        <Switch />
      </Form.Item>
      <Flex gap={24} wrap>
        <Form.Item
          name="is_default"
          label={t('shifts.fields.default')}
          valuePropName="checked"
          extra={locked ? null : t('shifts.defaultHint')}
          style={{ flex: 1, minWidth: 200 }}
        >
          <Switch disabled={locked} />
        </Form.Item>
        <Form.Item
          name="enabled"
          label={t('shifts.fields.enabled')}
          valuePropName="checked"
          style={{ flex: 1, minWidth: 120 }}
        >
          <Switch disabled={locked} />
        </Form.Item>
      </Flex>
      {locked ? (
        <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
          {t('shifts.defaultLockedHint')}
        </Typography.Paragraph>
      ) : null}
    </>
  );
}

/** Administration > Shifts: working hours, grace and weekly off days; one shift is the default. */
export function Component() {
  const { t } = useTranslation();
  const text = useShiftText();
  return (
    <AdminOnly>
      <ResourcePage<Shift, Values>
        translatedName={SHIFT_NAME_MAX}
        resource={shiftResources.shifts}
        texts="shifts.admin"
        sortFields={SHIFT_SORT_FIELDS}
        defaultSort="start,asc"
        schema={shiftForm}
        emptyValues={EMPTY}
        toValues={(s) => ({
          name: s.name,
          start: time(s.start),
          end: time(s.end),
          grace_minutes: s.grace_minutes,
          company_days: s.weekly_off_days === null,
          weekly_off_days: s.weekly_off_days ?? [],
          is_default: s.is_default,
          enabled: s.enabled,
          locked: s.is_default,
        })}
        toBody={(v) => ({
          name: v.name,
          start: v.start?.format(TIME_FORMAT),
          end: v.end?.format(TIME_FORMAT),
          grace_minutes: v.grace_minutes,
          weekly_off_days: v.company_days ? null : v.weekly_off_days,
          is_default: v.is_default,
          enabled: v.enabled,
        })}
        columns={[
          {
            key: 'name',
            title: t('shifts.fields.name'),
            render: (_, s) => (
              <Space size={6} wrap>
                <Typography.Text strong>{s.name}</Typography.Text>
                {s.is_default ? <Tag color="blue">{t('shifts.defaultTag')}</Tag> : null}
              </Space>
            ),
          },
          {
            key: 'start',
            title: t('shifts.fields.hours'),
            render: (_, s) => <bdi>{text.hours(s)}</bdi>,
          },
          {
            key: 'grace_minutes',
            title: t('shifts.fields.grace'),
            align: 'end',
            responsive: ['sm'],
            render: (_, s) => <span className="admin-count">{s.grace_minutes}</span>,
          },
          {
            key: 'weekly_off_days',
            title: t('shifts.fields.weeklyOff'),
            responsive: ['md'],
            render: (_, s) =>
              s.weekly_off_days === null ? (
                <Typography.Text type="secondary">{text.offDays(null, 'short')}</Typography.Text>
              ) : (
                text.offDays(s.weekly_off_days, 'short')
              ),
          },
          {
            key: 'employees',
            title: t('shifts.fields.employees'),
            align: 'end',
            responsive: ['lg'],
            render: (_, s) => <span className="admin-count">{s.employees_count}</span>,
          },
          {
            key: 'enabled',
            title: t('admin.common.status'),
            render: (_, s) => <EnabledTag on={s.enabled} words="active" />,
          },
        ]}
        antdFields={(rules) => (
          <>
            <LegacyNameField label={t('shifts.fields.name')} maxLength={100} rules={rules} />
            <Flex gap={12} wrap>
              <Form.Item
                name="start"
                label={t('shifts.fields.start')}
                rules={rules('start')}
                required
                style={{ flex: 1, minWidth: 140 }}
              >
                <TimePicker format={TIME_FORMAT} showNow={false} style={{ width: '100%' }} />
              </Form.Item>
              <Form.Item
                name="end"
                label={t('shifts.fields.end')}
                rules={rules('end')}
                dependencies={['start']}
                required
                extra={<EndsNextDay />}
                style={{ flex: 1, minWidth: 140 }}
              >
                <TimePicker format={TIME_FORMAT} showNow={false} style={{ width: '100%' }} />
              </Form.Item>
              <Form.Item
                name="grace_minutes"
                label={t('shifts.fields.grace')}
                rules={rules('grace_minutes')}
                required
                style={{ flex: 1, minWidth: 140 }}
              >
                <InputNumber min={0} max={240} step={5} style={{ width: '100%' }} />
              </Form.Item>
            </Flex>
            <OffDaysField rules={rules} />
            <DefaultFields />
          </>
        )}
      />
    </AdminOnly>
  );
}

/** Under the end: whether the shift, as typed, runs past midnight. */
function EndsNextDay() {
  const { t } = useTranslation();
  const form = Form.useFormInstance<Values>();
  const start = Form.useWatch('start', form);
  const end = Form.useWatch('end', form);
  if (!start || !end) return null;
  const [s, e] = [start.format(TIME_FORMAT), end.format(TIME_FORMAT)];
  return s !== e && endsNextDay(s, e) ? t('shifts.endsNextDay') : null;
}
