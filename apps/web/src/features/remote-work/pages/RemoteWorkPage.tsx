import type { RemoteWork } from '@hr/contracts/remote-work';
import { REMOTE_WORK_TYPE } from '@hr/contracts/remote-work-rules';
import type { RequestAction } from '@hr/contracts/workflow';
import { useTranslation } from 'react-i18next';
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
import { Select } from '../../../components/plain/Select';
import { formatDate, formatTime } from '../../../lib/dates';
import { useDeleteRemoteWork, useRemoteWorkAction, useRemoteWorkList, useRemoteWorkTypes } from '../api';

/** The apply/edit form: loaded when first opened. */
const RemoteWorkFormModal = lazyWhenShown(
  () => import('../components/RemoteWorkFormModal').then((m) => m.RemoteWorkFormModal),
  (props) => props.open,
);

const ACTIONS: RowAction[] = ['edit', 'delete', 'submit', 'approve', 'reject'];
const LIST_TYPES = ['self', 'team'] as const;

/** A day, and for the hourly type the hours of that day (SPEC.md §9: DD-MM-YYYY, HH:mm). */
function When({ item, which }: { item: RemoteWork; which: 'from' | 'to' }) {
  const date = formatDate(which === 'from' ? item.from_date : item.to_date);
  if (item.type.id !== REMOTE_WORK_TYPE.hourly || !item.from_time || !item.to_time) {
    return <span style={{ whiteSpace: 'nowrap' }}>{date}</span>;
  }
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      {date}{' '}
      <span className="plain-secondary">
        <bdi>{`${formatTime(item.from_time)}–${formatTime(item.to_time)}`}</bdi>
      </span>
    </span>
  );
}

/** /remote-work: own and team remote-work requests (SPEC.md §2 Remote work). */
export function Component() {
  const { t } = useTranslation();
  const list = useListState({
    listTypeKey: 'REMOTE_WORK_LIST_TYPE',
    listTypes: LIST_TYPES,
    filterStore: 'storage',
  });
  const { filters, setFilter } = list;
  const team = list.listType === 'team';
  const query = {
    list_type: list.listType,
    page: list.page,
    limit: list.limit,
    sort: list.sort,
    type_id: filters.type_id,
    from_date_range: filters.from_date_range,
    to_date_range: filters.to_date_range,
    employee_id: team ? filters.employee_id : undefined,
    status_id: filters.status_id,
  };
  const items = useRemoteWorkList(query);
  const types = useRemoteWorkTypes();
  const action = useRemoteWorkAction();
  const remove = useDeleteRemoteWork();
  const rows = useRowEditing<RemoteWork, RequestAction>(
    remove,
    (r) => t('remoteWork.itemName', { id: r.id, type: r.type.name }),
    { mutation: action },
  );

  const columns: ListColumns<RemoteWork> = [
    { title: t('remoteWork.columns.id'), dataIndex: 'id', sortField: 'id', width: 80 },
    personColumn(t('remoteWork.columns.employee'), 'employee', (r) => r.employee, {
      sortField: 'employee',
      teamOnly: true,
    }),
    { title: t('remoteWork.columns.type'), key: 'type', sortField: 'type', render: (_, r) => r.type.name },
    {
      title: t('remoteWork.columns.from'),
      key: 'from_date',
      sortField: 'from_date',
      render: (_, r) => <When item={r} which="from" />,
    },
    {
      title: t('remoteWork.columns.to'),
      key: 'to_date',
      sortField: 'to_date',
      render: (_, r) => <When item={r} which="to" />,
    },
    noteColumn(t('remoteWork.columns.description'), 'description', (r) => r.description),
    personColumn(t('remoteWork.columns.lineManager'), 'line_manager', (r) => r.line_manager),
    momentColumn(t('remoteWork.columns.created'), 'created', (r) => r.created),
    momentColumn(t('remoteWork.columns.updated'), 'updated', (r) => r.updated),
    statusColumn(t('remoteWork.columns.status'), 'remote_work'),
    actionsColumn<RemoteWork>({
      title: t('common.actions'),
      actions: ACTIONS,
      // What the server says the caller may do with the row.
      enabled: (r) => r.actions,
      onAction: (r, a) => void rows.onAction(r, a),
      label: (r) => t('remoteWork.actionsFor', { id: r.id }),
    }),
  ];

  return (
    <RequestListPage<RemoteWork, (typeof LIST_TYPES)[number]>
      title={t('nav.remoteWork')}
      list={list}
      listTypes={LIST_TYPES}
      quickJumper
      onCreate={rows.create}
      createLabel={t('remoteWork.form.createTitle')}
      columns={columns}
      data={items.data?.items}
      total={items.data?.total ?? 0}
      loading={items.isFetching}
      filters={
        <>
          <ReportSelect
            value={filters.employee_id ? Number(filters.employee_id) : undefined}
            onChange={(v) => setFilter('employee_id', v)}
            disabled={!team}
          />
          <Select<number>
            allowClear
            placeholder={t('remoteWork.filters.type')}
            aria-label={t('remoteWork.filters.type')}
            style={{ minWidth: 180 }}
            value={filters.type_id ? Number(filters.type_id) : undefined}
            onChange={(v) => setFilter('type_id', v)}
            options={(types.data ?? []).map((ty) => ({ value: ty.id, label: ty.name }))}
          />
          <StatusFilter
            module="remote_work"
            value={filters.status_id ? Number(filters.status_id) : undefined}
            onChange={(v) => setFilter('status_id', v)}
          />
          <DateRangeFilter
            value={filters.from_date_range}
            onChange={(v) => setFilter('from_date_range', v)}
            placeholder={[t('remoteWork.filters.fromStart'), t('remoteWork.filters.fromEnd')]}
          />
          <DateRangeFilter
            value={filters.to_date_range}
            onChange={(v) => setFilter('to_date_range', v)}
            placeholder={[t('remoteWork.filters.toStart'), t('remoteWork.filters.toEnd')]}
          />
        </>
      }
    >
      <RemoteWorkFormModal open={rows.formOpen} item={rows.editing} onClose={rows.close} />
    </RequestListPage>
  );
}
