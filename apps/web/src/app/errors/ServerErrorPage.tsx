import ServerError from 'antd/es/result/serverError';
import { useTranslation } from 'react-i18next';
import { ErrorResult } from './ErrorResult';

/** Shown when a page fails to render or load (SPEC.md §2 500 page). */
export function ServerErrorPage() {
  const { t } = useTranslation();
  return (
    <ErrorResult
      picture={<ServerError />}
      status="500"
      text={t('errors.serverWrong')}
      action={t('errors.goHome')}
      onAction={() => window.location.assign('/')}
    />
  );
}
