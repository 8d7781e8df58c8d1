import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Ten recovery codes, shown once: the list, a copy button and a download of
 * a text file. Drawn with plain elements (the sign-in page shows it too).
 */
export function RecoveryCodesList({ codes }: { codes: readonly string[] }) {
  const { t } = useTranslation();
  const [told, setTold] = useState<string | null>(null);
  const text = `${codes.join('\n')}\n`;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setTold(t('recoveryCodes.copied'));
    } catch {
      setTold(t('recoveryCodes.copyFailed'));
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'hr-portal-recovery-codes.txt';
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  return (
    <section className="recovery-codes" aria-labelledby="recovery-codes-title">
      <h3 id="recovery-codes-title" className="recovery-codes__title">
        {t('recoveryCodes.title')}
      </h3>
      <p>{t('recoveryCodes.intro')}</p>
      <ul className="recovery-codes__list" aria-label={t('recoveryCodes.listLabel')}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className="recovery-codes__actions">
        <button type="button" className="plain-button" onClick={() => void copy()}>
          {t('recoveryCodes.copy')}
        </button>
        <button type="button" className="plain-button" onClick={download}>
          {t('recoveryCodes.download')}
        </button>
      </div>
      <p className="recovery-codes__told" role="status">
        {told ?? ''}
      </p>
    </section>
  );
}
