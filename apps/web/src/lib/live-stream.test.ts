import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { type FollowStreamOptions, followStream, type StreamLike } from './live-stream';

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
  send(type: string, data: string) {
    for (const l of this.listeners.get(type) ?? []) l({ data } as MessageEvent<string>);
  }
  /** A dropped connection: the browser opens it again by itself (0) or gives up on it (2). */
  fail(readyState: 0 | 2) {
    this.readyState = readyState;
    this.onerror?.(new Event('error'));
  }
}

let streams: FakeStream[];
let seen: unknown[];
let ends: string[];

function follow(overrides: Partial<FollowStreamOptions<string>> = {}) {
  let n = 0;
  return followStream<string>({
    address: async () => `/stream?token=${++n}`,
    events: { news: (data) => seen.push(data) },
    endedBy: (code) => (code === 'stop' ? 'stopped' : null),
    refusedBy: (error) => (error === 'refused' ? 'refused' : null),
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
  seen = [];
  ends = [];
});
afterEach(() => {
  vi.useRealTimers();
});

describe('following a live stream', () => {
  test('hands on each event’s data, and skips one that is not JSON', async () => {
    follow();
    await vi.runOnlyPendingTimersAsync();
    streams[0]!.send('news', '{"n":1}');
    streams[0]!.send('news', 'not json');
    streams[0]!.send('news', '{"n":2}');
    expect(seen).toEqual([{ n: 1 }, { n: 2 }]);
  });

  test('leaves a stream the browser opens again to it, and opens one it gave up on anew', async () => {
    follow();
    await vi.runOnlyPendingTimersAsync();
    streams[0]!.fail(0);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(streams).toHaveLength(1);
    expect(streams[0]!.closed).toBe(false);

    streams[0]!.fail(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(streams).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(streams.map((s) => s.url)).toEqual(['/stream?token=1', '/stream?token=2']);
  });

  test('an end whose code does not stop it opens it again; one that does stops it for good', async () => {
    follow();
    await vi.runOnlyPendingTimersAsync();
    streams[0]!.send('end', '{"code":"realtime_unavailable"}');
    expect(streams[0]!.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(2000);
    expect(streams).toHaveLength(2);

    streams[1]!.send('end', '{"code":"stop"}');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(ends).toEqual(['stopped']);
    expect(streams).toHaveLength(2);
    expect(streams[1]!.closed).toBe(true);
  });

  test('reads what was missed before opening again; a refusal there stops it for good', async () => {
    let refuse = false;
    const beforeReopening = vi.fn(async () => {
      if (refuse) throw 'refused';
    });
    follow({ beforeReopening });
    await vi.runOnlyPendingTimersAsync();
    streams[0]!.fail(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(beforeReopening).toHaveBeenCalledTimes(1);
    expect(streams).toHaveLength(2);

    refuse = true;
    streams[1]!.fail(2);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(ends).toEqual(['refused']);
    expect(streams).toHaveLength(2);
  });

  test('stopped while it reads what was missed, it opens nothing more and says nothing', async () => {
    let following: (() => boolean) | null = null;
    let release = () => {};
    const stop = follow({
      beforeReopening: (f) => {
        following = f;
        return new Promise<void>((resolve) => {
          release = resolve;
        });
      },
    });
    await vi.runOnlyPendingTimersAsync();
    streams[0]!.fail(2);
    expect(following!()).toBe(true);
    stop();
    expect(following!()).toBe(false);
    release();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(streams).toHaveLength(1);
    expect(ends).toEqual([]);
  });

  test('an address that failed on the way is asked again later; a refused one stops it', async () => {
    let calls = 0;
    follow({
      address: async () => {
        calls += 1;
        if (calls === 1) throw new Error('offline');
        return '/stream';
      },
    });
    await vi.advanceTimersByTimeAsync(4999);
    expect(streams).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(streams).toHaveLength(1);

    follow({
      address: async () => {
        throw 'refused';
      },
    });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(ends).toEqual(['refused']);
    expect(streams).toHaveLength(1);
  });
});
