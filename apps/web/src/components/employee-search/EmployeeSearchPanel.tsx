import { ClearOutlined, DownOutlined, FilterOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import { BLOOD_GROUPS, type EmployeeSearchFilter } from '@hr/contracts/employee-search';
import type { LookupName, Option } from '@hr/contracts/lookups';
import {
  Badge,
  Button,
  Card,
  Checkbox,
  Col,
  DatePicker,
  Drawer,
  Flex,
  Form,
  Input,
  Row,
  Select,
  Slider,
  Typography,
} from 'antd';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { DATE_FORMAT, DAY_MONTH_FORMAT } from '../../lib/dates';
import { isRtl } from '../../lib/i18n';
import { useAllLookups, useCompanyOptions, useExams, useOfficeOptions } from './api';
import { GroupTreeSelect } from './GroupTreeSelect';
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

const toOptions = (list: Option[] | undefined) => (list ?? []).map((o) => ({ value: o.id, label: o.name }));

const EMPTY: SearchFormValues = fromFilter({});

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
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const key = storageKey ?? location.pathname;
  const [saved] = useState(() => readSavedSearch(key));
  const allowed = useMemo(
    () => offeredFilters({ status: allowStatus, personal: allowPersonal }),
    [allowStatus, allowPersonal],
  );
  const [shown, setShown] = useState<FilterKey[]>(() => saved.filters.filter((k) => allowed.includes(k)));
  const [open, setOpen] = useState(defaultOpen);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [form] = Form.useForm<SearchFormValues>();
  const initialValues = useMemo(() => ({ ...EMPTY, ...fromFilter(saved.filter) }), [saved]);
  const lastText = useRef(saved.filter.full_text ?? '');

  const has = (k: FilterKey) => shown.includes(k);
  const needsLookups = shown.some((k) => LOOKUP_OF[k]);
  const lookups = useAllLookups();
  const exams = useExams(has('exam'));
  const offices = useOfficeOptions(undefined, has('office'));
  const companies = useCompanyOptions(has('company'));

  const apply = (values: SearchFormValues, filters: FilterKey[] = shown) => {
    const filter = toFilter(values, filters);
    lastText.current = filter.full_text ?? '';
    writeSavedSearch(key, { filters, filter });
    onSearch(filter);
  };

  // The search box searches on its own once typing pauses.
  const text = Form.useWatch('full_text', form) ?? '';
  const settledText = useDebounced(text);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the settled text changes only
  useEffect(() => {
    if (settledText.trim() === lastText.current) return;
    apply(form.getFieldsValue(true));
  }, [settledText]);

  const chooseFilters = (next: FilterKey[]) => {
    const ordered = allowed.filter((k) => next.includes(k));
    const removed = shown.filter((k) => !ordered.includes(k));
    setShown(ordered);
    const values = form.getFieldsValue(true);
    // Taking away a filter that holds a value changes the search; otherwise only the choice is kept.
    const hadValue = removed.some(
      (k) => toFilter(values, [k])[FIELD_OF[k] as keyof EmployeeSearchFilter] !== undefined,
    );
    if (hadValue) apply(values, ordered);
    else writeSavedSearch(key, { filters: ordered, filter: readSavedSearch(key).filter });
  };

  const clear = () => {
    form.setFieldsValue(EMPTY);
    apply(EMPTY);
  };

  const watched = Form.useWatch([], { form, preserve: true }) as SearchFormValues | undefined;
  const active = Object.keys(toFilter(watched ?? initialValues, shown)).filter(
    (k) => k !== 'full_text',
  ).length;

  const label = (k: FilterKey) => t(`employees.search.filters.${k}`);
  const labelWithRange = (k: FilterKey): ReactNode => {
    const value = k === 'age' ? watched?.age : k === 'service' ? watched?.service_years : undefined;
    if (!value) return label(k);
    return (
      <span>
        {label(k)}{' '}
        <Typography.Text type="secondary">
          ({t('employees.search.range', { min: value[0], max: value[1] })})
        </Typography.Text>
      </span>
    );
  };
  const multiSelect = (options: { value: number | string; label: string }[], loading = false) => (
    <Select
      mode="multiple"
      allowClear
      options={options}
      loading={loading}
      optionFilterProp="label"
      maxTagCount="responsive"
      placeholder={t('employees.search.any')}
    />
  );

  const officeOptions = useMemo(() => {
    const byCompany = new Map<string, { value: number; label: string }[]>();
    for (const o of offices.data ?? []) {
      const list = byCompany.get(o.company.name) ?? [];
      list.push({ value: o.id, label: o.name });
      byCompany.set(o.company.name, list);
    }
    return [...byCompany].map(([company, options]) => ({ label: company, title: company, options }));
  }, [offices.data]);

  const control = (k: FilterKey): ReactNode => {
    const lookup = LOOKUP_OF[k];
    if (lookup) return multiSelect(toOptions(lookups.data?.[lookup]), lookups.isLoading && needsLookups);
    switch (k) {
      case 'status':
        return (
          <Select
            options={(['enabled', 'disabled', 'all'] as const).map((s) => ({
              value: s,
              label: t(`employees.search.status.${s}`),
            }))}
          />
        );
      case 'bloodGroup':
        return multiSelect(BLOOD_GROUPS.map((b) => ({ value: b, label: b })));
      case 'joiningDate':
      case 'confirmationDate':
        return (
          <DatePicker.RangePicker
            format={DATE_FORMAT}
            allowEmpty={[true, true]}
            placeholder={[t('employees.search.from'), t('employees.search.to')]}
            style={{ width: '100%' }}
          />
        );
      case 'birthday':
        return (
          <DatePicker.RangePicker
            format={DAY_MONTH_FORMAT}
            placeholder={[t('employees.search.from'), t('employees.search.to')]}
            style={{ width: '100%' }}
          />
        );
      case 'exam':
        return multiSelect(toOptions(exams.data), exams.isLoading);
      case 'separation':
        return (
          <Select
            allowClear
            placeholder={t('employees.search.any')}
            options={[
              { value: 'yes', label: t('employees.search.separationYes') },
              { value: 'no', label: t('employees.search.separationNo') },
            ]}
          />
        );
      case 'office':
        return (
          <Select
            mode="multiple"
            allowClear
            options={officeOptions}
            loading={offices.isLoading}
            optionFilterProp="label"
            maxTagCount="responsive"
            placeholder={t('employees.search.any')}
          />
        );
      case 'company':
        return multiSelect(toOptions(companies.data), companies.isLoading);
      case 'groups':
        return <GroupTreeSelect multiple maxTagCount="responsive" placeholder={t('employees.search.any')} />;
      case 'age':
        return (
          <Slider
            range
            min={AGE_RANGE[0]}
            max={AGE_RANGE[1]}
            marks={{ [AGE_RANGE[0]]: String(AGE_RANGE[0]), [AGE_RANGE[1]]: String(AGE_RANGE[1]) }}
          />
        );
      case 'service':
        return (
          <Slider
            range
            min={SERVICE_RANGE[0]}
            max={SERVICE_RANGE[1]}
            marks={{
              [SERVICE_RANGE[0]]: String(SERVICE_RANGE[0]),
              [SERVICE_RANGE[1]]: String(SERVICE_RANGE[1]),
            }}
          />
        );
      default:
        return null;
    }
  };

  return (
    <Card
      className="employee-search"
      size="small"
      title={
        <Flex align="center" gap={8}>
          <Button
            type="text"
            className="employee-search__toggle"
            onClick={() => setOpen((o) => !o)}
            aria-expanded={open}
            icon={open ? <UpOutlined aria-hidden /> : <DownOutlined aria-hidden />}
            iconPlacement="end"
          >
            {t('common.filterOptions')}
          </Button>
          {active > 0 ? (
            <Badge
              count={active}
              color="#0f766e"
              size="small"
              title={t('employees.search.active', { count: active })}
            />
          ) : null}
        </Flex>
      }
      extra={
        <Button size="small" icon={<FilterOutlined aria-hidden />} onClick={() => setDrawerOpen(true)}>
          {t('common.chooseFilters')}
        </Button>
      }
    >
      <Form<SearchFormValues>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onFinish={(values) => apply({ ...form.getFieldsValue(true), ...values })}
        hidden={!open}
        className="employee-search__form"
        aria-label={t('common.filterOptions')}
      >
        <Row gutter={[16, 0]}>
          <Col xs={24} lg={shown.length > 0 ? 12 : 24}>
            <Form.Item name="full_text" label={t('employees.search.fullText')}>
              <Input
                allowClear
                prefix={<SearchOutlined aria-hidden />}
                placeholder={t('employees.search.fullTextPlaceholder')}
                maxLength={100}
              />
            </Form.Item>
          </Col>
          {shown.map((k) => (
            <Col key={k} xs={24} sm={12} lg={k === 'groups' ? 12 : 6}>
              <Form.Item name={FIELD_OF[k]} label={labelWithRange(k)}>
                {control(k)}
              </Form.Item>
            </Col>
          ))}
        </Row>
        {shown.length === 0 ? (
          <Typography.Paragraph type="secondary" className="employee-search__hint">
            {t('employees.search.noFilters')}
          </Typography.Paragraph>
        ) : null}
        <Flex justify="end" gap={8} wrap>
          <Button icon={<ClearOutlined aria-hidden />} onClick={clear}>
            {t('common.clear')}
          </Button>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined aria-hidden />}>
            {t('common.search')}
          </Button>
        </Flex>
      </Form>

      <Drawer
        title={t('common.chooseFilters')}
        open={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        placement={isRtl(i18n.language) ? 'left' : 'right'}
        size={320}
        footer={
          <Flex justify="space-between" align="center">
            <Typography.Text type="secondary">
              {t('employees.search.chosen', { count: shown.length })}
            </Typography.Text>
            <Button onClick={() => chooseFilters([])} disabled={shown.length === 0}>
              {t('employees.search.hideAll')}
            </Button>
          </Flex>
        }
      >
        {allowPersonal ? null : (
          <Typography.Paragraph type="secondary" className="employee-search__hint">
            {t('employees.search.personalForHr')}
          </Typography.Paragraph>
        )}
        <Checkbox.Group
          value={shown}
          onChange={(values) => chooseFilters(values as FilterKey[])}
          className="employee-search__choices"
        >
          {FILTER_SECTIONS.map((section) => {
            const keys = section.filters.filter((k) => allowed.includes(k));
            if (keys.length === 0) return null;
            return (
              <section key={section.key} className="employee-search__section">
                <Typography.Text strong>{t(`employees.search.sections.${section.key}`)}</Typography.Text>
                {keys.map((k) => (
                  <Checkbox key={k} value={k}>
                    {label(k)}
                  </Checkbox>
                ))}
              </section>
            );
          })}
        </Checkbox.Group>
      </Drawer>
    </Card>
  );
}
