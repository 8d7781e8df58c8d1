import type { EmployeeSearchFilter } from '@hr/contracts/employee-search';
import { SEARCH_DEFAULT_SORT } from '@hr/contracts/employee-search';
import { DEFAULT_PAGE_SIZE } from '@hr/contracts/limits';
import { Card } from 'antd';
import { useState } from 'react';
import { useEmployeeSearch } from '../../../components/employee-search/api';
import { EmployeeSearchPanel } from '../../../components/employee-search/EmployeeSearchPanel';
import {
  EmployeeSearchResults,
  type ListWindow,
} from '../../../components/employee-search/EmployeeSearchResults';

const STORAGE_KEY = '/profile';

function searched(filter: EmployeeSearchFilter | null): filter is EmployeeSearchFilter {
  return (
    filter !== null &&
    Object.values(filter).some((v) => v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0))
  );
}

/**
 * HR administrators find anyone from the profile area (SPEC.md §2 Profile):
 * the folded 'Filter Options' panel, with results once they search.
 */
export function AdminEmployeeSearch() {
  const [filter, setFilter] = useState<EmployeeSearchFilter | null>(null);
  const [window, setWindow] = useState<ListWindow>({
    page: 1,
    limit: DEFAULT_PAGE_SIZE,
    sort: SEARCH_DEFAULT_SORT,
  });
  const active = searched(filter);
  const results = useEmployeeSearch(active ? filter : {}, window.page, window.limit, window.sort, active);

  return (
    <>
      <EmployeeSearchPanel
        storageKey={STORAGE_KEY}
        allowStatus
        defaultOpen={false}
        onSearch={(next) => {
          setFilter(next);
          setWindow((w) => ({ ...w, page: 1 }));
        }}
      />
      {active ? (
        <Card size="small" style={{ marginBottom: 16 }}>
          <EmployeeSearchResults
            data={results.data}
            loading={results.isFetching}
            showStatus
            {...window}
            onChange={setWindow}
          />
        </Card>
      ) : null}
    </>
  );
}
