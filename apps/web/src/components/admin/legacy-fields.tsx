import { Form, type FormRule, Input, Switch } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/*
 * The on/off and name fields of the administration lists whose forms are
 * still drawn with Ant Design (ResourcePage's `antdFields`); the lists drawn
 * with the portal's own fields use EnabledField and NameField (fields.tsx).
 */

export function LegacyEnabledField({
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

export function LegacyNameField({
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
