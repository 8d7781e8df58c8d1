import MoonOutlined from '@ant-design/icons-svg/es/asn/MoonOutlined';
import SunOutlined from '@ant-design/icons-svg/es/asn/SunOutlined';
import { useTranslation } from 'react-i18next';
import { setUiSettings, useUiSettings } from '../lib/ui-settings';
import { PlainIcon } from './PlainIcon';

/** Light or dark: a plain button (the sign-in page loads without Ant Design), named by what it turns on. */
export function ThemeToggle() {
  const { t } = useTranslation();
  const { theme } = useUiSettings();
  const next = theme === 'dark' ? 'light' : 'dark';
  const label = next === 'dark' ? t('theme.dark') : t('theme.light');
  return (
    <button
      type="button"
      className="plain-button plain-button--icon"
      aria-label={label}
      title={label}
      onClick={() => setUiSettings({ theme: next })}
    >
      <PlainIcon icon={theme === 'dark' ? SunOutlined : MoonOutlined} />
    </button>
  );
}
