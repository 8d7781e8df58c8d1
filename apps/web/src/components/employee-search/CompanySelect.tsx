import { Select, type SelectProps } from 'antd';
import { useCompanyOptions } from './api';

/**
 * A company picker, with a search by name: the company of an office, an
 * asset or an attendance device. Put inside a Form.Item, which gives it its
 * value; `active` false leaves the companies unread (a closed modal).
 */
export function CompanySelect({ active = true, ...props }: SelectProps<number> & { active?: boolean }) {
  const companies = useCompanyOptions(active);
  return (
    <Select<number>
      showSearch={{ optionFilterProp: 'label' }}
      loading={companies.isLoading}
      options={(companies.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
      {...props}
    />
  );
}
