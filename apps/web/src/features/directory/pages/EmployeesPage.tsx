import type { EmployeeSearchFilter } from '@hr/contracts/employee-search';
import { SEARCH_DEFAULT_SORT } from '@hr/contracts/employee-search-rules';
import { DEFAULT_PAGE_SIZE } from '@hr/contracts/limits';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEmployeeSearch } from '../../../components/employee-search/api';
import {
  EmployeeSearchPanel,
  savedEmployeeSearch,
} from '../../../components/employee-search/EmployeeSearchPanel';
import {
  EmployeeSearchResults,
  type ListWindow,
} from '../../../components/employee-search/EmployeeSearchResults';
import { PageHeader } from '../../../components/PageHeader';
import { PageLoading } from '../../../components/PageLoading';
import { LinkButton } from '../../../components/plain/LinkButton';
import { Result } from '../../../components/plain/Result';
import { useMe } from '../../../lib/me';
import '../directory.css';

const STORAGE_KEY = '/employees';
const SORT_KEY = 'hr.sort:/employees';

function savedSort(): string {
  const value = localStorage.getItem(SORT_KEY);
  return value && /^(name|eid),(asc|desc)$/.test(value) ? value : SEARCH_DEFAULT_SORT;
}

/** HR administrators search every employee (SPEC.md §2 sidebar "Employee") and open their profiles. */
export function Component() {
  const { t } = useTranslation();
  const me = useMe();
  if (me.isLoading) return <PageLoading />;
  if (!me.data?.user.is_admin)
    return (
      <Result
        status="403"
        title="403"
        subTitle={t('employees.forbidden')}
        extra={
          <LinkButton to="/profile" variant="primary">
            {t('errors.goHome')}
          </LinkButton>
        }
      />
    );
  return <EmployeeDirectory />;
}

function EmployeeDirectory() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<EmployeeSearchFilter>(() => savedEmployeeSearch(STORAGE_KEY));
  const [window, setWindow] = useState<ListWindow>(() => ({
    page: 1,
    limit: DEFAULT_PAGE_SIZE,
    sort: savedSort(),
  }));
  const results = useEmployeeSearch(filter, window.page, window.limit, window.sort);

  return (
    <>
      <PageHeader title={t('employees.title')} subtitle={t('employees.subtitle')} />
      <EmployeeSearchPanel
        storageKey={STORAGE_KEY}
        allowStatus
        allowPersonal
        onSearch={(next) => {
          setFilter(next);
          setWindow((w) => ({ ...w, page: 1 }));
        }}
      />
      <div className="plain-card directory-results">
        <EmployeeSearchResults
          data={results.data}
          loading={results.isFetching}
          showStatus
          {...window}
          onChange={(next) => {
            localStorage.setItem(SORT_KEY, next.sort);
            setWindow(next);
          }}
        />
      </div>
    </>
  );
}
