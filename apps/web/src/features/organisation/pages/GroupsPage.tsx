import { ApartmentOutlined } from '@ant-design/icons';
import { GROUP_SORT_FIELDS, type GroupItem, groupCreate } from '@hr/contracts/organisation';
import { Button, Flex, Form, Select, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminOnly } from '../../../components/AdminOnly';
import { LegacyNameField } from '../../../components/admin/legacy-fields';
import { ResourcePage } from '../../../components/admin/ResourcePage';
import { ForReaders } from '../../../components/ForReaders';
import { useLookupOptions } from '../api';
import { Count, EnabledTag, LegacyEnabledField } from '../components/common';
import { GroupTreeDrawer } from '../components/GroupTreeDrawer';
import { organisationResources } from '../keys';

interface GroupValues {
  name: string;
  type_id: number | undefined;
  enabled: boolean;
}

const EMPTY: GroupValues = { name: '', type_id: undefined, enabled: true };

/**
 * Administration > Groups: departments, projects and the like, each a tree of
 * items employees belong to. Groups of the first type are the filters of the
 * KPI and EPR lists.
 */
export function Component() {
  const { t } = useTranslation();
  const types = useLookupOptions('group-types');
  const filterType = types.data?.[0]?.name ?? '';
  const [treeOf, setTreeOf] = useState<number | null>(null);
  return (
    <AdminOnly>
      <ResourcePage<GroupItem, GroupValues>
        resource={organisationResources.groups}
        texts="organisation.groups"
        sortFields={GROUP_SORT_FIELDS}
        defaultSort="name,asc"
        schema={groupCreate}
        emptyValues={EMPTY}
        toValues={(g) => ({ name: g.name, type_id: g.type?.id, enabled: g.enabled })}
        toBody={(v) => ({ name: v.name, type_id: v.type_id, enabled: v.enabled })}
        columns={[
          {
            key: 'name',
            title: t('organisation.common.name'),
            render: (_, g) => (
              <Flex wrap gap={6} align="center">
                <Typography.Text strong>{g.name}</Typography.Text>
                {g.list_filter ? (
                  <Tooltip title={t('organisation.groups.listFilterHint')}>
                    <Tag color="blue">{t('organisation.groups.listFilter')}</Tag>
                  </Tooltip>
                ) : null}
              </Flex>
            ),
          },
          {
            key: 'type',
            title: t('organisation.common.type'),
            responsive: ['sm'],
            render: (_, g) => g.type?.name ?? '—',
          },
          {
            key: 'items_count',
            title: t('organisation.groups.items'),
            align: 'end',
            render: (_, g) => (
              <Button
                type="link"
                size="small"
                icon={<ApartmentOutlined aria-hidden />}
                onClick={() => setTreeOf(g.id)}
              >
                <Count value={g.items_count} />
                <ForReaders>{t('organisation.groups.editTree', { name: g.name })}</ForReaders>
              </Button>
            ),
          },
          {
            key: 'members_count',
            title: t('organisation.groups.members'),
            align: 'end',
            responsive: ['sm'],
            render: (_, g) => <Count value={g.members_count} />,
          },
          {
            key: 'enabled',
            title: t('organisation.common.status'),
            responsive: ['sm'],
            render: (_, g) => <EnabledTag on={g.enabled} />,
          },
        ]}
        antdFields={(rules) => (
          <>
            <LegacyNameField label={t('organisation.common.name')} maxLength={100} rules={rules} />
            <Form.Item
              name="type_id"
              label={t('organisation.common.type')}
              rules={rules('type_id')}
              required
              extra={filterType ? t('organisation.groups.typeHint', { type: filterType }) : undefined}
            >
              <Select
                loading={types.isLoading}
                options={(types.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
                placeholder={t('organisation.common.choose')}
              />
            </Form.Item>
            <LegacyEnabledField />
          </>
        )}
      />
      <GroupTreeDrawer groupId={treeOf} onClose={() => setTreeOf(null)} />
    </AdminOnly>
  );
}
