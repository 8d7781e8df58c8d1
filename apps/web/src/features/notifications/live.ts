import type { UnreadCount } from '@hr/contracts/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError } from '../../lib/http';
import { followStream, type StreamLike } from '../../lib/live-stream';
import { discover } from './api';
import { notificationKeys } from './keys';

export type { StreamLike };

/** Why the bell stopped following: the session ended, or a newer stream of the person took its place. */
export type BellEnd = 'session' | 'replaced';

export interface FollowUnreadOptions {
  /** A token for the current session (`GET discovery/employee`). */
  discover: () => Promise<{ token: string }>;
  /** The unread count, at once and whenever it changes. */
  onUnread: (unread: number) => void;
  /** Called once when the bell stops following. */
  onEnd: (why: BellEnd) => void;
  open?: (url: string) => StreamLike;
  /** How long to wait before opening again: after a dropped stream, after a failed discovery. */
  retryMs?: { dropped: number; failed: number };
}

export const STREAM_PATH = '/api/v1/notifications/stream';

/** Why a stream's last event stops the bell; null: it is opened again. */
function bellEndOf(code: unknown): BellEnd | null {
  if (code === 'realtime_stream_replaced') return 'replaced';
  if (code === 'session_invalid' || code === 'unauthorized') return 'session';
  return null;
}

/**
 * Follows the reader's unread count live (`followStream`): a server-sent
 * event stream (`GET notifications/stream`) with a token bound to the
 * session, which sends the count at once and whenever it changes, on
 * whichever API process the change was made. A stream the browser gave up on
 * (an expired token, a refusal) is opened anew with a fresh token. The server
 * ends a stream with `event: end` and a code: when the session ended, or when
 * the person opened more streams than allowed and this one was the oldest;
 * then it stops, and says why. A 401 from discovery (the app signs out, as
 * for every call) stops it too. Answers the function that stops following.
 */
export function followUnread(options: FollowUnreadOptions): () => void {
  return followStream<BellEnd>({
    address: async () => `${STREAM_PATH}?${new URLSearchParams({ token: (await options.discover()).token })}`,
    events: {
      unread: (data) => {
        const unread = (data as Partial<UnreadCount> | null)?.unread;
        if (typeof unread === 'number') options.onUnread(unread);
      },
    },
    endedBy: bellEndOf,
    refusedBy: (error) => (error instanceof ApiError && error.status === 401 ? 'session' : null),
    onEnd: options.onEnd,
    open: options.open,
    retryMs: options.retryMs,
  });
}

/**
 * Keeps the reader's unread count (`notificationKeys.unread`) current while
 * mounted, and reads the lists again when it changes. A bell whose stream a
 * newer one replaced (the person has many tabs open) follows again when its
 * tab is shown again.
 */
export function useLiveUnread(enabled: boolean): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    let stop: (() => void) | null = null;
    let replaced = false;
    const follow = () => {
      replaced = false;
      stop = followUnread({
        discover,
        onUnread: (unread) => {
          const before = client.getQueryData<UnreadCount>(notificationKeys.unread)?.unread;
          client.setQueryData<UnreadCount>(notificationKeys.unread, { unread });
          if (before !== undefined && before !== unread)
            void client.invalidateQueries({ queryKey: notificationKeys.lists });
        },
        onEnd: (why) => {
          replaced = why === 'replaced';
        },
      });
    };
    const onShown = () => {
      if (replaced && document.visibilityState === 'visible') {
        void client.invalidateQueries({ queryKey: notificationKeys.unread });
        follow();
      }
    };
    follow();
    document.addEventListener('visibilitychange', onShown);
    return () => {
      document.removeEventListener('visibilitychange', onShown);
      stop?.();
    };
  }, [enabled, client]);
}
