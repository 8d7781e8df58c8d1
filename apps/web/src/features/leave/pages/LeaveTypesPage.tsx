import { LEAVE_DURATION_SORT_FIELDS, LEAVE_TYPE_SORT_FIELDS } from '@hr/contracts/admin';
import { type LeaveDuration, type LeaveType, leaveDurationBody, leaveTypeBody } from '@hr/contracts/leave';
import { Form, InputNumber, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { EnabledField, EnabledTag, NameField } from '../../../components/admin/fields';
import { ResourcePage } from '../../../components/admin/ResourcePage';
import { ResourceTabs } from '../../../components/admin/ResourceTabs';
import { leaveResources } from '../keys';

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

const EMPTY_TYPE: TypeValues = {
  name: '',
  days: 0,
  short_leave_applied: false,
  has_balance: true,
  enabled: true,
};
const EMPTY_DURATION: DurationValues = { name: '', minutes: 60, enabled: true };

function LeaveTypes() {
  const { t } = useTranslation();
  return (
    <ResourcePage<LeaveType, TypeValues>
      translatedName={60}
      resource={leaveResources.leaveTypes}
      embedded
      sortFields={LEAVE_TYPE_SORT_FIELDS}
      defaultSort="id,asc"
      schema={leaveTypeBody}
      emptyValues={EMPTY_TYPE}
      toValues={(r) => ({
        name: r.name,
        days: r.days,
        short_leave_applied: r.short_leave_applied,
        has_balance: r.has_balance,
        enabled: r.enabled,
      })}
      toBody={(v) => v}
      columns={[
        { key: 'id', title: t('leave.admin.id'), dataIndex: 'id', width: 80 },
        { key: 'name', title: t('leave.admin.name'), dataIndex: 'name' },
        {
          key: 'days',
          title: t('leave.admin.days'),
          align: 'end',
          render: (_, r) => <span className="admin-count">{r.has_balance ? r.days : '—'}</span>,
        },
        {
          key: 'short',
          title: t('leave.admin.shortLeave'),
          responsive: ['sm'],
          render: (_, r) => (r.short_leave_applied ? t('common.yes') : t('common.no')),
        },
        {
          key: 'balance',
          title: t('leave.admin.hasBalance'),
          responsive: ['md'],
          render: (_, r) => (r.has_balance ? t('common.yes') : t('common.no')),
        },
        {
          key: 'enabled',
          title: t('admin.common.status'),
          render: (_, r) => <EnabledTag on={r.enabled} />,
        },
      ]}
      fields={(rules) => (
        <>
          <NameField label={t('leave.admin.name')} maxLength={60} rules={rules} />
          <Form.Item name="days" label={t('leave.admin.daysPerYear')} rules={rules('days')} required>
            <InputNumber min={0} max={365} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="has_balance" label={t('leave.admin.hasBalance')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="short_leave_applied" label={t('leave.admin.shortLeave')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <EnabledField />
        </>
      )}
    />
  );
}

function LeaveDurations() {
  const { t } = useTranslation();
  return (
    <ResourcePage<LeaveDuration, DurationValues>
      translatedName={40}
      resource={leaveResources.leaveDurations}
      embedded
      sortFields={LEAVE_DURATION_SORT_FIELDS}
      defaultSort="minutes,asc"
      schema={leaveDurationBody}
      emptyValues={EMPTY_DURATION}
      toValues={(r) => ({ name: r.name, minutes: r.minutes, enabled: r.enabled ?? true })}
      toBody={(v) => v}
      columns={[
        { key: 'name', title: t('leave.admin.name'), dataIndex: 'name' },
        {
          key: 'minutes',
          title: t('leave.admin.minutes'),
          align: 'end',
          render: (_, r) => <span className="admin-count">{r.minutes}</span>,
        },
        {
          key: 'enabled',
          title: t('admin.common.status'),
          render: (_, r) => <EnabledTag on={r.enabled ?? true} />,
        },
      ]}
      fields={(rules) => (
        <>
          <NameField label={t('leave.admin.name')} maxLength={40} rules={rules} />
          <Form.Item name="minutes" label={t('leave.admin.minutes')} rules={rules('minutes')} required>
            <InputNumber min={15} max={480} step={15} style={{ width: '100%' }} />
          </Form.Item>
          <EnabledField />
        </>
      )}
    />
  );
}

/** Administration > Leave types: the types with their yearly days, and the short-leave durations. */
export function Component() {
  const { t } = useTranslation();
  return (
    <ResourceTabs
      title={t('nav.leaveTypes')}
      subtitle={t('leave.admin.typesIntro')}
      tabs={[
        { key: 'types', label: t('admin.leaveTypes.title'), children: <LeaveTypes /> },
        { key: 'durations', label: t('admin.leaveDurations.title'), children: <LeaveDurations /> },
      ]}
    />
  );
}
