import {
  PAY_SCHEDULE_SORT_FIELDS,
  PAY_SCHEDULE_TYPE_SORT_FIELDS,
  type PaySchedule,
  type PayScheduleType,
  type PayScheduleTypesResponse,
  PERIODS_MAX,
  PERIODS_MIN,
  payScheduleForm,
  payScheduleTypeBody,
} from '@hr/contracts/compensation';
import { DATE_FORMAT } from '@hr/contracts/limits';
import { useQuery } from '@tanstack/react-query';
import { DatePicker, Form, Input, InputNumber, Select, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../../components/admin/ResourcePage';
import { useCompanyOptions } from '../../../components/employee-search/api';
import { formatDate, toApiDate } from '../../../lib/dates';
import { api } from '../../../lib/http';
import '../compensation.css';
import { EnabledTag } from '../../../components/admin/fields';
import { LegacyEnabledField } from '../../../components/admin/legacy-fields';
import { ResourceTabs } from '../../../components/admin/ResourceTabs';
import { compensationKeys, compensationResources } from '../keys';

interface TypeValues {
  name: string;
  periods_per_year: number;
  enabled: boolean;
}
interface ScheduleValues {
  name: string;
  type_id: number | undefined;
  first_pay_date: Dayjs | undefined;
  company_id: number | null;
  enabled: boolean;
}

const EMPTY_TYPE: TypeValues = { name: '', periods_per_year: 12, enabled: true };
const EMPTY_SCHEDULE: ScheduleValues = {
  name: '',
  type_id: undefined,
  first_pay_date: undefined,
  company_id: null,
  enabled: true,
};

/** The types a schedule may take (the enabled ones), by pay days a year. */
function useTypeOptions() {
  return useQuery({
    queryKey: compensationKeys.scheduleTypeOptions,
    queryFn: ({ signal }) =>
      api.get<PayScheduleTypesResponse>('employees/pay-schedules/types', {
        query: { enabled: true, sort: 'periods_per_year,asc' },
        signal,
      }),
    select: (answer) => answer.items,
  });
}

function Schedules() {
  const { t } = useTranslation();
  const types = useTypeOptions();
  const companies = useCompanyOptions();
  return (
    <ResourcePage<PaySchedule, ScheduleValues>
      resource={compensationResources.paySchedules}
      texts="compensation.schedules"
      embedded
      sortFields={PAY_SCHEDULE_SORT_FIELDS}
      defaultSort="name,asc"
      schema={payScheduleForm}
      emptyValues={EMPTY_SCHEDULE}
      toValues={(s) => ({
        name: s.name,
        type_id: s.type.id,
        first_pay_date: dayjs(s.first_pay_date),
        company_id: s.company?.id ?? null,
        enabled: s.enabled,
      })}
      toBody={(v) => ({
        name: v.name,
        type_id: v.type_id,
        first_pay_date: toApiDate(v.first_pay_date),
        company_id: v.company_id ?? null,
        enabled: v.enabled,
      })}
      columns={[
        {
          key: 'name',
          title: t('compensation.schedules.name'),
          render: (_, s) => <Typography.Text strong>{s.name}</Typography.Text>,
        },
        { key: 'type', title: t('compensation.schedules.type'), render: (_, s) => s.type.name },
        {
          key: 'company',
          title: t('compensation.schedules.company'),
          responsive: ['lg'],
          render: (_, s) => s.company?.name ?? t('compensation.schedules.everyCompany'),
        },
        {
          key: 'first_pay_date',
          title: t('compensation.schedules.firstPayDate'),
          responsive: ['md'],
          render: (_, s) => <bdi>{formatDate(s.first_pay_date)}</bdi>,
        },
        {
          key: 'next',
          title: t('compensation.schedules.nextPayDates'),
          render: (_, s) => (
            <span className="compensation-pay-dates">
              {s.next_pay_dates.map((d) => (
                <Tag key={d}>
                  <bdi>{formatDate(d)}</bdi>
                </Tag>
              ))}
            </span>
          ),
        },
        {
          key: 'enabled',
          title: t('admin.common.status'),
          responsive: ['sm'],
          render: (_, s) => <EnabledTag words="active" on={s.enabled} />,
        },
      ]}
      antdFields={(rules) => (
        <>
          <Form.Item name="name" label={t('compensation.schedules.name')} rules={rules('name')} required>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item
            name="type_id"
            label={t('compensation.schedules.type')}
            rules={rules('type_id')}
            required
          >
            <Select
              loading={types.isPending}
              placeholder={t('compensation.schedules.chooseType')}
              options={(types.data ?? []).map((type) => ({
                value: type.id,
                label: t('compensation.types.option', { name: type.name, periods: type.periods_per_year }),
              }))}
            />
          </Form.Item>
          <Form.Item
            name="first_pay_date"
            label={t('compensation.schedules.firstPayDate')}
            rules={rules('first_pay_date')}
            extra={t('compensation.schedules.firstPayHint')}
            required
          >
            <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="company_id"
            label={t('compensation.schedules.company')}
            extra={t('compensation.schedules.companyHint')}
          >
            <Select
              allowClear
              loading={companies.isPending}
              placeholder={t('compensation.schedules.everyCompany')}
              options={(companies.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
            />
          </Form.Item>
          <LegacyEnabledField words="active" />
        </>
      )}
    />
  );
}

function Types() {
  const { t } = useTranslation();
  return (
    <ResourcePage<PayScheduleType, TypeValues>
      resource={compensationResources.payScheduleTypes}
      texts="compensation.types"
      embedded
      sortFields={PAY_SCHEDULE_TYPE_SORT_FIELDS}
      defaultSort="periods_per_year,asc"
      schema={payScheduleTypeBody}
      emptyValues={EMPTY_TYPE}
      toValues={(type) => ({
        name: type.name,
        periods_per_year: type.periods_per_year,
        enabled: type.enabled,
      })}
      toBody={(v) => v}
      columns={[
        {
          key: 'name',
          title: t('compensation.types.name'),
          render: (_, type) => <Typography.Text strong>{type.name}</Typography.Text>,
        },
        {
          key: 'periods_per_year',
          title: t('compensation.types.periodsPerYear'),
          align: 'end',
          render: (_, type) => <span className="admin-count">{type.periods_per_year}</span>,
        },
        {
          key: 'enabled',
          title: t('admin.common.status'),
          render: (_, type) => <EnabledTag words="active" on={type.enabled} />,
        },
      ]}
      antdFields={(rules) => (
        <>
          <Form.Item name="name" label={t('compensation.types.name')} rules={rules('name')} required>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item
            name="periods_per_year"
            label={t('compensation.types.periodsPerYear')}
            rules={rules('periods_per_year')}
            extra={t('compensation.types.periodsHint')}
            required
          >
            <InputNumber<number> min={PERIODS_MIN} max={PERIODS_MAX} style={{ width: '100%' }} />
          </Form.Item>
          <LegacyEnabledField words="active" />
        </>
      )}
    />
  );
}

/** Administration > Pay schedules: the payroll calendars and their types, with the coming pay days. */
export function Component() {
  const { t } = useTranslation();
  return (
    <ResourceTabs
      title={t('compensation.page.title')}
      subtitle={t('compensation.page.subtitle')}
      tabs={[
        { key: 'schedules', label: t('compensation.schedules.title'), children: <Schedules /> },
        { key: 'types', label: t('compensation.types.title'), children: <Types /> },
      ]}
    />
  );
}
