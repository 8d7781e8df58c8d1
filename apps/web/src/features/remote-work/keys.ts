import type { AdminResource } from '../../lib/admin-resources';
import type { Query } from '../../lib/http';

/** The query keys of remote work. */
export const remoteWorkKeys = {
  all: ['remote-work'] as const,
  lists: ['remote-work', 'list'] as const,
  list: (query: Query) => ['remote-work', 'list', query] as const,
  types: ['remote-work', 'types'] as const,
};

/** The types HR manages, disabled ones too; the request form reads the enabled ones under the same key. */
export const remoteWorkResources = {
  remoteWorkTypes: {
    name: 'remoteWorkTypes',
    path: 'remote-work/types',
    queryKey: remoteWorkKeys.types,
    query: { all: true },
  },
} satisfies Record<string, AdminResource>;
