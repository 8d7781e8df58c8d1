import { Button, Result } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMe } from '../lib/me';
import { PageLoading } from './PageLoading';

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
          <Link to="/profile">
            <Button type="primary">{t('errors.goHome')}</Button>
          </Link>
        }
      />
    );
  return children;
}
