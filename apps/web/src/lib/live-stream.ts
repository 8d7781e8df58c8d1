/** What `followStream` needs of an EventSource (a test gives its own). */
export interface StreamLike {
  readyState: number;
  onerror: ((event: Event) => void) | null;
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void;
  close(): void;
}

export interface FollowStreamOptions<Why> {
  /** The stream's address with a fresh token of the session, asked for before each opening. */
  address: () => Promise<string>;
  /** What to do with each named event's data (its JSON read; an unreadable event is skipped). */
  events: Record<string, (data: unknown) => void>;
  /**
   * Why the server's `event: end` with its `code` (undefined when unreadable) stops the
   * following for good, or null: the stream is opened again.
   */
  endedBy: (code: unknown) => Why | null;
  /**
   * Why an error of `address` or `beforeReopening` stops the following for good (a refused
   * call), or null: it is tried again.
   */
  refusedBy: (error: unknown) => Why | null;
  /**
   * Before a stream that was given up on is opened again: e.g. reading what it missed
   * (`following` says whether the following still goes on once that is read).
   */
  beforeReopening?: (following: () => boolean) => Promise<void>;
  /** Called once when the following stops for good (not when stopped by the caller). */
  onEnd: (why: Why) => void;
  open?: (url: string) => StreamLike;
  /** How long to wait before opening again: after a dropped stream, after a failed `address`. */
  retryMs?: { dropped: number; failed: number };
}

const CLOSED = 2;

/** An event's data, read as JSON (not ok when it is not JSON). */
function read(data: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(data) as unknown };
  } catch {
    return { ok: false };
  }
}

/**
 * Follows a server-sent event stream of the session (the comments of a chat,
 * the bell's unread count) until it ends for good: each opening asks for the
 * address with a fresh token. The browser opens a dropped stream again by
 * itself; one it gave up on (refused at opening, an expired token), or one
 * the server ended with a code that does not stop it, is opened anew after
 * `retryMs.dropped`, once `beforeReopening` has run. A failed `address` is
 * asked again after `retryMs.failed`. What `endedBy` or `refusedBy` names
 * stops it for good, and `onEnd` says why. Answers the function that stops
 * following.
 */
export function followStream<Why>(options: FollowStreamOptions<Why>): () => void {
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
  const end = (why: Why) => {
    if (stopped) return;
    halt();
    options.onEnd(why);
  };
  const later = (ms: number) => {
    if (!stopped) timer = setTimeout(() => void start(), ms);
  };
  /** A refused call ends the following (and answers true); a failed one is tried again. */
  const refused = (error: unknown): boolean => {
    const why = options.refusedBy(error);
    if (why === null) return false;
    end(why);
    return true;
  };

  async function start() {
    let url: string;
    try {
      url = await options.address();
    } catch (error) {
      if (!stopped && !refused(error)) later(retry.failed);
      return;
    }
    if (stopped) return;
    const stream = open(url);
    source = stream;
    for (const [name, handle] of Object.entries(options.events))
      stream.addEventListener(name, (event) => {
        const data = read(event.data);
        if (data.ok && !stopped) handle(data.value);
      });
    stream.addEventListener('end', (event) => {
      const data = read(event.data);
      const code = data.ok ? (data.value as { code?: unknown } | null)?.code : undefined;
      const why = options.endedBy(code);
      if (why !== null) end(why);
      else drop(stream);
    });
    stream.onerror = () => {
      // A stream the browser opens again by itself is left to it.
      if (stream.readyState === CLOSED) drop(stream);
    };
  }

  /** A stream given up on: closed, and opened anew later. */
  function drop(stream: StreamLike) {
    if (stopped || source !== stream) return;
    stream.close();
    source = null;
    void reopen();
  }

  async function reopen() {
    try {
      await options.beforeReopening?.(() => !stopped);
    } catch (error) {
      if (stopped || refused(error)) return;
    }
    later(retry.dropped);
  }

  void start();
  return halt;
}
