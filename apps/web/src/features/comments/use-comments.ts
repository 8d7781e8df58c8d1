import type { Comment, Discovery } from '@hr/contracts/kpi';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../lib/http';

/** A comment thread: a KPI sheet, one of its objectives or objective KPIs. */
export interface CommentThread {
  kind: 'kpi' | 'kpi_objective' | 'kpi_objective_kpi';
  id: number;
}

const PATHS: Record<CommentThread['kind'], (id: number) => string> = {
  kpi: (id) => `kpis/${id}/comments`,
  kpi_objective: (id) => `kpis/objectives/${id}/comments`,
  kpi_objective_kpi: (id) => `kpis/objectives/kpis/${id}/comments`,
};

const key = (t: CommentThread) => ['comments', t.kind, t.id] as const;

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
      // The sheet's comment counts.
      void client.invalidateQueries({ queryKey: ['kpi', 'sheet'] });
    },
  });
}

/**
 * While `enabled`, follows the thread live: a server-sent event stream from
 * the channel `GET discovery/employee` names, with its short-lived token. A
 * dropped stream is opened again with a fresh token from the last comment
 * seen, so nothing sent meanwhile is missed.
 */
export function useLiveComments(thread: CommentThread, enabled: boolean) {
  const client = useQueryClient();
  useEffect(() => {
    if (!enabled || thread.id <= 0) return;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let stopped = false;
    const lastId = () => client.getQueryData<Comment[]>(key(thread))?.at(-1)?.id ?? 0;
    const open = async () => {
      try {
        const d = await api.get<Discovery>('discovery/employee');
        if (stopped) return;
        const params = new URLSearchParams({ token: d.token, threads: `${thread.kind}:${thread.id}` });
        const after = lastId();
        if (after > 0) params.set('after', String(after));
        source = new EventSource(`${d.url}?${params}`);
        source.addEventListener('comment', (event) => {
          const c = JSON.parse((event as MessageEvent<string>).data) as Comment;
          client.setQueryData<Comment[]>(key(thread), (list) => merge(list, [c]));
          void client.invalidateQueries({ queryKey: ['kpi', 'sheet'] });
        });
        source.onerror = () => {
          // The browser retries by itself; a closed stream (an expired token) is opened anew.
          if (source?.readyState === EventSource.CLOSED && !stopped) {
            source.close();
            timer = setTimeout(() => void open(), 2000);
          }
        };
      } catch {
        if (!stopped) timer = setTimeout(() => void open(), 5000);
      }
    };
    void open();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      source?.close();
    };
  }, [enabled, thread.kind, thread.id, client, thread]);
}
