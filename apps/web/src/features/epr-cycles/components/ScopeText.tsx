import type { EprCycleItem } from '@hr/contracts/epr-cycles';
import { useTranslation } from 'react-i18next';

/** Whom a cycle covers, in words: everyone, a company, a group item, or the group item within a company. */
export function ScopeText({ cycle }: { cycle: Pick<EprCycleItem, 'company' | 'group'> }) {
  const { t } = useTranslation();
  const { company, group } = cycle;
  if (company && group)
    return <span>{t('eprCycles.scope.both', { company: company.name, group: group.name })}</span>;
  if (company) return <span>{t('eprCycles.scope.company', { name: company.name })}</span>;
  if (group) return <span>{t('eprCycles.scope.group', { name: group.name })}</span>;
  return <span>{t('eprCycles.scope.everyone')}</span>;
}
