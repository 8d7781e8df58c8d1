import { Tabs, type TabsProps } from 'antd';
import { AdminOnly } from '../AdminOnly';
import { PageHeader } from '../PageHeader';

/**
 * An administration screen of several lists, one per tab (each an embedded
 * ResourcePage): the screen's title and what it is for above the tabs.
 */
export function ResourceTabs({
  title,
  subtitle,
  tabs,
}: {
  title: string;
  subtitle: string;
  tabs: NonNullable<TabsProps['items']>;
}) {
  return (
    <AdminOnly>
      <PageHeader title={title} subtitle={subtitle} />
      <Tabs items={tabs} />
    </AdminOnly>
  );
}
