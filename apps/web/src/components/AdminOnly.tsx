import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../lib/me';
import { PageLoading } from './PageLoading';
import { LinkButton } from './plain/LinkButton';
import { Result } from './plain/Result';

/**
 * The administration screens are for HR administrators; anyone else reaching
 * one by URL sees a 403 page (with the screen's own reason when it gives one).
 */
export function AdminOnly({ children, reason }: { children: ReactNode; reason?: string }) {
  const { t } = useTranslation();
  const me = useMe();
  if (me.isLoading) return <PageLoading />;
  if (!me.data?.user.is_admin)
    return (
      <Result
        status="403"
        title="403"
        subTitle={reason ?? t('admin.common.forbidden')}
        extra={
          <LinkButton to="/profile" variant="primary">
            {t('errors.goHome')}
          </LinkButton>
        }
      />
    );
  return children;
}
