import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** Any path the app does not know (SPEC.md §2). */
export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <main className="error-page">
      <Result
        status="404"
        title="404"
        subTitle={t('errors.notFound')}
        extra={
          <Button type="primary" onClick={() => navigate('/')}>
            {t('errors.goHome')}
          </Button>
        }
      />
    </main>
  );
}

export { NotFoundPage as Component };
