import type { KeyboardEvent } from 'react';

/** Enter in a date picker or a select picks (the typed date, the option); only in a text field does it save. */
export function keepEnterInPickers(event: KeyboardEvent<HTMLFormElement>) {
  if (event.key === 'Enter' && (event.target as HTMLElement).closest('.ant-picker, .ant-select'))
    event.preventDefault();
}
