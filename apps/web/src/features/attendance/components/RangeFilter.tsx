import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/plain/DateField';
import { type DayRange, fitRange, thisMonthRange, todayRange } from '../range';

/**
 * The report's range (SPEC.md §2): its first and last days (DD-MM-YYYY,
 * typed or picked from the calendar), with the presets Today and This Month
 * (so far), no day after today. It always holds a range: the report needs
 * both ends before it loads (SPEC.md §5); a day that would leave the range
 * upside down or longer than a report covers moves the other end with it.
 */
export function RangeFilter({
  value,
  today,
  onChange,
}: {
  value: DayRange;
  today: string;
  onChange: (range: DayRange) => void;
}) {
  const { t } = useTranslation();
  const from = t('attendance.range.from');
  const to = t('attendance.range.to');
  return (
    <fieldset className="plain-range" aria-label={`${from} – ${to}`}>
      <DateField
        value={value.from}
        onChange={(day) => day && onChange(fitRange({ from: day, to: value.to }, 'from'))}
        placeholder={from}
        aria-label={from}
        max={today}
      />
      <span aria-hidden="true" className="plain-secondary flip-rtl attendance-range__arrow">
        →
      </span>
      <DateField
        value={value.to}
        onChange={(day) => day && onChange(fitRange({ from: value.from, to: day }, 'to'))}
        placeholder={to}
        aria-label={to}
        max={today}
      />
      <button type="button" className="plain-link-button" onClick={() => onChange(todayRange(today))}>
        {t('common.today')}
      </button>
      <button type="button" className="plain-link-button" onClick={() => onChange(thisMonthRange(today))}>
        {t('common.thisMonth')}
      </button>
    </fieldset>
  );
}
