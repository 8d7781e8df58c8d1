import PlusOutlined from '@ant-design/icons-svg/es/asn/PlusOutlined';
import type { Ledger, LedgerEntry, PolicySummary } from '@hr/contracts/leave-policies';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { lazyWhenShown } from '../../../components/lazy-part';
import { PlainAlert } from '../../../components/PlainAlert';
import { PlainIcon } from '../../../components/PlainIcon';
import { Button } from '../../../components/plain/Button';
import { Dialog } from '../../../components/plain/Dialog';
import { Select } from '../../../components/plain/Select';
import { type Columns, Table } from '../../../components/plain/Table';
import { formatDate } from '../../../lib/dates';
import { formatMonth, formatNumber } from '../../../lib/format';
import { useMe } from '../../../lib/me';
import { useLedger } from '../api';
import '../leave-policies.css';
import { isolated, ownDirection, signedDays } from '../ledger-format';

/** HR's adjustment form: loaded when HR first opens it. */
const AdjustmentForm = lazyWhenShown(
  () => import('./AdjustmentForm').then((m) => m.AdjustmentForm),
  () => true,
);

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

/**
 * One balance's ledger (DESIGN.md §12): every dated line that makes it, with
 * the running balance, the lines the period close has not written yet marked
 * "due", and the policy in force. HR administrators add an adjustment here.
 * Drawn without Ant Design (a drawer of the portal's own), its adjustment
 * form too.
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
  const { t } = useTranslation();
  const me = useMe();
  const [year, setYear] = useState(firstYear);
  const [shownFor, setShownFor] = useState({ type, firstYear, open });
  const [adjusting, setAdjusting] = useState(false);
  // An adjustment just saved: said in the drawer, where the reader is (a toast would be behind it).
  const [saved, setSaved] = useState(false);
  // Opened for another balance, or again: its own year, and no half-written adjustment.
  if (shownFor.type?.id !== type?.id || shownFor.firstYear !== firstYear || shownFor.open !== open) {
    setShownFor({ type, firstYear, open });
    if (shownFor.type?.id !== type?.id || shownFor.firstYear !== firstYear) setYear(firstYear);
    setAdjusting(false);
    setSaved(false);
  }
  // Closed, the focus goes back to what opened it (the balance's button): the dialog leaves the page.
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      return;
    }
    opener.current?.focus();
    opener.current = null;
  }, [open]);
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

  const columns: Columns<LedgerEntry> = [
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
                <span className="plain-tag plain-tag--gold ledger__due">{t('leavePolicies.ledger.due')}</span>
              )}
            </span>
            {note ? <span className="plain-secondary">{note}</span> : null}
          </div>
        );
      },
    },
    {
      key: 'days',
      title: t('leavePolicies.ledger.days'),
      align: 'end',
      render: (_, e) => (
        <span className="ledger__count" data-testid="ledger-days">
          {signedDays(e.days)}
        </span>
      ),
    },
    {
      key: 'balance',
      title: t('leavePolicies.ledger.balance'),
      align: 'end',
      render: (_, e) => <span className="ledger__count">{formatNumber(e.balance)}</span>,
    },
  ];

  const title = type ? t('leavePolicies.ledger.title', { type: type.name }) : '';
  return (
    <Dialog open={open} onClose={onClose} title={title} drawer width={640} className="ledger">
      <div className="ledger__body">
        <div className="plain-row ledger__head">
          <Select<number>
            value={year}
            onChange={(y) => {
              if (y === undefined) return;
              setYear(y);
              setAdjusting(false);
              setSaved(false);
            }}
            aria-label={t('leavePolicies.ledger.year')}
            style={{ width: 110 }}
            options={years.map((y) => ({ value: y, label: String(y) }))}
          />
          {isAdmin && data && !adjusting ? (
            <Button
              icon={<PlainIcon icon={PlusOutlined} />}
              onClick={() => {
                setAdjusting(true);
                setSaved(false);
              }}
            >
              {t('leavePolicies.ledger.adjust')}
            </Button>
          ) : null}
        </div>
        {saved ? (
          <PlainAlert type="success" role="status" title={t('leavePolicies.adjustment.saved')} />
        ) : null}
        {adjusting && data ? (
          <AdjustmentForm
            ledger={data}
            onDone={(done) => {
              setAdjusting(false);
              setSaved(done);
            }}
          />
        ) : null}
        {data ? <span className="plain-secondary">{policyLine(data.policy, t)}</span> : null}
        <Table<LedgerEntry>
          size="small"
          rowKey={(e) => `${e.date}|${e.kind}|${e.leave_id ?? ''}|${e.note ?? ''}|${e.balance}`}
          columns={columns}
          rows={data?.items}
          loading={ledger.isFetching}
          label={type ? t('leavePolicies.ledger.table', { type: type.name, year }) : ''}
          empty={t('leavePolicies.ledger.empty')}
          footer={
            data ? (
              <tr className="ledger__total">
                <td colSpan={3}>
                  <strong>{t('leave.balances.remaining')}</strong>
                </td>
                <td className="plain-table__end">
                  <strong className="ledger__count" data-testid="ledger-remaining">
                    {formatNumber(data.remaining)}
                  </strong>
                </td>
              </tr>
            ) : null
          }
        />
        {data?.items.some((e) => !e.written) ? (
          <div className="plain-alert plain-alert--info ledger__due-help">
            {t('leavePolicies.ledger.dueHelp')}
          </div>
        ) : null}
      </div>
    </Dialog>
  );
}
