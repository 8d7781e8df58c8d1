import { DESCRIPTION_MAX, NAME_MAX } from '@hr/contracts/admin';
import {
  DEVELOPMENT_AREA_SORT_FIELDS,
  type DevelopmentArea,
  developmentAreaCreate,
} from '@hr/contracts/organisation';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AdminOnly } from '../../../components/AdminOnly';
import { NameField } from '../../../components/admin/fields';
import { ResourcePage } from '../../../components/admin/ResourcePage';
import { Field, TextArea } from '../../../components/plain/Field';
import { EnabledField, EnabledTag } from '../components/common';
import { organisationResources } from '../keys';

interface AreaValues {
  name: string;
  description: string;
  enabled: boolean;
}

const EMPTY: AreaValues = { name: '', description: '', enabled: true };

/** Administration > Development areas: what a review's development plan offers to work on. */
export function Component() {
  const { t } = useTranslation();
  return (
    <AdminOnly>
      <ResourcePage<DevelopmentArea, AreaValues>
        translatedName={NAME_MAX}
        resource={organisationResources.developmentAreas}
        texts="organisation.developmentAreas"
        sortFields={DEVELOPMENT_AREA_SORT_FIELDS}
        defaultSort="name,asc"
        schema={developmentAreaCreate}
        emptyValues={EMPTY}
        toValues={(a) => ({ name: a.name, description: a.description ?? '', enabled: a.enabled })}
        toBody={(v) => ({ name: v.name, description: v.description, enabled: v.enabled })}
        columns={[
          {
            key: 'name',
            title: t('organisation.common.name'),
            render: (_, a) => <Typography.Text strong>{a.name}</Typography.Text>,
          },
          {
            key: 'description',
            title: t('organisation.common.description'),
            responsive: ['md'],
            render: (_, a) =>
              a.description ? (
                <Typography.Paragraph
                  type="secondary"
                  ellipsis={{ rows: 2, tooltip: a.description }}
                  style={{ margin: 0, maxWidth: 480 }}
                >
                  {a.description}
                </Typography.Paragraph>
              ) : (
                '—'
              ),
          },
          {
            key: 'enabled',
            title: t('organisation.common.status'),
            render: (_, a) => <EnabledTag on={a.enabled} />,
          },
        ]}
        fields={(form) => (
          <>
            <NameField form={form} label={t('organisation.common.name')} maxLength={NAME_MAX} />
            <Field label={t('organisation.common.description')} field={form.field('description')}>
              {(props) => <TextArea {...props} rows={3} maxLength={DESCRIPTION_MAX} max={DESCRIPTION_MAX} />}
            </Field>
            <EnabledField form={form} />
          </>
        )}
      />
    </AdminOnly>
  );
}
