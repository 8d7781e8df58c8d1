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
 * Finding a colleague from the profile area (SPEC.md §2 Profile): the folded
 * 'Filter Options' panel, with results once a search is made. Every employee
 * searches the directory by its public facts; HR administrators also by
 * status and by personal data (DESIGN.md §9).
 */
export function ProfileEmployeeSearch({ admin }: { admin: boolean }) {
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
        allowStatus={admin}
        allowPersonal={admin}
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
            showStatus={admin}
            {...window}
            onChange={setWindow}
          />
        </Card>
      ) : null}
    </>
  );
}
