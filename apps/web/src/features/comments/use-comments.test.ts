import type { Comment, Discovery } from '@hr/contracts/kpi';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { ApiError } from '../../lib/http';
import { type FollowOptions, followThread, type LiveEnd, liveEndOf, type StreamLike } from './use-comments';

/** An EventSource the test drives: it delivers events and errors when told. */
class FakeStream implements StreamLike {
  readyState = 1;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  private readonly listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  emit(type: string, data: unknown) {
    for (const l of this.listeners.get(type) ?? []) l({ data: JSON.stringify(data) } as MessageEvent<string>);
  }
  /** The browser gave up on it (a refusal at opening, an expired token). */
  fail() {
    this.readyState = 2;
    this.onerror?.(new Event('error'));
  }
}

const comment = (id: number): Comment => ({
  id,
  comment: `Comment ${id}`,
  employee: { id: 1, name: 'Tanvir Ahmed', photo: null },
  sentAt: '2026-01-01T00:00:00.000Z',
});
const refusal = (status: number, error: string) =>
  new ApiError(status, error, { code: status, error, message: error });

let streams: FakeStream[];
let shown: Comment[];
let ends: LiveEnd[];

function follow(overrides: Partial<FollowOptions> = {}) {
  let n = 0;
  return followThread(
    { kind: 'kpi_objective', id: 7 },
    {
      discover: async (): Promise<Discovery> => ({
        api_key: 'hr-portal',
        url: '/api/v1/realtime/comments',
        ref: 'comments',
        project_id: 'hr-portal',
        token: `token-${++n}`,
      }),
      readAfter: async () => [],
      lastId: () => shown.at(-1)?.id ?? 0,
      onComments: (c) => shown.push(...c),
      onEnd: (why) => ends.push(why),
      open: (url) => {
        const s = new FakeStream(url);
        streams.push(s);
        return s;
      },
      ...overrides,
    },
  );
}

beforeEach(() => {
  vi.useFakeTimers();
  streams = [];
  shown = [];
  ends = [];
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a chat following its thread live', () => {
  test('shows new comments, and stops for good when the server ends the stream, saying why', async () => {
    follow();
    await vi.runOnlyPendingTimersAsync();
    expect(streams).toHaveLength(1);
    expect(streams[0]!.url).toContain('threads=kpi_objective%3A7');
    // The window's first stream says what it holds (nothing yet): a comment made since is sent.
    expect(streams[0]!.url).toContain('after=0');
    streams[0]!.emit('comment', comment(5));
    expect(shown.map((c) => c.id)).toEqual([5]);

    streams[0]!.emit('end', { code: 'session_invalid', message: 'Your session has ended' });
    expect(ends).toEqual(['session']);
    expect(streams[0]!.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(streams).toHaveLength(1);
  });

  test('names each ending by its code', () => {
    expect(liveEndOf('session_invalid')).toBe('session');
    expect(liveEndOf('comment_forbidden')).toBe('access');
    expect(liveEndOf('comments_closed')).toBe('access');
    expect(liveEndOf('kpi_item_not_found')).toBe('access');
    expect(liveEndOf('realtime_stream_replaced')).toBe('replaced');
    expect(liveEndOf(undefined)).toBe('stopped');
  });

  test('a 401 from discovery stops it (the app signs out) instead of asking again every few seconds', async () => {
    const discover = vi.fn(async (): Promise<Discovery> => {
      throw refusal(401, 'session_invalid');
    });
    follow({ discover });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(discover).toHaveBeenCalledTimes(1);
    expect(ends).toEqual(['session']);
    expect(streams).toHaveLength(0);
  });

  test('a discovery that failed on the way is asked again', async () => {
    let calls = 0;
    follow({
      discover: async () => {
        calls += 1;
        if (calls === 1) throw new ApiError(0, 'service unavailable', null);
        return { api_key: 'hr-portal', url: '/u', ref: 'comments', project_id: 'hr-portal', token: 't' };
      },
    });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(calls).toBe(2);
    expect(streams).toHaveLength(1);
    expect(ends).toEqual([]);
  });

  test('a stream the browser gave up on is opened again after reading what was missed', async () => {
    const readAfter = vi.fn(async (after: number) => [comment(after + 1)]);
    follow({ readAfter });
    await vi.runOnlyPendingTimersAsync();
    streams[0]!.emit('comment', comment(3));
    streams[0]!.fail();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(readAfter).toHaveBeenCalledWith(3);
    expect(shown.map((c) => c.id)).toEqual([3, 4]);
    expect(streams).toHaveLength(2);
    expect(streams[1]!.url).toContain('token=token-2');
    expect(streams[1]!.url).toContain('after=4');
    expect(ends).toEqual([]);
  });

  test('a thread that is no longer the reader’s ends it, with no more tries', async () => {
    follow({
      readAfter: async () => {
        throw refusal(403, 'comment_forbidden');
      },
    });
    await vi.runOnlyPendingTimersAsync();
    streams[0]!.fail();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(ends).toEqual(['access']);
    expect(streams).toHaveLength(1);
  });

  test('stopping it closes the stream and tries nothing more', async () => {
    const stop = follow();
    await vi.runOnlyPendingTimersAsync();
    stop();
    expect(streams[0]!.closed).toBe(true);
    streams[0]!.fail();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(streams).toHaveLength(1);
    expect(ends).toEqual([]);
  });
});
