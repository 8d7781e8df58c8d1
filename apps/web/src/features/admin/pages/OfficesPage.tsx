import { type Office, officeCreate } from '@hr/contracts/admin';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AdminOnly } from '../../../components/AdminOnly';
import { EnabledField, EnabledTag } from '../../../components/admin/fields';
import { ResourcePage } from '../../../components/admin/ResourcePage';
import { CompanyPicker } from '../../../components/employee-search/CompanyPicker';
import { Field, TextArea, TextInput } from '../../../components/plain/Field';
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
        fields={(form) => (
          <>
            <Field label={t('admin.offices.company')} field={form.field('company_id')} required>
              {(props) => <CompanyPicker {...props} placeholder={t('admin.offices.chooseCompany')} />}
            </Field>
            <Field label={t('admin.offices.name')} field={form.field('name')} required>
              {(props) => <TextInput {...props} maxLength={100} />}
            </Field>
            <Field label={t('admin.offices.address')} field={form.field('address')}>
              {(props) => <TextArea {...props} rows={2} maxLength={250} max={250} />}
            </Field>
            <EnabledField form={form} words="active" />
          </>
        )}
      />
    </AdminOnly>
  );
}
