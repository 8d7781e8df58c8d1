import { DEFAULT_PAGE_SIZE, DEFAULT_SORT, PAGE_SIZES } from '@hr/contracts/limits';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';

/**
 * The state every list keeps (SPEC.md §2 Common list behaviour): the
 * Self/Team choice remembered between visits under its own key (e.g.
 * LEAVE_LIST_TYPE), page sizes 10/20/50 and the sort remembered per URL, and
 * the filters kept per URL, either in the URL itself or in local storage.
 */
export type Filters = Record<string, string | undefined>;

export interface ListStateOptions<T extends string> {
  /** Local-storage key of the Self/Team choice. */
  listTypeKey: string;
  /** The two list types, own first (`self` | `team`, or `own` | `team`). */
  listTypes: readonly [T, T];
  /** Where filters live: in the URL, or in local storage per URL. */
  filterStore: 'url' | 'storage';
}

function readJson<V>(key: string, fallback: V): V {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as V) : fallback;
  } catch {
    return fallback;
  }
}

function clean(filters: Filters): Filters {
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== ''));
}

export function useListState<T extends string>({ listTypeKey, listTypes, filterStore }: ListStateOptions<T>) {
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const sortKey = `list.sort:${pathname}`;
  const limitKey = `list.limit:${pathname}`;
  const filterKey = `list.filters:${pathname}`;

  const [listType, setListTypeState] = useState<T>(() => {
    // A link may open a list in a given view (?list_type=team); it is remembered like a choice.
    const linked = new URLSearchParams(window.location.search).get('list_type');
    if (listTypes.includes(linked as T)) {
      localStorage.setItem(listTypeKey, linked as T);
      return linked as T;
    }
    const stored = localStorage.getItem(listTypeKey);
    return listTypes.includes(stored as T) ? (stored as T) : listTypes[0];
  });
  const [page, setPage] = useState(1);
  const [limit, setLimitState] = useState<number>(() => {
    const stored = readJson<number>(limitKey, DEFAULT_PAGE_SIZE);
    return (PAGE_SIZES as readonly number[]).includes(stored) ? stored : DEFAULT_PAGE_SIZE;
  });
  const [sort, setSortState] = useState<string>(() => readJson<string>(sortKey, DEFAULT_SORT));
  const [storedFilters, setStoredFilters] = useState<Filters>(() => {
    // A link may carry filters (?status_id=2); they replace the stored ones.
    const linked: Filters = {};
    for (const [k, v] of new URLSearchParams(window.location.search)) if (k !== 'list_type') linked[k] = v;
    if (filterStore === 'storage' && Object.keys(linked).length > 0) {
      localStorage.setItem(filterKey, JSON.stringify(linked));
      return linked;
    }
    return readJson<Filters>(filterKey, {});
  });

  // Once a link's view and filters are remembered, a clean address keeps a reload from bringing
  // them back over later choices.
  useEffect(() => {
    if (filterStore === 'storage' && params.size > 0) setParams({}, { replace: true });
  }, [filterStore, params, setParams]);

  const urlFilters = useMemo(() => {
    const f: Filters = {};
    for (const [k, v] of params.entries()) if (k !== 'list_type') f[k] = v;
    return f;
  }, [params]);
  const filters = filterStore === 'url' ? urlFilters : storedFilters;

  const setListType = useCallback(
    (value: T) => {
      localStorage.setItem(listTypeKey, value);
      setListTypeState(value);
      setPage(1);
    },
    [listTypeKey],
  );

  const setLimit = useCallback(
    (value: number) => {
      localStorage.setItem(limitKey, JSON.stringify(value));
      setLimitState(value);
      setPage(1);
    },
    [limitKey],
  );

  const setSort = useCallback(
    (value: string) => {
      localStorage.setItem(sortKey, JSON.stringify(value));
      setSortState(value);
    },
    [sortKey],
  );

  const setFilters = useCallback(
    (next: Filters) => {
      const value = clean(next);
      if (filterStore === 'url') setParams(value as Record<string, string>, { replace: true });
      else {
        localStorage.setItem(filterKey, JSON.stringify(value));
        setStoredFilters(value);
      }
      setPage(1);
    },
    [filterStore, filterKey, setParams],
  );

  /** Sets one filter (undefined removes it), keeping the others. */
  const setFilter = useCallback(
    (key: string, value: string | number | undefined) =>
      setFilters({ ...filters, [key]: value === undefined ? undefined : String(value) }),
    [filters, setFilters],
  );

  return {
    listType,
    setListType,
    page,
    setPage,
    limit,
    setLimit,
    sort,
    setSort,
    filters,
    setFilters,
    setFilter,
  };
}

export type ListState<T extends string> = ReturnType<typeof useListState<T>>;

/** Filters being chosen in the panel before Search applies them (KPI and EPR lists). */
export interface FilterDraft {
  values: Filters;
  set: (key: string, value: string | number | undefined) => void;
  /** Applies the draft to the list. */
  apply: () => void;
  /** Empties the draft and the list's filters. */
  clear: () => void;
  /** Takes these filters out of the draft and, when they were applied, out of the list. */
  drop: (keys: readonly string[]) => void;
}

/**
 * The panel's draft of a list's filters: its controls change the draft and
 * Search applies it (SPEC.md §2, EPR and KPI lists). A change of the list's
 * filters from elsewhere (a link, Clear) starts the draft again from them.
 */
export function useFilterDraft(list: { filters: Filters; setFilters: (next: Filters) => void }): FilterDraft {
  const { filters, setFilters } = list;
  const [values, setValues] = useState<Filters>(filters);
  useEffect(() => setValues(filters), [filters]);
  return {
    values,
    set: (key, value) =>
      setValues((d) => clean({ ...d, [key]: value === undefined ? undefined : String(value) })),
    apply: () => setFilters(values),
    clear: () => {
      setValues({});
      setFilters({});
    },
    drop: (keys) => {
      const without = (f: Filters) =>
        Object.fromEntries(Object.entries(f).filter(([k]) => !keys.includes(k)));
      setValues(without);
      if (keys.some((k) => filters[k] !== undefined)) setFilters(without(filters));
    },
  };
}
