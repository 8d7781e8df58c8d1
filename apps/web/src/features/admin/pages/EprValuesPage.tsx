import {
  CheckOutlined,
  CloseOutlined,
  DeleteOutlined,
  EditOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import {
  EPR_BEHAVIOUR_NAME_MAX,
  EPR_VALUE_NAME_MAX,
  EPR_VALUE_SORT_FIELDS,
  type EprBehaviour,
  type EprValue,
  eprBehaviourBody,
  eprValueCreate,
} from '@hr/contracts/epr';
import type { NameTranslations } from '@hr/contracts/translations';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Drawer,
  Flex,
  Form,
  Input,
  InputNumber,
  Space,
  Switch,
  Table,
  type TableColumnsType,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminOnly } from '../../../components/AdminOnly';
import { adminRules, applyAdminErrors } from '../../../lib/admin-forms';
import { confirmDelete } from '../../../lib/confirm-delete';
import { api } from '../../../lib/http';
import { isRtl } from '../../../lib/i18n';
import { reportError, toastSuccess } from '../../../lib/notify';
import { ADMIN_LANGUAGE, ADMIN_RESOURCES } from '../api';
import { NameTranslationsFields, saveNames } from '../components/NameTranslationsFields';
import { ResourcePage } from '../components/ResourcePage';

interface ValueValues {
  name: string;
  sort_order: number;
  enabled: boolean;
}

/** A behaviour's name and its names in the other languages, as its forms edit them. */
interface BehaviourNames {
  name: string;
  name_translations?: NameTranslations;
}

const EMPTY: ValueValues = { name: '', sort_order: 0, enabled: true };
const { path: PATH, queryKey: KEY } = ADMIN_RESOURCES.eprValues;

/** One value with its behaviours, read afresh for the drawer; every change refreshes the values' lists too. */
function useBehaviours(valueId: number | null) {
  const client = useQueryClient();
  const value = useQuery({
    queryKey: [...KEY, 'one', valueId],
    queryFn: ({ signal }) => api.get<EprValue>(`${PATH}/${valueId}`, { signal, language: ADMIN_LANGUAGE }),
    enabled: valueId !== null,
  });
  const refresh = () => client.invalidateQueries({ queryKey: [...KEY] });
  const add = useMutation({
    mutationFn: (body: BehaviourNames & { sort_order: number }) =>
      api.post<EprBehaviour>(`${PATH}/${valueId}/behaviours`, body),
    onSuccess: refresh,
    meta: { silent: true },
  });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: number; body: Partial<BehaviourNames> & { enabled?: boolean } }) =>
      api.patch<EprBehaviour>(`${PATH}/behaviours/${id}`, body),
    onSuccess: refresh,
    meta: { silent: true },
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`${PATH}/behaviours`, { behaviour_id: id }),
    onSuccess: refresh,
    meta: { silent: true },
  });
  return { value, add, update, remove };
}

const behaviourRules = adminRules(eprBehaviourBody);

/** The behaviours of one value: add, rename, offer or withhold from new reviews, delete. */
function BehavioursDrawer({ value, onClose }: { value: EprValue | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { value: fresh, add, update, remove } = useBehaviours(value?.id ?? null);
  const [adding] = Form.useForm<BehaviourNames>();
  const [renaming] = Form.useForm<BehaviourNames>();
  const [editing, setEditing] = useState<number | null>(null);
  const behaviours = fresh.data?.behaviours ?? value?.behaviours ?? [];
  const name = fresh.data?.name ?? value?.name ?? '';

  const create = async () => {
    let typed: BehaviourNames;
    try {
      typed = await adding.validateFields();
    } catch {
      return;
    }
    // A new behaviour comes last.
    const order = Math.min(100, Math.max(0, ...behaviours.map((b) => b.sort_order)) + 1);
    try {
      await add.mutateAsync({
        name: typed.name,
        name_translations: adding.getFieldValue('name_translations') ?? {},
        sort_order: order,
      });
      toastSuccess(t('notices.saved'));
      adding.resetFields();
    } catch (error) {
      applyAdminErrors(adding, error);
    }
  };

  const rename = async (b: EprBehaviour) => {
    if (!(await saveNames(renaming, (body) => update.mutateAsync({ id: b.id, body })))) return;
    toastSuccess(t('notices.updated'));
    setEditing(null);
  };

  const offer = async (b: EprBehaviour, enabled: boolean) => {
    try {
      await update.mutateAsync({ id: b.id, body: { enabled } });
      toastSuccess(t('notices.updated'));
    } catch (error) {
      reportError(error);
    }
  };

  const askDelete = async (b: EprBehaviour) => {
    if (!(await confirmDelete(b.name))) return;
    try {
      await remove.mutateAsync(b.id);
      toastSuccess(t('notices.deleted', { name: b.name }));
    } catch (error) {
      reportError(error);
    }
  };

  const columns: TableColumnsType<EprBehaviour> = [
    {
      key: 'name',
      title: t('reference.behaviours.name'),
      render: (_, b) =>
        editing === b.id ? (
          <Form form={renaming} name="rename-behaviour" onFinish={() => rename(b)} component="div">
            <Flex vertical gap={8}>
              <Flex gap={4} align="start">
                <Form.Item name="name" rules={behaviourRules('name')} style={{ flex: 1, margin: 0 }}>
                  <Input
                    maxLength={EPR_BEHAVIOUR_NAME_MAX}
                    aria-label={t('reference.behaviours.name')}
                    autoFocus
                    onPressEnter={() => rename(b)}
                  />
                </Form.Item>
                <Tooltip title={t('reference.behaviours.save')}>
                  <Button
                    type="primary"
                    icon={<CheckOutlined />}
                    aria-label={t('reference.behaviours.save')}
                    loading={update.isPending}
                    onClick={() => rename(b)}
                  />
                </Tooltip>
                <Tooltip title={t('reference.behaviours.cancel')}>
                  <Button
                    icon={<CloseOutlined />}
                    aria-label={t('reference.behaviours.cancel')}
                    onClick={() => setEditing(null)}
                  />
                </Tooltip>
              </Flex>
              <NameTranslationsFields maxLength={EPR_BEHAVIOUR_NAME_MAX} rules={behaviourRules} />
            </Flex>
          </Form>
        ) : (
          <Typography.Text type={b.enabled ? undefined : 'secondary'}>{b.name}</Typography.Text>
        ),
    },
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
    {
      key: 'actions',
      title: t('common.actions'),
      align: 'end',
      width: 96,
      render: (_, b) => (
        <Space size={0}>
          <Tooltip title={t('common.edit')}>
            <Button
              type="text"
              icon={<EditOutlined />}
              aria-label={`${t('common.edit')} ${b.name}`}
              onClick={() => {
                renaming.setFieldsValue({ name: b.name, name_translations: b.name_translations ?? {} });
                setEditing(b.id);
              }}
            />
          </Tooltip>
          <Tooltip title={t('common.delete')}>
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={`${t('common.delete')} ${b.name}`}
              onClick={() => askDelete(b)}
            />
          </Tooltip>
        </Space>
      ),
    },
  ];

  return (
    <Drawer
      open={value !== null}
      onClose={() => {
        setEditing(null);
        adding.resetFields();
        onClose();
      }}
      title={t('reference.behaviours.title', { name })}
      placement={isRtl(i18n.language) ? 'left' : 'right'}
      size="min(640px, 100vw)"
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('reference.behaviours.intro')}</Typography.Paragraph>
      <Form form={adding} name="add-behaviour" layout="vertical" onFinish={create} requiredMark={false}>
        <Flex gap={8} align="end" wrap>
          <Form.Item
            name="name"
            label={t('reference.behaviours.name')}
            rules={behaviourRules('name')}
            style={{ flex: '1 1 260px', marginBottom: 16 }}
          >
            <Input maxLength={EPR_BEHAVIOUR_NAME_MAX} placeholder={t('reference.behaviours.placeholder')} />
          </Form.Item>
          <Form.Item style={{ marginBottom: 16 }}>
            <Button type="primary" htmlType="submit" loading={add.isPending}>
              {t('reference.behaviours.add')}
            </Button>
          </Form.Item>
        </Flex>
        <NameTranslationsFields maxLength={EPR_BEHAVIOUR_NAME_MAX} rules={behaviourRules} />
      </Form>
      <Table<EprBehaviour>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={behaviours}
        loading={fresh.isFetching}
        pagination={false}
        aria-label={t('reference.behaviours.title', { name })}
        locale={{ emptyText: t('reference.behaviours.empty') }}
      />
    </Drawer>
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
        resource="eprValues"
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
                icon={<UnorderedListOutlined />}
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
            render: (_, v) =>
              v.enabled ? (
                <Tag color="success">{t('reference.enabled')}</Tag>
              ) : (
                <Tag>{t('reference.disabled')}</Tag>
              ),
          },
        ]}
        fields={(rules) => (
          <>
            <Form.Item name="name" label={t('reference.name')} rules={rules('name')} required>
              <Input maxLength={EPR_VALUE_NAME_MAX} autoFocus />
            </Form.Item>
            <Form.Item name="sort_order" label={t('reference.order')} rules={rules('sort_order')}>
              <InputNumber min={0} max={100} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item name="enabled" label={t('reference.enabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </>
        )}
      />
      <BehavioursDrawer value={shown} onClose={() => setShown(null)} />
    </AdminOnly>
  );
}
