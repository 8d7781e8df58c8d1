import type { Query } from '../../lib/http';
import type { CyclePeopleQuery } from './api';

/** The query keys of review cycles. */
export const cycleKeys = {
  all: ['epr-cycles'] as const,
  list: (query: Query) => ['epr-cycles', 'list', query] as const,
  cycle: (id: number, query: CyclePeopleQuery) => ['epr-cycles', 'cycle', id, query] as const,
  types: ['epr-cycles', 'types'] as const,
};
