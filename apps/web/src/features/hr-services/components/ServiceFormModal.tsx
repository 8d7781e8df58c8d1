import {
  fromDmy,
  NOC_CATEGORY,
  type ServiceRequest,
  type ServiceRequestBody,
  serviceRequestForm,
  toDmy,
} from '@hr/contracts/hr-services';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EmployeeCombobox } from '../../../components/employee-search/EmployeeCombobox';
import type { PickedEmployee } from '../../../components/employee-search/EmployeePicker';
import { RequestFormDialog } from '../../../components/form/FormDialog';
import { DateField } from '../../../components/plain/DateField';
import { Field, TextArea, TextInput } from '../../../components/plain/Field';
import { Select } from '../../../components/plain/Select';
import { useForm } from '../../../lib/use-form';
import { useNocTypes, useSaveServiceRequest, useServiceCategories } from '../api';

interface Values {
  employee_id?: number;
  category?: string;
  /** YYYY-MM-DD (sent as DD-MM-YYYY). */
  issue_date?: string;
  noc_type_id?: number;
  from_date?: string;
  to_date?: string;
  passport_no?: string;
  intended_country?: string;
  reason?: string;
  description?: string;
}

/** The limit of reason and description (contracts: descriptionTooLong, reasonTooLong). */
const TEXT_MAX = 2000;

/** Fields only a NOC has; a new category starts without them (SPEC.md §5). */
const NO_NOC_FIELDS = {
  noc_type_id: undefined,
  from_date: undefined,
  to_date: undefined,
  passport_no: undefined,
  intended_country: undefined,
} satisfies Partial<Values>;

const isoDate = (dmy: string | null) => (dmy ? (fromDmy(dmy) ?? undefined) : undefined);

function initialValues(request: ServiceRequest | null, me: PickedEmployee | undefined): Values {
  if (!request) return { employee_id: me?.id };
  return {
    employee_id: request.employee.id,
    category: request.category,
    issue_date: isoDate(request.issue_date),
    noc_type_id: request.noc_type_id ?? undefined,
    from_date: isoDate(request.from_date),
    to_date: isoDate(request.to_date),
    passport_no: request.passport_no ?? undefined,
    intended_country: request.intended_country ?? undefined,
    reason: request.reason ?? undefined,
    description: request.description,
  };
}

/**
 * Ask for an HR service, or change a draft. A NOC asks for its type, the
 * dates, the passport number and the country; other services for a reason.
 * HR admins may ask on behalf of any employee (the server decides who may).
 */
export function ServiceFormModal({
  open,
  request,
  onClose,
  isAdmin,
  me,
}: {
  open: boolean;
  request: ServiceRequest | null;
  onClose: () => void;
  isAdmin: boolean;
  me: PickedEmployee | undefined;
}) {
  const { t } = useTranslation();
  const form = useForm<Values>({ initial: initialValues(request, me), schema: serviceRequestForm });
  const categories = useServiceCategories();
  const nocTypes = useNocTypes(open);
  const save = useSaveServiceRequest();
  const { category, from_date: fromDate } = form.values;
  const noc = category === NOC_CATEGORY;

  const known = useMemo(() => {
    const people: PickedEmployee[] = [];
    if (me) people.push(me);
    if (request) people.push(request.employee);
    return people;
  }, [me, request]);

  const categoryField = form.field('category');
  const chooseCategory = (next: string | undefined) => {
    // Another service starts without the NOC's fields.
    if (next !== category) form.setMany(NO_NOC_FIELDS);
    categoryField.onChange(next);
  };

  const toRequestBody = (v: Values) => {
    const trimmed = (s: string | undefined) => s?.trim() ?? null;
    const dmy = (iso: string | undefined) => (iso ? toDmy(iso) : null);
    const body: ServiceRequestBody = {
      category: v.category ?? null,
      issue_date: dmy(v.issue_date),
      noc_type_id: noc ? (v.noc_type_id ?? null) : null,
      from_date: noc ? dmy(v.from_date) : null,
      to_date: noc ? dmy(v.to_date) : null,
      passport_no: noc ? trimmed(v.passport_no) : null,
      intended_country: noc ? trimmed(v.intended_country) : null,
      reason: noc ? null : trimmed(v.reason),
      description: trimmed(v.description),
    };
    if (isAdmin && !request && v.employee_id) body.employee_id = v.employee_id;
    return body;
  };

  return (
    <RequestFormDialog<Values, ServiceRequestBody>
      open={open}
      editing={request}
      title={request ? t('hrServices.form.editTitle') : t('hrServices.form.createTitle')}
      form={form}
      initial={initialValues(request, me)}
      toBody={toRequestBody}
      save={save}
      onClose={onClose}
      width={640}
    >
      {isAdmin ? (
        <Field
          label={t('hrServices.form.employee')}
          field={form.field('employee_id')}
          help={request ? undefined : t('hrServices.form.employeeHelp')}
        >
          {(props) => (
            <EmployeeCombobox
              {...props}
              known={known}
              disabled={Boolean(request)}
              placeholder={t('hrServices.form.employeePlaceholder')}
            />
          )}
        </Field>
      ) : null}
      <div className="plain-form-row">
        <Field label={t('hrServices.form.category')} field={categoryField} required>
          {(props) => (
            <Select<string>
              {...props}
              onChange={chooseCategory}
              placeholder={t('hrServices.form.categoryPlaceholder')}
              options={(categories.data ?? []).map((c) => ({ value: c.value, label: c.name }))}
            />
          )}
        </Field>
        <Field label={t('hrServices.form.issueDate')} field={form.field('issue_date')} required>
          {(props) => <DateField {...props} />}
        </Field>
      </div>
      {noc ? (
        <>
          <div className="plain-form-row">
            <Field label={t('hrServices.form.nocType')} field={form.field('noc_type_id')} required>
              {(props) => (
                <Select<number>
                  {...props}
                  placeholder={t('hrServices.form.nocTypePlaceholder')}
                  options={(nocTypes.data ?? []).map((n) => ({ value: n.id, label: n.name }))}
                />
              )}
            </Field>
            <Field label={t('hrServices.form.passportNo')} field={form.field('passport_no')} required>
              {(props) => <TextInput {...props} autoComplete="off" />}
            </Field>
          </div>
          <div className="plain-form-row">
            <Field label={t('hrServices.form.fromDate')} field={form.field('from_date')} required>
              {(props) => <DateField {...props} />}
            </Field>
            <Field label={t('hrServices.form.toDate')} field={form.field('to_date')} required>
              {(props) => <DateField {...props} min={fromDate} />}
            </Field>
          </div>
          <Field label={t('hrServices.form.country')} field={form.field('intended_country')} required>
            {(props) => <TextInput {...props} autoComplete="country-name" />}
          </Field>
        </>
      ) : (
        <Field label={t('hrServices.form.reason')} field={form.field('reason')} required>
          {(props) => <TextArea {...props} rows={2} max={TEXT_MAX} />}
        </Field>
      )}
      <Field label={t('hrServices.form.description')} field={form.field('description')} required>
        {(props) => <TextArea {...props} rows={3} max={TEXT_MAX} />}
      </Field>
    </RequestFormDialog>
  );
}
