import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import { DelegationsPanel } from '../components/DelegationsPanel';

/** /delegations: the reader's own delegations while away, and those naming them delegate. */
export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('delegations.title')} subtitle={t('delegations.intro')} />
      <DelegationsPanel />
    </>
  );
}
