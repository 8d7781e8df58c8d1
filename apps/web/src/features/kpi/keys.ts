import type { AdminResource } from '../../lib/admin-resources';
import type { Query } from '../../lib/http';

/** The query keys of KPI sheets and their reference lists. */
export const kpiKeys = {
  all: ['kpi'] as const,
  lists: ['kpi', 'list'] as const,
  list: (query: Query) => ['kpi', 'list', query] as const,
  sheets: ['kpi', 'sheet'] as const,
  sheet: (id: number) => ['kpi', 'sheet', id] as const,
  lookup: (name: string) => ['kpi', 'lookup', name] as const,
};

/** KPI settings HR manages: every one, disabled ones too; the sheets' pickers read the same keys. */
export const kpiResources = {
  kpiYears: { name: 'kpiYears', path: 'kpis/years', queryKey: kpiKeys.lookup('years'), query: { all: true } },
  kpiPerspectives: {
    name: 'kpiPerspectives',
    path: 'kpis/objectives/perspectives',
    queryKey: kpiKeys.lookup('perspectives'),
    query: { all: true },
  },
  kpiTargetUnits: {
    name: 'kpiTargetUnits',
    path: 'kpis/objectives/kpis/target-units',
    queryKey: kpiKeys.lookup('target-units'),
    query: { all: true },
  },
} satisfies Record<string, AdminResource>;
