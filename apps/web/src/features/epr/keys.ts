import type { AdminResource } from '../../lib/admin-resources';
import type { Query } from '../../lib/http';

/** The query keys of reviews (EPR) and their values. */
export const eprKeys = {
  all: ['epr'] as const,
  lists: ['epr', 'list'] as const,
  list: (query: Query) => ['epr', 'list', query] as const,
  review: (id: number) => ['epr', 'review', id] as const,
  lookup: (name: string) => ['epr', 'lookup', name] as const,
  evidence: (id: number) => ['epr', 'evidence', id] as const,
  values: ['epr', 'values'] as const,
  value: (id: number | null) => ['epr', 'values', 'one', id] as const,
};

/** The values HR manages, disabled ones too; the review reads them under the same key. */
export const eprResources = {
  eprValues: { name: 'eprValues', path: 'eprs/values', queryKey: eprKeys.values, query: { all: true } },
} satisfies Record<string, AdminResource>;
