import CalendarOutlined from '@ant-design/icons-svg/es/asn/CalendarOutlined';
import type { Leave } from '@hr/contracts/leave';
import { LEAVE_FORMAT } from '@hr/contracts/leave-rules';
import { ROUTES } from '@hr/contracts/routes';
import type { LeaveAction } from '@hr/contracts/workflow';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LeaveBalanceCard } from '../../../components/LeaveBalanceCard';
import { lazyWhenShown } from '../../../components/lazy-part';
import { momentColumn, noteColumn, personColumn } from '../../../components/list/columns';
import { DateRangeFilter } from '../../../components/list/DateRangeFilter';
import type { ListColumns } from '../../../components/list/ListTable';
import { useListState } from '../../../components/list/list-state';
import { ReportSelect } from '../../../components/list/ReportSelect';
import { actionsColumn, RequestListPage, statusColumn } from '../../../components/list/RequestListPage';
import type { RowAction } from '../../../components/list/RowActions';
import { useRowEditing } from '../../../components/list/row-editing';
import { StatusFilter } from '../../../components/list/StatusFilter';
import { PlainIcon } from '../../../components/PlainIcon';
import { LinkButton } from '../../../components/plain/LinkButton';
import { Select } from '../../../components/plain/Select';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { useDeleteLeave, useLeaveAction, useLeaveList, useLeaveTypes } from '../api';
import { LedgerDrawer } from '../index';
import { leaveBalancesQuery } from '../queries';

/** The apply/edit form: loaded when first opened. */
const LeaveFormModal = lazyWhenShown(
  () => import('../components/LeaveFormModal').then((m) => m.LeaveFormModal),
  (props) => props.open,
);

const ACTIONS: RowAction[] = ['edit', 'delete', 'submit', 'approve', 'reject', 'cancel'];
const LIST_TYPES = ['self', 'team'] as const;

function fromTo(leave: Leave, which: 'from' | 'to') {
  return leave.leave_format === LEAVE_FORMAT.short ? formatDateTime(leave[which]) : formatDate(leave[which]);
}

/** /leave: own and team leave requests (SPEC.md §2 Leave list). */
export function Component() {
  const { t } = useTranslation();
  const list = useListState({ listTypeKey: 'LEAVE_LIST_TYPE', listTypes: LIST_TYPES, filterStore: 'url' });
  const { filters, setFilter } = list;
  const team = list.listType === 'team';
  const query = {
    list_type: list.listType,
    page: list.page,
    limit: list.limit,
    sort: list.sort,
    type_id: filters.type_id,
    from_range: filters.from_range,
    to_range: filters.to_range,
    employee_id: team ? filters.employee_id : undefined,
    status_id: filters.status_id,
  };
  const leaves = useLeaveList(query);
  const types = useLeaveTypes();
  const action = useLeaveAction();
  const remove = useDeleteLeave();
  const rows = useRowEditing<Leave, LeaveAction>(remove, (l) => `#${l.id} ${l.type.name}`, {
    mutation: action,
  });
  // The balance whose ledger is open (kept while the drawer closes).
  const [ledger, setLedger] = useState<{ type: { id: number; name: string }; year: number } | null>(null);
  const [ledgerOpen, setLedgerOpen] = useState(false);

  const columns: ListColumns<Leave> = [
    { title: t('leave.columns.id'), dataIndex: 'id', sortField: 'id', width: 80 },
    personColumn(t('leave.columns.employee'), 'employee', (l) => l.employee, {
      sortField: 'employee',
      teamOnly: true,
    }),
    { title: t('leave.columns.type'), key: 'type', sortField: 'type', render: (_, l) => l.type.name },
    {
      title: t('leave.columns.from'),
      key: 'from',
      sortField: 'from',
      render: (_, l) => <span style={{ whiteSpace: 'nowrap' }}>{fromTo(l, 'from')}</span>,
    },
    {
      title: t('leave.columns.to'),
      key: 'to',
      sortField: 'to',
      render: (_, l) => <span style={{ whiteSpace: 'nowrap' }}>{fromTo(l, 'to')}</span>,
    },
    {
      title: t('leave.columns.duration'),
      key: 'duration',
      sortField: 'days',
      render: (_, l) => (l.duration ? l.duration.name : t('leave.days', { count: l.days })),
    },
    noteColumn(t('leave.columns.address'), 'address', (l) => l.leave_address),
    personColumn(t('leave.columns.responsible'), 'responsible', (l) => l.responsible),
    personColumn(t('leave.columns.lineManager'), 'line_manager', (l) => l.line_manager),
    momentColumn(t('leave.columns.created'), 'created', (l) => l.created),
    momentColumn(t('leave.columns.updated'), 'updated', (l) => l.updated),
    statusColumn(t('leave.columns.status'), 'leave'),
    actionsColumn<Leave>({
      title: t('common.actions'),
      actions: ACTIONS,
      // What the server says the caller may do with the row.
      enabled: (r) => r.actions,
      onAction: (r, a) => void rows.onAction(r, a),
      label: (r) => t('leave.actionsFor', { id: r.id }),
    }),
  ];

  return (
    <RequestListPage<Leave, (typeof LIST_TYPES)[number]>
      title={t('nav.leave')}
      list={list}
      listTypes={LIST_TYPES}
      onCreate={rows.create}
      createLabel={t('leave.form.createTitle')}
      headerExtra={
        <LinkButton to={ROUTES.leaveCalendar} icon={<PlainIcon icon={CalendarOutlined} />}>
          {t('leaveCalendar.open')}
        </LinkButton>
      }
      summary={
        team ? null : (
          <LeaveBalanceCard
            balances={(year) => leaveBalancesQuery(undefined, year)}
            onOpen={(type, year) => {
              setLedger({ type, year });
              setLedgerOpen(true);
            }}
          />
        )
      }
      columns={columns}
      data={leaves.data?.items}
      total={leaves.data?.total ?? 0}
      loading={leaves.isFetching}
      filters={
        <>
          <ReportSelect
            value={filters.employee_id ? Number(filters.employee_id) : undefined}
            onChange={(v) => setFilter('employee_id', v)}
            disabled={!team}
          />
          <Select<number>
            allowClear
            placeholder={t('leave.filters.type')}
            aria-label={t('leave.filters.type')}
            style={{ minWidth: 180 }}
            value={filters.type_id ? Number(filters.type_id) : undefined}
            onChange={(v) => setFilter('type_id', v)}
            options={(types.data ?? []).map((ty) => ({ value: ty.id, label: ty.name }))}
          />
          <DateRangeFilter
            value={filters.from_range}
            onChange={(v) => setFilter('from_range', v)}
            placeholder={[t('leave.filters.fromStart'), t('leave.filters.fromEnd')]}
          />
          <DateRangeFilter
            value={filters.to_range}
            onChange={(v) => setFilter('to_range', v)}
            placeholder={[t('leave.filters.toStart'), t('leave.filters.toEnd')]}
          />
          <StatusFilter
            module="leave"
            value={filters.status_id ? Number(filters.status_id) : undefined}
            onChange={(v) => setFilter('status_id', v)}
          />
        </>
      }
    >
      <LeaveFormModal open={rows.formOpen} leave={rows.editing} onClose={rows.close} />
      {ledger ? (
        // The ledger's code comes when a balance's ledger is first opened.
        <Suspense fallback={null}>
          <LedgerDrawer
            type={ledger.type}
            year={ledger.year}
            open={ledgerOpen}
            onClose={() => setLedgerOpen(false)}
          />
        </Suspense>
      ) : null}
    </RequestListPage>
  );
}
