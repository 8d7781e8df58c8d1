import { DatePicker, Select, TreeSelect } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_FORMAT, toApiDate } from '../../lib/dates';
import { useCompanyChoices, useGroupChoices } from './choices';
import type { FilterDraft } from './list-state';
import type { OptionalFilter } from './RequestListPage';

/**
 * The optional filters lists offer in their drawer (SPEC.md §2 Filter
 * Options), built once: a choice of ids, a date, the company and the group
 * of type 1 (both loaded once their filter is shown, so they are there by
 * the time the user opens or types in it). Each writes its field of the
 * list's filter draft, applied by Search.
 */
export function useFilterControls(draft: FilterDraft) {
  const { t } = useTranslation();
  const [wantCompanies, setWantCompanies] = useState(false);
  const [wantGroups, setWantGroups] = useState(false);
  const companies = useCompanyChoices(wantCompanies || !!draft.values.company_id);
  const groups = useGroupChoices(wantGroups || !!draft.values.group_id);

  const value = (field: string) => (draft.values[field] ? Number(draft.values[field]) : undefined);

  const choice = (
    key: string,
    field: string,
    label: string,
    options: readonly { id: number; name: string }[],
  ): OptionalFilter => ({
    key,
    label,
    fields: [field],
    control: (
      <Select
        allowClear
        placeholder={label}
        aria-label={label}
        style={{ minWidth: 160 }}
        value={value(field)}
        onChange={(v?: number) => draft.set(field, v)}
        options={options.map((o) => ({ value: o.id, label: o.name }))}
      />
    ),
  });

  const date = (key: string, field: string, label: string): OptionalFilter => ({
    key,
    label,
    fields: [field],
    control: (
      <DatePicker
        placeholder={label}
        aria-label={label}
        format={DATE_FORMAT}
        value={draft.values[field] ? dayjs(draft.values[field]) : null}
        onChange={(d) => draft.set(field, toApiDate(d) ?? undefined)}
      />
    ),
  });

  const company: OptionalFilter = {
    key: 'company',
    label: t('lists.company'),
    fields: ['company_id'],
    control: (
      <LoadsWhenShown load={setWantCompanies}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('lists.company')}
          aria-label={t('lists.company')}
          style={{ minWidth: 180 }}
          loading={companies.isLoading}
          value={value('company_id')}
          onChange={(v?: number) => draft.set('company_id', v)}
          options={(companies.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
        />
      </LoadsWhenShown>
    ),
  };

  const group: OptionalFilter = {
    key: 'group',
    label: t('lists.group'),
    fields: ['group_id'],
    control: (
      <LoadsWhenShown load={setWantGroups}>
        <TreeSelect
          allowClear
          showSearch={{ treeNodeFilterProp: 'title' }}
          placeholder={t('lists.group')}
          aria-label={t('lists.group')}
          style={{ minWidth: 200 }}
          loading={groups.isLoading}
          value={value('group_id')}
          onChange={(v?: number) => draft.set('group_id', v)}
          treeDefaultExpandAll
          treeData={groups.data ?? []}
        />
      </LoadsWhenShown>
    ),
  };

  return { value, choice, date, company, group };
}

/**
 * Asks for a filter's choices when the filter is shown: typed into before
 * they came, a tree's search kept the parent of a match open with the
 * match itself missing.
 */
function LoadsWhenShown({ load, children }: { load: (want: boolean) => void; children: ReactNode }) {
  useEffect(() => load(true), [load]);
  return children;
}
