import type { Delegation, DelegationState } from '@hr/contracts/delegations';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyWhenShown } from '../../../components/lazy-part';
import { DataTable } from '../../../components/list/DataTable';
import { PlainAlert } from '../../../components/PlainAlert';
import { PlainCard } from '../../../components/PlainBlocks';
import { Button } from '../../../components/plain/Button';
import { confirmDelete } from '../../../lib/confirm-delete';
import { formatDate } from '../../../lib/dates';
import { toastSuccess } from '../../../lib/notify';
import { useDelegations, useDeleteDelegation } from '../api';
import '../delegations.css';

/** The form: loaded when first opened. */
const DelegationFormModal = lazyWhenShown(
  () => import('./DelegationFormModal').then((m) => m.DelegationFormModal),
  (props) => props.open,
);

const STATE_COLOR: Record<DelegationState, string> = {
  upcoming: 'processing',
  in_force: 'success',
  ended: 'default',
};

/**
 * A person's delegations: those they handed over (name a delegate, change or
 * delete one not ended, as each row's `actions` allow) and those naming them
 * delegate. `employeeId`: whose, when an HR administrator looks at someone's.
 */
export function DelegationsPanel({ employeeId }: { employeeId?: number }) {
  const { t } = useTranslation();
  const list = useDelegations(employeeId);
  const remove = useDeleteDelegation();
  const [editing, setEditing] = useState<Delegation | null>(null);
  const [open, setOpen] = useState(false);
  const days = (d: Delegation) => `${formatDate(d.from)} – ${formatDate(d.to)}`;
  const modules = (d: Delegation) =>
    d.modules === null
      ? t('delegations.allModules')
      : d.modules.map((m) => t(`approvals.modules.${m}`)).join(', ');
  const state = (d: Delegation) => (
    <span className={`plain-tag plain-tag--${STATE_COLOR[d.state]}`}>
      {t(`delegations.states.${d.state}`)}
    </span>
  );
  const onDelete = async (d: Delegation) => {
    if (!(await confirmDelete(t('delegations.itemName', { name: d.delegate.name, days: days(d) })))) return;
    await remove.mutateAsync(d.id);
    toastSuccess(t('delegations.deleted'));
  };

  return (
    <div className="delegations-panel">
      <PlainCard
        title={t('delegations.given')}
        extra={
          <Button
            variant="primary"
            onClick={() => {
              setEditing(null);
              setOpen(true);
            }}
          >
            {t('delegations.add')}
          </Button>
        }
      >
        <p className="plain-secondary">{t('delegations.explain')}</p>
        {list.isError ? <PlainAlert type="error" role="alert" title={t('errors.unexpected')} /> : null}
        <DataTable<Delegation>
          rowKey="id"
          label={t('delegations.given')}
          loading={list.isLoading}
          dataSource={list.data?.given}
          emptyText={t('delegations.noneGiven')}
          columns={[
            {
              key: 'delegate',
              title: t('delegations.columns.delegate'),
              render: (_, d) => `${d.delegate.name} (${d.delegate.eid})`,
            },
            { key: 'days', title: t('delegations.columns.days'), render: (_, d) => <bdi>{days(d)}</bdi> },
            { key: 'modules', title: t('delegations.columns.modules'), render: (_, d) => modules(d) },
            { key: 'state', title: t('delegations.columns.state'), render: (_, d) => state(d) },
            {
              key: 'actions',
              title: t('delegations.columns.actions'),
              render: (_, d) =>
                d.actions.length === 0 ? null : (
                  <span className="plain-row">
                    {d.actions.includes('edit') ? (
                      <Button
                        size="small"
                        aria-label={t('delegations.editOne', { name: d.delegate.name, days: days(d) })}
                        onClick={() => {
                          setEditing(d);
                          setOpen(true);
                        }}
                      >
                        {t('common.edit')}
                      </Button>
                    ) : null}
                    {d.actions.includes('delete') ? (
                      <Button
                        size="small"
                        variant="danger"
                        aria-label={t('delegations.deleteOne', { name: d.delegate.name, days: days(d) })}
                        onClick={() => void onDelete(d)}
                      >
                        {t('common.delete')}
                      </Button>
                    ) : null}
                  </span>
                ),
            },
          ]}
        />
      </PlainCard>
      <PlainCard title={t('delegations.received')}>
        <DataTable<Delegation>
          rowKey="id"
          label={t('delegations.received')}
          loading={list.isLoading}
          dataSource={list.data?.received}
          emptyText={t('delegations.noneReceived')}
          columns={[
            {
              key: 'delegator',
              title: t('delegations.columns.delegator'),
              render: (_, d) => `${d.delegator.name} (${d.delegator.eid})`,
            },
            { key: 'days', title: t('delegations.columns.days'), render: (_, d) => <bdi>{days(d)}</bdi> },
            { key: 'modules', title: t('delegations.columns.modules'), render: (_, d) => modules(d) },
            { key: 'state', title: t('delegations.columns.state'), render: (_, d) => state(d) },
          ]}
        />
      </PlainCard>
      <DelegationFormModal
        open={open}
        item={editing}
        employeeId={employeeId}
        onClose={() => setOpen(false)}
      />
    </div>
  );
}
