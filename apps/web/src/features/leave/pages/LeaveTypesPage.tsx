import { LEAVE_DURATION_SORT_FIELDS, LEAVE_TYPE_SORT_FIELDS } from '@hr/contracts/admin';
import { type LeaveDuration, type LeaveType, leaveDurationBody, leaveTypeBody } from '@hr/contracts/leave';
import type { Option } from '@hr/contracts/lookups';
import { Divider, Form, InputNumber, Select, Switch, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { EnabledTag } from '../../../components/admin/fields';
import { LegacyEnabledField, LegacyNameField } from '../../../components/admin/legacy-fields';
import { ResourcePage } from '../../../components/admin/ResourcePage';
import { ResourceTabs } from '../../../components/admin/ResourceTabs';
import { groupItemName, useAllLookups, useGroups } from '../../../components/employee-search/api';
import { GroupTreeSelect } from '../../../components/employee-search/GroupTreeSelect';
import { leaveResources } from '../keys';

interface TypeValues {
  name: string;
  days: number;
  short_leave_applied: boolean;
  has_balance: boolean;
  enabled: boolean;
  gender_id: number | null;
  employment_status_ids: number[];
  min_service_months: number;
  group_tree_id: number | null;
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
  gender_id: null,
  employment_status_ids: [],
  min_service_months: 0,
  group_tree_id: null,
};

/** Who may take a type, in a few words: each condition it sets, or "Everyone". */
function Eligibility({
  type,
  names,
}: {
  type: LeaveType;
  names: { lookup: (id: number) => string | undefined; groupItem: (id: number) => string | undefined };
}) {
  const { t } = useTranslation();
  const parts = [
    type.gender_id ? names.lookup(type.gender_id) : undefined,
    type.employment_status_ids.length
      ? type.employment_status_ids.map((id) => names.lookup(id) ?? id).join(', ')
      : undefined,
    type.min_service_months ? t('leave.admin.serviceMonths', { count: type.min_service_months }) : undefined,
    type.group_tree_id ? names.groupItem(type.group_tree_id) : undefined,
  ].filter((p): p is string => Boolean(p));
  if (!parts.length) return <span>{t('leave.admin.everyone')}</span>;
  return (
    <>
      {parts.map((p) => (
        <Tag key={p}>{p}</Tag>
      ))}
    </>
  );
}
const EMPTY_DURATION: DurationValues = { name: '', minutes: 60, enabled: true };

function LeaveTypes() {
  const { t } = useTranslation();
  const lookups = useAllLookups();
  const groups = useGroups();
  const genders: Option[] = lookups.data?.genders ?? [];
  const statuses: Option[] = lookups.data?.['employee-statuses'] ?? [];
  const names = {
    lookup: (id: number) => [...genders, ...statuses].find((o) => o.id === id)?.name,
    groupItem: (id: number) => groupItemName(groups.data, id),
  };
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
        gender_id: r.gender_id,
        employment_status_ids: r.employment_status_ids,
        min_service_months: r.min_service_months,
        group_tree_id: r.group_tree_id,
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
          key: 'eligibility',
          title: t('leave.admin.eligibility'),
          responsive: ['lg'],
          render: (_, r) => <Eligibility type={r} names={names} />,
        },
        {
          key: 'enabled',
          title: t('admin.common.status'),
          render: (_, r) => <EnabledTag on={r.enabled} />,
        },
      ]}
      antdFields={(rules) => (
        <>
          <LegacyNameField label={t('leave.admin.name')} maxLength={60} rules={rules} />
          <Form.Item name="days" label={t('leave.admin.daysPerYear')} rules={rules('days')} required>
            <InputNumber min={0} max={365} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="has_balance" label={t('leave.admin.hasBalance')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="short_leave_applied" label={t('leave.admin.shortLeave')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Divider titlePlacement="start" plain>
            {t('leave.admin.eligibility')}
          </Divider>
          <Typography.Paragraph type="secondary">{t('leave.admin.eligibilityHelp')}</Typography.Paragraph>
          <Form.Item name="gender_id" label={t('leave.admin.gender')} rules={rules('gender_id')}>
            <Select
              allowClear
              placeholder={t('leave.admin.anyGender')}
              options={genders.map((g) => ({ value: g.id, label: g.name }))}
            />
          </Form.Item>
          <Form.Item
            name="employment_status_ids"
            label={t('leave.admin.employmentStatuses')}
            rules={rules('employment_status_ids')}
          >
            <Select
              mode="multiple"
              allowClear
              placeholder={t('leave.admin.anyStatus')}
              options={statuses.map((s) => ({ value: s.id, label: s.name }))}
            />
          </Form.Item>
          <Form.Item
            name="min_service_months"
            label={t('leave.admin.minServiceMonths')}
            rules={rules('min_service_months')}
          >
            <InputNumber min={0} max={600} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="group_tree_id"
            label={t('leave.admin.group')}
            rules={rules('group_tree_id')}
            extra={t('leave.admin.groupHelp')}
          >
            <GroupTreeSelect placeholder={t('leave.admin.anyGroup')} />
          </Form.Item>
          <LegacyEnabledField />
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
      antdFields={(rules) => (
        <>
          <LegacyNameField label={t('leave.admin.name')} maxLength={40} rules={rules} />
          <Form.Item name="minutes" label={t('leave.admin.minutes')} rules={rules('minutes')} required>
            <InputNumber min={15} max={480} step={15} style={{ width: '100%' }} />
          </Form.Item>
          <LegacyEnabledField />
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
