import { type Office, officeCreate } from '@hr/contracts/admin';
import { Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AdminOnly } from '../../../components/AdminOnly';
import { EnabledTag } from '../../../components/admin/fields';
import { LegacyEnabledField } from '../../../components/admin/legacy-fields';
import { ResourcePage } from '../../../components/admin/ResourcePage';
import { CompanySelect } from '../../../components/employee-search/CompanySelect';
import { adminResources } from '../keys';

interface OfficeValues {
  company_id: number | undefined;
  name: string;
  address: string;
  enabled: boolean;
}

const EMPTY: OfficeValues = { company_id: undefined, name: '', address: '', enabled: true };

/** Administration > Office: the offices of each company; an office nobody works in may be deleted. */
export function Component() {
  const { t } = useTranslation();
  return (
    <AdminOnly>
      <ResourcePage<Office, OfficeValues>
        resource={adminResources.offices}
        sortFields={['name', 'company', 'created']}
        schema={officeCreate}
        emptyValues={EMPTY}
        toValues={(o) => ({
          company_id: o.company.id,
          name: o.name,
          address: o.address ?? '',
          enabled: o.enabled,
        })}
        toBody={(v) => ({ company_id: v.company_id, name: v.name, address: v.address, enabled: v.enabled })}
        columns={[
          {
            key: 'name',
            title: t('admin.offices.name'),
            render: (_, o) => <Typography.Text strong>{o.name}</Typography.Text>,
          },
          {
            key: 'company',
            title: t('admin.offices.company'),
            render: (_, o) => o.company.name,
            responsive: ['sm'],
          },
          {
            key: 'address',
            title: t('admin.offices.address'),
            render: (_, o) => o.address ?? '—',
            responsive: ['md'],
          },
          {
            key: 'employees_count',
            title: t('admin.offices.employees'),
            align: 'end',
            render: (_, o) => <span className="admin-count">{o.employees_count}</span>,
          },
          {
            key: 'enabled',
            title: t('admin.common.status'),
            responsive: ['sm'],
            render: (_, o) => <EnabledTag on={o.enabled} words="active" />,
          },
        ]}
        antdFields={(rules) => (
          <>
            <Form.Item
              name="company_id"
              label={t('admin.offices.company')}
              rules={rules('company_id')}
              required
            >
              <CompanySelect placeholder={t('admin.offices.chooseCompany')} />
            </Form.Item>
            <Form.Item name="name" label={t('admin.offices.name')} rules={rules('name')} required>
              <Input maxLength={100} />
            </Form.Item>
            <Form.Item name="address" label={t('admin.offices.address')} rules={rules('address')}>
              <Input.TextArea rows={2} maxLength={250} showCount />
            </Form.Item>
            <LegacyEnabledField words="active" />
          </>
        )}
      />
    </AdminOnly>
  );
}
