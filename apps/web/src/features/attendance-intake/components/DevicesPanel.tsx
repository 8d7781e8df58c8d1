import { PlusOutlined } from '@ant-design/icons';
import {
  DEVICE_CODE_MAX,
  type Device,
  type DeviceWithKey,
  deviceCreate,
} from '@hr/contracts/attendance-intake';
import {
  Button,
  Card,
  Empty,
  Flex,
  Form,
  Input,
  Modal,
  Select,
  Table,
  type TableColumnsType,
  Tag,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOfficeOptions } from '../../../components/employee-search/api';
import { CompanySelect } from '../../../components/employee-search/CompanySelect';
import { formatDateTime } from '../../../lib/dates';
import { applyServerErrors, zodRules } from '../../../lib/forms';
import { confirmDialog, toastSuccess } from '../../../lib/notify';
import { useAddDevice, useDeleteDevice, useDevices, useNewKey, useUpdateDevice } from '../api';
import { DeviceKeyModal } from './DeviceKeyModal';

const rules = zodRules(deviceCreate);

interface Values {
  code?: string | undefined;
  name?: string | undefined;
  company_id?: number | undefined;
  /** Absent: every office of the company. */
  office_id?: number | undefined;
}

/** The form's values for a device (every field named, so nothing of the form's last use stays). */
const valuesOf = (device: Device | null): Values => ({
  code: device?.code,
  name: device?.name,
  company_id: device?.company?.id,
  office_id: device?.office?.id,
});

/**
 * Adds a device (code, name, and whose punches it sends: a company and
 * optionally one of its offices), or changes one (`device` given).
 */
function DeviceFormModal({
  open,
  device,
  onClose,
  onAdded,
}: {
  open: boolean;
  device: Device | null;
  onClose: () => void;
  onAdded: (device: DeviceWithKey) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const add = useAddDevice();
  const update = useUpdateDevice({ silent: true });
  const offices = useOfficeOptions(undefined, open);
  const companyId = Form.useWatch('company_id', form);
  const pending = add.isPending || update.isPending;
  // The form is used again for each device: its values are set anew each time it opens.
  useEffect(() => {
    if (open) form.setFieldsValue(valuesOf(device));
  }, [open, device, form]);

  const onFinish = (values: Values) => {
    const scope = { company_id: values.company_id ?? 0, office_id: values.office_id ?? null };
    if (device) {
      update.mutate(
        { id: device.id, body: { name: values.name ?? '', ...scope } },
        {
          onSuccess: () => {
            toastSuccess(t('notices.updated'));
            onClose();
          },
          onError: (error) => applyServerErrors(form, error),
        },
      );
      return;
    }
    add.mutate(
      { code: values.code ?? '', name: values.name ?? '', ...scope },
      {
        onSuccess: (made) => {
          onClose();
          onAdded(made);
        },
        onError: (error) => applyServerErrors(form, error),
      },
    );
  };

  const title = device
    ? t('attendanceAdmin.devices.editTitle', { code: device.code })
    : t('attendanceAdmin.devices.addTitle');
  return (
    <Modal
      open={open}
      title={title}
      okText={device ? t('common.save') : t('common.add')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={pending}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={onFinish}
        // Another company's offices are not this one's: its office is chosen again.
        onValuesChange={(changed) => {
          if ('company_id' in changed) form.setFieldValue('office_id', undefined);
        }}
        preserve={false}
        initialValues={valuesOf(device)}
      >
        {device ? null : (
          <Form.Item
            name="code"
            label={t('attendanceAdmin.devices.code')}
            extra={t('attendanceAdmin.devices.codeHelp')}
            rules={rules('code')}
            required
          >
            <Input maxLength={DEVICE_CODE_MAX} dir="ltr" />
          </Form.Item>
        )}
        <Form.Item name="name" label={t('attendanceAdmin.devices.name')} rules={rules('name')} required>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item
          name="company_id"
          label={t('attendanceAdmin.devices.company')}
          rules={rules('company_id')}
          required
        >
          <CompanySelect active={open} placeholder={t('attendanceAdmin.devices.chooseCompany')} />
        </Form.Item>
        <Form.Item
          name="office_id"
          label={t('attendanceAdmin.devices.office')}
          extra={t('attendanceAdmin.devices.scopeHelp')}
        >
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            loading={offices.isLoading}
            disabled={companyId === undefined}
            options={(offices.data ?? [])
              .filter((o) => o.company.id === companyId)
              .map((o) => ({ value: o.id, label: o.name }))}
            placeholder={t('attendanceAdmin.devices.anyOffice')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * The attendance devices: add one (its key is shown once), rename it or
 * change whose punches it sends, disable or enable it, give it a new key, delete one that never sent a
 * punch.
 */
export function DevicesPanel() {
  const { t } = useTranslation();
  const devices = useDevices();
  const update = useUpdateDevice();
  const newKey = useNewKey();
  const remove = useDeleteDevice();
  const [editing, setEditing] = useState<{ device: Device | null } | null>(null);
  const [shownKey, setShownKey] = useState<DeviceWithKey | null>(null);

  const toggle = async (device: Device) => {
    if (
      device.enabled &&
      !(await confirmDialog({
        title: t('attendanceAdmin.devices.confirmDisable', { name: device.name }),
        content: t('attendanceAdmin.devices.confirmDisableText'),
        okText: t('attendanceAdmin.devices.disable'),
        danger: true,
      }))
    )
      return;
    update.mutate(
      { id: device.id, body: { enabled: !device.enabled } },
      { onSuccess: () => toastSuccess(t('notices.updated')) },
    );
  };

  const renewKey = async (device: Device) => {
    const sure = await confirmDialog({
      title: t('attendanceAdmin.devices.confirmNewKey', { name: device.name }),
      content: t('attendanceAdmin.devices.confirmNewKeyText'),
      okText: t('attendanceAdmin.devices.newKey'),
      danger: true,
    });
    if (sure) newKey.mutate(device.id, { onSuccess: setShownKey });
  };

  const del = async (device: Device) => {
    const sure = await confirmDialog({
      title: t('attendanceAdmin.devices.confirmDelete', { name: device.name }),
      content: t('attendanceAdmin.devices.confirmDeleteText'),
      okText: t('common.delete'),
      danger: true,
    });
    if (sure)
      remove.mutate(device.id, {
        onSuccess: () => toastSuccess(t('notices.deleted', { name: device.name })),
      });
  };

  const columns: TableColumnsType<Device> = [
    {
      title: t('attendanceAdmin.devices.code'),
      key: 'code',
      render: (_, d) => <bdi>{d.code}</bdi>,
    },
    { title: t('attendanceAdmin.devices.name'), key: 'name', dataIndex: 'name' },
    {
      title: t('attendanceAdmin.devices.company'),
      key: 'company',
      render: (_, d) => d.company?.name ?? '—',
    },
    {
      title: t('attendanceAdmin.devices.office'),
      key: 'office',
      render: (_, d) => d.office?.name ?? (d.company ? t('attendanceAdmin.devices.anyOffice') : '—'),
    },
    {
      title: t('attendanceAdmin.devices.status'),
      key: 'status',
      render: (_, d) => (
        <Flex gap={4} wrap>
          {d.enabled ? (
            <Tag color="green">{t('attendanceAdmin.devices.enabled')}</Tag>
          ) : (
            <Tag>{t('attendanceAdmin.devices.disabled')}</Tag>
          )}
          {/* A device made without a key sends nothing until it is given one. */}
          {d.has_key ? null : <Tag color="orange">{t('attendanceAdmin.devices.noKey')}</Tag>}
          {/* A device without a company punches for nobody until it is given one. */}
          {d.company ? null : <Tag color="orange">{t('attendanceAdmin.devices.noCompany')}</Tag>}
        </Flex>
      ),
    },
    {
      title: t('attendanceAdmin.devices.lastSeen'),
      key: 'last_seen',
      render: (_, d) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          <bdi>{formatDateTime(d.last_seen_at, t('attendanceAdmin.devices.never'))}</bdi>
        </span>
      ),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      render: (_, d) => (
        <Flex gap={4} wrap>
          <Button size="small" onClick={() => setEditing({ device: d })}>
            {t('attendanceAdmin.devices.edit')}
          </Button>
          <Button size="small" onClick={() => void toggle(d)}>
            {d.enabled ? t('attendanceAdmin.devices.disable') : t('attendanceAdmin.devices.enable')}
          </Button>
          <Button size="small" onClick={() => void renewKey(d)}>
            {t('attendanceAdmin.devices.newKey')}
          </Button>
          <Button size="small" danger onClick={() => void del(d)}>
            {t('common.delete')}
          </Button>
        </Flex>
      ),
    },
  ];

  const items = devices.data?.items ?? [];
  return (
    <Card
      role="region"
      aria-label={t('attendanceAdmin.devices.title')}
      title={t('attendanceAdmin.devices.title')}
      extra={
        <Button
          type="primary"
          icon={<PlusOutlined aria-hidden />}
          onClick={() => setEditing({ device: null })}
        >
          {t('attendanceAdmin.devices.add')}
        </Button>
      }
    >
      {devices.data && items.length === 0 ? (
        <Empty description={t('attendanceAdmin.devices.empty')} />
      ) : (
        <Table<Device>
          rowKey="id"
          columns={columns}
          dataSource={items}
          loading={devices.isFetching}
          pagination={false}
          scroll={{ x: 'max-content' }}
          size="middle"
          aria-label={t('attendanceAdmin.devices.title')}
        />
      )}
      <DeviceFormModal
        open={editing !== null}
        device={editing?.device ?? null}
        onClose={() => setEditing(null)}
        onAdded={setShownKey}
      />
      <DeviceKeyModal device={shownKey} onClose={() => setShownKey(null)} />
    </Card>
  );
}
