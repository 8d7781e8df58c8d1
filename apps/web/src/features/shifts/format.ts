import { endsNextDay, WEEKDAYS } from '@hr/contracts/shifts';
import { useTranslation } from 'react-i18next';
import { weekdayName } from '../../lib/format';

/** How shifts read in the user's language: their hours and their days off. */
export function useShiftText() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return {
    /** `09:00 – 18:00`, or `22:00 – 06:00 (next day)` for a shift past midnight. */
    hours: (shift: { start: string; end: string }) =>
      t(endsNextDay(shift.start, shift.end) ? 'shifts.nextDay' : 'shifts.hours', {
        start: shift.start,
        end: shift.end,
      }),
    /** The days off by name; null is the company's weekly off day, an empty list none. */
    offDays: (days: readonly number[] | null, width: 'long' | 'short' = 'long') => {
      if (days === null) return t(width === 'long' ? 'shifts.companyOffDay' : 'shifts.companyOffDayShort');
      if (days.length === 0) return t('shifts.noDayOff');
      return days.map((d) => weekdayName(d, language, width)).join(t('shifts.listSeparator'));
    },
    /** Every day of the week, for checkboxes: value and name. */
    weekdays: () => WEEKDAYS.map((d) => ({ value: d, label: weekdayName(d, language) })),
  };
}
