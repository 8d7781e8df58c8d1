import { DATE_FORMAT } from '@hr/contracts/limits';
import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';

/** A range as lists send it: `YYYY-MM-DD,YYYY-MM-DD`. */
export function toRangeParam(value: [Dayjs | null, Dayjs | null] | null): string | undefined {
  if (!value || (!value[0] && !value[1])) return undefined;
  return `${value[0]?.format('YYYY-MM-DD') ?? ''},${value[1]?.format('YYYY-MM-DD') ?? ''}`;
}

export function fromRangeParam(value: string | undefined): [Dayjs | null, Dayjs | null] | null {
  if (!value) return null;
  const [a, b] = value.split(',');
  return [a ? dayjs(a) : null, b ? dayjs(b) : null];
}

/** A date range picker with the presets Today and This Month (SPEC.md §2). */
export function DateRangeFilter({
  value,
  onChange,
  placeholder,
  disabledFuture = false,
}: {
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  placeholder: [string, string];
  disabledFuture?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <DatePicker.RangePicker
      value={fromRangeParam(value)}
      onChange={(v) => onChange(toRangeParam(v))}
      format={DATE_FORMAT}
      allowEmpty={[true, true]}
      placeholder={placeholder}
      disabledDate={disabledFuture ? (d) => d.isAfter(dayjs(), 'day') : undefined}
      presets={[
        { label: t('common.today'), value: [dayjs().startOf('day'), dayjs().endOf('day')] },
        { label: t('common.thisMonth'), value: [dayjs().startOf('month'), dayjs().endOf('month')] },
      ]}
    />
  );
}
