import { EPR_MESSAGES } from '@hr/contracts/epr';
import {
  EPR_CYCLE_MESSAGES,
  EPR_CYCLE_NAME,
  type EprCycleBody,
  type EprCycleLaunched,
  eprCycleForm,
} from '@hr/contracts/epr-cycles';
import dayjs from 'dayjs';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form/FormDialog';
import { PeriodFields, withPeriodOrder } from '../../../components/form/PeriodFields';
import { useCompanyChoices, useGroupChoices } from '../../../components/list/choices';
import { PlainAlert } from '../../../components/PlainAlert';
import { Combobox } from '../../../components/plain/Combobox';
import { DateField } from '../../../components/plain/DateField';
import { Field, TextInput } from '../../../components/plain/Field';
import { Select, type SelectOption } from '../../../components/plain/Select';
import { typeName } from '../../../lib/server-errors';
import { useForm } from '../../../lib/use-form';
import { useCycleTypes, useLaunchCycle } from '../api';

interface Values {
  name?: string;
  type_id?: number;
  /** YYYY-MM-DD */
  from_date?: string;
  to_date?: string;
  deadline?: string;
  company_id?: number;
  group_tree_id?: number;
}

const schema = withPeriodOrder(
  withPeriodOrder(eprCycleForm, EPR_MESSAGES.toBeforeFrom),
  EPR_CYCLE_MESSAGES.deadlineBeforeFrom,
  'from_date',
  'deadline',
);

interface GroupNode {
  value: number | string;
  title: string;
  children: GroupNode[];
}

/** The groups' items as options: each under its group's name, indented by its depth. */
function groupOptions(groups: readonly GroupNode[] | undefined): SelectOption<number>[] {
  const options: SelectOption<number>[] = [];
  const walk = (items: readonly GroupNode[], group: string, depth: number) => {
    for (const item of items) {
      if (typeof item.value === 'number')
        options.push({ value: item.value, label: item.title, group, depth });
      walk(item.children, group, depth + 1);
    }
  };
  for (const g of groups ?? []) walk(g.children, g.title, 0);
  return options;
}

/**
 * "Launch review cycle": the period, the review type, the deadline, and
 * optionally a company or a group item to cover instead of everyone. The
 * server makes the reviews at once and answers how many.
 */
export function LaunchCycleModal({
  open,
  onClose,
  onLaunched,
}: {
  open: boolean;
  onClose: () => void;
  onLaunched: (cycle: EprCycleLaunched) => void;
}) {
  const { t } = useTranslation();
  const form = useForm<Values>({ initial: {}, schema });
  const types = useCycleTypes();
  const companies = useCompanyChoices(open);
  const groups = useGroupChoices(open);
  const launch = useLaunchCycle();
  const groupChoices = useMemo(() => groupOptions(groups.data), [groups.data]);

  const { reset } = form;
  useEffect(() => {
    if (open) reset({});
  }, [open, reset]);

  const onValid = (v: Values) => {
    const body: EprCycleBody = {
      name: v.name ?? '',
      type_id: v.type_id!,
      from_date: v.from_date!,
      to_date: v.to_date!,
      deadline: v.deadline!,
      company_id: v.company_id ?? null,
      group_tree_id: v.group_tree_id ?? null,
    };
    launch.mutate(body, {
      onSuccess: (cycle) => {
        onLaunched(cycle);
        onClose();
      },
      onError: form.serverErrors,
    });
  };

  const today = dayjs().format('YYYY-MM-DD');
  return (
    <FormDialog<Values>
      open={open}
      title={t('eprCycles.form.title')}
      form={form}
      onValid={onValid}
      pending={launch.isPending}
      okText={t('eprCycles.form.launch')}
      onClose={onClose}
      width={600}
    >
      <div style={{ marginBottom: 16 }}>
        <PlainAlert type="info" role="status" title={t('eprCycles.form.help')} />
      </div>
      <Field label={t('eprCycles.form.name')} field={form.field('name')} required>
        {(props) => (
          <TextInput
            {...props}
            maxLength={EPR_CYCLE_NAME.max}
            placeholder={t('eprCycles.form.namePlaceholder')}
          />
        )}
      </Field>
      <Field label={t('eprCycles.form.type')} field={form.field('type_id')} required>
        {(props) => (
          <Select
            {...props}
            options={(types.data ?? []).map((ty) => ({ value: ty.id, label: typeName('epr', ty) }))}
            placeholder={t('eprCycles.form.typePlaceholder')}
          />
        )}
      </Field>
      <PeriodFields
        labels={{ from: t('eprCycles.form.from'), to: t('eprCycles.form.to') }}
        from={form.field('from_date')}
        to={form.field('to_date')}
      >
        <Field label={t('eprCycles.form.deadline')} field={form.field('deadline')} required>
          {(props) => <DateField {...props} min={today} />}
        </Field>
      </PeriodFields>
      <div className="plain-form-row">
        <Field
          label={t('eprCycles.form.company')}
          field={form.field('company_id')}
          help={t('eprCycles.form.scopeHelp')}
        >
          {(props) => (
            <Combobox<number>
              {...props}
              allowClear
              loading={companies.isLoading}
              options={(companies.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
              placeholder={t('eprCycles.scope.everyone')}
              notFound={t('common.noData')}
            />
          )}
        </Field>
        <Field label={t('eprCycles.form.group')} field={form.field('group_tree_id')}>
          {(props) => (
            <Select
              {...props}
              allowClear
              options={groupChoices}
              placeholder={t('eprCycles.scope.everyone')}
            />
          )}
        </Field>
      </div>
    </FormDialog>
  );
}
