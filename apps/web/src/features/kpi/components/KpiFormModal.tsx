import { KPI_SHEET_NAME_MAX, KPI_TYPE, type KpiBody, type KpiListItem, kpiForm } from '@hr/contracts/kpi';
import { NOTICES } from '@hr/contracts/messages';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormDialog } from '../../../components/form/FormDialog';
import { PeriodFields } from '../../../components/form/PeriodFields';
import { useReportSearch } from '../../../components/list/ReportSelect';
import { Button } from '../../../components/plain/Button';
import { Combobox } from '../../../components/plain/Combobox';
import { DateField } from '../../../components/plain/DateField';
import { Dialog } from '../../../components/plain/Dialog';
import { Field, TextInput } from '../../../components/plain/Field';
import { Select } from '../../../components/plain/Select';
import { ApiError } from '../../../lib/http';
import { serverErrorText, toastSuccess } from '../../../lib/notify';
import { typeName } from '../../../lib/server-errors';
import { useForm } from '../../../lib/use-form';
import { useKpiList, useKpiTypes, useKpiYears, useSaveKpi } from '../api';

interface Values {
  type_id?: number;
  year_id?: number;
  /** YYYY-MM-DD */
  from?: string;
  to?: string;
  name?: string;
  employee_id?: number;
  copy_of?: number;
}

/** SPEC.md §9: after creating a sheet the product waits about 500 ms, then opens it. */
const OPEN_AFTER_MS = 500;

function initialValues(item: KpiListItem | null): Values {
  if (!item) return {};
  return {
    type_id: item.type.id,
    year_id: item.year?.id,
    from: item.from.slice(0, 10),
    to: item.to.slice(0, 10),
    name: item.name,
  };
}

/**
 * Another sheet covers part of the days: the writer decides whether to save
 * anyway (the dashboard shows the newest only). A dialog over the form's:
 * the form stays as it was when they do not.
 */
function OverlapQuestion({
  text,
  pending,
  onAnswer,
}: {
  text: string | null;
  pending: boolean;
  onAnswer: (saveAnyway: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={text !== null}
      title={t('kpi.form.overlapTitle')}
      onClose={() => onAnswer(false)}
      width={440}
      footer={
        <>
          <Button onClick={() => onAnswer(false)}>{t('common.cancel')}</Button>
          <Button variant="primary" loading={pending} onClick={() => onAnswer(true)}>
            {t('kpi.form.saveAnyway')}
          </Button>
        </>
      }
    >
      <p style={{ margin: 0 }}>{text}</p>
    </Dialog>
  );
}

/**
 * Make a KPI sheet (own, or in the Team view for a direct report; optionally
 * copied from an earlier sheet) or change one: type 1 takes its name and
 * dates from the KPI year, type 2 has its own period.
 */
export function KpiFormModal({
  open,
  item,
  team,
  onClose,
}: {
  open: boolean;
  item: KpiListItem | null;
  team: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useForm<Values>({ initial: initialValues(item), schema: kpiForm });
  const { type_id: typeId, year_id: yearId, employee_id: employeeId } = form.values;
  const types = useKpiTypes();
  const years = useKpiYears();
  const save = useSaveKpi();
  const forReport = !item && team;
  const { reports, setSearch } = useReportSearch(open && forReport);
  const [overlap, setOverlap] = useState<{ text: string; values: Values } | null>(null);
  const yearly = typeId === KPI_TYPE.yearly;
  const year = years.data?.find((y) => y.id === yearId);
  // Earlier sheets to copy from: the own ones, or the chosen report's.
  const earlier = useKpiList(
    team && employeeId
      ? { list_type: 'team', employee_id: employeeId, limit: 50, sort: 'from,desc' }
      : { list_type: 'self', limit: 50, sort: 'from,desc' },
  );

  const { reset } = form;
  useEffect(() => {
    if (!open) return;
    reset(initialValues(item));
    setOverlap(null);
  }, [open, item, reset]);

  const toBody = (v: Values): KpiBody => ({
    type_id: v.type_id!,
    year_id: yearly ? (v.year_id ?? null) : null,
    from: yearly ? null : (v.from ?? null),
    to: yearly ? null : (v.to ?? null),
    name: yearly ? null : v.name?.trim() || null,
    employee_id: forReport ? (v.employee_id ?? null) : null,
  });

  const onValid = (v: Values, allowOverlap = false) => {
    const body = { ...toBody(v), ...(allowOverlap ? { allow_overlap: true } : {}) };
    save.mutate(
      { id: item?.id, copyOf: item ? undefined : v.copy_of, body },
      {
        onSuccess: (sheet) => {
          setOverlap(null);
          toastSuccess(
            t(item ? 'notices.updated' : 'notices.saved', {
              defaultValue: item ? NOTICES.updated : NOTICES.saved,
            }),
          );
          onClose();
          if (!item) setTimeout(() => navigate(`/kpi/${sheet.id}`), OPEN_AFTER_MS);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.body?.error === 'kpi_period_overlap' && !allowOverlap) {
            setOverlap({ text: serverErrorText(error), values: v });
            return;
          }
          setOverlap(null);
          form.serverErrors(error);
        },
      },
    );
  };

  const chooseType = form.field('type_id');
  return (
    <>
      <FormDialog<Values>
        open={open}
        title={item ? t('kpi.form.editTitle') : t('kpi.form.createTitle')}
        form={form}
        onValid={(v) => onValid(v)}
        pending={save.isPending}
        onClose={onClose}
        width={560}
      >
        {forReport ? (
          <Field
            label={t('kpi.form.employee')}
            field={form.field('employee_id')}
            help={t('kpi.form.employeeHint')}
          >
            {(props) => (
              <Combobox<number>
                {...props}
                onChange={(value) => {
                  props.onChange(value);
                  // The sheets to copy from are the chosen person's.
                  form.setMany({ copy_of: undefined });
                }}
                allowClear
                onSearch={setSearch}
                loading={reports.isFetching}
                options={(reports.data ?? []).map((p) => ({ value: p.id, label: `${p.name} (${p.eid})` }))}
                notFound={t('common.noData')}
              />
            )}
          </Field>
        ) : null}
        <Field label={t('kpi.form.type')} field={chooseType} required>
          {(props) => (
            <Select
              {...props}
              options={(types.data ?? []).map((ty) => ({ value: ty.id, label: typeName('kpi', ty) }))}
              placeholder={t('kpi.form.typePlaceholder')}
            />
          )}
        </Field>
        {yearly ? (
          <>
            <Field label={t('kpi.form.year')} field={form.field('year_id')} required>
              {(props) => (
                <Select
                  {...props}
                  options={(years.data ?? []).map((y) => ({ value: y.id, label: y.name }))}
                  placeholder={t('kpi.form.yearPlaceholder')}
                />
              )}
            </Field>
            {/* The year's period, shown as it is taken: not typed. */}
            <div className="plain-form-row">
              <Field label={t('kpi.form.from')} field={{ ...form.field('from'), value: year?.from_date }}>
                {(props) => <DateField {...props} disabled />}
              </Field>
              <Field label={t('kpi.form.to')} field={{ ...form.field('to'), value: year?.to_date }}>
                {(props) => <DateField {...props} disabled />}
              </Field>
            </div>
          </>
        ) : typeId !== undefined ? (
          <>
            <Field label={t('kpi.form.name')} field={form.field('name')} help={t('kpi.form.nameHint')}>
              {(props) => <TextInput {...props} maxLength={KPI_SHEET_NAME_MAX} />}
            </Field>
            <PeriodFields
              labels={{ from: t('kpi.form.from'), to: t('kpi.form.to') }}
              from={form.field('from')}
              to={form.field('to')}
            />
          </>
        ) : null}
        {!item ? (
          <Field label={t('kpi.form.copyFrom')} field={form.field('copy_of')} help={t('kpi.form.copyHint')}>
            {(props) => (
              <Select
                {...props}
                allowClear
                placeholder={t('kpi.form.copyPlaceholder')}
                options={(earlier.data?.items ?? [])
                  .filter((s) => !team || s.employee.id === employeeId)
                  .map((s) => ({ value: s.id, label: s.name }))}
              />
            )}
          </Field>
        ) : null}
      </FormDialog>
      <OverlapQuestion
        text={overlap?.text ?? null}
        pending={save.isPending}
        onAnswer={(go) => {
          const asked = overlap;
          if (!go || !asked) return setOverlap(null);
          onValid(asked.values, true);
        }}
      />
    </>
  );
}
