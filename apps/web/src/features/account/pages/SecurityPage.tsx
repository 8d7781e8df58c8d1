import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import { PasskeysSection } from '../../passkeys';
import { AuthenticatorSection } from '../components/AuthenticatorSection';
import { SessionsSection } from '../components/SessionsSection';

/**
 * /account/security (user menu → Security): the reader's own sign-in safety. The
 * authenticator app with its recovery codes, the passkeys and the open sessions,
 * each a section of its own (a card with a heading), one under the other.
 */
export function Component() {
  const { t } = useTranslation();
  return (
    <div className="security-page">
      <PageHeader title={t('account.title')} subtitle={t('account.intro')} />
      <AuthenticatorSection />
      <PasskeysSection />
      <SessionsSection />
    </div>
  );
}
