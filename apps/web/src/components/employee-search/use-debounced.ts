import { SEARCH_DEBOUNCE_MS } from '@hr/contracts/limits';
import { useEffect, useState } from 'react';

/** The value once it has stopped changing for `delay` ms (SPEC.md §9: 600 ms for the search box). */
export function useDebounced<T>(value: T, delay = SEARCH_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
