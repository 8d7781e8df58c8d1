import NoFound from 'antd/es/result/noFound';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorResult } from './ErrorResult';

/** Any path the app does not know (SPEC.md §2). */
export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <ErrorResult
      picture={<NoFound />}
      status="404"
      text={t('errors.notFound')}
      action={t('errors.goHome')}
      onAction={() => navigate('/')}
    />
  );
}

export { NotFoundPage as Component };
