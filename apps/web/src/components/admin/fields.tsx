import { Form, type FormRule, Input, Switch, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListColumns } from '../list/ListTable';

/**
 * On or off, as the administration lists show it: "Enabled" for reference
 * lists, "Active" for the company's own records (companies, offices,
 * assets, shifts, pay schedules).
 */
export function EnabledTag({ on, words = 'enabled' }: { on: boolean; words?: 'enabled' | 'active' }) {
  const { t } = useTranslation();
  if (!on) return <Tag>{t('reference.disabled')}</Tag>;
  return <Tag color="success">{words === 'active' ? t('admin.common.active') : t('reference.enabled')}</Tag>;
}

/** The form's on/off switch of a record (`enabled`), with a line under it where the screen says more. */
export function EnabledField({
  words = 'enabled',
  extra,
}: {
  words?: 'enabled' | 'active';
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="enabled"
      label={words === 'active' ? t('admin.common.active') : t('reference.enabled')}
      valuePropName="checked"
      extra={extra}
    >
      <Switch />
    </Form.Item>
  );
}

/** A number in a list's count column. */
export function Count({ value }: { value: number }) {
  return <span className="admin-count">{value}</span>;
}

/** The Status column of an administration list: the record's on/off tag. */
export function enabledColumn<R extends { enabled: boolean }>(
  title: string,
  words: 'enabled' | 'active' = 'enabled',
): ListColumns<R>[number] {
  return { key: 'enabled', title, render: (_, r) => <EnabledTag on={r.enabled} words={words} /> };
}

/** The form's name field, focused when the form opens, checked by the screen's contract rules. */
export function NameField({
  label,
  maxLength,
  rules,
}: {
  label: string;
  maxLength: number;
  rules: (field: string) => FormRule[];
}) {
  return (
    <Form.Item name="name" label={label} rules={rules('name')} required>
      <Input maxLength={maxLength} autoFocus />
    </Form.Item>
  );
}
