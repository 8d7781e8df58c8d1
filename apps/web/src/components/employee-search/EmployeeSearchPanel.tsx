import ClearOutlined from '@ant-design/icons-svg/es/asn/ClearOutlined';
import DownOutlined from '@ant-design/icons-svg/es/asn/DownOutlined';
import FilterOutlined from '@ant-design/icons-svg/es/asn/FilterOutlined';
import SearchOutlined from '@ant-design/icons-svg/es/asn/SearchOutlined';
import UpOutlined from '@ant-design/icons-svg/es/asn/UpOutlined';
import type { EmployeeSearchFilter } from '@hr/contracts/employee-search';
import { BLOOD_GROUPS } from '@hr/contracts/employee-search-rules';
import type { LookupName, Option } from '@hr/contracts/lookups';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PlainIcon } from '../PlainIcon';
import { Button } from '../plain/Button';
import { DateField } from '../plain/DateField';
import { Dialog } from '../plain/Dialog';
import { MultiSelect } from '../plain/MultiSelect';
import { RangeSlider } from '../plain/RangeSlider';
import { SearchInput } from '../plain/SearchInput';
import { Select, type SelectOption } from '../plain/Select';
import { useAllLookups, useCompanyOptions, useExams, useGroups, useOfficeOptions } from './api';
import { DayMonthField } from './DayMonthField';
import './employee-search.css';
import {
  AGE_RANGE,
  FIELD_OF,
  FILTER_SECTIONS,
  type FilterKey,
  fromFilter,
  offeredFilters,
  readSavedSearch,
  SERVICE_RANGE,
  type SearchFormValues,
  toFilter,
  writeSavedSearch,
} from './filters';
import { useDebounced } from './use-debounced';

export interface EmployeeSearchPanelProps {
  /** Called with the API filter on Search, on Clear, and 600 ms after the search text stops changing. */
  onSearch: (filter: EmployeeSearchFilter) => void;
  /** Where the chosen filters and the last search are remembered; the page's path by default. */
  storageKey?: string;
  /** Offers the Status filter (active, disabled or all employees): for HR administrators. */
  allowStatus?: boolean;
  /**
   * Offers the filters on personal data (birthday, religion, separation...):
   * for HR administrators, who may filter everyone on them (DESIGN.md §9).
   */
  allowPersonal?: boolean;
  /** The panel starts open (default) or folded. */
  defaultOpen?: boolean;
}

/** The filter a page should show results for before anyone touches the panel (the last search on that page). */
export function savedEmployeeSearch(storageKey: string): EmployeeSearchFilter {
  return readSavedSearch(storageKey).filter;
}

const LOOKUP_OF: Partial<Record<FilterKey, LookupName>> = {
  gender: 'genders',
  religion: 'religions',
  maritalStatus: 'marital-statuses',
  employeeStatus: 'employee-statuses',
  level: 'levels',
  grade: 'grades',
  educationType: 'education-types',
  separationType: 'separation-types',
  separationStatus: 'separation-statuses',
};

const toOptions = (list: Option[] | undefined): SelectOption<number>[] =>
  (list ?? []).map((o) => ({ value: o.id, label: o.name }));

const EMPTY: SearchFormValues = fromFilter({});

/** The filters that take half the row on a wide screen (the rest a quarter): two dates side by side, the groups. */
const WIDE: readonly FilterKey[] = ['joiningDate', 'confirmationDate', 'groups'];

type DayRange = [Dayjs | null, Dayjs | null] | null | undefined;
const isoOf = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : undefined);

/**
 * The employee search panel 'Filter Options' (SPEC.md §2): a search box that
 * waits 600 ms, the filters chosen in a drawer of checkboxes (remembered per
 * URL with the last search, in local storage), Search and Clear.
 */
export function EmployeeSearchPanel({
  onSearch,
  storageKey,
  allowStatus = false,
  allowPersonal = false,
  defaultOpen = true,
}: EmployeeSearchPanelProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const fieldId = useId();
  const key = storageKey ?? location.pathname;
  const [saved] = useState(() => readSavedSearch(key));
  const allowed = useMemo(
    () => offeredFilters({ status: allowStatus, personal: allowPersonal }),
    [allowStatus, allowPersonal],
  );
  const [shown, setShown] = useState<FilterKey[]>(() => saved.filters.filter((k) => allowed.includes(k)));
  const [open, setOpen] = useState(defaultOpen);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [values, setValues] = useState<SearchFormValues>(() => ({ ...EMPTY, ...fromFilter(saved.filter) }));
  const lastText = useRef(saved.filter.full_text ?? '');

  const has = (k: FilterKey) => shown.includes(k);
  const needsLookups = shown.some((k) => LOOKUP_OF[k]);
  const lookups = useAllLookups(needsLookups);
  const exams = useExams(has('exam'));
  const offices = useOfficeOptions(undefined, has('office'));
  const companies = useCompanyOptions(has('company'));
  const groups = useGroups(has('groups'));

  const apply = (next: SearchFormValues, filters: FilterKey[] = shown) => {
    const filter = toFilter(next, filters);
    lastText.current = filter.full_text ?? '';
    writeSavedSearch(key, { filters, filter });
    onSearch(filter);
  };
  const set = <F extends keyof SearchFormValues>(field: F, value: SearchFormValues[F]) =>
    setValues((v) => ({ ...v, [field]: value }));

  // The search box searches on its own once typing pauses.
  const settledText = useDebounced(values.full_text ?? '');
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the settled text changes only
  useEffect(() => {
    if (settledText.trim() === lastText.current) return;
    apply(values);
  }, [settledText]);

  const chooseFilters = (next: FilterKey[]) => {
    const ordered = allowed.filter((k) => next.includes(k));
    const removed = shown.filter((k) => !ordered.includes(k));
    setShown(ordered);
    // Taking away a filter that holds a value changes the search; otherwise only the choice is kept.
    const hadValue = removed.some(
      (k) => toFilter(values, [k])[FIELD_OF[k] as keyof EmployeeSearchFilter] !== undefined,
    );
    if (hadValue) apply(values, ordered);
    else writeSavedSearch(key, { filters: ordered, filter: readSavedSearch(key).filter });
  };

  const clear = () => {
    setValues(EMPTY);
    apply(EMPTY);
  };

  const active = Object.keys(toFilter(values, shown)).filter((k) => k !== 'full_text').length;

  const label = (k: FilterKey) => t(`employees.search.filters.${k}`);
  const rangeOf = (k: FilterKey) =>
    k === 'age' ? values.age : k === 'service' ? values.service_years : null;
  const idOf = (k: FilterKey) => `${fieldId}-${k}`;
  const labelIdOf = (k: FilterKey) => `${fieldId}-${k}-label`;

  const multiSelect = (k: FilterKey, options: SelectOption<number | string>[], loading = false) => {
    const field = FIELD_OF[k];
    return (
      <MultiSelect<number | string>
        id={idOf(k)}
        aria-labelledby={labelIdOf(k)}
        value={values[field] as (number | string)[] | undefined}
        onChange={(next) => setValues((v) => ({ ...v, [field]: next }))}
        options={options}
        loading={loading}
        placeholder={t('employees.search.any')}
      />
    );
  };

  const officeOptions = useMemo(
    () =>
      [...(offices.data ?? [])]
        // The offices of one company together, under its name.
        .sort((a, b) => a.company.name.localeCompare(b.company.name))
        .map((o) => ({ value: o.id, label: o.name, group: o.company.name })),
    [offices.data],
  );
  const groupOptions = useMemo(() => {
    const options: SelectOption<number>[] = [];
    type Item = { id: number; name: string; children: Item[] };
    const walk = (items: Item[], group: string, depth: number) => {
      for (const item of items) {
        options.push({ value: item.id, label: item.name, group, depth });
        walk(item.children, group, depth + 1);
      }
    };
    for (const g of groups.data ?? []) walk(g.tree, g.name, 0);
    return options;
  }, [groups.data]);

  const dayRange = (k: FilterKey, field: 'joining_date' | 'confirmation_date') => {
    const [from, to] = (values[field] as DayRange) ?? [null, null];
    const put = (a: Dayjs | null, b: Dayjs | null) => set(field, a || b ? [a, b] : null);
    return (
      <fieldset aria-labelledby={labelIdOf(k)} className="plain-range employee-search__range">
        <DateField
          value={isoOf(from)}
          onChange={(d) => put(d ? dayjs(d) : null, to)}
          max={isoOf(to)}
          placeholder={t('employees.search.from')}
          aria-label={t('employees.search.from')}
        />
        <span aria-hidden="true" className="employee-search__arrow flip-rtl">
          →
        </span>
        <DateField
          value={isoOf(to)}
          onChange={(d) => put(from, d ? dayjs(d) : null)}
          min={isoOf(from)}
          placeholder={t('employees.search.to')}
          aria-label={t('employees.search.to')}
        />
      </fieldset>
    );
  };

  const birthday = () => {
    const [from, to] = values.birthday ?? [null, null];
    const year = dayjs().year();
    const put = (a: Dayjs | null, b: Dayjs | null) => set('birthday', a || b ? [a, b] : null);
    const dayOf = (md: string | undefined) => (md ? dayjs(`${year}-${md}`) : null);
    return (
      <fieldset aria-labelledby={labelIdOf('birthday')} className="plain-range employee-search__range">
        <DayMonthField
          value={from?.format('MM-DD')}
          onChange={(md) => put(dayOf(md), to)}
          placeholder={t('employees.search.from')}
          aria-label={t('employees.search.from')}
        />
        <span aria-hidden="true" className="employee-search__arrow flip-rtl">
          →
        </span>
        <DayMonthField
          value={to?.format('MM-DD')}
          onChange={(md) => put(from, dayOf(md))}
          placeholder={t('employees.search.to')}
          aria-label={t('employees.search.to')}
        />
      </fieldset>
    );
  };

  const control = (k: FilterKey): ReactNode => {
    const lookup = LOOKUP_OF[k];
    if (lookup) return multiSelect(k, toOptions(lookups.data?.[lookup]), lookups.isLoading && needsLookups);
    switch (k) {
      case 'status':
        return (
          <Select<'enabled' | 'disabled' | 'all'>
            id={idOf(k)}
            value={values.status}
            onChange={(v) => set('status', v ?? 'enabled')}
            options={(['enabled', 'disabled', 'all'] as const).map((s) => ({
              value: s,
              label: t(`employees.search.status.${s}`),
            }))}
            className="employee-search__select"
          />
        );
      case 'bloodGroup':
        return multiSelect(
          k,
          BLOOD_GROUPS.map((b) => ({ value: b, label: b })),
        );
      case 'joiningDate':
        return dayRange(k, 'joining_date');
      case 'confirmationDate':
        return dayRange(k, 'confirmation_date');
      case 'birthday':
        return birthday();
      case 'exam':
        return multiSelect(k, toOptions(exams.data), exams.isLoading);
      case 'separation':
        return (
          <Select<'yes' | 'no'>
            id={idOf(k)}
            allowClear
            placeholder={t('employees.search.any')}
            value={values.has_separation}
            onChange={(v) => set('has_separation', v)}
            options={[
              { value: 'yes', label: t('employees.search.separationYes') },
              { value: 'no', label: t('employees.search.separationNo') },
            ]}
            className="employee-search__select"
          />
        );
      case 'office':
        return multiSelect(k, officeOptions, offices.isLoading);
      case 'company':
        return multiSelect(k, toOptions(companies.data), companies.isLoading);
      case 'groups':
        return multiSelect(k, groupOptions, groups.isLoading);
      case 'age':
        return (
          <RangeSlider
            aria-labelledby={labelIdOf(k)}
            min={AGE_RANGE[0]}
            max={AGE_RANGE[1]}
            value={values.age}
            onChange={(v) => set('age', v)}
            labels={[t('employees.search.from'), t('employees.search.to')]}
          />
        );
      case 'service':
        return (
          <RangeSlider
            aria-labelledby={labelIdOf(k)}
            min={SERVICE_RANGE[0]}
            max={SERVICE_RANGE[1]}
            value={values.service_years}
            onChange={(v) => set('service_years', v)}
            labels={[t('employees.search.from'), t('employees.search.to')]}
          />
        );
      default:
        return null;
    }
  };

  // A range is labelled by its group (no one field to point at); the other controls by their field.
  const labelled = (k: FilterKey) =>
    !['joiningDate', 'confirmationDate', 'birthday', 'age', 'service'].includes(k);
  const fullTextId = `${fieldId}-full-text`;

  return (
    <section className="plain-card employee-search">
      <div className="employee-search__head">
        <div className="plain-row">
          <Button
            variant="text"
            className="employee-search__toggle"
            onClick={() => setOpen((o) => !o)}
            aria-expanded={open}
          >
            {t('common.filterOptions')}
            <PlainIcon icon={open ? UpOutlined : DownOutlined} />
          </Button>
          {active > 0 ? (
            <span className="employee-search__count" title={t('employees.search.active', { count: active })}>
              <span aria-hidden="true">{active}</span>
              <span className="visually-hidden">{t('employees.search.active', { count: active })}</span>
            </span>
          ) : null}
        </div>
        <Button size="small" icon={<PlainIcon icon={FilterOutlined} />} onClick={() => setDrawerOpen(true)}>
          {t('common.chooseFilters')}
        </Button>
      </div>
      {open ? (
        <form
          className="employee-search__form"
          aria-label={t('common.filterOptions')}
          onSubmit={(event) => {
            event.preventDefault();
            apply(values);
          }}
        >
          <div className="employee-search__fields">
            <div
              className={`employee-search__field employee-search__field--${shown.length > 0 ? 'half' : 'whole'}`}
            >
              <label htmlFor={fullTextId} className="employee-search__label">
                {t('employees.search.fullText')}
              </label>
              <SearchInput
                id={fullTextId}
                value={values.full_text ?? ''}
                onChange={(text) => set('full_text', text)}
                placeholder={t('employees.search.fullTextPlaceholder')}
                maxLength={100}
              />
            </div>
            {shown.map((k) => {
              const range = rangeOf(k);
              return (
                <div
                  key={k}
                  className={`employee-search__field employee-search__field--${WIDE.includes(k) ? 'half' : 'quarter'}`}
                >
                  {labelled(k) ? (
                    <label id={labelIdOf(k)} htmlFor={idOf(k)} className="employee-search__label">
                      {label(k)}
                    </label>
                  ) : (
                    <span id={labelIdOf(k)} className="employee-search__label">
                      {label(k)}
                      {range ? (
                        <span className="plain-secondary">
                          {' '}
                          ({t('employees.search.range', { min: range[0], max: range[1] })})
                        </span>
                      ) : null}
                    </span>
                  )}
                  {control(k)}
                </div>
              );
            })}
          </div>
          {shown.length === 0 ? (
            <p className="plain-secondary employee-search__hint">{t('employees.search.noFilters')}</p>
          ) : null}
          <div className="plain-row employee-search__actions">
            <Button icon={<PlainIcon icon={ClearOutlined} />} onClick={clear}>
              {t('common.clear')}
            </Button>
            <Button variant="primary" htmlType="submit" icon={<PlainIcon icon={SearchOutlined} />}>
              {t('common.search')}
            </Button>
          </div>
        </form>
      ) : null}

      <Dialog
        drawer
        title={t('common.chooseFilters')}
        open={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        width={320}
        className="employee-search__drawer"
        footer={
          <div className="employee-search__drawer-foot">
            <span className="plain-secondary">{t('employees.search.chosen', { count: shown.length })}</span>
            <Button onClick={() => chooseFilters([])} disabled={shown.length === 0}>
              {t('employees.search.hideAll')}
            </Button>
          </div>
        }
      >
        {allowPersonal ? null : (
          <p className="plain-secondary employee-search__hint">{t('employees.search.personalForHr')}</p>
        )}
        <div className="employee-search__choices">
          {FILTER_SECTIONS.map((section) => {
            const keys = section.filters.filter((k) => allowed.includes(k));
            if (keys.length === 0) return null;
            return (
              <fieldset key={section.key} className="employee-search__section">
                <legend className="employee-search__section-title">
                  {t(`employees.search.sections.${section.key}`)}
                </legend>
                {keys.map((k) => (
                  <label key={k} className="plain-check">
                    <input
                      type="checkbox"
                      checked={shown.includes(k)}
                      onChange={(event) =>
                        chooseFilters(event.target.checked ? [...shown, k] : shown.filter((s) => s !== k))
                      }
                    />
                    <span>{label(k)}</span>
                  </label>
                ))}
              </fieldset>
            );
          })}
        </div>
      </Dialog>
    </section>
  );
}
