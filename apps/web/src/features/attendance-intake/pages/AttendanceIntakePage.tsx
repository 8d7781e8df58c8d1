import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { AdminOnly } from '../../../components/AdminOnly';
import { PageHeader } from '../../../components/PageHeader';
import { DevicesPanel } from '../components/DevicesPanel';
import { PunchImports } from '../components/PunchImports';
import '../attendance-intake.css';

/**
 * /admin/attendance: how punches get in. The attendance devices (each sends
 * its punches with a key of its own) and the CSV import of punches, with the
 * last imports.
 */
export function Component() {
  const { t } = useTranslation();
  return (
    <AdminOnly reason={t('attendanceAdmin.forbidden')}>
      <PageHeader title={t('attendanceAdmin.title')} subtitle={t('attendanceAdmin.subtitle')} />
      <Flex vertical gap={16} style={{ marginTop: 16 }}>
        <DevicesPanel />
        <PunchImports />
      </Flex>
    </AdminOnly>
  );
}
