import type { UnreadCount } from '@hr/contracts/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError } from '../../lib/http';
import { discover } from './api';
import { notificationKeys } from './keys';

/** What `followUnread` needs of an EventSource (a test gives its own). */
export interface StreamLike {
  readyState: number;
  onerror: ((event: Event) => void) | null;
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void;
  close(): void;
}

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

const CLOSED = 2;
export const STREAM_PATH = '/api/v1/notifications/stream';

/**
 * Follows the reader's unread count live: a server-sent event stream
 * (`GET notifications/stream`) with a token bound to the session, which
 * sends the count at once and whenever it changes, on whichever API process
 * the change was made. The browser opens a dropped stream again by itself;
 * one it gave up on (an expired token, a refusal) is opened anew with a
 * fresh token. The server ends a stream with `event: end` and a code: when
 * the session ended, or when the person opened more streams than allowed and
 * this one was the oldest; then it stops, and says why. Answers the
 * function that stops following.
 */
export function followUnread(options: FollowUnreadOptions): () => void {
  const open = options.open ?? ((url: string) => new EventSource(url) as StreamLike);
  const retry = options.retryMs ?? { dropped: 2000, failed: 5000 };
  let source: StreamLike | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;

  const halt = () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    timer = null;
    source?.close();
    source = null;
  };
  const end = (why: BellEnd) => {
    if (stopped) return;
    halt();
    options.onEnd(why);
  };
  const later = (ms: number) => {
    if (!stopped) timer = setTimeout(() => void start(), ms);
  };

  async function start() {
    let token: string;
    try {
      token = (await options.discover()).token;
    } catch (error) {
      if (stopped) return;
      // A 401 signs the app out (as every call's does): the bell stops with it.
      if (error instanceof ApiError && error.status === 401) end('session');
      else later(retry.failed);
      return;
    }
    if (stopped) return;
    const stream = open(`${STREAM_PATH}?${new URLSearchParams({ token })}`);
    source = stream;
    stream.addEventListener('unread', (event) => {
      try {
        options.onUnread((JSON.parse(event.data) as UnreadCount).unread);
      } catch {
        // an unreadable event changes nothing
      }
    });
    stream.addEventListener('end', (event) => {
      let code: unknown = null;
      try {
        code = (JSON.parse(event.data) as { code?: unknown }).code;
      } catch {
        // an end without a readable code still ends
      }
      if (code === 'realtime_stream_replaced') end('replaced');
      else if (code === 'session_invalid' || code === 'unauthorized') end('session');
      else {
        stream.close();
        source = null;
        later(retry.dropped);
      }
    });
    stream.onerror = () => {
      if (stream.readyState !== CLOSED || stopped || source !== stream) return;
      stream.close();
      source = null;
      later(retry.dropped);
    };
  }

  void start();
  return halt;
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
