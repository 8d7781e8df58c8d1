import { DATE_FORMAT } from '@hr/contracts/limits';
import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiDate } from '../../../lib/dates';
import { type DayRange, isPickable, thisMonthRange, todayRange } from '../range';

const toPicker = (range: DayRange): [Dayjs, Dayjs] => [dayjs(range.from), dayjs(range.to)];

/**
 * The report's range (SPEC.md §2): a range picker with the presets Today and
 * This Month (so far), no day after today, DD-MM-YYYY. It always holds a
 * range: the report needs both ends before it loads (SPEC.md §5).
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
  const id = useId();
  return (
    <span>
      <label htmlFor={`${id}-from`} className="visually-hidden">
        {t('attendance.range.from')}
      </label>
      <label htmlFor={`${id}-to`} className="visually-hidden">
        {t('attendance.range.to')}
      </label>
      <DatePicker.RangePicker
        id={{ start: `${id}-from`, end: `${id}-to` }}
        value={toPicker(value)}
        format={DATE_FORMAT}
        allowClear={false}
        placeholder={[t('attendance.range.from'), t('attendance.range.to')]}
        disabledDate={(d, info) => !isPickable(d.format('YYYY-MM-DD'), today, toApiDate(info?.from))}
        presets={[
          { label: t('common.today'), value: toPicker(todayRange(today)) },
          { label: t('common.thisMonth'), value: toPicker(thisMonthRange(today)) },
        ]}
        onChange={(v) => {
          const from = toApiDate(v?.[0]);
          const to = toApiDate(v?.[1]);
          if (from && to) onChange({ from, to });
        }}
      />
    </span>
  );
}
