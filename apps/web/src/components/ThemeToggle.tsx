import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { setUiSettings, useUiSettings } from '../lib/ui-settings';

export function ThemeToggle() {
  const { t } = useTranslation();
  const { theme } = useUiSettings();
  const next = theme === 'dark' ? 'light' : 'dark';
  const label = next === 'dark' ? t('theme.dark') : t('theme.light');
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        aria-label={label}
        icon={theme === 'dark' ? <SunOutlined /> : <MoonOutlined />}
        onClick={() => setUiSettings({ theme: next })}
      />
    </Tooltip>
  );
}
