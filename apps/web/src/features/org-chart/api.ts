import type {
  OrgChartBranch,
  OrgChartNode,
  OrgChartReportsResponse,
  OrgChartResponse,
} from '@hr/contracts/org-chart';
import { ORG_CHART_PAGE_SIZE } from '@hr/contracts/org-chart';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/http';
import { orgChartKeys } from './keys';

/** The reporting lines change rarely: a branch opened once stays for five minutes, closed or open. */
const CHART_STALE_MS = 5 * 60_000;

/** GET employees/org-chart: the chain down to a person (the viewer by default), its branches and theirs. */
export function useOrgChart(centreId: number | null) {
  return useQuery({
    queryKey: orgChartKeys.chart(centreId),
    queryFn: ({ signal }) =>
      api.get<OrgChartResponse>('employees/org-chart', {
        query: { id: centreId ?? undefined, limit: ORG_CHART_PAGE_SIZE },
        signal,
      }),
    staleTime: CHART_STALE_MS,
  });
}

/** One page of a branch, as the chart keeps it. */
export interface BranchPage {
  items: OrgChartNode[];
  total: number;
}

/**
 * GET employees/org-chart/{id}/reports, a page at a time. A branch the chart
 * answered already starts from that page, so the chart opens without a call
 * per level; any other is fetched when it is first opened.
 */
export function useBranch(managerId: number, seed: OrgChartBranch | undefined, updatedAt: number) {
  return useInfiniteQuery({
    queryKey: orgChartKeys.branch(managerId),
    queryFn: async ({ pageParam, signal }): Promise<BranchPage> => {
      const answer = await api.get<OrgChartReportsResponse>(`employees/org-chart/${managerId}/reports`, {
        query: { page: pageParam, limit: ORG_CHART_PAGE_SIZE },
        signal,
      });
      return { items: answer.items, total: answer.total };
    },
    initialPageParam: 1,
    getNextPageParam: (last, pages, lastParam) =>
      pages.reduce((n, p) => n + p.items.length, 0) < last.total && last.items.length > 0
        ? lastParam + 1
        : undefined,
    ...(seed
      ? {
          initialData: { pages: [{ items: seed.items, total: seed.total }], pageParams: [1] },
          initialDataUpdatedAt: updatedAt,
        }
      : {}),
    staleTime: CHART_STALE_MS,
  });
}
