import { type LeaveDuration, type LeaveType, leaveDurationBody, leaveTypeBody } from '@hr/contracts/leave';
import { Form, Input, InputNumber, Switch, Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import { useAllDurations, useAllLeaveTypes } from '../../leave/admin/api';
import { ReferenceTable } from '../../leave/admin/ReferenceTable';
import { AdminOnly } from '../components/AdminOnly';

interface TypeValues {
  name: string;
  days: number;
  short_leave_applied: boolean;
  has_balance: boolean;
  enabled: boolean;
}
interface DurationValues {
  name: string;
  minutes: number;
  enabled: boolean;
}

function Enabled({ on }: { on: boolean }) {
  const { t } = useTranslation();
  return on ? <Tag color="success">{t('leave.admin.enabled')}</Tag> : <Tag>{t('leave.admin.disabled')}</Tag>;
}

/** Administration > Leave types: the types with their yearly days, and the short-leave durations. */
export function Component() {
  const { t } = useTranslation();
  const types = useAllLeaveTypes();
  const durations = useAllDurations();
  return (
    <AdminOnly>
      <PageHeader title={t('nav.leaveTypes')} subtitle={t('leave.admin.typesIntro')} />
      <Tabs
        items={[
          {
            key: 'types',
            label: t('leave.admin.typesTab'),
            children: (
              <ReferenceTable<LeaveType, TypeValues>
                path="leave/types"
                title={t('leave.admin.typesTab')}
                createLabel={t('leave.admin.addType')}
                rows={types.data}
                loading={types.isPending}
                schema={leaveTypeBody}
                emptyValues={{
                  name: '',
                  days: 0,
                  short_leave_applied: false,
                  has_balance: true,
                  enabled: true,
                }}
                toValues={(r) => ({ ...r })}
                toBody={(v) => v}
                columns={[
                  { key: 'id', title: t('leave.admin.id'), dataIndex: 'id', width: 70 },
                  { key: 'name', title: t('leave.admin.name'), dataIndex: 'name' },
                  {
                    key: 'days',
                    title: t('leave.admin.days'),
                    align: 'end',
                    render: (_, r) => (r.has_balance ? r.days : '—'),
                  },
                  {
                    key: 'short',
                    title: t('leave.admin.shortLeave'),
                    render: (_, r) => (r.short_leave_applied ? t('common.yes') : t('common.no')),
                  },
                  {
                    key: 'balance',
                    title: t('leave.admin.hasBalance'),
                    render: (_, r) => (r.has_balance ? t('common.yes') : t('common.no')),
                  },
                  {
                    key: 'enabled',
                    title: t('leave.columns.status'),
                    render: (_, r) => <Enabled on={r.enabled} />,
                  },
                ]}
                fields={(rules) => (
                  <>
                    <Form.Item name="name" label={t('leave.admin.name')} rules={rules('name')} required>
                      <Input maxLength={60} />
                    </Form.Item>
                    <Form.Item
                      name="days"
                      label={t('leave.admin.daysPerYear')}
                      rules={rules('days')}
                      required
                    >
                      <InputNumber min={0} max={365} style={{ width: '100%' }} />
                    </Form.Item>
                    <Form.Item name="has_balance" label={t('leave.admin.hasBalance')} valuePropName="checked">
                      <Switch />
                    </Form.Item>
                    <Form.Item
                      name="short_leave_applied"
                      label={t('leave.admin.shortLeave')}
                      valuePropName="checked"
                    >
                      <Switch />
                    </Form.Item>
                    <Form.Item name="enabled" label={t('leave.admin.enabled')} valuePropName="checked">
                      <Switch />
                    </Form.Item>
                  </>
                )}
              />
            ),
          },
          {
            key: 'durations',
            label: t('leave.admin.durationsTab'),
            children: (
              <ReferenceTable<LeaveDuration & { enabled?: boolean }, DurationValues>
                path="leave/durations"
                title={t('leave.admin.durationsTab')}
                createLabel={t('leave.admin.addDuration')}
                rows={durations.data}
                loading={durations.isPending}
                schema={leaveDurationBody}
                emptyValues={{ name: '', minutes: 60, enabled: true }}
                toValues={(r) => ({ name: r.name, minutes: r.minutes, enabled: r.enabled ?? true })}
                toBody={(v) => v}
                columns={[
                  { key: 'name', title: t('leave.admin.name'), dataIndex: 'name' },
                  { key: 'minutes', title: t('leave.admin.minutes'), dataIndex: 'minutes', align: 'end' },
                  {
                    key: 'enabled',
                    title: t('leave.columns.status'),
                    render: (_, r) => <Enabled on={r.enabled ?? true} />,
                  },
                ]}
                fields={(rules) => (
                  <>
                    <Form.Item name="name" label={t('leave.admin.name')} rules={rules('name')} required>
                      <Input maxLength={40} />
                    </Form.Item>
                    <Form.Item
                      name="minutes"
                      label={t('leave.admin.minutes')}
                      rules={rules('minutes')}
                      required
                    >
                      <InputNumber min={15} max={480} step={15} style={{ width: '100%' }} />
                    </Form.Item>
                    <Form.Item name="enabled" label={t('leave.admin.enabled')} valuePropName="checked">
                      <Switch />
                    </Form.Item>
                  </>
                )}
              />
            ),
          },
        ]}
      />
    </AdminOnly>
  );
}
