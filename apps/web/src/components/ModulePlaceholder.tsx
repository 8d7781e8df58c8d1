import { Card, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from './PageHeader';

/** A module page's title and empty state, until the module's screens arrive. */
export function ModulePlaceholder({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t(titleKey as 'nav.dashboard')} />
      <Card>
        <Empty description={t('common.noData')} />
      </Card>
    </>
  );
}
