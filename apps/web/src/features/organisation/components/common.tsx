import { Form, Switch, Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Enabled or disabled, as the lists show it. */
export function EnabledTag({ on }: { on: boolean }) {
  const { t } = useTranslation();
  return on ? (
    <Tag color="success">{t('organisation.common.enabled')}</Tag>
  ) : (
    <Tag>{t('organisation.common.disabled')}</Tag>
  );
}

/** The form's enabled switch: a disabled record stays on the records that have it, and is offered no more. */
export function EnabledField() {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="enabled"
      label={t('organisation.common.enabled')}
      valuePropName="checked"
      extra={t('organisation.common.enabledHint')}
    >
      <Switch />
    </Form.Item>
  );
}

/** A number in a list's count column. */
export function Count({ value }: { value: number }) {
  return <span className="admin-count">{value}</span>;
}
