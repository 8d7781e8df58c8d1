import type { Comment, Discovery } from '@hr/contracts/kpi';
import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ApiError, api } from '../../lib/http';
import { followStream, type StreamLike } from '../../lib/live-stream';
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

export type { StreamLike };

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

/** Why a refused call (a 4xx answer but 429) ends the following; null for one that failed on the way. */
function refusalOf(error: unknown): LiveEnd | null {
  if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500 || error.status === 429)
    return null;
  return error.status === 401 ? 'session' : liveEndOf(error.body?.error);
}

/**
 * Follows a thread live (`followStream`): a server-sent event stream from the
 * channel discovery names, with a token bound to the session. A stream the
 * browser gave up on is opened anew with a fresh token, after reading through
 * the API what was missed: that read also says when the thread is no longer
 * the reader's, or the session has ended (a 401 signs the app out, as every
 * call's does). The server ends a stream with `event: end` and a code
 * (session ended, thread no longer the reader's, too many windows): then it
 * stops for good, and says why. Answers the function that stops following.
 */
export function followThread(thread: CommentThread, options: FollowOptions): () => void {
  return followStream<LiveEnd>({
    address: async () => {
      const d = await options.discover();
      const params = new URLSearchParams({ token: d.token, threads: `${thread.kind}:${thread.id}` });
      // What the window holds (0: nothing yet): the server sends what came after it, even a comment
      // made between the window's first read and this stream's opening.
      params.set('after', String(options.lastId()));
      return `${d.url}?${params}`;
    },
    events: { comment: (c) => options.onComments([c as Comment]) },
    endedBy: liveEndOf,
    refusedBy: refusalOf,
    beforeReopening: async (following) => {
      const missed = await options.readAfter(options.lastId());
      if (following()) options.onComments(missed);
    },
    onEnd: options.onEnd,
    open: options.open,
    retryMs: options.retryMs,
  });
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
