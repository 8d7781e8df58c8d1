import { GlobalOutlined } from '@ant-design/icons';
import { LANGUAGES, type Language } from '@hr/contracts/limits';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { isLanguage } from '../lib/i18n';
import { chooseLanguage } from '../lib/language-choice';
import { useMenuFocus } from '../lib/menu-focus';
import { ABOVE_TOASTS } from '../lib/notify';

/** Each language named in its own words, so anyone can find theirs. */
export const NATIVE: Record<Language, string> = {
  en: 'English',
  zh: '中文',
  ar: 'العربية',
  it: 'Italiano',
  es: 'Español',
  fr: 'Français',
};

export function LanguageSwitcher({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const current = isLanguage(i18n.language) ? i18n.language : 'en';
  const { dropdown, trigger } = useMenuFocus();
  return (
    <Dropdown
      trigger={['click']}
      {...dropdown}
      styles={ABOVE_TOASTS}
      menu={{
        selectable: true,
        selectedKeys: [current],
        items: LANGUAGES.map((lng) => ({ key: lng, label: <span lang={lng}>{NATIVE[lng]}</span> })),
        onClick: ({ key }) => {
          if (isLanguage(key)) void chooseLanguage(key);
        },
      }}
    >
      <Button type="text" icon={<GlobalOutlined />} aria-label={t('language.choose')} ref={trigger}>
        {compact ? current.toUpperCase() : NATIVE[current]}
      </Button>
    </Dropdown>
  );
}
