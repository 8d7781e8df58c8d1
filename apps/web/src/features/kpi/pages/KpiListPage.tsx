import type { KpiListItem } from '@hr/contracts/kpi';
import { NOTICES } from '@hr/contracts/messages';
import { KPI_RULES } from '@hr/contracts/workflow';
import { DatePicker, Select, TreeSelect } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCompanyChoices, useGroupChoices } from '../../../components/list/choices';
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
import { StatusFilter } from '../../../components/list/StatusFilter';
import { confirmDelete } from '../../../lib/confirm-delete';
import { DATE_FORMAT, formatDate, formatDateTime, toApiDate } from '../../../lib/dates';
import { toastSuccess } from '../../../lib/notify';
import { useMe } from '../../auth/api';
import { useDeleteKpi, useKpiList, useKpiTypes } from '../api';
import { KpiFormModal } from '../components/KpiFormModal';

const ACTIONS: RowAction[] = ['edit', 'delete'];
const LIST_TYPES = ['self', 'team'] as const;

/** Edit (Draft, Update requested) and delete (Draft) for the sheet's employee or its creator. */
export function enabledKpiActions(item: KpiListItem, me: number | undefined): RowAction[] {
  const mine = item.employee.id === me || item.created_by?.id === me;
  if (!mine) return [];
  const enabled: RowAction[] = [];
  if (KPI_RULES.editable.includes(item.status.id)) enabled.push('edit');
  if (KPI_RULES.deletable.includes(item.status.id)) enabled.push('delete');
  return enabled;
}

/** /kpi: own and team KPI sheets (SPEC.md §2 KPI list). */
export function Component() {
  const { t } = useTranslation();
  const me = useMe().data?.employee.id;
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
  // Companies and groups load once their filters are shown.
  const [wantCompanies, setWantCompanies] = useState(false);
  const [wantGroups, setWantGroups] = useState(false);
  const companies = useCompanyChoices(wantCompanies || !!filters.company_id);
  const groups = useGroupChoices(wantGroups || !!filters.group_id);
  const remove = useDeleteKpi();
  const [editing, setEditing] = useState<KpiListItem | null>(null);
  const [formOpen, setFormOpen] = useState(false);

  const onAction = async (item: KpiListItem, a: RowAction) => {
    if (a === 'edit') {
      setEditing(item);
      setFormOpen(true);
      return;
    }
    if (a === 'delete') {
      if (!(await confirmDelete(item.name))) return;
      remove.mutate(item.id, {
        onSuccess: () =>
          toastSuccess(t('notices.deleted', { name: item.name, defaultValue: NOTICES.deleted })),
      });
    }
  };

  const nowrap = { whiteSpace: 'nowrap' as const };
  const columns: ListColumns<KpiListItem> = [
    {
      title: t('kpi.columns.type'),
      key: 'type',
      sortField: 'type',
      render: (_, r) => r.type.name,
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
      enabled: (r) => enabledKpiActions(r, me),
      onAction: (r, a) => void onAction(r, a),
      label: (r) => t('kpi.actionsFor', { name: r.name }),
    }),
  ];
  // The status badge leads the row (SPEC.md: Status first).
  const status = columns.find((c) => c.key === 'status')!;
  const ordered = [{ ...status, fixed: undefined }, ...columns.filter((c) => c.key !== 'status')];

  const value = (key: string) => (draft.values[key] ? Number(draft.values[key]) : undefined);
  const dateFilter = (key: 'from_date' | 'to_date', label: string) => (
    <DatePicker
      placeholder={label}
      aria-label={label}
      format={DATE_FORMAT}
      value={draft.values[key] ? dayjs(draft.values[key]) : null}
      onChange={(d) => draft.set(key, toApiDate(d) ?? undefined)}
    />
  );
  const optionalFilters: OptionalFilter[] = [
    {
      key: 'type',
      label: t('kpi.filters.type'),
      fields: ['type_id'],
      control: (
        <Select
          allowClear
          placeholder={t('kpi.filters.type')}
          aria-label={t('kpi.filters.type')}
          style={{ minWidth: 160 }}
          value={value('type_id')}
          onChange={(v?: number) => draft.set('type_id', v)}
          options={(types.data ?? []).map((ty) => ({ value: ty.id, label: ty.name }))}
        />
      ),
    },
    {
      key: 'status',
      label: t('lists.status'),
      fields: ['status_id'],
      control: (
        <StatusFilter module="kpi" value={value('status_id')} onChange={(v) => draft.set('status_id', v)} />
      ),
    },
    {
      key: 'from',
      label: t('kpi.filters.fromDate'),
      fields: ['from_date'],
      control: dateFilter('from_date', t('kpi.filters.fromDate')),
    },
    {
      key: 'to',
      label: t('kpi.filters.toDate'),
      fields: ['to_date'],
      control: dateFilter('to_date', t('kpi.filters.toDate')),
    },
    {
      key: 'company',
      label: t('lists.company'),
      fields: ['company_id'],
      control: (
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('lists.company')}
          aria-label={t('lists.company')}
          style={{ minWidth: 180 }}
          onOpenChange={(open) => open && setWantCompanies(true)}
          onFocus={() => setWantCompanies(true)}
          loading={companies.isLoading}
          value={value('company_id')}
          onChange={(v?: number) => draft.set('company_id', v)}
          options={(companies.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
        />
      ),
    },
    {
      key: 'group',
      label: t('lists.group'),
      fields: ['group_id'],
      control: (
        <TreeSelect
          allowClear
          showSearch={{ treeNodeFilterProp: 'title' }}
          placeholder={t('lists.group')}
          aria-label={t('lists.group')}
          style={{ minWidth: 200 }}
          onOpenChange={(open) => open && setWantGroups(true)}
          onFocus={() => setWantGroups(true)}
          loading={groups.isLoading}
          value={value('group_id')}
          onChange={(v?: number) => draft.set('group_id', v)}
          treeDefaultExpandAll
          treeData={groups.data ?? []}
        />
      ),
    },
  ];

  return (
    <RequestListPage<KpiListItem, (typeof LIST_TYPES)[number]>
      title={t('nav.kpi')}
      list={list}
      listTypes={LIST_TYPES}
      onCreate={() => {
        setEditing(null);
        setFormOpen(true);
      }}
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
      <KpiFormModal open={formOpen} item={editing} team={team} onClose={() => setFormOpen(false)} />
    </RequestListPage>
  );
}
