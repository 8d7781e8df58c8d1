import type { ServiceRequest } from '@hr/contracts/hr-services';
import type { ServiceAction } from '@hr/contracts/workflow';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { lazyWhenShown } from '../../../components/lazy-part';
import { useCompanyChoices } from '../../../components/list/choices';
import { momentColumn, personColumn } from '../../../components/list/columns';
import { DateRangeFilter } from '../../../components/list/DateRangeFilter';
import type { ListColumns } from '../../../components/list/ListTable';
import { useListState } from '../../../components/list/list-state';
import { ReportSelect } from '../../../components/list/ReportSelect';
import { actionsColumn, RequestListPage, statusColumn } from '../../../components/list/RequestListPage';
import type { RowAction } from '../../../components/list/RowActions';
import { useRowEditing } from '../../../components/list/row-editing';
import { StatusFilter } from '../../../components/list/StatusFilter';
import { Select } from '../../../components/plain/Select';
import { useMe } from '../../../lib/me';
import { useDeleteServiceRequest, useServiceAction, useServiceCategories, useServiceList } from '../api';
import { EmployeeFilter } from '../components/EmployeeFilter';
import { RequestPersonCell } from '../components/RequestPersonCell';
import {
  enabledServiceActions,
  LIST_TYPES,
  toServiceAction,
  type Viewer,
} from '../components/service-actions';
import '../hr-services.css';

/** The new/edit form: loaded when first opened. */
const ServiceFormModal = lazyWhenShown(
  () => import('../components/ServiceFormModal').then((m) => m.ServiceFormModal),
  (props) => props.open,
);

const BASE_ACTIONS: RowAction[] = ['edit', 'delete', 'submit', 'approve', 'reject'];

/** /hr-services: own and team HR service requests (SPEC.md §2 HR services list). */
export function Component() {
  const { t } = useTranslation();
  const me = useMe().data;
  const viewer: Viewer = { employeeId: me?.employee.id, isAdmin: me?.user.is_admin ?? false };
  const list = useListState({
    listTypeKey: 'HR_SERVICES_LIST_TYPE',
    listTypes: LIST_TYPES,
    filterStore: 'storage',
  });
  const { filters, setFilter } = list;
  const employeeId = filters.employee_id ? Number(filters.employee_id) : undefined;
  const team = list.listType === 'team';

  const query = {
    list_type: list.listType,
    page: list.page,
    limit: list.limit,
    sort: list.sort,
    status_id: filters.status_id,
    category: filters.category,
    submitted_range: filters.submitted_range,
    // The employee and company filters belong to the team view only.
    employee_id: team ? filters.employee_id : undefined,
    company_id: team ? filters.company_id : undefined,
  };
  const requests = useServiceList(query);
  const categories = useServiceCategories();
  const companies = useCompanyChoices(team);
  const action = useServiceAction();
  const remove = useDeleteServiceRequest();
  const rows = useRowEditing<ServiceRequest, ServiceAction>(remove, (r) => `#${r.id} ${r.category_name}`, {
    mutation: action,
    actionOf: toServiceAction,
  });
  // Done is in the menus where some row offers it (the server decides: HR admins, at Approved).
  const offersDone = requests.data?.items.some((r) => r.actions.includes('done')) ?? false;
  const actions = useMemo<RowAction[]>(
    () => (offersDone ? [...BASE_ACTIONS, 'done'] : BASE_ACTIONS),
    [offersDone],
  );
  const employee = me?.employee;
  const self = useMemo(
    () => (employee ? { id: employee.id, eid: employee.eid, name: employee.name } : undefined),
    [employee],
  );

  // The filtered employee's name, from the rows (all theirs), for the filter's box after a reload.
  const chosen = requests.data?.items.find((r) => r.employee_id === employeeId)?.employee;
  const chosenEmployee = chosen ? `${chosen.name} (${chosen.eid})` : undefined;

  const detail = (r: ServiceRequest) => `/hr-services/${r.id}`;
  const columns: ListColumns<ServiceRequest> = [
    {
      title: t('hrServices.columns.employee'),
      key: 'employee',
      sortField: 'employee',
      teamOnly: true,
      render: (_, r) => <RequestPersonCell person={r.employee} to={team ? detail(r) : undefined} />,
    },
    {
      title: t('hrServices.columns.company'),
      key: 'company',
      teamOnly: true,
      render: (_, r) => r.company?.name ?? <span className="plain-secondary">—</span>,
    },
    personColumn(t('hrServices.columns.lineManager'), 'line_manager', (r) => r.line_manager),
    {
      title: t('hrServices.columns.requestFor'),
      key: 'category',
      sortField: 'category',
      render: (_, r) => (
        <span className="hr-service__category">
          <Link to={detail(r)}>{r.category_name}</Link>
          {r.type ? <span className="plain-secondary hr-service__type">{r.type.name}</span> : null}
        </span>
      ),
    },
    momentColumn(t('hrServices.columns.requestAt'), 'created', (r) => r.created),
    personColumn(t('hrServices.columns.submittedBy'), 'created_by', (r) => r.created_by),
    statusColumn(t('hrServices.columns.status'), 'hr_service'),
    actionsColumn<ServiceRequest>({
      title: t('common.actions'),
      actions: actions,
      enabled: enabledServiceActions,
      onAction: (r, a) => void rows.onAction(r, a),
      label: (r) => t('hrServices.actionsFor', { id: r.id }),
    }),
  ];

  return (
    <RequestListPage<ServiceRequest, (typeof LIST_TYPES)[number]>
      title={t('nav.hrServices')}
      list={list}
      listTypes={LIST_TYPES}
      ownLabel="lists.own"
      onCreate={rows.create}
      createLabel={t('hrServices.form.createTitle')}
      columns={columns}
      data={requests.data?.items}
      total={requests.data?.total ?? 0}
      loading={requests.isFetching}
      filters={
        <>
          {team ? (
            <>
              {viewer.isAdmin ? (
                <EmployeeFilter
                  value={employeeId}
                  onChange={(v) => setFilter('employee_id', v)}
                  known={chosenEmployee}
                />
              ) : (
                <ReportSelect value={employeeId} onChange={(v) => setFilter('employee_id', v)} />
              )}
              <Select<number>
                allowClear
                placeholder={t('hrServices.filters.company')}
                aria-label={t('hrServices.filters.company')}
                style={{ minWidth: 200 }}
                value={filters.company_id ? Number(filters.company_id) : undefined}
                onChange={(v) => setFilter('company_id', v)}
                options={(companies.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
              />
            </>
          ) : null}
          <StatusFilter
            module="hr_service"
            value={filters.status_id ? Number(filters.status_id) : undefined}
            onChange={(v) => setFilter('status_id', v)}
          />
          <Select<string>
            allowClear
            placeholder={t('hrServices.filters.category')}
            aria-label={t('hrServices.filters.category')}
            style={{ minWidth: 200 }}
            value={filters.category}
            onChange={(v) => setFilter('category', v)}
            options={(categories.data ?? []).map((c) => ({ value: c.value, label: c.name }))}
          />
          <DateRangeFilter
            value={filters.submitted_range}
            onChange={(v) => setFilter('submitted_range', v)}
            placeholder={[t('hrServices.filters.submittedStart'), t('hrServices.filters.submittedEnd')]}
          />
        </>
      }
    >
      <ServiceFormModal
        open={rows.formOpen}
        request={rows.editing}
        onClose={rows.close}
        isAdmin={viewer.isAdmin}
        me={self}
      />
    </RequestListPage>
  );
}
