import type { KpiListItem } from '@hr/contracts/kpi';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { lazyWhenShown } from '../../../components/lazy-part';
import { useFilterControls } from '../../../components/list/filter-controls';
import type { ListColumns } from '../../../components/list/ListTable';
import { useFilterDraft, useListState } from '../../../components/list/list-state';
import { PersonCell } from '../../../components/list/PersonCell';
import { ReportSelect } from '../../../components/list/ReportSelect';
import {
  actionsColumn,
  type OptionalFilter,
  RequestListPage,
  statusColumn,
} from '../../../components/list/RequestListPage';
import type { RowAction } from '../../../components/list/RowActions';
import { useRowEditing } from '../../../components/list/row-editing';
import { StatusFilter } from '../../../components/list/StatusFilter';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { typeChoices, typeName } from '../../../lib/server-errors';
import { useDeleteKpi, useKpiList, useKpiTypes } from '../api';

/** The create/edit form: loaded when first opened. */
const KpiFormModal = lazyWhenShown(
  () => import('../components/KpiFormModal').then((m) => m.KpiFormModal),
  (props) => props.open,
);

const ACTIONS: RowAction[] = ['edit', 'delete'];
const LIST_TYPES = ['self', 'team'] as const;

/** /kpi: own and team KPI sheets (SPEC.md §2 KPI list). */
export function Component() {
  const { t } = useTranslation();
  const list = useListState({ listTypeKey: 'KPI_LIST_TYPE', listTypes: LIST_TYPES, filterStore: 'storage' });
  const { filters } = list;
  const draft = useFilterDraft(list);
  const team = list.listType === 'team';
  const query = {
    list_type: list.listType,
    page: list.page,
    limit: list.limit,
    sort: list.sort,
    type_id: filters.type_id,
    status_id: filters.status_id,
    from_date: filters.from_date,
    to_date: filters.to_date,
    employee_id: team ? filters.employee_id : undefined,
    company_id: filters.company_id,
    group_id: filters.group_id,
  };
  const items = useKpiList(query);
  const types = useKpiTypes();
  const controls = useFilterControls(draft);
  const remove = useDeleteKpi();
  const rows = useRowEditing<KpiListItem>(remove, (item) => item.name);

  const nowrap = { whiteSpace: 'nowrap' as const };
  const columns: ListColumns<KpiListItem> = [
    {
      title: t('kpi.columns.type'),
      key: 'type',
      sortField: 'type',
      render: (_, r) => typeName('kpi', r.type),
    },
    {
      title: t('kpi.columns.name'),
      key: 'name',
      sortField: 'name',
      render: (_, r) => <Link to={`/kpi/${r.id}`}>{r.name}</Link>,
    },
    ...(team
      ? [
          {
            title: t('kpi.columns.employee'),
            key: 'employee',
            sortField: 'employee',
            render: (_: unknown, r: KpiListItem) => <PersonCell person={r.employee} />,
          },
          {
            title: t('kpi.columns.lineManager'),
            key: 'line_manager',
            render: (_: unknown, r: KpiListItem) => <PersonCell person={r.line_manager} />,
          },
        ]
      : [
          {
            title: t('kpi.columns.oneOverOne'),
            key: 'one_over_one',
            render: (_: unknown, r: KpiListItem) => <PersonCell person={r.one_over_one} />,
          },
          {
            title: t('kpi.columns.created'),
            key: 'created',
            sortField: 'created',
            render: (_: unknown, r: KpiListItem) => <span style={nowrap}>{formatDateTime(r.created)}</span>,
          },
        ]),
    {
      title: t('kpi.columns.updated'),
      key: 'updated',
      sortField: 'updated',
      render: (_, r) => <span style={nowrap}>{formatDateTime(r.updated)}</span>,
    },
    {
      title: t('kpi.columns.period'),
      key: 'from',
      sortField: 'from',
      render: (_, r) => (
        <span style={nowrap}>
          <bdi>{`${formatDate(r.from)} – ${formatDate(r.to)}`}</bdi>
        </span>
      ),
    },
    statusColumn(t('kpi.columns.status'), 'kpi'),
    actionsColumn<KpiListItem>({
      title: t('common.actions'),
      actions: ACTIONS,
      // What the server says the caller may do with the row.
      enabled: (r) => r.actions,
      onAction: (r, a) => void rows.onAction(r, a),
      label: (r) => t('kpi.actionsFor', { name: r.name }),
    }),
  ];
  // The status badge leads the row (SPEC.md: Status first).
  const status = columns.find((c) => c.key === 'status')!;
  const ordered = [status, ...columns.filter((c) => c.key !== 'status')];

  const { value } = controls;
  const optionalFilters: OptionalFilter[] = [
    controls.choice('type', 'type_id', t('kpi.filters.type'), typeChoices('kpi', types.data ?? [])),
    {
      key: 'status',
      label: t('lists.status'),
      fields: ['status_id'],
      control: (
        <StatusFilter module="kpi" value={value('status_id')} onChange={(v) => draft.set('status_id', v)} />
      ),
    },
    controls.date('from', 'from_date', t('kpi.filters.fromDate')),
    controls.date('to', 'to_date', t('kpi.filters.toDate')),
    controls.company,
    controls.group,
  ];

  return (
    <RequestListPage<KpiListItem, (typeof LIST_TYPES)[number]>
      title={t('nav.kpi')}
      list={list}
      listTypes={LIST_TYPES}
      onCreate={rows.create}
      createLabel={t('kpi.form.createTitle')}
      columns={ordered}
      data={items.data?.items}
      total={items.data?.total ?? 0}
      loading={items.isFetching}
      filters={
        <ReportSelect
          value={value('employee_id')}
          onChange={(v) => draft.set('employee_id', v)}
          disabled={!team}
        />
      }
      optionalFilters={optionalFilters}
      defaultOptional={['type', 'status']}
      draft={draft}
    >
      <KpiFormModal open={rows.formOpen} item={rows.editing} team={team} onClose={rows.close} />
    </RequestListPage>
  );
}
