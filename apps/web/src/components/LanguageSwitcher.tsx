import GlobalOutlined from '@ant-design/icons-svg/es/asn/GlobalOutlined';
import { LANGUAGES, type Language } from '@hr/contracts/limits';
import { useTranslation } from 'react-i18next';
import { isLanguage, loadFontFor } from '../lib/i18n';
import { chooseLanguage } from '../lib/language-choice';
import { PlainIcon } from './PlainIcon';
import { PlainMenuButton } from './PlainMenuButton';

/** Each language named in its own words, so anyone can find theirs. */
export const NATIVE: Record<Language, string> = {
  en: 'English',
  zh: '中文',
  ar: 'العربية',
  it: 'Italiano',
  es: 'Español',
  fr: 'Français',
};

/**
 * The language menu of the header and of the sign-in page, drawn without
 * Ant Design (PlainMenuButton): each language named in its own words, the
 * current one marked and focused when the menu opens.
 */
export function LanguageSwitcher({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const current = isLanguage(i18n.language) ? i18n.language : 'en';
  const shown = compact ? current.toUpperCase() : NATIVE[current];
  return (
    <PlainMenuButton<Language>
      // Named from what it shows first (WCAG 2.5.3), then what it does.
      label={`${shown} — ${t('language.choose')}`}
      items={LANGUAGES.map((language) => ({
        key: language,
        label: NATIVE[language],
        lang: language,
        current: language === current,
      }))}
      // Opened, each language's name can be drawn.
      onOpen={() => {
        for (const language of LANGUAGES) void loadFontFor(language);
      }}
      onPick={(language) => {
        if (language !== current) void chooseLanguage(language);
      }}
    >
      <PlainIcon icon={GlobalOutlined} />
      <span>{shown}</span>
    </PlainMenuButton>
  );
}
