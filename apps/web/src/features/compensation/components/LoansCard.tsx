import { DeleteOutlined, DollarOutlined, PlusOutlined, ScheduleOutlined } from '@ant-design/icons';
import {
  INSTALLMENTS_MAX,
  INSTALLMENTS_MIN,
  type Loan,
  loanForm,
  loanScheduleForm,
  PURPOSE_MAX,
  repaymentForm,
} from '@hr/contracts/compensation';
import { DATE_FORMAT } from '@hr/contracts/limits';
import {
  Button,
  Card,
  DatePicker,
  Descriptions,
  Empty,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  Progress,
  Select,
  Skeleton,
  Space,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { adminRules, applyAdminErrors } from '../../../lib/admin-forms';
import { confirmDelete } from '../../../lib/confirm-delete';
import { formatDate, toApiDate } from '../../../lib/dates';
import { reportError, toastSuccess } from '../../../lib/notify';
import { useCompensationMutations, useLoans, usePayScheduleOptions } from '../api';
import { isolate, repaidPercent, useMoney } from '../format';
import { keepEnterInPickers } from '../forms';

interface LoanValues {
  pay_schedule_id?: number;
  amount?: number;
  installments?: number;
  start_date?: Dayjs;
  purpose?: string;
  repayment?: number;
}

type Dialog = { kind: 'add' } | { kind: 'repayment'; loan: Loan } | { kind: 'schedule'; loan: Loan };

/** The schedule select: the enabled schedules, and the loan's own should it be disabled since. */
function ScheduleSelect({
  current,
  employeeId,
  ...props
}: {
  current?: Loan['pay_schedule'];
  employeeId: number;
  id?: string;
}) {
  const { t } = useTranslation();
  const options = usePayScheduleOptions(true, employeeId);
  const items = (options.data ?? []).map((s) => ({ value: s.id, label: s.name }));
  if (current && !items.some((o) => o.value === current.id))
    items.push({ value: current.id, label: current.name });
  return (
    <Select
      {...props}
      showSearch={{ optionFilterProp: 'label' }}
      loading={options.isPending}
      placeholder={t('compensation.loans.chooseSchedule')}
      options={items}
    />
  );
}

/** HR administrators: a new loan, a repayment, or another schedule and number of installments. */
function LoanModal({
  employeeId,
  dialog,
  onClose,
}: {
  employeeId: number;
  dialog: Dialog | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const { createLoan, updateLoan } = useCompensationMutations(employeeId);
  const [form] = Form.useForm<LoanValues>();
  const amount = Form.useWatch('amount', form);
  const installments = Form.useWatch('installments', form);
  const loan = dialog && dialog.kind !== 'add' ? dialog.loan : null;
  const schema: z.ZodType =
    dialog?.kind === 'repayment' ? repaymentForm : dialog?.kind === 'schedule' ? loanScheduleForm : loanForm;
  const rules = adminRules(schema);
  const title =
    dialog?.kind === 'repayment'
      ? t('compensation.loans.recordRepayment')
      : dialog?.kind === 'schedule'
        ? t('compensation.loans.changeSchedule')
        : t('compensation.loans.add');

  const save = async () => {
    let v: LoanValues;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    try {
      if (dialog?.kind === 'add') {
        await createLoan.mutateAsync({
          pay_schedule_id: v.pay_schedule_id!,
          amount: v.amount!,
          installments: v.installments!,
          start_date: toApiDate(v.start_date)!,
          purpose: v.purpose ?? null,
        });
        toastSuccess(t('notices.saved'));
      } else if (loan) {
        const body =
          dialog?.kind === 'repayment'
            ? { repayment: v.repayment! }
            : { pay_schedule_id: v.pay_schedule_id!, installments: v.installments! };
        await updateLoan.mutateAsync({ id: loan.id, body });
        toastSuccess(t('notices.updated'));
      }
      onClose();
    } catch (error) {
      applyAdminErrors(form, error);
    }
  };

  const initial: LoanValues =
    dialog?.kind === 'repayment'
      ? { repayment: Math.min(Number(dialog.loan.installment_amount), Number(dialog.loan.remaining)) }
      : dialog?.kind === 'schedule'
        ? { pay_schedule_id: dialog.loan.pay_schedule.id, installments: dialog.loan.installments }
        : { installments: 12, start_date: dayjs().startOf('month').add(1, 'month') };

  const installmentsField = (
    <Form.Item
      name="installments"
      label={t('compensation.loans.installments')}
      rules={rules('installments')}
      required
      style={{ flex: 1, minWidth: 160 }}
    >
      <InputNumber<number> min={INSTALLMENTS_MIN} max={INSTALLMENTS_MAX} style={{ width: '100%' }} />
    </Form.Item>
  );
  const scheduleField = (
    <Form.Item
      name="pay_schedule_id"
      label={t('compensation.loans.schedule')}
      rules={rules('pay_schedule_id')}
      required
    >
      <ScheduleSelect employeeId={employeeId} {...(loan ? { current: loan.pay_schedule } : {})} />
    </Form.Item>
  );
  let fields: ReactNode;
  if (dialog?.kind === 'repayment' && loan) {
    fields = (
      <Form.Item
        name="repayment"
        label={t('compensation.loans.repayment')}
        rules={rules('repayment')}
        extra={t('compensation.loans.repaymentHint', { remaining: isolate(money(loan.remaining)) })}
        required
      >
        <InputNumber<number> min={0} style={{ width: '100%' }} autoFocus />
      </Form.Item>
    );
  } else if (dialog?.kind === 'schedule') {
    fields = (
      <>
        {scheduleField}
        {installmentsField}
      </>
    );
  } else {
    const each =
      amount && installments && installments > 0 ? Math.round((amount * 100) / installments) / 100 : null;
    fields = (
      <>
        {scheduleField}
        <Flex gap={12} wrap>
          <Form.Item
            name="amount"
            label={t('compensation.loans.amount')}
            rules={rules('amount')}
            required
            style={{ flex: 1, minWidth: 160 }}
          >
            <InputNumber<number> min={0} step={1000} style={{ width: '100%' }} />
          </Form.Item>
          {installmentsField}
        </Flex>
        {each !== null ? (
          <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
            {t('compensation.loans.eachPreview', { amount: isolate(money(each)) })}
          </Typography.Paragraph>
        ) : null}
        <Form.Item
          name="start_date"
          label={t('compensation.loans.startDate')}
          rules={rules('start_date')}
          required
        >
          <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="purpose" label={t('compensation.loans.purpose')} rules={rules('purpose')}>
          <Input.TextArea rows={2} maxLength={PURPOSE_MAX} showCount />
        </Form.Item>
      </>
    );
  }

  return (
    <Modal
      open={dialog !== null}
      title={title}
      onCancel={onClose}
      onOk={() => void save()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={createLoan.isPending || updateLoan.isPending}
      destroyOnHidden
    >
      <Form<LoanValues>
        form={form}
        name={`loan-${dialog?.kind ?? 'add'}`}
        layout="vertical"
        preserve={false}
        initialValues={initial}
        onFinish={() => void save()}
        onKeyDownCapture={keepEnterInPickers}
      >
        {fields}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}

/** One loan: its numbers, a bar of what was repaid and what remains, and HR's actions. */
function LoanItem({
  loan,
  canManage,
  onDialog,
  onDelete,
}: {
  loan: Loan;
  canManage: boolean;
  onDialog: (d: Dialog) => void;
  onDelete: (loan: Loan) => void;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const percent = repaidPercent(loan.repaid, loan.amount);
  const repaid = loan.status === 'repaid';
  const name = loan.purpose ?? t('compensation.loans.loanOf', { amount: isolate(money(loan.amount)) });
  return (
    <Card
      type="inner"
      size="small"
      className="compensation-loan"
      role="group"
      aria-label={name}
      title={
        <Space wrap size={8}>
          <span>{name}</span>
          <Tag color={repaid ? 'success' : 'processing'}>{t(`compensation.loans.status.${loan.status}`)}</Tag>
        </Space>
      }
      extra={
        canManage ? (
          <Space size={4} wrap>
            {repaid ? null : (
              <Button
                size="small"
                icon={<DollarOutlined aria-hidden />}
                onClick={() => onDialog({ kind: 'repayment', loan })}
              >
                {t('compensation.loans.recordRepayment')}
              </Button>
            )}
            <Button
              size="small"
              icon={<ScheduleOutlined aria-hidden />}
              onClick={() => onDialog({ kind: 'schedule', loan })}
            >
              {t('compensation.loans.changeSchedule')}
            </Button>
            {Number(loan.repaid) === 0 ? (
              <Tooltip title={t('common.delete')}>
                <Button
                  size="small"
                  type="text"
                  danger
                  icon={<DeleteOutlined aria-hidden />}
                  aria-label={`${t('common.delete')} ${name}`}
                  onClick={() => onDelete(loan)}
                />
              </Tooltip>
            ) : null}
          </Space>
        ) : null
      }
    >
      <Progress
        percent={percent}
        status={repaid ? 'success' : 'normal'}
        showInfo={false}
        aria-label={t('compensation.loans.progress', { percent })}
      />
      <Flex justify="space-between" wrap gap={8} className="compensation-loan__totals">
        <span>
          {t('compensation.loans.repaid')}:{' '}
          <Typography.Text strong>
            <bdi>{money(loan.repaid)}</bdi>
          </Typography.Text>
        </span>
        <span>
          {t('compensation.loans.remaining')}:{' '}
          <Typography.Text strong>
            <bdi>{money(loan.remaining)}</bdi>
          </Typography.Text>
        </span>
      </Flex>
      <Descriptions
        size="small"
        style={{ marginTop: 12 }}
        column={{ xs: 1, sm: 2, xl: 3 }}
        items={[
          { key: 'amount', label: t('compensation.loans.amount'), children: <bdi>{money(loan.amount)}</bdi> },
          {
            key: 'installments',
            label: t('compensation.loans.installments'),
            children: t('compensation.loans.paidOf', {
              paid: loan.installments_paid,
              total: loan.installments,
              amount: isolate(money(loan.installment_amount)),
            }),
          },
          { key: 'schedule', label: t('compensation.loans.schedule'), children: loan.pay_schedule.name },
          {
            key: 'next',
            label: t('compensation.loans.nextDue'),
            children: loan.next_due_date ? <bdi>{formatDate(loan.next_due_date)}</bdi> : '—',
          },
          {
            key: 'start',
            label: t('compensation.loans.startDate'),
            children: <bdi>{formatDate(loan.start_date)}</bdi>,
          },
          {
            key: 'end',
            label: t('compensation.loans.endDate'),
            children: <bdi>{formatDate(loan.end_date)}</bdi>,
          },
        ]}
      />
    </Card>
  );
}

/** The employee's loans, the latest first; HR administrators add one, record repayments, move it to another schedule. */
export function LoansCard({ employeeId, canManage }: { employeeId: number; canManage: boolean }) {
  const { t } = useTranslation();
  const money = useMoney();
  const loans = useLoans(employeeId);
  const { deleteLoan } = useCompensationMutations(employeeId);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const title = t('compensation.loans.title');

  const remove = async (loan: Loan) => {
    const name = loan.purpose ?? t('compensation.loans.loanOf', { amount: isolate(money(loan.amount)) });
    if (!(await confirmDelete(name))) return;
    try {
      await deleteLoan.mutateAsync(loan.id);
      toastSuccess(t('notices.deleted', { name }));
    } catch (error) {
      reportError(error);
    }
  };

  return (
    <Card
      title={title}
      className="profile-section"
      role="region"
      aria-label={title}
      extra={
        canManage ? (
          <Button icon={<PlusOutlined aria-hidden />} onClick={() => setDialog({ kind: 'add' })}>
            {t('compensation.loans.add')}
          </Button>
        ) : null
      }
    >
      {loans.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : loans.isError ? (
        <Empty description={t('compensation.loadFailed')} />
      ) : loans.data.items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('compensation.loans.none')} />
      ) : (
        <Flex vertical gap={12}>
          {loans.data.items.map((loan) => (
            <LoanItem
              key={loan.id}
              loan={loan}
              canManage={canManage}
              onDialog={setDialog}
              onDelete={(l) => void remove(l)}
            />
          ))}
        </Flex>
      )}
      {canManage ? (
        <LoanModal employeeId={employeeId} dialog={dialog} onClose={() => setDialog(null)} />
      ) : null}
    </Card>
  );
}
