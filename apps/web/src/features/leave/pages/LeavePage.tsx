import { LEAVE_FORMAT, type Leave } from '@hr/contracts/leave';
import type { RequestAction } from '@hr/contracts/workflow';
import { Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateRangeFilter } from '../../../components/list/DateRangeFilter';
import type { ListColumns } from '../../../components/list/ListTable';
import { useListState } from '../../../components/list/list-state';
import { PersonCell } from '../../../components/list/PersonCell';
import { ReportSelect } from '../../../components/list/ReportSelect';
import { actionsColumn, RequestListPage, statusColumn } from '../../../components/list/RequestListPage';
import type { RowAction } from '../../../components/list/RowActions';
import { useRowEditing } from '../../../components/list/row-editing';
import { StatusFilter } from '../../../components/list/StatusFilter';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { useDeleteLeave, useLeaveAction, useLeaveList, useLeaveTypes } from '../api';
import { LeaveFormModal } from '../components/LeaveFormModal';

const ACTIONS: RowAction[] = ['edit', 'delete', 'submit', 'approve', 'reject'];
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
  const rows = useRowEditing<Leave, RequestAction>(remove, (l) => `#${l.id} ${l.type.name}`, {
    mutation: action,
  });

  const columns: ListColumns<Leave> = [
    { title: t('leave.columns.id'), dataIndex: 'id', sortField: 'id', width: 80 },
    {
      title: t('leave.columns.employee'),
      key: 'employee',
      sortField: 'employee',
      render: (_, l) => <PersonCell person={l.employee} />,
    },
    {
      title: t('leave.columns.responsible'),
      key: 'responsible',
      render: (_, l) => <PersonCell person={l.responsible} />,
    },
    {
      title: t('leave.columns.lineManager'),
      key: 'line_manager',
      render: (_, l) => <PersonCell person={l.line_manager} />,
    },
    { title: t('leave.columns.type'), key: 'type', sortField: 'type', render: (_, l) => l.type.name },
    {
      title: t('leave.columns.duration'),
      key: 'duration',
      sortField: 'days',
      render: (_, l) => (l.duration ? l.duration.name : t('leave.days', { count: l.days })),
    },
    {
      title: t('leave.columns.created'),
      key: 'created',
      sortField: 'created',
      render: (_, l) => formatDateTime(l.created),
    },
    {
      title: t('leave.columns.updated'),
      key: 'updated',
      sortField: 'updated',
      render: (_, l) => formatDateTime(l.updated),
    },
    { title: t('leave.columns.from'), key: 'from', sortField: 'from', render: (_, l) => fromTo(l, 'from') },
    { title: t('leave.columns.to'), key: 'to', sortField: 'to', render: (_, l) => fromTo(l, 'to') },
    {
      title: t('leave.columns.address'),
      dataIndex: 'leave_address',
      render: (v: string) => (
        <Typography.Text ellipsis={{ tooltip: v }} style={{ maxWidth: 200 }}>
          {v}
        </Typography.Text>
      ),
    },
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
          <Select
            allowClear
            placeholder={t('leave.filters.type')}
            aria-label={t('leave.filters.type')}
            style={{ minWidth: 180 }}
            value={filters.type_id ? Number(filters.type_id) : undefined}
            onChange={(v?: number) => setFilter('type_id', v)}
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
    </RequestListPage>
  );
}
