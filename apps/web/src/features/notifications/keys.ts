import type { Query } from '../../lib/http';

/** The query keys of the reader's notifications. */
export const notificationKeys = {
  all: ['notifications'] as const,
  /** Every page of the list and the bell's latest: read again when the count changes. */
  lists: ['notifications', 'list'] as const,
  list: (query: Query) => ['notifications', 'list', query] as const,
  unread: ['notifications', 'unread'] as const,
  preferences: ['notifications', 'preferences'] as const,
};
