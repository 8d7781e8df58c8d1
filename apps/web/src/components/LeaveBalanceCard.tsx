import type { LeaveBalances } from '@hr/contracts/leave';
import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { type CSSProperties, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ForReaders } from './ForReaders';
import { PlainCard, PlainEmpty, PlainSkeleton } from './PlainBlocks';

/**
 * Leave balances per type with a balance (SPEC.md §9), for the signed-in
 * employee or one of their reports: `balances` is leave's query of a year
 * (features/leave leaveBalancesQuery). Drawn without Ant Design: the
 * dashboard shows it. With `onOpen`, each balance offers its ledger: how
 * the number adds up (the leave page and the profile open it in a drawer).
 */
export function LeaveBalanceCard<Key extends QueryKey>({
  balances: query,
  title,
  onOpen,
}: {
  balances: (year: number) => UseQueryOptions<LeaveBalances, Error, LeaveBalances, Key>;
  title?: string;
  onOpen?: (type: { id: number; name: string }, year: number) => void;
}) {
  const { t } = useTranslation();
  const thisYear = dayjs().year();
  const [year, setYear] = useState(thisYear);
  const balances = useQuery(query(year));
  const data = balances.data;
  const cardTitle = title ?? t('leave.balances.title');
  return (
    <PlainCard
      title={cardTitle}
      region
      extra={
        <select
          className="plain-select"
          value={year}
          onChange={(event) => setYear(Number(event.target.value))}
          aria-label={t('leave.balances.chooseYear')}
        >
          {[thisYear - 1, thisYear, thisYear + 1].map((y) => (
            <option key={y} value={y}>
              {t('leave.balances.year', { year: y })}
            </option>
          ))}
        </select>
      }
    >
      {balances.isPending ? (
        <PlainSkeleton />
      ) : !data || data.items.length === 0 ? (
        <PlainEmpty description={t('leave.balances.empty')} />
      ) : (
        <div className="plain-grid" style={{ '--grid-lg': 3, '--grid-xl': 4 } as CSSProperties}>
          {data.items.map((b) => {
            const used = b.days ? Math.round(((b.taken + b.pending) / b.days) * 100) : 0;
            const taken = b.days ? Math.round((b.taken / b.days) * 100) : 0;
            return (
              <div key={b.type.id} className="balance-tile" data-testid={`balance-${b.type.id}`}>
                <strong>{b.type.name}</strong>
                <div
                  className="plain-progress"
                  role="progressbar"
                  aria-label={t('a11y.balanceBar', { type: b.type.name })}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={Math.min(used, 100)}
                >
                  <div className="plain-progress__bar" style={{ width: `${Math.min(used, 100)}%` }} />
                  <div className="plain-progress__success" style={{ width: `${Math.min(taken, 100)}%` }} />
                </div>
                <span className="balance-tile__remaining">
                  <span data-testid={`balance-remaining-${b.type.id}`}>{b.remaining}</span>{' '}
                  <span className="plain-secondary">{t('leave.balances.of', { count: b.days })}</span>
                </span>
                <span className="plain-secondary" style={{ fontSize: 12 }}>
                  {t('leave.balances.taken')}: {b.taken} · {t('leave.balances.pending')}: {b.pending}
                </span>
                {onOpen ? (
                  <button
                    type="button"
                    className="plain-link-button balance-tile__ledger"
                    onClick={() => onOpen(b.type, year)}
                  >
                    {t('leavePolicies.ledger.open')}
                    <ForReaders>{b.type.name}</ForReaders>
                  </button>
                ) : null}
              </div>
            );
          })}
        </div>
      )}
    </PlainCard>
  );
}
