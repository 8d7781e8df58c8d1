import type { Office } from '@hr/contracts/admin';
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';

interface PlaceValues {
  company_id?: number | null;
  office_id?: number | null;
}

/**
 * A company and one of its offices, both optional (a holiday's, a leave
 * policy's): while no company is chosen every company's offices are offered
 * by company, and choosing one brings its company; another company clears the
 * office. Enabled offices are offered, and the record's own.
 */
export function PlaceFields({
  companies,
  offices,
  placeholders,
  officeHelp,
}: {
  companies: { id: number; name: string }[];
  offices: Office[];
  /** What an empty choice means (all companies, any office). */
  placeholders: { company: string; office: string };
  officeHelp?: string;
}) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<PlaceValues>();
  const companyId = Form.useWatch('company_id', form) ?? null;
  const current = Form.useWatch('office_id', { form, preserve: true }) ?? null;
  const offered = offices.filter(
    (o) => (o.enabled || o.id === current) && (companyId === null || o.company.id === companyId),
  );
  const option = (o: Office) => ({ value: o.id, label: o.name });
  const byCompany = [...new Map(offered.map((o) => [o.company.id, o.company])).values()].map((c) => ({
    label: c.name,
    title: c.name,
    options: offered.filter((o) => o.company.id === c.id).map(option),
  }));
  return (
    <>
      <Form.Item name="company_id" label={t('leave.admin.company')}>
        <Select<number>
          allowClear
          placeholder={placeholders.company}
          options={companies.map((c) => ({ value: c.id, label: c.name }))}
          onChange={(id) => {
            // Another company's offices are not this one's: the office is chosen again.
            const office = offices.find((o) => o.id === form.getFieldValue('office_id'));
            if (office && id != null && office.company.id !== id) form.setFieldValue('office_id', null);
          }}
        />
      </Form.Item>
      <Form.Item name="office_id" label={t('leave.admin.office')} extra={officeHelp}>
        <Select<number>
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={placeholders.office}
          options={companyId === null ? byCompany : offered.map(option)}
          onChange={(id) => {
            const office = offices.find((o) => o.id === id);
            if (office && companyId === null) form.setFieldValue('company_id', office.company.id);
          }}
        />
      </Form.Item>
    </>
  );
}
