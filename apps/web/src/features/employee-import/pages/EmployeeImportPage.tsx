import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { AdminOnly } from '../../../components/AdminOnly';
import { PageHeader } from '../../../components/PageHeader';
import { EmployeeImports } from '../components/EmployeeImports';

/**
 * /admin/employee-import: HR administrators bring employees in from a CSV
 * file, on the same import screen as attendance punches, with the last
 * employee imports.
 */
export function Component() {
  const { t } = useTranslation();
  return (
    <AdminOnly reason={t('employeeImport.forbidden')}>
      <PageHeader title={t('employeeImport.title')} subtitle={t('employeeImport.subtitle')} />
      <Flex vertical gap={16} style={{ marginTop: 16 }}>
        <EmployeeImports />
      </Flex>
    </AdminOnly>
  );
}
