import { PlusOutlined } from '@ant-design/icons';
import {
  ADJUSTMENT_REASON_MAX,
  adjustmentBody,
  type Ledger,
  type LedgerEntry,
  type PolicySummary,
} from '@hr/contracts/leave-policies';
import { DATE_FORMAT } from '@hr/contracts/limits';
import {
  Alert,
  Button,
  Card,
  DatePicker,
  Drawer,
  Flex,
  Form,
  Input,
  InputNumber,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { TFunction } from 'i18next';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { formatDate } from '../../../lib/dates';
import { formatMonth, formatNumber } from '../../../lib/format';
import { applyServerErrors, keepEnterInPickers, zodRules } from '../../../lib/forms';
import { isRtl } from '../../../lib/i18n';
import { useMe } from '../../../lib/me';
import { toastSuccess } from '../../../lib/notify';
import { useAddAdjustment, useLedger } from '../api';
import '../leave-policies.css';
import { isolated, ownDirection, signedDays } from '../ledger-format';

type T = TFunction;

/** The policy in force, in one line: the days, how they are earned, and each limit it sets. */
export function policyLine(policy: PolicySummary, t: T): string {
  const parts = [
    t('leavePolicies.ledger.part.perYear', { count: policy.days_per_year }),
    t(`leavePolicies.ledger.part.${policy.accrual}`),
  ];
  if (policy.cap !== null) parts.push(t('leavePolicies.ledger.part.cap', { count: policy.cap }));
  if (policy.carry_forward_max > 0) {
    parts.push(t('leavePolicies.ledger.part.carry', { count: policy.carry_forward_max }));
    if (policy.carry_forward_expiry_days !== null)
      parts.push(t('leavePolicies.ledger.part.carryLapse', { count: policy.carry_forward_expiry_days }));
  }
  if (policy.min_notice_days > 0)
    parts.push(t('leavePolicies.ledger.part.notice', { count: policy.min_notice_days }));
  if (policy.max_consecutive_days !== null)
    parts.push(t('leavePolicies.ledger.part.longest', { count: policy.max_consecutive_days }));
  if (policy.negative_allowed > 0)
    parts.push(t('leavePolicies.ledger.part.negative', { count: policy.negative_allowed }));
  if (!policy.counts_short_leave) parts.push(t('leavePolicies.ledger.part.shortNotCounted'));
  // A name HR wrote keeps its own direction inside the sentence.
  const name = policy.name === null ? t('leavePolicies.ledger.ownDays') : ownDirection(policy.name);
  return t('leavePolicies.ledger.policy', {
    summary: `${name}: ${parts.join(t('leavePolicies.ledger.separator'))}`,
  });
}

/** Where a request of the ledger is listed: the leave list, narrowed to its type and first day. */
function requestLink(entry: LedgerEntry, ledger: Ledger, own: boolean): string {
  const query = new URLSearchParams(
    own ? { list_type: 'self' } : { list_type: 'team', employee_id: String(ledger.employee_id) },
  );
  query.set('type_id', String(ledger.type.id));
  query.set('from_range', `${entry.date},${entry.date}`);
  return `/leave?${query}`;
}

/** What an entry is of: an accrual's period, where carried days come from or go, an adjustment's reason. */
function noteOf(entry: LedgerEntry, ledger: Ledger, t: T, link: (e: LedgerEntry) => ReactNode): ReactNode {
  const note = entry.note ?? '';
  switch (entry.kind) {
    case 'accrual':
      if (/^\d{4}$/.test(note)) return t('leavePolicies.ledger.note.year', { year: note });
      if (/^\d{4}-\d{2}$/.test(note))
        return t('leavePolicies.ledger.note.month', { month: formatMonth(note) });
      if (/^\d{4}-\d{2}-\d{2}$/.test(note))
        return t('leavePolicies.ledger.note.anniversary', { date: isolated(formatDate(note)) });
      return note || null;
    case 'carry-forward':
      return t(
        entry.days >= 0 ? 'leavePolicies.ledger.note.carriedFrom' : 'leavePolicies.ledger.note.carriedTo',
        {
          year: note,
        },
      );
    case 'expiry':
      return note === String(ledger.year)
        ? t('leavePolicies.ledger.note.lapsedUnused', { year: note })
        : t('leavePolicies.ledger.note.lapsedCarried', { year: note });
    case 'taken':
    case 'held':
      return entry.leave_id === null ? null : link(entry);
    case 'adjustment':
      return note ? <span className="ledger__reason">{note}</span> : null;
  }
}

interface AdjustmentValues {
  days?: number | null;
  reason?: string;
  date?: Dayjs | null;
}

/** HR's correction of a balance: days (quarter days, either way), the reason, and the day it counts from. */
function AdjustmentForm({ ledger, onDone }: { ledger: Ledger; onDone: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AdjustmentValues>();
  const add = useAddAdjustment();
  const toBody = (v: AdjustmentValues) => ({
    employee_id: ledger.employee_id,
    type_id: ledger.type.id,
    days: v.days ?? undefined,
    reason: v.reason ?? '',
    date: v.date?.format('YYYY-MM-DD'),
  });
  const rules = zodRules(z.preprocess((v) => toBody(v as AdjustmentValues), adjustmentBody));
  const save = async () => {
    let values: AdjustmentValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    try {
      await add.mutateAsync(adjustmentBody.parse(toBody(values)));
      toastSuccess(t('leavePolicies.adjustment.saved'));
      onDone();
    } catch (error) {
      applyServerErrors(form, error);
    }
  };
  return (
    <Card size="small" title={t('leavePolicies.adjustment.title', { type: ledger.type.name })}>
      <Form<AdjustmentValues>
        form={form}
        name="adjustment"
        aria-label={t('leavePolicies.adjustment.title', { type: ledger.type.name })}
        layout="vertical"
        requiredMark="optional"
        initialValues={{ date: dayjs() }}
        onFinish={save}
        onKeyDownCapture={keepEnterInPickers}
      >
        <Flex gap={12} wrap>
          <Form.Item
            name="days"
            label={t('leavePolicies.adjustment.days')}
            rules={rules('days')}
            required
            extra={t('leavePolicies.adjustment.daysHelp')}
            style={{ flex: '1 1 160px' }}
          >
            <InputNumber min={-366} max={366} step={0.25} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="date"
            label={t('leavePolicies.adjustment.date')}
            rules={rules('date')}
            style={{ flex: '1 1 160px' }}
          >
            <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} />
          </Form.Item>
        </Flex>
        <Form.Item
          name="reason"
          label={t('leavePolicies.adjustment.reason')}
          rules={rules('reason')}
          required
          extra={t('leavePolicies.adjustment.reasonHelp')}
        >
          <Input.TextArea rows={3} showCount count={{ max: ADJUSTMENT_REASON_MAX }} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={add.isPending}>
            {t('common.save')}
          </Button>
          <Button onClick={onDone}>{t('common.cancel')}</Button>
        </Space>
      </Form>
    </Card>
  );
}

/**
 * One balance's ledger (DESIGN.md §12): every dated line that makes it, with
 * the running balance, the lines the period close has not written yet marked
 * "due", and the policy in force. HR administrators add an adjustment here.
 */
export function LedgerDrawer({
  employeeId,
  type,
  year: firstYear,
  open,
  onClose,
}: {
  /** Someone else's ledger (a manager's report, HR); the caller's own without. */
  employeeId?: number;
  type: { id: number; name: string } | null;
  year: number;
  open: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const me = useMe();
  const [year, setYear] = useState(firstYear);
  const [shownFor, setShownFor] = useState({ type, firstYear });
  const [adjusting, setAdjusting] = useState(false);
  // Opened for another balance: its own year, and no half-written adjustment.
  if (shownFor.type?.id !== type?.id || shownFor.firstYear !== firstYear) {
    setShownFor({ type, firstYear });
    setYear(firstYear);
    setAdjusting(false);
  }
  const ledger = useLedger(employeeId, open ? type?.id : undefined, year);
  const data = ledger.data?.type.id === type?.id && ledger.data?.year === year ? ledger.data : undefined;
  const isAdmin = me.data?.user.is_admin ?? false;
  const own = employeeId === undefined || employeeId === me.data?.employee.id;
  const thisYear = dayjs().year();
  const years = [...new Set([thisYear - 2, thisYear - 1, thisYear, thisYear + 1, year])].sort();
  const link = (e: LedgerEntry) =>
    data ? (
      <Link to={requestLink(e, data, own)} onClick={onClose}>
        {t('leavePolicies.ledger.note.request', { id: e.leave_id })}
      </Link>
    ) : null;

  const columns: TableColumnsType<LedgerEntry> = [
    {
      key: 'date',
      title: t('leavePolicies.ledger.date'),
      render: (_, e) => <span style={{ whiteSpace: 'nowrap' }}>{formatDate(e.date)}</span>,
    },
    {
      key: 'entry',
      title: t('leavePolicies.ledger.entry'),
      render: (_, e) => {
        const note = data ? noteOf(e, data, t, link) : null;
        return (
          <div className="ledger__entry">
            <span>
              {t(`leavePolicies.ledger.kind.${e.kind}`)}
              {e.written ? null : (
                <Tag className="ledger__due" bordered={false} color="gold">
                  {t('leavePolicies.ledger.due')}
                </Tag>
              )}
            </span>
            {note ? <Typography.Text type="secondary">{note}</Typography.Text> : null}
          </div>
        );
      },
    },
    {
      key: 'days',
      title: t('leavePolicies.ledger.days'),
      align: 'end',
      render: (_, e) => (
        <span className="admin-count" data-testid="ledger-days">
          {signedDays(e.days)}
        </span>
      ),
    },
    {
      key: 'balance',
      title: t('leavePolicies.ledger.balance'),
      align: 'end',
      render: (_, e) => <span className="admin-count">{formatNumber(e.balance)}</span>,
    },
  ];

  const title = type ? t('leavePolicies.ledger.title', { type: type.name }) : '';
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={title}
      placement={isRtl(i18n.language) ? 'left' : 'right'}
      size="min(640px, 100vw)"
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Select<number>
            value={year}
            onChange={(y) => {
              setYear(y);
              setAdjusting(false);
            }}
            aria-label={t('leavePolicies.ledger.year')}
            style={{ width: 110 }}
            options={years.map((y) => ({ value: y, label: String(y) }))}
          />
          {isAdmin && data && !adjusting ? (
            <Button icon={<PlusOutlined aria-hidden />} onClick={() => setAdjusting(true)}>
              {t('leavePolicies.ledger.adjust')}
            </Button>
          ) : null}
        </Flex>
        {adjusting && data ? <AdjustmentForm ledger={data} onDone={() => setAdjusting(false)} /> : null}
        {data ? <Typography.Text type="secondary">{policyLine(data.policy, t)}</Typography.Text> : null}
        <Table<LedgerEntry>
          className="ledger__table"
          rowKey={(e) => `${e.date}|${e.kind}|${e.leave_id ?? ''}|${e.note ?? ''}|${e.balance}`}
          size="small"
          columns={columns}
          dataSource={data?.items ?? []}
          loading={ledger.isFetching}
          pagination={false}
          aria-label={type ? t('leavePolicies.ledger.table', { type: type.name, year }) : undefined}
          locale={{ emptyText: t('leavePolicies.ledger.empty') }}
          summary={() =>
            data ? (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={3}>
                  <strong>{t('leave.balances.remaining')}</strong>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={3} align="end">
                  <strong className="admin-count" data-testid="ledger-remaining">
                    {formatNumber(data.remaining)}
                  </strong>
                </Table.Summary.Cell>
              </Table.Summary.Row>
            ) : null
          }
        />
        {data?.items.some((e) => !e.written) ? (
          <Alert type="info" showIcon={false} title={t('leavePolicies.ledger.dueHelp')} />
        ) : null}
      </Flex>
    </Drawer>
  );
}
