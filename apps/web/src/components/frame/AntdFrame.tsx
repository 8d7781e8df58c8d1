import { App as AntApp, theme as antTheme, ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
import enUS from 'antd/locale/en_US';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage, isRtl } from '../../lib/i18n';
import { usePrefersReducedMotion } from '../../lib/media-query';
import { useUiSettings } from '../../lib/ui-settings';
import { contrastTokens, tableContrast, tagContrast } from './contrast';

const antdLocales: Record<string, () => Promise<{ default: Locale }>> = {
  zh: () => import('antd/locale/zh_CN'),
  ar: () => import('antd/locale/ar_EG'),
  it: () => import('antd/locale/it_IT'),
  es: () => import('antd/locale/es_ES'),
  fr: () => import('antd/locale/fr_FR'),
};

/**
 * Ant Design's theme, direction and language around every page but the plain
 * ones (sign-in, the shell and the dashboard are drawn without it, so the
 * first pages stay light), loaded with the first page that needs it. The
 * toasts and popups of lib/notify.ts are the portal's own (Toasts.tsx,
 * Confirms.tsx), drawn without it.
 */
export function AntdFrame({ children }: { children?: ReactNode }) {
  const { theme } = useUiSettings();
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  const [locale, setLocale] = useState<Locale>(enUS);
  const reducedMotion = usePrefersReducedMotion();

  useEffect(() => {
    let cancelled = false;
    const load = antdLocales[language];
    if (!load) setLocale(enUS);
    else
      void load().then((m) => {
        if (!cancelled) setLocale(m.default);
      });
    return () => {
      cancelled = true;
    };
  }, [language]);

  return (
    <ConfigProvider
      direction={isRtl(language) ? 'rtl' : 'ltr'}
      locale={locale}
      // Drawn in full, a select's options are each an `option` in its `listbox` for screen readers
      // (a virtual list exposes only the active one); the portal's lists are short.
      virtual={false}
      theme={{
        // Styles come from Ant Design's static file (antd-styles.ts); only the theme's variables are written here.
        zeroRuntime: true,
        algorithm: theme === 'dark' ? antTheme.darkAlgorithm : antTheme.defaultAlgorithm,
        token: {
          colorPrimary: '#0f766e',
          colorLink: '#0f766e',
          borderRadius: 8,
          ...contrastTokens(theme),
          // The system's "reduce motion" setting turns the opening and closing animations off.
          motion: !reducedMotion,
          // In Chinese the portal's own CJK font comes first (a machine may have none; behind
          // Arial's bold, Chromium drew boxes instead of falling through to it).
          fontFamily: `${language === 'zh' ? "'Noto Sans SC Variable', " : ''}Inter, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', 'Noto Sans Arabic', 'PingFang SC', 'Microsoft YaHei', sans-serif`,
        },
        components: {
          Layout: {
            siderBg: '#0b2e2b',
            headerBg: theme === 'dark' ? '#141414' : '#ffffff',
            headerPadding: '0 16px',
          },
          Menu: { darkItemBg: '#0b2e2b', darkSubMenuItemBg: '#082421', darkItemSelectedBg: '#0f766e' },
          Tag: tagContrast(theme),
          Table: tableContrast(theme),
        },
      }}
    >
      <AntApp>{children}</AntApp>
    </ConfigProvider>
  );
}

export default AntdFrame;
