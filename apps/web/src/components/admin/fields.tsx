import { Form, Switch, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

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
