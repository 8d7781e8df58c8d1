import { useTranslation } from 'react-i18next';

/** A page on its way: a spinner drawn in CSS, so the first page loads it without Ant Design. */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="page-loading" role="status" aria-label={t('common.loading')}>
      <span className="plain-spinner" aria-hidden="true" />
    </div>
  );
}
