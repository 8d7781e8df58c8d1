import type { CalendarFeedScope, CalendarFeeds } from '@hr/contracts/leave-policies';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/http';
import { calendarFeedKeys } from './keys';

/**
 * The caller's calendar feeds. A feed's URL comes only in the answer that
 * made it, so the answer is kept as it came for the whole visit: asked once
 * when the dialog first opens, never again in the background.
 */
export function useCalendarFeeds(enabled: boolean) {
  return useQuery({
    queryKey: calendarFeedKeys.all,
    queryFn: ({ signal }) => api.get<CalendarFeeds>('calendar/feeds', { signal }),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/** A new URL for one feed: the answer holds it, and the other feed's URL, if shown, stays. */
export function useRenewCalendarFeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (scope: CalendarFeedScope) => api.post<CalendarFeeds>('calendar/feeds', { scope }),
    onSuccess: (answer, scope) =>
      client.setQueryData<CalendarFeeds>(calendarFeedKeys.all, (before) => ({
        ...answer,
        url: scope === 'own' ? answer.url : (before?.url ?? null),
        team_url: scope === 'team' ? answer.team_url : (before?.team_url ?? null),
      })),
  });
}
