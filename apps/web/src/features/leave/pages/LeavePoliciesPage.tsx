import { StopOutlined } from '@ant-design/icons';
import {
  LEAVE_ACCRUALS,
  type LeaveAccrual,
  type LeavePolicy,
  leavePolicyBody,
  leavePolicyPatch,
} from '@hr/contracts/leave-policies';
import { DATE_FORMAT } from '@hr/contracts/limits';
import type { Option } from '@hr/contracts/lookups';
import {
  DatePicker,
  Divider,
  Flex,
  Form,
  InputNumber,
  type InputNumberProps,
  Modal,
  Select,
  Switch,
  Tag,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { AdminOnly } from '../../../components/AdminOnly';
import { LegacyNameField } from '../../../components/admin/legacy-fields';
import { ResourcePage } from '../../../components/admin/ResourcePage';
import { useAllLookups, useCompanyOptions, useOfficeOptions } from '../../../components/employee-search/api';
import { adminRules, applyAdminErrors } from '../../../lib/admin-forms';
import { useAdminMutations } from '../../../lib/admin-resources';
import { formatDate } from '../../../lib/dates';
import { formatNumber } from '../../../lib/format';
import { keepEnterInPickers } from '../../../lib/forms';
import { toastSuccess } from '../../../lib/notify';
import { useLeaveTypes } from '../api';
import { PlaceFields } from '../components/PlaceFields';
import { leaveResources } from '../keys';
import '../leave-policies.css';

const SORT_FIELDS = ['name', 'type', 'from'] as const;

interface Values {
  name: string;
  type_id?: number;
  company_id: number | null;
  office_id: number | null;
  grade_id: number | null;
  employment_status_id: number | null;
  effective_from?: Dayjs | null;
  effective_to?: Dayjs | null;
  days_per_year?: number | null;
  accrual?: LeaveAccrual;
  pro_rata: boolean;
  cap: number | null;
  carry_forward_max: number | null;
  carry_forward_expiry_days: number | null;
  min_notice_days: number | null;
  max_consecutive_days: number | null;
  negative_allowed: number | null;
  counts_short_leave: boolean;
}

const EMPTY: Values = {
  name: '',
  company_id: null,
  office_id: null,
  grade_id: null,
  employment_status_id: null,
  accrual: 'yearly',
  pro_rata: true,
  cap: null,
  carry_forward_max: 0,
  carry_forward_expiry_days: null,
  min_notice_days: 0,
  max_consecutive_days: null,
  negative_allowed: 0,
  counts_short_leave: true,
};

const day = (d: Dayjs | null | undefined) => d?.format('YYYY-MM-DD');

/** The body the API takes: every field, an emptied number of days meaning none (0 where none is 0). */
function toBody(v: Values) {
  return {
    name: v.name,
    type_id: v.type_id,
    company_id: v.company_id ?? null,
    office_id: v.office_id ?? null,
    grade_id: v.grade_id ?? null,
    employment_status_id: v.employment_status_id ?? null,
    effective_from: day(v.effective_from),
    effective_to: day(v.effective_to) ?? null,
    days_per_year: v.days_per_year ?? undefined,
    accrual: v.accrual,
    pro_rata: v.pro_rata,
    cap: v.cap ?? null,
    carry_forward_max: v.carry_forward_max ?? 0,
    carry_forward_expiry_days: v.carry_forward_expiry_days ?? null,
    min_notice_days: v.min_notice_days ?? 0,
    max_consecutive_days: v.max_consecutive_days ?? null,
    negative_allowed: v.negative_allowed ?? 0,
    counts_short_leave: v.counts_short_leave,
  };
}

/** The contract's own checks, on the form's values as the body they make (the dates are pickers). */
const formSchema = z.preprocess((v) => toBody(v as Values), leavePolicyBody);

function toValues(p: LeavePolicy): Values {
  return {
    name: p.name,
    type_id: p.type.id,
    company_id: p.company_id,
    office_id: p.office_id,
    grade_id: p.grade_id,
    employment_status_id: p.employment_status_id,
    effective_from: dayjs(p.effective_from),
    effective_to: p.effective_to ? dayjs(p.effective_to) : null,
    days_per_year: p.days_per_year,
    accrual: p.accrual,
    pro_rata: p.pro_rata,
    cap: p.cap,
    carry_forward_max: p.carry_forward_max,
    carry_forward_expiry_days: p.carry_forward_expiry_days,
    min_notice_days: p.min_notice_days,
    max_consecutive_days: p.max_consecutive_days,
    negative_allowed: p.negative_allowed,
    counts_short_leave: p.counts_short_leave,
  };
}

/** Fields side by side on a wide form, one under the other on a phone. */
function FieldRow({ children }: { children: ReactNode }) {
  return <div className="policy-form__row">{children}</div>;
}

/** A number of days in quarter days (whole days where the contract wants them), as the form item gives it. */
function DaysInput({
  whole = false,
  min = 0,
  ...props
}: { whole?: boolean; min?: number } & InputNumberProps<number>) {
  return (
    <InputNumber<number>
      {...props}
      min={min}
      max={366}
      step={whole ? 1 : 0.25}
      precision={whole ? 0 : undefined}
      style={{ width: '100%' }}
    />
  );
}

/** Ending a policy in force: its last day (today at the earliest), nothing else changes. */
function EndDialog({ policy, onClose }: { policy: LeavePolicy | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ effective_to?: Dayjs | null }>();
  const { update } = useAdminMutations<LeavePolicy, object>(leaveResources.leavePolicies);
  const from = policy?.effective_from;
  const rules = adminRules(
    z.preprocess(
      (v) => ({ effective_from: from, effective_to: day((v as { effective_to?: Dayjs }).effective_to) }),
      leavePolicyPatch,
    ),
  );
  const earliest = dayjs().startOf('day');
  const save = async () => {
    if (!policy) return;
    let values: { effective_to?: Dayjs | null };
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const last = day(values.effective_to);
    if (!last) return;
    try {
      await update.mutateAsync({ id: policy.id, body: { effective_to: last } });
      toastSuccess(
        // The date keeps its order inside an Arabic sentence.
        t('leavePolicies.admin.ended', { name: policy.name, date: `\u2066${formatDate(last)}\u2069` }),
      );
      onClose();
    } catch (error) {
      applyAdminErrors(form, error);
    }
  };
  return (
    <Modal
      open={policy !== null}
      title={policy ? t('leavePolicies.admin.endTitle', { name: policy.name }) : null}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={save}
      onCancel={onClose}
      confirmLoading={update.isPending}
      afterOpenChange={(open) => {
        if (open)
          form.setFieldsValue({ effective_to: policy?.effective_to ? dayjs(policy.effective_to) : null });
        else form.resetFields();
      }}
      destroyOnHidden
    >
      <Form
        form={form}
        name="end-policy"
        layout="vertical"
        onFinish={save}
        onKeyDownCapture={keepEnterInPickers}
      >
        <Typography.Paragraph type="secondary">{t('leavePolicies.admin.endHelp')}</Typography.Paragraph>
        <Form.Item
          name="effective_to"
          label={t('leavePolicies.admin.lastDay')}
          rules={[
            { required: true, message: t('leavePolicies.admin.lastDayRequired') },
            ...rules('effective_to'),
          ]}
        >
          <DatePicker
            format={DATE_FORMAT}
            style={{ width: '100%' }}
            disabledDate={(d) => d.isBefore(earliest) || (from !== undefined && d.isBefore(dayjs(from)))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * Administration > Leave policies (DESIGN.md §12): how a leave type's days
 * are earned, carried and asked for, effective-dated and scoped. What may be
 * done with a policy is the server's to say (`actions`): edit or delete one
 * not yet in force, give one in force its last day.
 */
export function Component() {
  const { t } = useTranslation();
  const [typeId, setTypeId] = useState<number | undefined>();
  const [ending, setEnding] = useState<LeavePolicy | null>(null);
  const types = useLeaveTypes();
  const companies = useCompanyOptions();
  const offices = useOfficeOptions();
  const lookups = useAllLookups();
  const grades: Option[] = lookups.data?.grades ?? [];
  const statuses: Option[] = lookups.data?.['employee-statuses'] ?? [];
  const balanceTypes = (types.data ?? []).filter((ty) => ty.has_balance);
  const typeName = (p: LeavePolicy) => types.data?.find((ty) => ty.id === p.type.id)?.name ?? p.type.name;
  const scopeOf = (p: LeavePolicy) =>
    [
      p.company_id === null ? undefined : companies.data?.find((c) => c.id === p.company_id)?.name,
      p.office_id === null ? undefined : offices.data?.find((o) => o.id === p.office_id)?.name,
      p.grade_id === null ? undefined : grades.find((g) => g.id === p.grade_id)?.name,
      p.employment_status_id === null
        ? undefined
        : statuses.find((s) => s.id === p.employment_status_id)?.name,
    ].filter((n): n is string => Boolean(n));
  const typeOptions = balanceTypes.map((ty) => ({ value: ty.id, label: ty.name }));
  const field = (key: string) => t(`leavePolicies.admin.fields.${key}` as 'leavePolicies.admin.fields.name');

  return (
    <AdminOnly>
      <ResourcePage<LeavePolicy, Values>
        resource={leaveResources.leavePolicies}
        texts="leavePolicies.admin"
        sortFields={SORT_FIELDS}
        defaultSort="from,desc"
        filterQuery={{ type_id: typeId }}
        filters={
          <Select<number>
            allowClear
            value={typeId}
            onChange={setTypeId}
            aria-label={t('leavePolicies.admin.columns.type')}
            placeholder={t('leavePolicies.admin.allTypes')}
            style={{ minWidth: 200 }}
            options={typeOptions}
          />
        }
        schema={formSchema}
        emptyValues={EMPTY}
        toValues={toValues}
        toBody={toBody}
        formWidth={720}
        rowActions={(p) => p.actions}
        moreActions={[
          {
            key: 'end',
            label: t('leavePolicies.admin.end'),
            icon: <StopOutlined aria-hidden />,
            onClick: setEnding,
          },
        ]}
        columns={[
          {
            key: 'name',
            title: t('leavePolicies.admin.columns.name'),
            render: (_, p) => <span className="policy-list__wrap">{p.name}</span>,
          },
          {
            key: 'type',
            title: t('leavePolicies.admin.columns.type'),
            render: (_, p) => <span className="policy-list__wrap">{typeName(p)}</span>,
          },
          {
            key: 'scope',
            title: t('leavePolicies.admin.columns.scope'),
            responsive: ['md'],
            render: (_, p) => {
              const scope = scopeOf(p);
              return scope.length === 0 ? (
                t('leavePolicies.admin.everyone')
              ) : (
                <Flex wrap gap={4} className="policy-list__wrap">
                  {scope.map((name) => (
                    <Tag key={name} style={{ marginInlineEnd: 0 }}>
                      <bdi>{name}</bdi>
                    </Tag>
                  ))}
                </Flex>
              );
            },
          },
          {
            key: 'from',
            title: t('leavePolicies.admin.columns.effective'),
            // The first day, and under it the last (a range reads left to right, from-date first).
            render: (_, p) =>
              p.effective_to ? (
                <span className="policy-list__range">
                  <bdi dir="ltr">{`${formatDate(p.effective_from)} –`}</bdi>
                  <bdi dir="ltr">{formatDate(p.effective_to)}</bdi>
                </span>
              ) : (
                <span style={{ whiteSpace: 'nowrap' }}>
                  {t('leavePolicies.admin.since', { from: `\u2066${formatDate(p.effective_from)}\u2069` })}
                </span>
              ),
          },
          {
            key: 'days',
            title: t('leavePolicies.admin.columns.days'),
            align: 'end',
            render: (_, p) => <span className="admin-count">{formatNumber(p.days_per_year)}</span>,
          },
          {
            key: 'accrual',
            title: t('leavePolicies.admin.columns.accrual'),
            responsive: ['sm'],
            render: (_, p) => t(`leavePolicies.admin.accrual.${p.accrual}`),
          },
        ]}
        antdFields={(rules) => (
          <>
            <Typography.Paragraph type="secondary">{t('leavePolicies.admin.intro')}</Typography.Paragraph>
            <Divider titlePlacement="start" plain>
              {t('leavePolicies.admin.sections.who')}
            </Divider>
            <FieldRow>
              <LegacyNameField label={field('name')} maxLength={100} rules={rules} />
              <Form.Item
                name="type_id"
                label={field('type')}
                rules={rules('type_id')}
                required
                extra={field('typeHelp')}
              >
                <Select<number> showSearch={{ optionFilterProp: 'label' }} options={typeOptions} />
              </Form.Item>
            </FieldRow>
            <Typography.Paragraph type="secondary">{field('scopeHelp')}</Typography.Paragraph>
            <FieldRow>
              <PlaceFields
                companies={companies.data ?? []}
                offices={offices.data ?? []}
                placeholders={{ company: field('anyCompany'), office: field('anyOffice') }}
              />
            </FieldRow>
            <FieldRow>
              <Form.Item name="grade_id" label={field('grade')} rules={rules('grade_id')}>
                <Select<number>
                  allowClear
                  placeholder={field('anyGrade')}
                  options={grades.map((g) => ({ value: g.id, label: g.name }))}
                />
              </Form.Item>
              <Form.Item
                name="employment_status_id"
                label={field('employmentStatus')}
                rules={rules('employment_status_id')}
              >
                <Select<number>
                  allowClear
                  placeholder={field('anyEmploymentStatus')}
                  options={statuses.map((s) => ({ value: s.id, label: s.name }))}
                />
              </Form.Item>
            </FieldRow>
            <FieldRow>
              <Form.Item name="effective_from" label={field('from')} rules={rules('effective_from')} required>
                <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} />
              </Form.Item>
              <Form.Item
                name="effective_to"
                label={field('to')}
                rules={rules('effective_to')}
                dependencies={['effective_from']}
                extra={field('toHelp')}
              >
                <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} />
              </Form.Item>
            </FieldRow>
            <Divider titlePlacement="start" plain>
              {t('leavePolicies.admin.sections.earning')}
            </Divider>
            <FieldRow>
              <Form.Item
                name="days_per_year"
                label={field('daysPerYear')}
                rules={rules('days_per_year')}
                required
              >
                <DaysInput />
              </Form.Item>
              <Form.Item name="accrual" label={field('accrual')} rules={rules('accrual')} required>
                <Select<LeaveAccrual>
                  options={LEAVE_ACCRUALS.map((a) => ({
                    value: a,
                    label: t(`leavePolicies.admin.accrualOption.${a}`),
                  }))}
                />
              </Form.Item>
            </FieldRow>
            <FieldRow>
              <Form.Item
                name="pro_rata"
                label={field('proRata')}
                valuePropName="checked"
                extra={field('proRataHelp')}
              >
                <Switch />
              </Form.Item>
              <Form.Item name="cap" label={field('cap')} rules={rules('cap')} extra={field('capHelp')}>
                <DaysInput />
              </Form.Item>
            </FieldRow>
            <Divider titlePlacement="start" plain>
              {t('leavePolicies.admin.sections.carrying')}
            </Divider>
            <FieldRow>
              <Form.Item
                name="carry_forward_max"
                label={field('carryForwardMax')}
                rules={rules('carry_forward_max')}
                extra={field('carryForwardMaxHelp')}
              >
                <DaysInput />
              </Form.Item>
              <Form.Item
                name="carry_forward_expiry_days"
                label={field('carryForwardExpiry')}
                rules={rules('carry_forward_expiry_days')}
                extra={field('carryForwardExpiryHelp')}
              >
                <DaysInput whole min={1} />
              </Form.Item>
            </FieldRow>
            <Divider titlePlacement="start" plain>
              {t('leavePolicies.admin.sections.requests')}
            </Divider>
            <FieldRow>
              <Form.Item
                name="min_notice_days"
                label={field('minNotice')}
                rules={rules('min_notice_days')}
                extra={field('minNoticeHelp')}
              >
                <DaysInput whole />
              </Form.Item>
              <Form.Item
                name="max_consecutive_days"
                label={field('maxConsecutive')}
                rules={rules('max_consecutive_days')}
                extra={field('maxConsecutiveHelp')}
              >
                <DaysInput whole min={1} />
              </Form.Item>
            </FieldRow>
            <FieldRow>
              <Form.Item
                name="negative_allowed"
                label={field('negativeAllowed')}
                rules={rules('negative_allowed')}
                extra={field('negativeAllowedHelp')}
              >
                <DaysInput />
              </Form.Item>
              <Form.Item
                name="counts_short_leave"
                label={field('countsShortLeave')}
                valuePropName="checked"
                extra={field('countsShortLeaveHelp')}
              >
                <Switch />
              </Form.Item>
            </FieldRow>
          </>
        )}
      />
      <EndDialog policy={ending} onClose={() => setEnding(null)} />
    </AdminOnly>
  );
}
