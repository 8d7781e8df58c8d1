import type { RecordKind } from '@hr/contracts/error-codes';
import type { Status } from '@hr/contracts/lists';
import { Button, Card, Flex } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../PageHeader';
import { type ListColumns, ListTable } from './ListTable';
import { ListToolbar } from './ListToolbar';
import type { ListState } from './list-state';
import { type RowAction, RowActions } from './RowActions';
import { StatusTag } from './StatusTag';

interface Props<R, T extends string> {
  title: string;
  list: ListState<T>;
  listTypes: readonly [T, T];
  /** The own view's label key: lists.self, or lists.own for HR services. */
  ownLabel?: 'lists.self' | 'lists.own';
  createLabel: string;
  onCreate: () => void;
  /** The filter controls; the panel adds the Clear button. */
  filters: ReactNode;
  columns: ListColumns<R>;
  data: R[] | undefined;
  total: number;
  loading: boolean;
  quickJumper?: boolean;
  /** The create/edit modal and anything else the page opens. */
  children?: ReactNode;
}

/**
 * The page of a request list (leave, remote work, HR services): title with the
 * Self/Team toggle and the plus button, the Filter Options panel, and the
 * paged, sortable table (SPEC.md §2 "Common list behaviour").
 */
export function RequestListPage<R extends { id: number }, T extends string>(props: Props<R, T>) {
  const { t } = useTranslation();
  const { list } = props;
  return (
    <>
      <PageHeader
        title={props.title}
        extra={
          <ListToolbar
            listType={list.listType}
            listTypes={props.listTypes}
            ownLabel={props.ownLabel}
            onListType={list.setListType}
            onCreate={props.onCreate}
            createLabel={props.createLabel}
          />
        }
      />
      <Card
        size="small"
        style={{ marginBottom: 16 }}
        title={t('common.filterOptions')}
        role="region"
        aria-label={t('common.filterOptions')}
      >
        <Flex gap={12} wrap align="center">
          {props.filters}
          <Button onClick={() => list.setFilters({})}>{t('common.clear')}</Button>
        </Flex>
      </Card>
      <Card>
        <ListTable<R>
          rowKey="id"
          label={props.title}
          columns={props.columns}
          data={props.data}
          total={props.total}
          loading={props.loading}
          page={list.page}
          limit={list.limit}
          sort={list.sort}
          onPage={list.setPage}
          onLimit={list.setLimit}
          onSort={list.setSort}
          quickJumper={props.quickJumper}
        />
      </Card>
      {props.children}
    </>
  );
}

/** The sortable Status column: a coloured badge, named by the record kind's statuses. */
export function statusColumn<R extends { status: Status }>(
  title: string,
  kind: RecordKind,
): ListColumns<R>[number] {
  return {
    title,
    key: 'status',
    sortField: 'status',
    fixed: 'right',
    render: (_, r) => <StatusTag kind={kind} status={r.status} />,
  };
}

/** The Action column: the row menu, each action enabled as `enabled` says. */
export function actionsColumn<R>(options: {
  title: string;
  actions: RowAction[];
  enabled: (row: R) => RowAction[];
  onAction: (row: R, action: RowAction) => void;
  label: (row: R) => string;
}): ListColumns<R>[number] {
  return {
    title: options.title,
    key: 'actions',
    fixed: 'right',
    render: (_, r) => (
      <RowActions
        actions={options.actions}
        enabled={options.enabled(r)}
        onAction={(a) => options.onAction(r, a)}
        label={options.label(r)}
      />
    ),
  };
}
