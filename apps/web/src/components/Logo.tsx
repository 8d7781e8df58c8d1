import { useTranslation } from 'react-i18next';

export function Logo({
  size = 32,
  light = false,
  withName = true,
}: {
  size?: number;
  light?: boolean;
  withName?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <span className={`logo${light ? ' logo--light' : ''}`}>
      <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true">
        <rect width="64" height="64" rx="14" fill="#0f766e" />
        <path d="M18 44V20h6v9h16v-9h6v24h-6V35H24v9z" fill="#fff" />
      </svg>
      {withName ? <span className="logo__name">{t('app.name')}</span> : null}
    </span>
  );
}
