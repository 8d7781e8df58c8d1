import type { TeamResponse } from '@hr/contracts/employee-search';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/http';
import { directoryKeys } from './keys';

export interface TeamQuery {
  page: number;
  limit: number;
  sort: string;
  search: string;
}

/** GET employees/team: the viewer's line manager, peers and reports (two levels). */
export function useTeam(query: TeamQuery) {
  return useQuery({
    queryKey: directoryKeys.team(query),
    queryFn: ({ signal }) =>
      api.get<TeamResponse>('employees/team', {
        query: { page: query.page, limit: query.limit, sort: query.sort, search: query.search.trim() },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
