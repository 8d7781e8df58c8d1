import { type Company, companyCreate } from '@hr/contracts/admin';
import { Form, Input, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AdminOnly } from '../../../components/AdminOnly';
import { EnabledField, EnabledTag, NameField } from '../../../components/admin/fields';
import { ResourcePage } from '../../../components/admin/ResourcePage';
import { weekdayName } from '../../../lib/format';
import { adminResources } from '../keys';

interface CompanyValues {
  name: string;
  code: string;
  address: string;
  weekly_off_day: number;
  enabled: boolean;
}

const EMPTY: CompanyValues = { name: '', code: '', address: '', weekly_off_day: 5, enabled: true };

/** The name of a day of the week in the current language (0 Sunday). */
const dayName = (day: number) => weekdayName(day);

/** Administration > Company: the companies of the group, their offices and people. */
export function Component() {
  const { t } = useTranslation();
  return (
    <AdminOnly>
      <ResourcePage<Company, CompanyValues>
        resource={adminResources.companies}
        sortFields={['name', 'code', 'created']}
        schema={companyCreate}
        emptyValues={EMPTY}
        toValues={(c) => ({
          name: c.name,
          code: c.code ?? '',
          address: c.address ?? '',
          weekly_off_day: c.weekly_off_day,
          enabled: c.enabled,
        })}
        toBody={(v) => ({
          name: v.name,
          code: v.code,
          address: v.address,
          weekly_off_day: v.weekly_off_day,
          enabled: v.enabled,
        })}
        columns={[
          {
            key: 'name',
            title: t('admin.companies.name'),
            render: (_, c) => (
              <div className="admin-name">
                <Typography.Text strong>{c.name}</Typography.Text>
                {c.code ? <Typography.Text type="secondary">{c.code}</Typography.Text> : null}
              </div>
            ),
          },
          {
            key: 'address',
            title: t('admin.companies.address'),
            render: (_, c) => c.address ?? '—',
            responsive: ['md'],
          },
          {
            key: 'weekly_off_day',
            title: t('admin.companies.weeklyOffDay'),
            render: (_, c) => dayName(c.weekly_off_day),
            responsive: ['lg'],
          },
          {
            key: 'offices_count',
            title: t('admin.companies.offices'),
            responsive: ['sm'],
            align: 'end',
            render: (_, c) => <span className="admin-count">{c.offices_count}</span>,
          },
          {
            key: 'employees_count',
            title: t('admin.companies.employees'),
            align: 'end',
            render: (_, c) => <span className="admin-count">{c.employees_count}</span>,
          },
          {
            key: 'enabled',
            title: t('admin.common.status'),
            responsive: ['sm'],
            render: (_, c) => <EnabledTag on={c.enabled} words="active" />,
          },
        ]}
        fields={(rules) => (
          <>
            <NameField label={t('admin.companies.name')} maxLength={100} rules={rules} />
            <Form.Item name="code" label={t('admin.companies.code')} rules={rules('code')}>
              <Input maxLength={20} />
            </Form.Item>
            <Form.Item name="address" label={t('admin.companies.address')} rules={rules('address')}>
              <Input.TextArea rows={2} maxLength={250} showCount />
            </Form.Item>
            <Form.Item
              name="weekly_off_day"
              label={t('admin.companies.weeklyOffDay')}
              rules={rules('weekly_off_day')}
            >
              <Select options={[0, 1, 2, 3, 4, 5, 6].map((d) => ({ value: d, label: dayName(d) }))} />
            </Form.Item>
            <EnabledField words="active" />
          </>
        )}
      />
    </AdminOnly>
  );
}
