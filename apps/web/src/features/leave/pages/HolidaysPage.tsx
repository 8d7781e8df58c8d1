import { HOLIDAY_SORT_FIELDS, type Office } from '@hr/contracts/admin';
import { type Holiday, holidayForm } from '@hr/contracts/leave';
import { DATE_FORMAT } from '@hr/contracts/limits';
import { DatePicker, Form, Select, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminOnly } from '../../../components/AdminOnly';
import { NameField } from '../../../components/admin/fields';
import { ResourcePage } from '../../../components/admin/ResourcePage';
import { useCompanyOptions, useOfficeOptions } from '../../../components/employee-search/api';
import { formatDate } from '../../../lib/dates';
import { leaveResources } from '../keys';

interface Values {
  name: string;
  from?: Dayjs;
  to?: Dayjs;
  company_id?: number | null;
  office_id?: number | null;
}

const EMPTY: Values = { name: '', company_id: null, office_id: null };

/**
 * Whose holiday it is: everyone's, a company's, or an office's. The office
 * is one of the chosen company's (while none is chosen, every company's by
 * company, and choosing one brings its company); enabled offices, and the
 * holiday's own.
 */
function PlaceFields({
  companies,
  offices,
}: {
  companies: { id: number; name: string }[];
  offices: Office[];
}) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<Values>();
  const companyId = Form.useWatch('company_id', form) ?? null;
  const current = Form.useWatch('office_id', { form, preserve: true }) ?? null;
  const offered = offices.filter(
    (o) => (o.enabled || o.id === current) && (companyId === null || o.company.id === companyId),
  );
  const option = (o: Office) => ({ value: o.id, label: o.name });
  const byCompany = [...new Map(offered.map((o) => [o.company.id, o.company])).values()].map((c) => ({
    label: c.name,
    title: c.name,
    options: offered.filter((o) => o.company.id === c.id).map(option),
  }));
  return (
    <>
      <Form.Item name="company_id" label={t('leave.admin.company')}>
        <Select<number>
          allowClear
          placeholder={t('leave.admin.allCompanies')}
          options={companies.map((c) => ({ value: c.id, label: c.name }))}
          onChange={(id) => {
            // Another company's offices are not this one's: the office is chosen again.
            const office = offices.find((o) => o.id === form.getFieldValue('office_id'));
            if (office && id != null && office.company.id !== id) form.setFieldValue('office_id', null);
          }}
        />
      </Form.Item>
      <Form.Item name="office_id" label={t('leave.admin.office')} extra={t('leave.admin.officeHelp')}>
        <Select<number>
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('leave.admin.allOffices')}
          options={companyId === null ? byCompany : offered.map(option)}
          onChange={(id) => {
            const office = offices.find((o) => o.id === id);
            if (office && companyId === null) form.setFieldValue('company_id', office.company.id);
          }}
        />
      </Form.Item>
    </>
  );
}

/** Administration > Holidays: the days off of a year, for everyone, one company or one office. */
export function Component() {
  const { t } = useTranslation();
  const thisYear = dayjs().year();
  const [year, setYear] = useState(thisYear);
  const companies = useCompanyOptions();
  const offices = useOfficeOptions();
  const companyName = (id: number | null) =>
    id === null ? t('leave.admin.allCompanies') : (companies.data?.find((c) => c.id === id)?.name ?? '—');
  const officeName = (id: number | null) =>
    id === null ? t('leave.admin.allOffices') : (offices.data?.find((o) => o.id === id)?.name ?? '—');
  return (
    <AdminOnly>
      <ResourcePage<Holiday, Values>
        resource={leaveResources.holidays}
        sortFields={HOLIDAY_SORT_FIELDS}
        defaultSort="from,asc"
        filterQuery={{ year }}
        filters={
          <Select
            value={year}
            onChange={setYear}
            aria-label={t('leave.balances.chooseYear')}
            style={{ width: 110 }}
            options={[thisYear - 1, thisYear, thisYear + 1, thisYear + 2].map((y) => ({
              value: y,
              label: String(y),
            }))}
          />
        }
        schema={holidayForm}
        emptyValues={EMPTY}
        toValues={(h) => ({
          name: h.name,
          from: dayjs(h.from),
          to: dayjs(h.to),
          company_id: h.company_id,
          office_id: h.office_id,
        })}
        toBody={(v) => ({
          name: v.name,
          from: v.from?.format('YYYY-MM-DD'),
          to: (v.to ?? v.from)?.format('YYYY-MM-DD'),
          company_id: v.company_id ?? null,
          office_id: v.office_id ?? null,
        })}
        columns={[
          { key: 'name', title: t('leave.admin.name'), dataIndex: 'name' },
          { key: 'from', title: t('leave.columns.from'), render: (_, h) => formatDate(h.from) },
          { key: 'to', title: t('leave.columns.to'), render: (_, h) => formatDate(h.to) },
          {
            key: 'days',
            title: t('leave.admin.days'),
            align: 'end',
            render: (_, h) => <span className="admin-count">{dayjs(h.to).diff(h.from, 'day') + 1}</span>,
          },
          {
            key: 'company',
            title: t('leave.admin.company'),
            responsive: ['sm'],
            render: (_, h) =>
              h.company_id === null ? <Tag>{companyName(null)}</Tag> : companyName(h.company_id),
          },
          {
            key: 'office',
            title: t('leave.admin.office'),
            responsive: ['sm'],
            render: (_, h) =>
              h.office_id === null ? <Tag>{officeName(null)}</Tag> : officeName(h.office_id),
          },
        ]}
        fields={(rules) => (
          <>
            <NameField label={t('leave.admin.name')} maxLength={100} rules={rules} />
            <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
              <Form.Item
                name="from"
                label={t('leave.columns.from')}
                rules={rules('from')}
                required
                style={{ flex: 1, minWidth: 180 }}
              >
                <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} />
              </Form.Item>
              <Form.Item name="to" label={t('leave.columns.to')} style={{ flex: 1, minWidth: 180 }}>
                <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} />
              </Form.Item>
            </div>
            <PlaceFields companies={companies.data ?? []} offices={offices.data ?? []} />
          </>
        )}
      />
    </AdminOnly>
  );
}
