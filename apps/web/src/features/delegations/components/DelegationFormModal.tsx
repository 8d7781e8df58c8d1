import { APPROVAL_MODULES, type ApprovalModule } from '@hr/contracts/approval-rules';
import {
  DELEGATION_MESSAGES,
  type Delegation,
  type DelegationBody,
  delegationForm,
} from '@hr/contracts/delegations';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EmployeeCombobox } from '../../../components/employee-search/EmployeeCombobox';
import type { PickedEmployee } from '../../../components/employee-search/EmployeePicker';
import { RequestFormDialog } from '../../../components/form/FormDialog';
import { DateField } from '../../../components/plain/DateField';
import { CheckboxGroup, Field } from '../../../components/plain/Field';
import { Segmented } from '../../../components/plain/Segmented';
import { useForm } from '../../../lib/use-form';
import { useSaveDelegation } from '../api';

interface Values {
  delegate_id?: number;
  /** YYYY-MM-DD */
  from?: string;
  to?: string;
  all_modules: boolean;
  modules?: ApprovalModule[];
}

/** The contract's form rules, and the last day not before the first (said on the last day). */
const schema = delegationForm.superRefine((v, ctx) => {
  if (typeof v.from === 'string' && typeof v.to === 'string' && v.from && v.to && v.to < v.from)
    ctx.addIssue({ code: 'custom', path: ['to'], message: DELEGATION_MESSAGES.toBeforeFrom });
});

function initialValues(item: Delegation | null): Values {
  if (!item) return { all_modules: true, from: dayjs().format('YYYY-MM-DD') };
  return {
    delegate_id: item.delegate.id,
    from: item.from.slice(0, 10),
    to: item.to.slice(0, 10),
    all_modules: item.modules === null,
    modules: item.modules ?? [],
  };
}

type Scope = 'all' | 'chosen';

/**
 * Name a delegate, or change a delegation: who decides, the first and last
 * day, and every module or the chosen ones. `employeeId` is whose it is when
 * an HR administrator names one for someone.
 */
export function DelegationFormModal({
  open,
  item,
  employeeId,
  onClose,
}: {
  open: boolean;
  item: Delegation | null;
  employeeId?: number | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm<Values>({ initial: initialValues(item), schema });
  const save = useSaveDelegation();
  const known = useMemo<PickedEmployee[]>(() => (item ? [item.delegate] : []), [item]);
  const { all_modules: all, from } = form.values;

  const toBody = (v: Values): DelegationBody => ({
    delegate_id: v.delegate_id!,
    from: v.from!,
    to: v.to!,
    modules: v.all_modules ? null : (v.modules ?? []),
    ...(employeeId !== undefined && !item ? { employee_id: employeeId } : {}),
  });

  return (
    <RequestFormDialog<Values, DelegationBody>
      open={open}
      editing={item}
      title={item ? t('delegations.form.editTitle') : t('delegations.form.createTitle')}
      form={form}
      initial={initialValues(item)}
      toBody={toBody}
      save={save}
      onClose={onClose}
      width={520}
    >
      <Field
        label={t('delegations.form.delegate')}
        field={form.field('delegate_id')}
        required
        help={t('delegations.form.delegateHelp')}
      >
        {(props) => (
          <EmployeeCombobox
            {...props}
            known={known}
            placeholder={t('delegations.form.delegatePlaceholder')}
          />
        )}
      </Field>
      <div className="plain-form-row">
        <Field label={t('delegations.form.from')} field={form.field('from')} required>
          {(props) => <DateField {...props} />}
        </Field>
        <Field label={t('delegations.form.to')} field={form.field('to')} required>
          {(props) => <DateField {...props} min={from} />}
        </Field>
      </div>
      <Field label={t('delegations.form.modules')} field={form.field('all_modules')} group>
        {({ value, onChange, ...props }) => (
          <Segmented<Scope>
            {...props}
            value={value ? 'all' : 'chosen'}
            onChange={(scope) => onChange(scope === 'all')}
            options={[
              { value: 'all', label: t('delegations.allModules') },
              { value: 'chosen', label: t('delegations.form.chosenModules') },
            ]}
          />
        )}
      </Field>
      {all ? null : (
        <Field label={t('delegations.form.whichModules')} field={form.field('modules')} required group>
          {(props) => (
            <CheckboxGroup<ApprovalModule>
              {...props}
              options={APPROVAL_MODULES.map((m) => ({ value: m, label: t(`approvals.modules.${m}`) }))}
            />
          )}
        </Field>
      )}
    </RequestFormDialog>
  );
}
