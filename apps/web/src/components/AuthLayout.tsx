import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from './LanguageSwitcher';
import { Logo } from './Logo';
import { OfflineNotice } from './OfflineNotice';
import { ThemeToggle } from './ThemeToggle';

/** The frame of the sign-in and recovery screens: a brand panel and a card. */
export function AuthLayout({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="auth-page">
      <aside className="auth-brand">
        <Logo size={44} light />
        <Typography.Title level={2} className="auth-brand__title">
          {t('auth.brandTitle')}
        </Typography.Title>
        <Typography.Paragraph className="auth-brand__text">{t('auth.brandText')}</Typography.Paragraph>
        <ul className="auth-brand__list">
          <li>{t('auth.brandPoint1')}</li>
          <li>{t('auth.brandPoint2')}</li>
          <li>{t('auth.brandPoint3')}</li>
        </ul>
      </aside>
      <main className="auth-main">
        <Flex justify="flex-end" gap={4} className="auth-tools">
          <ThemeToggle />
          <LanguageSwitcher />
        </Flex>
        <OfflineNotice where="signin" />
        {/* A plain panel: Ant Design's Card brings Tabs into the first page. */}
        <section className="auth-card">
          <Typography.Title level={3} style={{ marginTop: 0 }}>
            {title}
          </Typography.Title>
          {subtitle ? <Typography.Paragraph type="secondary">{subtitle}</Typography.Paragraph> : null}
          {children}
        </section>
        <Typography.Text type="secondary" className="auth-footer">
          {t('footer.copyright')}
        </Typography.Text>
      </main>
    </div>
  );
}
