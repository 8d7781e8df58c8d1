import {
  REMOTE_WORK_TYPE_NAME_MAX,
  REMOTE_WORK_TYPE_SORT_FIELDS,
  type RemoteWorkTypeItem,
  remoteWorkTypeCreate,
} from '@hr/contracts/remote-work';
import { Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AdminOnly } from '../../../components/AdminOnly';
import { EnabledField, EnabledTag, NameField } from '../../../components/admin/fields';
import { ResourcePage } from '../../../components/admin/ResourcePage';
import { remoteWorkResources } from '../keys';

interface TypeValues {
  name: string;
  enabled: boolean;
}

const EMPTY: TypeValues = { name: '', enabled: true };

/** Administration > Remote-work types: what the remote-work form offers; type 1 is hours within a day. */
export function Component() {
  const { t } = useTranslation();
  return (
    <AdminOnly>
      <ResourcePage<RemoteWorkTypeItem, TypeValues>
        translatedName={60}
        resource={remoteWorkResources.remoteWorkTypes}
        texts="reference.remoteWorkTypes"
        sortFields={REMOTE_WORK_TYPE_SORT_FIELDS}
        defaultSort="id,asc"
        schema={remoteWorkTypeCreate}
        emptyValues={EMPTY}
        toValues={(r) => ({ name: r.name, enabled: r.enabled })}
        toBody={(v) => v}
        columns={[
          { key: 'id', title: t('reference.id'), dataIndex: 'id', width: 80, responsive: ['sm'] },
          {
            key: 'name',
            title: t('reference.name'),
            render: (_, r) => (
              <Space size={6} wrap>
                <Typography.Text strong>{r.name}</Typography.Text>
                {r.hourly ? (
                  <Tooltip title={t('reference.remoteWorkTypes.hourlyNote')}>
                    <Tag color="blue">{t('reference.builtIn')}</Tag>
                  </Tooltip>
                ) : null}
              </Space>
            ),
          },
          {
            key: 'unit',
            title: t('reference.remoteWorkTypes.unit'),
            responsive: ['md'],
            render: (_, r) =>
              r.hourly ? t('reference.remoteWorkTypes.hours') : t('reference.remoteWorkTypes.days'),
          },
          {
            key: 'requests',
            title: t('reference.requests'),
            align: 'end',
            render: (_, r) => <span className="admin-count">{r.requests_count}</span>,
          },
          {
            key: 'enabled',
            title: t('admin.common.status'),
            render: (_, r) => <EnabledTag on={r.enabled} />,
          },
        ]}
        fields={(form) => (
          <>
            <NameField form={form} label={t('reference.name')} maxLength={REMOTE_WORK_TYPE_NAME_MAX} />
            <EnabledField form={form} />
          </>
        )}
      />
    </AdminOnly>
  );
}
