import type { KpiDirection } from '@hr/contracts/kpi';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';

/**
 * A KPI's target with its unit, and which way it is better when that is not
 * "higher" (a cost within its budget, days to close: lower is better), as
 * the sheet and the review show it.
 */
export function KpiTarget({
  target,
  unit,
  direction,
}: {
  target: number;
  unit: string;
  direction: KpiDirection;
}) {
  const { t } = useTranslation();
  return (
    <span style={{ display: 'inline-flex', flexDirection: 'column', lineHeight: 1.3 }}>
      <bdi>{`${formatNumber(target)} ${unit}`}</bdi>
      {direction === 'higher' ? null : (
        <span className="plain-secondary" style={{ fontSize: 12 }}>
          {t(`kpi.direction.${direction}`)}
        </span>
      )}
    </span>
  );
}
