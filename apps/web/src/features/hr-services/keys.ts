import type { AdminResource } from '../../lib/admin-resources';
import type { Query } from '../../lib/http';

/** The query keys of HR service requests and their reference lists. */
export const serviceKeys = {
  all: ['hr-services'] as const,
  lists: ['hr-services', 'list'] as const,
  list: (query: Query) => ['hr-services', 'list', query] as const,
  detail: (id: number) => ['hr-services', 'detail', id] as const,
  categories: ['hr-services', 'categories'] as const,
  nocTypes: ['hr-services', 'noc-types'] as const,
};

/** The lists HR manages, disabled ones too; the request forms read the enabled ones under the same keys. */
export const serviceResources = {
  serviceCategories: {
    name: 'serviceCategories',
    path: 'employee/service-requests/categories',
    queryKey: serviceKeys.categories,
    query: { all: true },
  },
  nocTypes: {
    name: 'nocTypes',
    path: 'employee/service-requests/noc-types',
    queryKey: serviceKeys.nocTypes,
    query: { all: true },
  },
} satisfies Record<string, AdminResource>;
