import type { ControlProps } from '../../lib/use-form';
import { Combobox } from '../plain/Combobox';
import { useCompanyOptions } from './api';

/**
 * A company picker searched by name, as a form's control: the company of an
 * office or an asset. `active` false leaves the companies unread (a closed form).
 */
export function CompanyPicker({
  active = true,
  placeholder,
  ...props
}: ControlProps<number | undefined> & { active?: boolean; placeholder?: string }) {
  const companies = useCompanyOptions(active);
  return (
    <Combobox<number>
      {...props}
      placeholder={placeholder}
      loading={companies.isLoading}
      options={(companies.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
    />
  );
}
