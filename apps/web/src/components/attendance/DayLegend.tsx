import { useTranslation } from 'react-i18next';
import { DAY_ICONS, kindLabel } from './DayStatusTags';
import { DAY_COLOURS, DAY_KINDS, type DayKind } from './day-status';
import './attendance-days.css';

/** The legend of the colours of days: a swatch, the kind's icon and its name. */
export function DayLegend({ kinds = DAY_KINDS, label }: { kinds?: readonly DayKind[]; label?: string }) {
  const { t } = useTranslation();
  return (
    <ul className="day-legend" aria-label={label ?? t('attendance.legend')}>
      {kinds.map((kind) => (
        <li key={kind} className="day-legend__item">
          <span
            className={`day-legend__swatch day-kind--${kind}`}
            style={{ ['--day-colour' as string]: DAY_COLOURS[kind] }}
            aria-hidden
          >
            {DAY_ICONS[kind]}
          </span>
          <span>{kindLabel(t, kind)}</span>
        </li>
      ))}
    </ul>
  );
}
