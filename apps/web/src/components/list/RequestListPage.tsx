import ClearOutlined from '@ant-design/icons-svg/es/asn/ClearOutlined';
import FilterOutlined from '@ant-design/icons-svg/es/asn/FilterOutlined';
import SearchOutlined from '@ant-design/icons-svg/es/asn/SearchOutlined';
import type { RecordKind } from '@hr/contracts/error-codes';
import type { Decision, Status } from '@hr/contracts/lists';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PageHeader } from '../PageHeader';
import { PlainCard } from '../PlainBlocks';
import { PlainIcon } from '../PlainIcon';
import { Button } from '../plain/Button';
import { Dialog } from '../plain/Dialog';
import { type ListColumns, ListTable } from './ListTable';
import { ListToolbar } from './ListToolbar';
import type { FilterDraft, ListState } from './list-state';
import { type RowAction, RowActions } from './RowActions';
import { DecisionNote, StatusTag } from './StatusTag';

interface Props<R, T extends string> {
  title: string;
  list: ListState<T>;
  listTypes: readonly [T, T];
  /** The own view's label key: lists.self, or lists.own for HR services. */
  ownLabel?: 'lists.self' | 'lists.own';
  createLabel: string;
  onCreate: () => void;
  /** Controls before the Self/Team toggle in the page's title line. */
  headerExtra?: ReactNode;
  /** What the page shows above its filters (the leave page's balances). */
  summary?: ReactNode;
  /** The filter controls; the panel adds the Clear button. */
  filters: ReactNode;
  /**
   * Filters a user adds from a side drawer of checkboxes (SPEC.md §2, the EPR
   * and KPI lists). Which are shown is remembered per URL; one holding a value
   * is always shown.
   */
  optionalFilters?: OptionalFilter[];
  /** The ones shown before the user chooses. */
  defaultOptional?: string[];
  /** The controls change this draft, and Search applies it (EPR, KPI); without it each change applies. */
  draft?: FilterDraft;
  columns: ListColumns<R>;
  data: R[] | undefined;
  total: number;
  loading: boolean;
  quickJumper?: boolean;
  /** The create/edit modal and anything else the page opens. */
  children?: ReactNode;
}

/** A filter offered in the drawer: its label, its control, and the list filters it sets. */
export interface OptionalFilter {
  key: string;
  label: string;
  control: ReactNode;
  fields: readonly string[];
}

function readChoice(key: string): string[] | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(key) ?? 'null');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : null;
  } catch {
    return null;
  }
}

/**
 * The page of a request list (leave, remote work, HR services, KPI, EPR):
 * title with the Self/Team toggle and the plus button, the Filter Options
 * panel (with its drawer of optional filters where a list has them), and the
 * paged, sortable table (SPEC.md §2 "Common list behaviour").
 */
export function RequestListPage<R extends { id: number }, T extends string>(props: Props<R, T>) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { list, draft } = props;
  // The employee is the reader in their own view: team-only columns show in the Team view alone.
  const columns = props.columns.filter((c) => !c.teamOnly || list.listType === 'team');
  const optional = props.optionalFilters ?? [];
  const choiceKey = `list.filterChoice:${pathname}`;
  const [chosen, setChosen] = useState<string[]>(() => readChoice(choiceKey) ?? props.defaultOptional ?? []);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const values = draft?.values ?? list.filters;
  const shown = optional.filter(
    (f) =>
      chosen.includes(f.key) ||
      f.fields.some((k) => values[k] !== undefined || list.filters[k] !== undefined),
  );
  const choose = (next: string[]) => {
    localStorage.setItem(choiceKey, JSON.stringify(next));
    setChosen(next);
    // A filter taken away no longer filters.
    const dropped = optional.filter((f) => !next.includes(f.key)).flatMap((f) => f.fields);
    if (draft) draft.drop(dropped);
    else if (dropped.some((k) => list.filters[k] !== undefined))
      list.setFilters(Object.fromEntries(Object.entries(list.filters).filter(([k]) => !dropped.includes(k))));
  };
  return (
    <>
      <PageHeader
        title={props.title}
        extra={
          <ListToolbar
            extra={props.headerExtra}
            listType={list.listType}
            listTypes={props.listTypes}
            ownLabel={props.ownLabel}
            onListType={list.setListType}
            onCreate={props.onCreate}
            createLabel={props.createLabel}
          />
        }
      />
      {props.summary ? <div style={{ marginBottom: 16 }}>{props.summary}</div> : null}
      <PlainCard
        title={t('common.filterOptions')}
        region
        extra={
          optional.length > 0 ? (
            <Button
              size="small"
              icon={<PlainIcon icon={FilterOutlined} />}
              onClick={() => setDrawerOpen(true)}
            >
              {t('common.chooseFilters')}
            </Button>
          ) : null
        }
      >
        <div className="plain-row plain-row--wide">
          {props.filters}
          {shown.map((f) => (
            <span key={f.key}>{f.control}</span>
          ))}
          <Button
            icon={draft ? <PlainIcon icon={ClearOutlined} /> : undefined}
            onClick={() => (draft ? draft.clear() : list.setFilters({}))}
          >
            {t('common.clear')}
          </Button>
          {draft ? (
            <Button variant="primary" icon={<PlainIcon icon={SearchOutlined} />} onClick={draft.apply}>
              {t('common.search')}
            </Button>
          ) : null}
        </div>
      </PlainCard>
      {optional.length > 0 ? (
        <Dialog
          drawer
          title={t('common.chooseFilters')}
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          width={320}
        >
          <p className="plain-secondary">{t('lists.chooseFiltersHint')}</p>
          <div className="plain-checks">
            {optional.map((f) => (
              <label key={f.key} className="plain-check">
                <input
                  type="checkbox"
                  checked={shown.some((s) => s.key === f.key)}
                  onChange={(event) =>
                    choose(
                      event.target.checked
                        ? [...shown.map((s) => s.key), f.key]
                        : shown.map((s) => s.key).filter((k) => k !== f.key),
                    )
                  }
                />
                <span>{f.label}</span>
              </label>
            ))}
          </div>
        </Dialog>
      ) : null}
      <PlainCard title={null}>
        <ListTable<R>
          rowKey="id"
          label={props.title}
          columns={columns}
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
      </PlainCard>
      {props.children}
    </>
  );
}

/** The sortable Status column: a coloured badge, named by the record kind's statuses. */
export function statusColumn<R extends { status: Status; decision?: Decision }>(
  title: string,
  kind: RecordKind,
): ListColumns<R>[number] {
  return {
    title,
    key: 'status',
    sortField: 'status',
    render: (_, r) => (
      <>
        <StatusTag kind={kind} status={r.status} />
        <DecisionNote decision={r.decision} />
      </>
    ),
  };
}

/** The Action column: the row menu, each action enabled as `enabled` says (the row's `actions`, from the server). */
export function actionsColumn<R>(options: {
  title: string;
  actions: RowAction[];
  enabled: (row: R) => readonly string[];
  onAction: (row: R, action: RowAction) => void;
  label: (row: R) => string;
}): ListColumns<R>[number] {
  return {
    title: options.title,
    key: 'actions',
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
