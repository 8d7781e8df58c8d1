import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** Shown when a page fails to render or load (SPEC.md §2 500 page). */
export function ServerErrorPage() {
  const { t } = useTranslation();
  return (
    <main className="error-page">
      <Result
        status="500"
        title="500"
        subTitle={t('errors.serverWrong')}
        extra={
          <Button type="primary" onClick={() => window.location.assign('/')}>
            {t('errors.goHome')}
          </Button>
        }
      />
    </main>
  );
}
