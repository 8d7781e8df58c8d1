import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Combobox } from '../plain/Combobox';
import { DateField } from '../plain/DateField';
import { Select, type SelectOption } from '../plain/Select';
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
      <Select<number>
        allowClear
        placeholder={label}
        aria-label={label}
        style={{ minWidth: 160 }}
        value={value(field)}
        onChange={(v) => draft.set(field, v)}
        options={options.map((o) => ({ value: o.id, label: o.name }))}
      />
    ),
  });

  const date = (key: string, field: string, label: string): OptionalFilter => ({
    key,
    label,
    fields: [field],
    control: (
      <DateField
        placeholder={label}
        aria-label={label}
        value={draft.values[field] ? String(draft.values[field]) : undefined}
        onChange={(d) => draft.set(field, d)}
      />
    ),
  });

  const company: OptionalFilter = {
    key: 'company',
    label: t('lists.company'),
    fields: ['company_id'],
    control: (
      <LoadsWhenShown load={setWantCompanies}>
        <Combobox<number>
          allowClear
          placeholder={t('lists.company')}
          aria-label={t('lists.company')}
          style={{ minWidth: 180 }}
          loading={companies.isLoading}
          value={value('company_id')}
          onChange={(v) => draft.set('company_id', v)}
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
        <Select<number>
          allowClear
          placeholder={t('lists.group')}
          aria-label={t('lists.group')}
          style={{ minWidth: 200 }}
          value={value('group_id')}
          onChange={(v) => draft.set('group_id', v)}
          options={treeOptions(groups.data ?? [])}
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

/**
 * A tree of choices (headings, their items and sub-items) as a select's
 * options: an item comes under its heading (one that cannot be picked) and
 * is indented by its depth.
 */
export function treeOptions(
  nodes: readonly {
    value: number | string;
    title: string;
    selectable?: boolean;
    children: readonly unknown[];
  }[],
  depth = 0,
  group?: string,
): SelectOption<number>[] {
  type Node = (typeof nodes)[number];
  return nodes.flatMap((n) =>
    n.selectable === false || typeof n.value !== 'number'
      ? treeOptions(n.children as readonly Node[], 0, n.title)
      : [
          { value: n.value, label: n.title, depth, ...(group ? { group } : {}) },
          ...treeOptions(n.children as readonly Node[], depth + 1, group),
        ],
  );
}
