import type { Discovery } from '@hr/contracts/kpi';
import type {
  MarkReadBody,
  MarkReadResult,
  NotificationPreferences,
  NotificationPreferencesPatch,
  NotificationsResponse,
  UnreadCount,
} from '@hr/contracts/notifications';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Query } from '../../lib/http';
import { notificationKeys } from './keys';

export function useNotifications(query: Query, enabled = true) {
  return useQuery({
    queryKey: notificationKeys.list(query),
    queryFn: ({ signal }) => api.get<NotificationsResponse>('notifications', { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The reader's unread count: read once, then kept current by the bell's live stream. */
export function useUnreadCount() {
  return useQuery({
    queryKey: notificationKeys.unread,
    queryFn: ({ signal }) => api.get<UnreadCount>('notifications/unread-count', { signal }),
    meta: { silent: true },
  });
}

/** Marks notifications read (some, or all); the count and the lists follow. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MarkReadBody) => api.patch<MarkReadResult>('notifications/read', body),
    onSuccess: (result) => {
      client.setQueryData<UnreadCount>(notificationKeys.unread, { unread: result.unread });
      void client.invalidateQueries({ queryKey: notificationKeys.lists });
    },
  });
}

export function usePreferences() {
  return useQuery({
    queryKey: notificationKeys.preferences,
    queryFn: ({ signal }) => api.get<NotificationPreferences>('notifications/preferences', { signal }),
  });
}

export function useSavePreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (patch: NotificationPreferencesPatch) =>
      api.patch<NotificationPreferences>('notifications/preferences', patch),
    onSuccess: (saved) => client.setQueryData(notificationKeys.preferences, saved),
  });
}

/** A token for the session's realtime streams (the one the chats use). */
export const discover = () => api.get<Discovery>('discovery/employee');
