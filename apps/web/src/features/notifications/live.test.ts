import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { ApiError } from '../../lib/http';
import { type BellEnd, type FollowUnreadOptions, followUnread, type StreamLike } from './live';

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

let streams: FakeStream[];
let counts: number[];
let ends: BellEnd[];

function follow(overrides: Partial<FollowUnreadOptions> = {}) {
  let n = 0;
  return followUnread({
    discover: async () => ({ token: `token-${++n}` }),
    onUnread: (unread) => counts.push(unread),
    onEnd: (why) => ends.push(why),
    open: (url) => {
      const s = new FakeStream(url);
      streams.push(s);
      return s;
    },
    ...overrides,
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  streams = [];
  counts = [];
  ends = [];
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the bell following its unread count', () => {
  test('shows each count the stream sends, on the stream of its session’s token', async () => {
    const stop = follow();
    await vi.runOnlyPendingTimersAsync();
    expect(streams).toHaveLength(1);
    expect(streams[0]!.url).toBe('/api/v1/notifications/stream?token=token-1');
    streams[0]!.emit('unread', { unread: 3 });
    streams[0]!.emit('unread', { unread: 0 });
    expect(counts).toEqual([3, 0]);
    stop();
    expect(streams[0]!.closed).toBe(true);
  });

  test('opens a stream the browser gave up on again, with a fresh token', async () => {
    follow();
    await vi.runOnlyPendingTimersAsync();
    streams[0]!.fail();
    expect(streams).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2000);
    expect(streams).toHaveLength(2);
    expect(streams[1]!.url).toContain('token=token-2');
    streams[1]!.emit('unread', { unread: 1 });
    expect(counts).toEqual([1]);
  });

  test('stops for good when the session ends or a newer stream takes its place, and says which', async () => {
    follow();
    await vi.runOnlyPendingTimersAsync();
    streams[0]!.emit('end', { code: 'realtime_stream_replaced', message: '' });
    follow();
    await vi.runOnlyPendingTimersAsync();
    streams[1]!.emit('end', { code: 'session_invalid', message: '' });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(ends).toEqual(['replaced', 'session']);
    expect(streams).toHaveLength(2);
    expect(streams.every((s) => s.closed)).toBe(true);
  });

  test('a refused discovery ends it when signed out, and is tried again when the server failed', async () => {
    follow({
      discover: async () => {
        throw new ApiError(401, 'unauthorized', { code: 401, error: 'unauthorized', message: '' });
      },
    });
    await vi.runOnlyPendingTimersAsync();
    expect(ends).toEqual(['session']);

    let tries = 0;
    follow({
      discover: async () => {
        tries += 1;
        if (tries === 1) throw new ApiError(503, 'down', null);
        return { token: 'later' };
      },
    });
    await vi.advanceTimersByTimeAsync(4000);
    expect(streams).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1000);
    expect(streams.map((s) => s.url)).toEqual(['/api/v1/notifications/stream?token=later']);
  });
});
