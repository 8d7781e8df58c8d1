import { Flex } from 'antd';
import { LoansCard } from './LoansCard';
import { SalaryCard } from './SalaryCard';
import '../compensation.css';

/**
 * The profile's Compensation tab (DESIGN.md §9: shown to the employee and HR
 * administrators only): the salary and the loans; HR administrators change them.
 */
export function CompensationTab({ employeeId, canManage }: { employeeId: number; canManage: boolean }) {
  return (
    <Flex vertical gap={16}>
      <SalaryCard employeeId={employeeId} canManage={canManage} />
      <LoansCard employeeId={employeeId} canManage={canManage} />
    </Flex>
  );
}
