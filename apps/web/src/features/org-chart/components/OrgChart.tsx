import { AimOutlined, CaretDownOutlined, CaretUpOutlined } from '@ant-design/icons';
import type { OrgChartBranch, OrgChartNode, OrgChartResponse } from '@hr/contracts/org-chart';
import { Button, Card, Flex, Result, Skeleton, Spin, Tag, Tooltip, Typography } from 'antd';
import {
  createContext,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  useCallback,
  useContext,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmployeeAvatar } from '../../../components/employee-search/EmployeeAvatar';
import { useBranch, useOrgChart } from '../api';
import '../org-chart.css';

interface ChartState {
  viewerId: number;
  /** The viewer's own line manager: their box, like their team card, is no link (SPEC.md §2). */
  viewerManagerId: number | null;
  centreId: number;
  expanded: ReadonlySet<number>;
  toggle: (id: number) => void;
  active: number;
  setActive: (id: number) => void;
  /** First pages the chart answered, so the chain's branches open without a call each. */
  seeds: ReadonlyMap<number, OrgChartBranch>;
  /** Under each member of the chain, the next one: shown even when the first page does not reach them. */
  pinned: ReadonlyMap<number, OrgChartNode>;
  updatedAt: number;
  centreOn: (id: number) => void;
  idPrefix: string;
}

const ChartContext = createContext<ChartState | null>(null);

function useChart(): ChartState {
  const state = useContext(ChartContext);
  if (!state) throw new Error('useChart outside the chart');
  return state;
}

const TREEITEM = '[role="treeitem"]';

/** The tree items directly inside a group (or the tree). */
function itemsOf(list: Element | null | undefined): HTMLElement[] {
  if (!list) return [];
  return [...list.children].filter((el): el is HTMLElement => el.matches(TREEITEM));
}

/**
 * The team directory's third view (SPEC.md §2 Team directory): a top-down
 * chart of the reporting lines, from the top of the viewer's chain with the
 * viewer highlighted and their branch open. One call draws it; every other
 * branch loads when it is first opened and stays cached. A tree for
 * assistive technology: arrow keys move (up to the line manager, down into
 * an open branch, sideways between colleagues), Enter or Space opens or
 * closes a branch.
 */
export function OrgChart() {
  const { t } = useTranslation();
  const hintId = useId();
  const [centre, setCentre] = useState<number | null>(null);
  // "Centre on me" on the viewer's own chart draws it afresh: branches closed again, focus on the viewer.
  const [round, setRound] = useState(0);
  const chart = useOrgChart(centre);
  const data = chart.data;

  const centreOn = useCallback((id: number | null) => {
    setCentre(id);
    setRound((n) => n + 1);
  }, []);

  return (
    <Card size="small" className="org-chart-card">
      <Flex className="org-chart-card__toolbar" gap={12} align="center" wrap justify="space-between">
        <Typography.Text type="secondary" id={hintId} className="org-chart-card__hint">
          {data && centre !== null && data.person.id !== data.viewer.id
            ? `${t('orgChart.centredOn', { name: data.person.name })} · `
            : null}
          {t('orgChart.hint')}
        </Typography.Text>
        <Button icon={<AimOutlined aria-hidden />} onClick={() => centreOn(null)}>
          {t('orgChart.centreOnMe')}
        </Button>
      </Flex>
      {chart.isPending ? (
        <div className="org-chart__loading" role="status" aria-label={t('orgChart.loading')}>
          <Skeleton avatar active paragraph={{ rows: 2 }} />
        </div>
      ) : !data ? (
        <Result
          status="warning"
          title={t('orgChart.error')}
          extra={<Button onClick={() => chart.refetch()}>{t('orgChart.retry')}</Button>}
        />
      ) : (
        <ChartTree
          key={`${data.person.id}:${round}`}
          data={data}
          updatedAt={chart.dataUpdatedAt}
          focusOnOpen={round > 0}
          describedBy={hintId}
          centreOn={centreOn}
          busy={chart.isFetching}
        />
      )}
    </Card>
  );
}

function ChartTree(props: {
  data: OrgChartResponse;
  updatedAt: number;
  focusOnOpen: boolean;
  describedBy: string;
  centreOn: (id: number) => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const { data } = props;
  const idPrefix = useId();
  const scroller = useRef<HTMLDivElement>(null);
  const path = useMemo(() => [...data.chain, data.person], [data]);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(
    () => new Set(path.filter((n) => n.reports_count > 0).map((n) => n.id)),
  );
  const [active, setActive] = useState(data.person.id);

  const toggle = useCallback((id: number) => {
    setExpanded((open) => {
      const next = new Set(open);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  }, []);

  const state = useMemo<ChartState>(() => {
    const seeds = new Map<number, OrgChartBranch>(data.branches.map((b) => [b.manager_id, b]));
    seeds.set(data.person.id, data.reports);
    const pinned = new Map<number, OrgChartNode>();
    path.forEach((node, i) => {
      const next = path[i + 1];
      if (next) pinned.set(node.id, next);
    });
    return {
      viewerId: data.viewer.id,
      viewerManagerId: data.viewer.line_manager_id,
      centreId: data.person.id,
      expanded,
      toggle,
      active,
      setActive,
      seeds,
      pinned,
      updatedAt: props.updatedAt,
      centreOn: props.centreOn,
      idPrefix,
    };
  }, [data, path, expanded, toggle, active, props.updatedAt, props.centreOn, idPrefix]);

  // The person the chart centres on, in view (the chain runs down the chart's first column, so
  // it is in view with them); the chart area scrolls, not the page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the chart is drawn
  useLayoutEffect(() => {
    const area = scroller.current;
    const item = area?.querySelector<HTMLElement>(`[data-node-id="${data.person.id}"]`);
    const box = item?.querySelector<HTMLElement>(':scope > .org-box');
    if (!area || !item || !box) return;
    const a = area.getBoundingClientRect();
    const b = box.getBoundingClientRect();
    const margin = 24;
    const left =
      b.right > a.right - margin
        ? b.right - (a.right - margin)
        : b.left < a.left + margin
          ? b.left - (a.left + margin)
          : 0;
    // On a small screen the area may end below the window: what counts is what shows.
    const bottom = Math.min(a.bottom, window.innerHeight);
    area.scrollBy({ left, top: Math.max(0, b.bottom - bottom + margin) });
    if (props.focusOnOpen) item.focus({ preventScroll: true });
  }, []);

  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    const item = e.target as HTMLElement;
    // Keys pressed on a name's link or a button inside a box are theirs.
    if (!item.matches(TREEITEM)) return;
    const rtl = getComputedStyle(item).direction === 'rtl';
    const siblings = itemsOf(item.parentElement);
    const at = siblings.indexOf(item);
    const parent = item.parentElement?.closest<HTMLElement>(TREEITEM) ?? null;
    const children = itemsOf(item.querySelector(':scope > [role="group"]'));
    const id = Number(item.dataset.nodeId);
    const canOpen = item.getAttribute('aria-expanded') !== null;
    const open = item.getAttribute('aria-expanded') === 'true';
    const all = [...(e.currentTarget.querySelectorAll<HTMLElement>(TREEITEM) ?? [])];
    const move = (to: HTMLElement | null | undefined) => to?.focus();

    switch (e.key) {
      case 'ArrowUp':
        move(parent);
        break;
      case 'ArrowDown':
        if (open) move(children[0]);
        else if (canOpen) toggle(id);
        break;
      case 'ArrowRight':
        move(siblings[rtl ? at - 1 : at + 1]);
        break;
      case 'ArrowLeft':
        move(siblings[rtl ? at + 1 : at - 1]);
        break;
      case 'Home':
        move(all[0]);
        break;
      case 'End':
        move(all.at(-1));
        break;
      case 'Enter':
      case ' ':
        if (item.dataset.more !== undefined) item.querySelector('button')?.click();
        else if (canOpen) toggle(id);
        break;
      default:
        return;
    }
    e.preventDefault();
  };

  const root = path[0] ?? data.person;
  return (
    <ChartContext.Provider value={state}>
      <div className="org-chart" ref={scroller} aria-busy={props.busy}>
        <ul
          // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the WAI-ARIA tree pattern's own markup, a list of tree items
          role="tree"
          className="org-chart__tree"
          aria-label={t('orgChart.label')}
          aria-describedby={props.describedBy}
          onKeyDown={onKeyDown}
        >
          <Item node={root} level={1} position={{ at: 1, of: 1 }} />
        </ul>
      </div>
    </ChartContext.Provider>
  );
}

function Item({
  node,
  level,
  position,
}: {
  node: OrgChartNode;
  level: number;
  position: { at: number; of: number };
}) {
  const chart = useChart();
  const hasReports = node.reports_count > 0;
  const open = hasReports && chart.expanded.has(node.id);
  const ids = `${chart.idPrefix}-${node.id}`;
  return (
    <li
      role="treeitem"
      aria-level={level}
      aria-expanded={hasReports ? open : undefined}
      aria-posinset={position.at}
      aria-setsize={position.of}
      aria-label={node.name}
      aria-describedby={`${ids}-about`}
      aria-current={node.id === chart.viewerId ? 'true' : undefined}
      tabIndex={chart.active === node.id ? 0 : -1}
      data-node-id={node.id}
      className="org-chart__item"
      onFocus={(e) => {
        if (e.target === e.currentTarget) chart.setActive(node.id);
      }}
    >
      <Box node={node} open={open} about={`${ids}-about`} />
      {open ? <Branch managerId={node.id} level={level + 1} /> : null}
    </li>
  );
}

function Box({ node, open, about }: { node: OrgChartNode; open: boolean; about: string }) {
  const { t } = useTranslation();
  const chart = useChart();
  const isViewer = node.id === chart.viewerId;
  const isCentre = node.id === chart.centreId;
  const tabbable = chart.active === node.id ? 0 : -1;
  const focusItem = (e: MouseEvent<HTMLElement>) =>
    e.currentTarget.closest<HTMLElement>(TREEITEM)?.focus({ preventScroll: true });

  const className = ['org-box', isViewer && 'org-box--viewer', isCentre && !isViewer && 'org-box--centre']
    .filter(Boolean)
    .join(' ');
  return (
    <div className={className}>
      <div className="org-box__head">
        <EmployeeAvatar name={node.name} photo={node.photo} size={40} />
        <div className="org-box__text">
          {/* Names and designations keep their own direction (<bdi>) inside the box's. */}
          {node.id === chart.viewerManagerId ? (
            <Typography.Text strong className="org-box__name">
              <bdi>{node.name}</bdi>
            </Typography.Text>
          ) : (
            <Link to={`/profile/${node.id}`} className="org-box__name" tabIndex={tabbable}>
              <bdi>{node.name}</bdi>
            </Link>
          )}
          {/* Read once, in the box's description below (with the reports), not twice. */}
          <Typography.Text type="secondary" className="org-box__designation" aria-hidden>
            <bdi>{node.designation ?? '—'}</bdi>
          </Typography.Text>
        </div>
      </div>
      <span id={about} className="visually-hidden">
        {[
          node.designation,
          isViewer ? t('orgChart.you') : null,
          t('orgChart.reports', { count: node.reports_count }),
        ]
          .filter(Boolean)
          .join(', ')}
      </span>
      {isViewer ? (
        <Tag color="green" className="org-box__you" aria-hidden>
          {t('orgChart.you')}
        </Tag>
      ) : null}
      {isCentre ? null : (
        <Tooltip title={t('orgChart.centreOn', { name: node.name })}>
          <Button
            type="text"
            size="small"
            className="org-box__centre"
            icon={<AimOutlined aria-hidden />}
            aria-label={t('orgChart.centreOn', { name: node.name })}
            tabIndex={tabbable}
            onClick={() => chart.centreOn(node.id)}
          />
        </Tooltip>
      )}
      {node.reports_count > 0 ? (
        <button
          type="button"
          className={`org-box__toggle${open ? ' org-box__toggle--open' : ''}`}
          tabIndex={-1}
          aria-label={t(open ? 'orgChart.hide' : 'orgChart.show', { name: node.name })}
          title={t('orgChart.reports', { count: node.reports_count })}
          // The tree item keeps the focus: Enter and Space on it open and close the branch.
          onMouseDown={(e) => e.preventDefault()}
          onClick={(e) => {
            focusItem(e);
            chart.toggle(node.id);
          }}
        >
          {open ? <CaretUpOutlined aria-hidden /> : <CaretDownOutlined aria-hidden />}
          {node.reports_count}
        </button>
      ) : null}
    </div>
  );
}

/** The direct reports of one person: the page the chart answered, or fetched now, and more on demand. */
function Branch({ managerId, level }: { managerId: number; level: number }) {
  const { t } = useTranslation();
  const chart = useChart();
  const branch = useBranch(managerId, chart.seeds.get(managerId), chart.updatedAt);

  if (branch.isPending)
    return (
      <Group busy>
        <li role="none" className="org-chart__item org-chart__pending">
          <Spin size="small" aria-label={t('orgChart.loading')} />
        </li>
      </Group>
    );
  if (branch.isError && !branch.data)
    return (
      <Group busy={false}>
        <li role="none" className="org-chart__item org-chart__pending">
          <Button size="small" onClick={() => branch.refetch()}>
            {t('orgChart.retry')}
          </Button>
        </li>
      </Group>
    );

  // A page may repeat someone when the branch changed between two pages.
  const seen = new Set<number>();
  const loaded: OrgChartNode[] = [];
  for (const node of branch.data.pages.flatMap((p) => p.items)) {
    if (seen.has(node.id)) continue;
    seen.add(node.id);
    loaded.push(node);
  }
  const total = branch.data.pages.at(-1)?.total ?? loaded.length;
  // The next member of the chain leads the row, loaded yet or not.
  const pinned = chart.pinned.get(managerId);
  const items = pinned ? [pinned, ...loaded.filter((n) => n.id !== pinned.id)] : loaded;
  const left = Math.max(0, total - items.length);

  return (
    <Group busy={branch.isFetchingNextPage}>
      {items.map((node, i) => (
        <Item key={node.id} node={node} level={level} position={{ at: i + 1, of: total }} />
      ))}
      {branch.hasNextPage && left > 0 ? (
        <li
          role="treeitem"
          aria-level={level}
          aria-label={t('orgChart.more', { count: left })}
          tabIndex={-1}
          data-more=""
          className="org-chart__item"
        >
          <Button
            className="org-chart__more"
            tabIndex={-1}
            loading={branch.isFetchingNextPage}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => branch.fetchNextPage()}
          >
            {t('orgChart.more', { count: left })}
          </Button>
        </li>
      ) : null}
    </Group>
  );
}

/** The tree items of one branch, under the item of their line manager. */
function Group({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a branch of a tree is a group of tree items (WAI-ARIA tree pattern), not a form's fieldset
    <ul role="group" className="org-chart__group" aria-busy={busy}>
      {children}
    </ul>
  );
}
