import { UnorderedListOutlined } from '@ant-design/icons';
import {
  EPR_BEHAVIOUR_NAME_MAX,
  EPR_VALUE_NAME_MAX,
  EPR_VALUE_SORT_FIELDS,
  type EprBehaviour,
  type EprValue,
  eprBehaviourBody,
  eprValueCreate,
} from '@hr/contracts/epr';
import { Button, Form, InputNumber, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminOnly } from '../../../components/AdminOnly';
import { EnabledTag } from '../../../components/admin/fields';
import { LegacyEnabledField, LegacyNameField } from '../../../components/admin/legacy-fields';
import { NamedItemsDrawer } from '../../../components/admin/NamedItemsDrawer';
import { ResourcePage } from '../../../components/admin/ResourcePage';
import { reportError, toastSuccess } from '../../../lib/notify';
import { useBehaviours } from '../api';
import { eprResources } from '../keys';

interface ValueValues {
  name: string;
  sort_order: number;
  enabled: boolean;
}

const EMPTY: ValueValues = { name: '', sort_order: 0, enabled: true };

/** The behaviours of one value: add, rename, offer or withhold from new reviews, delete. */
function BehavioursDrawer({ value, onClose }: { value: EprValue | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { value: fresh, add, update, remove } = useBehaviours(value?.id ?? null);
  const behaviours = fresh.data?.behaviours ?? value?.behaviours;
  const name = fresh.data?.name ?? value?.name ?? '';

  const offer = async (b: EprBehaviour, enabled: boolean) => {
    try {
      await update.mutateAsync({ id: b.id, body: { enabled } });
      toastSuccess(t('notices.updated'));
    } catch (error) {
      reportError(error);
    }
  };

  return (
    <NamedItemsDrawer<EprBehaviour>
      open={value !== null}
      onClose={onClose}
      title={t('reference.behaviours.title', { name })}
      intro={t('reference.behaviours.intro')}
      items={behaviours}
      loading={fresh.isFetching}
      formName="add-behaviour"
      schema={eprBehaviourBody}
      maxLength={EPR_BEHAVIOUR_NAME_MAX}
      texts={{
        name: t('reference.behaviours.name'),
        newName: t('reference.behaviours.name'),
        placeholder: t('reference.behaviours.placeholder'),
        add: t('reference.behaviours.add'),
        empty: t('reference.behaviours.empty'),
      }}
      dimmed={(b) => !b.enabled}
      columns={[
        {
          key: 'enabled',
          title: t('reference.behaviours.offered'),
          width: 110,
          render: (_, b) => (
            <Switch
              checked={b.enabled}
              size="small"
              aria-label={`${t('reference.behaviours.offered')}: ${b.name}`}
              onChange={(on) => offer(b, on)}
            />
          ),
        },
        {
          key: 'reviews',
          title: t('reference.reviews'),
          align: 'end',
          width: 90,
          responsive: ['sm'],
          render: (_, b) => <span className="admin-count">{b.reviews_count}</span>,
        },
      ]}
      // A new behaviour comes last.
      add={(names) =>
        add.mutateAsync({
          ...names,
          sort_order: Math.min(100, Math.max(0, ...(behaviours ?? []).map((b) => b.sort_order)) + 1),
        })
      }
      rename={(b, body) => update.mutateAsync({ id: b.id, body })}
      remove={(b) => remove.mutateAsync(b.id)}
      adding={add.isPending}
      renaming={update.isPending}
    />
  );
}

/** Administration > EPR values: the values Section B rates, each with its behaviours (in a drawer). */
export function Component() {
  const { t } = useTranslation();
  const [shown, setShown] = useState<EprValue | null>(null);
  return (
    <AdminOnly>
      <ResourcePage<EprValue, ValueValues>
        translatedName={100}
        resource={eprResources.eprValues}
        texts="reference.eprValues"
        sortFields={EPR_VALUE_SORT_FIELDS}
        defaultSort="order,asc"
        schema={eprValueCreate}
        emptyValues={EMPTY}
        toValues={(v) => ({ name: v.name, sort_order: v.sort_order, enabled: v.enabled })}
        toBody={(v) => v}
        columns={[
          {
            key: 'order',
            title: t('reference.order'),
            width: 90,
            align: 'end',
            responsive: ['sm'],
            render: (_, v) => <span className="admin-count">{v.sort_order}</span>,
          },
          {
            key: 'name',
            title: t('reference.name'),
            render: (_, v) => (
              <div className="admin-name">
                <Typography.Text strong>{v.name}</Typography.Text>
                <Typography.Text type="secondary" ellipsis style={{ maxWidth: 420 }}>
                  {v.behaviours.length > 0
                    ? v.behaviours
                        .filter((b) => b.enabled)
                        .map((b) => b.name)
                        .join(' · ')
                    : t('reference.eprValues.noBehaviours')}
                </Typography.Text>
              </div>
            ),
          },
          {
            key: 'behaviours',
            title: t('reference.eprValues.behaviours'),
            render: (_, v) => (
              <Button
                size="small"
                icon={<UnorderedListOutlined aria-hidden />}
                aria-label={t('reference.eprValues.editBehaviours', { name: v.name })}
                onClick={() => setShown(v)}
              >
                <span className="admin-count">{v.behaviours.length}</span>
              </Button>
            ),
          },
          {
            key: 'reviews',
            title: t('reference.reviews'),
            align: 'end',
            responsive: ['md'],
            render: (_, v) => <span className="admin-count">{v.reviews_count}</span>,
          },
          {
            key: 'enabled',
            title: t('admin.common.status'),
            render: (_, v) => <EnabledTag on={v.enabled} />,
          },
        ]}
        antdFields={(rules) => (
          <>
            <LegacyNameField label={t('reference.name')} maxLength={EPR_VALUE_NAME_MAX} rules={rules} />
            <Form.Item name="sort_order" label={t('reference.order')} rules={rules('sort_order')}>
              <InputNumber min={0} max={100} style={{ width: '100%' }} />
            </Form.Item>
            <LegacyEnabledField />
          </>
        )}
      />
      <BehavioursDrawer value={shown} onClose={() => setShown(null)} />
    </AdminOnly>
  );
}
