import { NAME_MAX } from '@hr/contracts/admin';
import { DESIGNATION_SORT_FIELDS, type Designation, designationCreate } from '@hr/contracts/organisation';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AdminOnly } from '../../../components/AdminOnly';
import { NameField } from '../../../components/admin/fields';
import { ResourcePage } from '../../../components/admin/ResourcePage';
import { Count, EnabledField, EnabledTag } from '../components/common';
import { organisationResources } from '../keys';

interface DesignationValues {
  name: string;
  enabled: boolean;
}

const EMPTY: DesignationValues = { name: '', enabled: true };

/** Administration > Designations: job titles, with how many employees hold each. */
export function Component() {
  const { t } = useTranslation();
  return (
    <AdminOnly>
      <ResourcePage<Designation, DesignationValues>
        translatedName={NAME_MAX}
        resource={organisationResources.designations}
        texts="organisation.designations"
        sortFields={DESIGNATION_SORT_FIELDS}
        defaultSort="name,asc"
        schema={designationCreate}
        emptyValues={EMPTY}
        toValues={(d) => ({ name: d.name, enabled: d.enabled })}
        toBody={(v) => ({ name: v.name, enabled: v.enabled })}
        columns={[
          {
            key: 'name',
            title: t('organisation.common.name'),
            render: (_, d) => <Typography.Text strong>{d.name}</Typography.Text>,
          },
          {
            key: 'employees',
            title: t('organisation.common.employees'),
            align: 'end',
            render: (_, d) => <Count value={d.employees_count} />,
          },
          {
            key: 'enabled',
            title: t('organisation.common.status'),
            render: (_, d) => <EnabledTag on={d.enabled} />,
          },
        ]}
        fields={(form) => (
          <>
            <NameField form={form} label={t('organisation.common.name')} maxLength={NAME_MAX} />
            <EnabledField form={form} />
          </>
        )}
      />
    </AdminOnly>
  );
}
