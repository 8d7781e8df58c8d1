import { type Company, companyCreate } from '@hr/contracts/admin';
import { useTranslation } from 'react-i18next';
import { AdminOnly } from '../../../components/AdminOnly';
import { EnabledField, EnabledTag, NameField } from '../../../components/admin/fields';
import { ResourcePage } from '../../../components/admin/ResourcePage';
import { Field, TextArea, TextInput } from '../../../components/plain/Field';
import { Select } from '../../../components/plain/Select';
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
                <strong>{c.name}</strong>
                {c.code ? <span className="plain-secondary">{c.code}</span> : null}
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
        fields={(form) => (
          <>
            <NameField form={form} label={t('admin.companies.name')} maxLength={100} />
            <Field label={t('admin.companies.code')} field={form.field('code')}>
              {(props) => <TextInput {...props} maxLength={20} />}
            </Field>
            <Field label={t('admin.companies.address')} field={form.field('address')}>
              {(props) => <TextArea {...props} rows={2} maxLength={250} max={250} />}
            </Field>
            <Field label={t('admin.companies.weeklyOffDay')} field={form.field('weekly_off_day')}>
              {(props) => (
                <Select
                  {...props}
                  options={[0, 1, 2, 3, 4, 5, 6].map((d) => ({ value: d, label: dayName(d) }))}
                />
              )}
            </Field>
            <EnabledField form={form} words="active" />
          </>
        )}
      />
    </AdminOnly>
  );
}
