import { DateRangeField } from '../plain/DateField';

/** A date range filter with the presets Today and This Month (SPEC.md §2): `YYYY-MM-DD,YYYY-MM-DD`. */
export function DateRangeFilter(props: {
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  placeholder: [string, string];
  disabledFuture?: boolean;
}) {
  return <DateRangeField {...props} />;
}
