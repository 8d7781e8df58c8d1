import { HOLIDAY_SORT_FIELDS } from '@hr/contracts/admin';
import { type Holiday, holidayForm } from '@hr/contracts/leave';
import { DATE_FORMAT } from '@hr/contracts/limits';
import { DatePicker, Form, Select, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminOnly } from '../../../components/AdminOnly';
import { LegacyNameField } from '../../../components/admin/legacy-fields';
import { ResourcePage } from '../../../components/admin/ResourcePage';
import { useCompanyOptions, useOfficeOptions } from '../../../components/employee-search/api';
import { formatDate } from '../../../lib/dates';
import { PlaceFields } from '../components/PlaceFields';
import { leaveResources } from '../keys';

interface Values {
  name: string;
  from?: Dayjs;
  to?: Dayjs;
  company_id?: number | null;
  office_id?: number | null;
}

const EMPTY: Values = { name: '', company_id: null, office_id: null };

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
        antdFields={(rules) => (
          <>
            <LegacyNameField label={t('leave.admin.name')} maxLength={100} rules={rules} />
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
            {/* Whose holiday it is: everyone's, a company's, or an office's. */}
            <PlaceFields
              companies={companies.data ?? []}
              offices={offices.data ?? []}
              placeholders={{ company: t('leave.admin.allCompanies'), office: t('leave.admin.allOffices') }}
              officeHelp={t('leave.admin.officeHelp')}
            />
          </>
        )}
      />
    </AdminOnly>
  );
}
