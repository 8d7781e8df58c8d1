import { APPROVAL_COMMENT_MAX, APPROVAL_MODULES, type ApprovalModule } from '@hr/contracts/approval-rules';
import type { ApprovalItem } from '@hr/contracts/approvals';
import type { RecordKind } from '@hr/contracts/error-codes';
import type { WorkflowAction } from '@hr/contracts/workflow';
import { type Key, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ListTable } from '../../../components/list/ListTable';
import { PersonCell } from '../../../components/list/PersonCell';
import { StatusTag } from '../../../components/list/StatusTag';
import { PageHeader } from '../../../components/PageHeader';
import { PlainAlert } from '../../../components/PlainAlert';
import { PlainCard } from '../../../components/PlainBlocks';
import { Button } from '../../../components/plain/Button';
import { Tabs } from '../../../components/plain/Tabs';
import { formatDateTime } from '../../../lib/dates';
import { confirmDialog, toastSuccess } from '../../../lib/notify';
import { codeText } from '../../../lib/server-errors';
import { useApprovalCounts, useApprovals, useDecide } from '../api';
import '../approvals.css';

type Row = ApprovalItem & { key: string };
type Tab = ApprovalModule | 'all';

const kindOf = (module: ApprovalModule) => module.replace('-', '_') as RecordKind;

/** Where an item is read in full: its own page, or its module's Team list. */
function linkOf(item: ApprovalItem): string {
  switch (item.module) {
    case 'kpi':
      return `/kpi/${item.id}`;
    case 'epr':
      return `/epr/${item.id}`;
    case 'leave':
      return '/leave?list_type=team';
    case 'remote-work':
      return '/remote-work?list_type=team';
    default:
      return `/hr-services/${item.id}`;
  }
}

/** Days an item has waited, whole days. */
const daysSince = (iso: string) => Math.max(0, Math.floor((Date.now() - Date.parse(iso)) / 86_400_000));

/**
 * /approvals: what waits for the reader's decision in every module, the
 * oldest first, a tab per module with its count. Several rows are picked and
 * decided together; the actions offered are those the server gives every
 * picked row.
 */
export function Component() {
  const { t } = useTranslation();
  // The tab lives in the address (`?module=leave`): a link can open one, a reload keeps it.
  const [params, setParams] = useSearchParams();
  const asked = params.get('module');
  const tab: Tab = (APPROVAL_MODULES as readonly string[]).includes(asked ?? '') ? (asked as Tab) : 'all';
  const setTab = (next: Tab) => setParams(next === 'all' ? {} : { module: next }, { replace: true });
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(20);
  const [sort, setSort] = useState('waiting,asc');
  const [selected, setSelected] = useState<Key[]>([]);
  const [refused, setRefused] = useState<string[]>([]);
  // Words for the requesters, sent with a decision of the selected items.
  const [comment, setComment] = useState('');
  const query = { page, limit, sort, ...(tab === 'all' ? {} : { module: tab }) };
  const list = useApprovals(query);
  const counts = useApprovalCounts();
  const decide = useDecide();

  const rows: Row[] = useMemo(
    () => (list.data?.items ?? []).map((i) => ({ ...i, key: `${i.module}:${i.id}` })),
    [list.data],
  );
  const picked = rows.filter((r) => selected.includes(r.key));
  // The actions every picked row offers: the server's word per row, and nothing else.
  const common = picked.reduce<WorkflowAction[] | null>(
    (acc, r) => (acc === null ? [...r.actions] : acc.filter((a) => r.actions.includes(a))),
    null,
  );

  const run = async (action: WorkflowAction, items: Row[]) => {
    const ok = await confirmDialog({
      title: t('approvals.confirm', { count: items.length, action: t(`approvals.actions.${action}`) }),
      okText: t(`approvals.actions.${action}`),
      danger: action === 'reject' || action === 'cancel',
    });
    if (!ok) return;
    const words = items.length === picked.length ? comment.trim() : '';
    const answer = await decide.mutateAsync({
      action,
      items: items.map((r) => ({ module: r.module, id: r.id })),
      ...(words ? { comment: words } : {}),
    });
    if (words) setComment('');
    const failed = answer.items.filter((o) => 'error' in o);
    const done = answer.items.length - failed.length;
    if (done > 0) toastSuccess(t('approvals.decided', { count: done }));
    setSelected([]);
    setRefused(
      failed.map((o) => {
        const row = items.find((r) => r.module === o.module && r.id === o.id);
        const why = 'error' in o ? (codeText({ error: o.error, message: o.message }) ?? o.message) : '';
        return `${row?.title ?? `${o.module} ${o.id}`}: ${why}`;
      }),
    );
  };
  const tabs: Tab[] = ['all', ...APPROVAL_MODULES];
  const countOf = (k: Tab) => (k === 'all' ? counts.data?.total : counts.data?.[k]) ?? 0;

  return (
    <>
      <PageHeader title={t('approvals.title')} subtitle={t('approvals.intro')} />
      <PlainCard title={null}>
        <Tabs<Tab>
          active={tab}
          onChange={(k) => {
            setTab(k);
            setPage(1);
            setSelected([]);
          }}
          items={tabs.map((k) => ({
            key: k,
            label: (
              <>
                <span>{t(`approvals.modules.${k}`)}</span>
                <span className={`plain-count${countOf(k) ? '' : ' plain-count--zero'}`}>{countOf(k)}</span>
              </>
            ),
          }))}
        >
          {refused.length > 0 ? (
            <div className="approvals-refused-box">
              <PlainAlert
                type="warning"
                role="alert"
                title={t('approvals.refused', { count: refused.length })}
                description={
                  <ul className="approvals-refused">
                    {refused.map((r) => (
                      <li key={r}>{r}</li>
                    ))}
                  </ul>
                }
              />
              <Button
                variant="text"
                size="small"
                aria-label={t('common.close')}
                onClick={() => setRefused([])}
              >
                <span aria-hidden="true">×</span>
              </Button>
            </div>
          ) : null}
          {/* biome-ignore lint/a11y/useSemanticElements: a row of controls acting together, not a form's fieldset */}
          <div className="plain-row approvals-bulk" role="group" aria-label={t('approvals.bulk')}>
            <Button
              onClick={() =>
                setSelected(picked.length === rows.length && rows.length > 0 ? [] : rows.map((r) => r.key))
              }
              disabled={rows.length === 0}
            >
              {picked.length === rows.length && rows.length > 0
                ? t('approvals.selectNone')
                : t('approvals.selectAll')}
            </Button>
            <span role="status">{t('approvals.selected', { count: picked.length })}</span>
            {picked.length > 0 ? (
              <textarea
                className="plain-textarea approvals-comment"
                rows={1}
                aria-label={t('approvals.comment')}
                placeholder={t('approvals.comment')}
                value={comment}
                onChange={(e) => setComment(e.target.value)}
                maxLength={APPROVAL_COMMENT_MAX}
              />
            ) : null}
            {(common ?? []).map((a) => (
              <Button
                key={a}
                variant={a === 'reject' || a === 'cancel' ? 'danger' : 'primary'}
                loading={decide.isPending && decide.variables?.action === a}
                onClick={() => void run(a, picked)}
              >
                {t('approvals.decideSelected', { action: t(`approvals.actions.${a}`), count: picked.length })}
              </Button>
            ))}
          </div>
          <ListTable<Row>
            rowKey="key"
            label={t('approvals.title')}
            data={rows}
            total={list.data?.total ?? 0}
            loading={list.isFetching}
            page={page}
            limit={limit}
            sort={sort}
            onPage={setPage}
            onLimit={(l) => {
              setLimit(l);
              setPage(1);
            }}
            onSort={(s) => {
              setSort(s);
              setPage(1);
            }}
            selection={{
              keys: selected,
              onChange: setSelected,
              label: (r) => t('approvals.select', { title: r.title, name: r.employee.name }),
            }}
            columns={[
              {
                key: 'title',
                title: t('approvals.columns.title'),
                render: (_, r) => (
                  <span className="approvals-title">
                    <Link to={linkOf(r)}>{r.title}</Link>
                    <span className="plain-secondary">{t(`approvals.modules.${r.module}`)}</span>
                  </span>
                ),
              },
              {
                key: 'employee',
                title: t('approvals.columns.employee'),
                sortField: 'employee',
                render: (_, r) => <PersonCell person={r.employee} />,
              },
              {
                key: 'status',
                title: t('approvals.columns.status'),
                render: (_, r) => <StatusTag kind={kindOf(r.module)} status={r.status} />,
              },
              {
                key: 'waiting',
                title: t('approvals.columns.waiting'),
                sortField: 'waiting',
                render: (_, r) => (
                  <span title={formatDateTime(r.waiting_since)}>
                    {t('approvals.waitingDays', { count: daysSince(r.waiting_since) })}
                  </span>
                ),
              },
              {
                key: 'actions',
                title: t('approvals.columns.actions'),
                render: (_, r) => (
                  <span className="plain-row plain-row--tight">
                    {r.actions.map((a) => (
                      <Button
                        key={a}
                        size="small"
                        variant={a === 'reject' || a === 'cancel' ? 'danger' : 'default'}
                        onClick={() => void run(a, [r])}
                        aria-label={t('approvals.decideOne', {
                          action: t(`approvals.actions.${a}`),
                          title: r.title,
                        })}
                      >
                        {t(`approvals.actions.${a}`)}
                      </Button>
                    ))}
                  </span>
                ),
              },
            ]}
          />
        </Tabs>
      </PlainCard>
    </>
  );
}
