import type { Comment, Discovery } from '@hr/contracts/kpi';
import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ApiError, api } from '../../lib/http';
import { commentKeys } from './keys';

/** A comment thread: a KPI sheet, one of its objectives or objective KPIs. */
export interface CommentThread {
  kind: 'kpi' | 'kpi_objective' | 'kpi_objective_kpi';
  id: number;
  /** The query that shows the thread's comment counts (the KPI sheet), refreshed by a new comment. */
  counts?: QueryKey;
}

const PATHS: Record<CommentThread['kind'], (id: number) => string> = {
  kpi: (id) => `kpis/${id}/comments`,
  kpi_objective: (id) => `kpis/objectives/${id}/comments`,
  kpi_objective_kpi: (id) => `kpis/objectives/kpis/${id}/comments`,
};

const key = (t: CommentThread) => commentKeys.thread(t.kind, t.id);

/** Adds comments to a thread's cached list, once each, in id order. */
function merge(list: Comment[] | undefined, added: Comment[]): Comment[] {
  const byId = new Map((list ?? []).map((c) => [c.id, c]));
  for (const c of added) byId.set(c.id, c);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

export function useComments(thread: CommentThread, enabled: boolean) {
  return useQuery({
    queryKey: key(thread),
    queryFn: ({ signal }) => api.get<Comment[]>(PATHS[thread.kind](thread.id), { signal }),
    enabled: enabled && thread.id > 0,
  });
}

export function usePostComment(thread: CommentThread) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (comment: string) => api.post<Comment>(PATHS[thread.kind](thread.id), { comment }),
    meta: { silent: true },
    onSuccess: (c) => {
      client.setQueryData<Comment[]>(key(thread), (list) => merge(list, [c]));
      if (thread.counts) void client.invalidateQueries({ queryKey: thread.counts });
    },
  });
}

/** Why a chat stopped following its thread live (the chat says so; `comments.ended.<reason>`). */
export type LiveEnd = 'session' | 'access' | 'replaced' | 'stopped';

/** The reason an error code (a stream's last event, or a refused call) stands for. */
export function liveEndOf(code: unknown): LiveEnd {
  switch (code) {
    case 'session_invalid':
    case 'unauthorized':
      return 'session';
    case 'comment_forbidden':
    case 'comments_closed':
    case 'kpi_item_not_found':
      return 'access';
    case 'realtime_stream_replaced':
      return 'replaced';
    default:
      return 'stopped';
  }
}

/** What `followThread` needs of an EventSource (a test gives its own). */
export interface StreamLike {
  readyState: number;
  onerror: ((event: Event) => void) | null;
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void;
  close(): void;
}

export interface FollowOptions {
  /** The channel and a token for the current session (`GET discovery/employee`). */
  discover: () => Promise<Discovery>;
  /** The thread's comments after an id, through the API (what a dropped stream missed). */
  readAfter: (after: number) => Promise<Comment[]>;
  /** The newest comment shown. */
  lastId: () => number;
  /** Comments to show, new or missed. */
  onComments: (comments: Comment[]) => void;
  /** Called once when the chat stops following for good. */
  onEnd: (why: LiveEnd) => void;
  open?: (url: string) => StreamLike;
  /** How long to wait before opening again: after a dropped stream, after a failed discovery. */
  retryMs?: { dropped: number; failed: number };
}

const CLOSED = 2;

/**
 * Follows a thread live: a server-sent event stream from the channel
 * discovery names, with a token bound to the session. The browser opens a
 * dropped stream again by itself; one it gave up on (closed) is opened anew
 * with a fresh token, after reading through the API what was missed: that
 * read also says when the thread is no longer the reader's, or the session
 * has ended (a 401 signs the app out, as every call's does). The server ends
 * a stream with `event: end` and a code (session ended, thread no longer the
 * reader's, too many windows): then it stops for good, and says why.
 * Answers the function that stops following.
 */
export function followThread(thread: CommentThread, options: FollowOptions): () => void {
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
  const end = (why: LiveEnd) => {
    if (stopped) return;
    halt();
    options.onEnd(why);
  };
  const later = (ms: number) => {
    if (!stopped) timer = setTimeout(() => void start(), ms);
  };
  /** A refused call ends the following (its code says why); a failed one is tried again. */
  const refusedBy = (error: unknown): boolean => {
    if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500 || error.status === 429)
      return false;
    end(error.status === 401 ? 'session' : liveEndOf(error.body?.error));
    return true;
  };

  async function start() {
    let d: Discovery;
    try {
      d = await options.discover();
    } catch (error) {
      if (!stopped && !refusedBy(error)) later(retry.failed);
      return;
    }
    if (stopped) return;
    const params = new URLSearchParams({ token: d.token, threads: `${thread.kind}:${thread.id}` });
    // What the window holds (0: nothing yet): the server sends what came after it, even a comment
    // made between the window's first read and this stream's opening.
    params.set('after', String(options.lastId()));
    const stream = open(`${d.url}?${params}`);
    source = stream;
    stream.addEventListener('comment', (event) => {
      options.onComments([JSON.parse(event.data) as Comment]);
    });
    stream.addEventListener('end', (event) => {
      let code: unknown = null;
      try {
        code = (JSON.parse(event.data) as { code?: unknown }).code;
      } catch {
        // an end without a readable code still ends
      }
      end(liveEndOf(code));
    });
    stream.onerror = () => {
      if (stream.readyState !== CLOSED || stopped || source !== stream) return;
      stream.close();
      source = null;
      void recover();
    };
  }

  /** After a stream the browser gave up on (refused at opening, or an expired token). */
  async function recover() {
    try {
      const missed = await options.readAfter(options.lastId());
      if (!stopped) options.onComments(missed);
    } catch (error) {
      if (stopped || refusedBy(error)) return;
    }
    later(retry.dropped);
  }

  void start();
  return halt;
}

/**
 * While `enabled`, follows the thread live (`followThread`); answers why it
 * stopped following, once it has for good (null while it follows).
 */
export function useLiveComments(thread: CommentThread, enabled: boolean): LiveEnd | null {
  const client = useQueryClient();
  const [ended, setEnded] = useState<{ key: string; why: LiveEnd } | null>(null);
  const following = `${thread.kind}:${thread.id}`;
  const countsOf = useRef(thread.counts);
  countsOf.current = thread.counts;
  useEffect(() => {
    if (!enabled || thread.id <= 0) return;
    const target = { kind: thread.kind, id: thread.id };
    const add = (comments: Comment[]) => {
      if (comments.length === 0) return;
      client.setQueryData<Comment[]>(key(target), (list) => merge(list, comments));
      const counts = countsOf.current;
      if (counts) void client.invalidateQueries({ queryKey: counts });
    };
    setEnded(null);
    return followThread(target, {
      discover: () => api.get<Discovery>('discovery/employee'),
      readAfter: (after) => api.get<Comment[]>(PATHS[target.kind](target.id), { query: { after } }),
      lastId: () => client.getQueryData<Comment[]>(key(target))?.at(-1)?.id ?? 0,
      onComments: add,
      onEnd: (why) => setEnded({ key: `${target.kind}:${target.id}`, why }),
    });
  }, [enabled, thread.kind, thread.id, client]);
  return enabled && ended?.key === following ? ended.why : null;
}
