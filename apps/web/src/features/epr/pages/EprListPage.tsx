import type { EprListItem } from '@hr/contracts/epr';
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
import { CalibrationLink } from '../../epr-calibration';
import { useDeleteEpr, useEprList, useEprTypes, useKpiTypeChoices } from '../api';

/** The create/edit form: loaded when first opened. */
const EprFormModal = lazyWhenShown(
  () => import('../components/EprFormModal').then((m) => m.EprFormModal),
  (props) => props.open,
);

const ACTIONS: RowAction[] = ['edit', 'delete'];
const LIST_TYPES = ['self', 'team'] as const;

/** /epr: own and team performance reviews (SPEC.md §2 EPR list). */
export function Component() {
  const { t } = useTranslation();
  const list = useListState({ listTypeKey: 'EPR_LIST_TYPE', listTypes: LIST_TYPES, filterStore: 'storage' });
  const { filters } = list;
  const draft = useFilterDraft(list);
  const team = list.listType === 'team';
  const query = {
    list_type: list.listType,
    page: list.page,
    limit: list.limit,
    sort: list.sort,
    kpi_type_id: filters.kpi_type_id,
    kpi_status_id: filters.kpi_status_id,
    type_id: filters.type_id,
    status_id: filters.status_id,
    from_date: filters.from_date,
    to_date: filters.to_date,
    employee_id: team ? filters.employee_id : undefined,
    company_id: filters.company_id,
    group_id: filters.group_id,
  };
  const items = useEprList(query);
  const types = useEprTypes();
  const kpiTypes = useKpiTypeChoices();
  const controls = useFilterControls(draft);
  const remove = useDeleteEpr();
  const rows = useRowEditing<EprListItem>(remove, (item) => item.name);

  const nowrap = { whiteSpace: 'nowrap' as const };
  // Review and sheet names are long: they wrap rather than widen the table past the screen.
  const wrap = { display: 'inline-block', minWidth: 120, maxWidth: 200, whiteSpace: 'normal' as const };
  const person = (title: string, key: 'employee' | 'line_manager' | 'one_over_one', sortable = false) => ({
    title,
    key,
    ...(sortable ? { sortField: key } : {}),
    render: (_: unknown, r: EprListItem) => <PersonCell person={r[key]} />,
  });
  const created = {
    title: t('eprList.columns.created'),
    key: 'created',
    sortField: 'created',
    render: (_: unknown, r: EprListItem) => <span style={nowrap}>{formatDateTime(r.created)}</span>,
  };
  // SPEC.md §2 reads both ways on which columns each view drops; like the KPI list, Self hides
  // Employee and Line manager (they are the caller and their manager), and Team hides O&O and
  // Created At but keeps Employee, without which a reviewer could not tell whose review a row is.
  const columns: ListColumns<EprListItem> = [
    statusColumn(t('lists.status'), 'epr'),
    {
      title: t('eprList.columns.type'),
      key: 'type',
      sortField: 'type',
      render: (_, r) => typeName('epr', r.type),
    },
    {
      title: t('eprList.columns.name'),
      key: 'name',
      sortField: 'name',
      render: (_, r) => (
        <span style={wrap}>
          <Link to={`/epr/${r.id}`}>{r.name}</Link>
        </span>
      ),
    },
    {
      title: t('eprList.columns.period'),
      key: 'from',
      sortField: 'from',
      render: (_, r) => (
        <span style={nowrap}>
          <bdi>{`${formatDate(r.from_date)} – ${formatDate(r.to_date)}`}</bdi>
        </span>
      ),
    },
    ...(team ? [] : [created]),
    {
      title: t('eprList.columns.updated'),
      key: 'updated',
      sortField: 'updated',
      render: (_, r) => <span style={nowrap}>{formatDateTime(r.updated)}</span>,
    },
    {
      title: t('eprList.columns.kpi'),
      key: 'kpi',
      render: (_, r) => <span style={{ ...wrap, maxWidth: 160 }}>{r.kpi.name}</span>,
    },
    ...(team
      ? [
          person(t('eprList.columns.employee'), 'employee', true),
          person(t('eprList.columns.lineManager'), 'line_manager'),
        ]
      : [person(t('eprList.columns.oneOverOne'), 'one_over_one')]),
    actionsColumn<EprListItem>({
      title: t('common.actions'),
      actions: ACTIONS,
      // What the server says the caller may do with the row.
      enabled: (r) => r.actions,
      onAction: (r, a) => void rows.onAction(r, a),
      label: (r) => t('eprList.actionsFor', { name: r.name }),
    }),
  ];
  // The status badge leads the row (SPEC.md: Status first).

  const { value } = controls;
  const optionalFilters: OptionalFilter[] = [
    controls.choice('kpiType', 'kpi_type_id', t('kpi.filters.type'), typeChoices('kpi', kpiTypes.data ?? [])),
    {
      key: 'kpiStatus',
      label: t('eprList.filters.kpiStatus'),
      fields: ['kpi_status_id'],
      control: (
        <StatusFilter
          module="kpi"
          label={t('eprList.filters.kpiStatus')}
          value={value('kpi_status_id')}
          onChange={(v) => draft.set('kpi_status_id', v)}
        />
      ),
    },
    controls.choice('type', 'type_id', t('eprList.filters.type'), typeChoices('epr', types.data ?? [])),
    {
      key: 'status',
      label: t('eprList.filters.status'),
      fields: ['status_id'],
      control: (
        <StatusFilter
          module="epr"
          label={t('eprList.filters.status')}
          value={value('status_id')}
          onChange={(v) => draft.set('status_id', v)}
        />
      ),
    },
    controls.date('from', 'from_date', t('kpi.filters.fromDate')),
    controls.date('to', 'to_date', t('kpi.filters.toDate')),
    controls.company,
    controls.group,
  ];

  return (
    <RequestListPage<EprListItem, (typeof LIST_TYPES)[number]>
      title={t('nav.epr')}
      list={list}
      listTypes={LIST_TYPES}
      onCreate={rows.create}
      createLabel={t('eprList.form.createTitle')}
      headerExtra={<CalibrationLink />}
      columns={columns}
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
      <EprFormModal open={rows.formOpen} item={rows.editing} onClose={rows.close} />
    </RequestListPage>
  );
}
