import { NAME_MAX } from '@hr/contracts/admin';
import { RANK_SORT_FIELDS, type Rank, rankCreate, SORT_ORDER_MAX } from '@hr/contracts/organisation';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { NameField } from '../../../components/admin/fields';
import { ResourcePage } from '../../../components/admin/ResourcePage';
import { ResourceTabs } from '../../../components/admin/ResourceTabs';
import { Field, NumberInput } from '../../../components/plain/Field';
import { Count, EnabledField, EnabledTag } from '../components/common';
import { organisationResources } from '../keys';

interface RankValues {
  name: string;
  sort_order: number;
  enabled: boolean;
}

const EMPTY: RankValues = { name: '', sort_order: 0, enabled: true };

/** The levels or the grades: one list of a lookup kind, in the order the forms offer them. */
function Ranks({ resource }: { resource: 'levels' | 'grades' }) {
  const { t } = useTranslation();
  return (
    <ResourcePage<Rank, RankValues>
      translatedName={NAME_MAX}
      resource={organisationResources[resource]}
      texts={`organisation.${resource}`}
      embedded
      sortFields={RANK_SORT_FIELDS}
      defaultSort="order,asc"
      schema={rankCreate}
      emptyValues={EMPTY}
      toValues={(r) => ({ name: r.name, sort_order: r.sort_order, enabled: r.enabled })}
      toBody={(v) => ({ name: v.name, sort_order: v.sort_order ?? 0, enabled: v.enabled })}
      columns={[
        {
          key: 'name',
          title: t('organisation.common.name'),
          render: (_, r) => <Typography.Text strong>{r.name}</Typography.Text>,
        },
        {
          key: 'order',
          title: t('organisation.common.order'),
          align: 'end',
          responsive: ['sm'],
          render: (_, r) => <Count value={r.sort_order} />,
        },
        {
          key: 'employees',
          title: t('organisation.common.employees'),
          align: 'end',
          render: (_, r) => <Count value={r.employees_count} />,
        },
        {
          key: 'enabled',
          title: t('organisation.common.status'),
          render: (_, r) => <EnabledTag on={r.enabled} />,
        },
      ]}
      fields={(form) => (
        <>
          <NameField form={form} label={t('organisation.common.name')} maxLength={NAME_MAX} />
          <Field
            label={t('organisation.common.order')}
            field={form.field('sort_order')}
            help={t('organisation.common.orderHint')}
          >
            {(props) => <NumberInput {...props} min={0} max={SORT_ORDER_MAX} step={1} />}
          </Field>
          <EnabledField form={form} />
        </>
      )}
    />
  );
}

/** Administration > Levels and grades: the two lists of the employee's career position, as tabs. */
export function Component() {
  const { t } = useTranslation();
  return (
    <ResourceTabs
      title={t('organisation.levelsGrades.title')}
      subtitle={t('organisation.levelsGrades.subtitle')}
      tabs={[
        { key: 'levels', label: t('organisation.levels.title'), children: <Ranks resource="levels" /> },
        { key: 'grades', label: t('organisation.grades.title'), children: <Ranks resource="grades" /> },
      ]}
    />
  );
}
