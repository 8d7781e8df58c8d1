import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from './LanguageSwitcher';
import { Logo } from './Logo';
import { OfflineNotice } from './OfflineNotice';
import { ThemeToggle } from './ThemeToggle';

/**
 * The frame of the sign-in and recovery screens: a brand panel and a card.
 * Plain elements only: the sign-in page, the first one, loads no Ant Design.
 */
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
    <div className="auth-page plain-text">
      <aside className="auth-brand">
        <Logo size={44} light />
        <h2 className="auth-brand__title">{t('auth.brandTitle')}</h2>
        <p className="auth-brand__text">{t('auth.brandText')}</p>
        <ul className="auth-brand__list">
          <li>{t('auth.brandPoint1')}</li>
          <li>{t('auth.brandPoint2')}</li>
          <li>{t('auth.brandPoint3')}</li>
        </ul>
      </aside>
      <main className="auth-main">
        <div className="auth-tools">
          <ThemeToggle />
          <LanguageSwitcher />
        </div>
        <OfflineNotice where="signin" />
        <section className="auth-card">
          <h3 className="auth-card__title">{title}</h3>
          {subtitle ? <p className="auth-card__subtitle">{subtitle}</p> : null}
          {children}
        </section>
        <p className="auth-footer">{t('footer.copyright')}</p>
      </main>
    </div>
  );
}
