import { type ErrorCode, errorText } from '@hr/contracts/error-codes';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OpenStream, RealtimeStreams, Subscriber } from './realtime';

/** A comment line now and then keeps proxies from closing a quiet stream. */
const KEEP_ALIVE_MS = 20_000;

/** One server-sent event: its id (for Last-Event-ID), its name and its JSON data. */
export interface StreamEvent {
  id?: number;
  event: string;
  data: unknown;
}

/** Where a stream's source writes: an event, or the end with a code saying why. */
export interface StreamSink {
  send(event: StreamEvent): void;
  end(code: ErrorCode): void;
}

const format = (e: StreamEvent) =>
  `${e.id === undefined ? '' : `id: ${e.id}\n`}event: ${e.event}\ndata: ${JSON.stringify(e.data)}\n\n`;

/**
 * Answers a request with a server-sent event stream of a session
 * (DESIGN.md §6, §11), the same way for every realtime channel:
 *
 * - `start` subscribes the stream to its source and answers how to stop;
 *   what it sends before the stream's head is written waits, in order;
 * - the stream is a row of `realtime_streams` (lib/realtime.ts), so it
 *   counts in its person's limit and ends when its session does, on any
 *   process, with a last `event: end` and `{ code, message }`;
 * - a comment line every 20 s keeps it open; the client leaving, or the
 *   server closing, ends it without an event (the client opens it again).
 */
export async function serveEventStream(
  request: FastifyRequest,
  reply: FastifyReply,
  streams: RealtimeStreams,
  who: Subscriber,
  start: (stream: OpenStream, sink: StreamSink) => Promise<() => void>,
): Promise<void> {
  const raw = reply.raw;
  const write = (text: string) => {
    if (!raw.writableEnded) raw.write(text);
  };
  // Events made before the stream's head is written wait here.
  let waiting: string[] | null = [];
  const emit = (text: string) => {
    if (waiting) waiting.push(text);
    else write(text);
  };
  let ping: NodeJS.Timeout | undefined;
  let streamId: number | null = null;
  let stop = () => {};
  let finished = false;
  /**
   * Ends the stream: with a last event saying why (`event: end`, `{ code, message }`),
   * or with none when the client left or the server is closing.
   */
  const finish = (code: ErrorCode | null) => {
    if (finished) return;
    finished = true;
    stop();
    clearInterval(ping);
    if (streamId !== null) void streams.close(streamId).catch(() => {});
    if (code) emit(`event: end\ndata: ${JSON.stringify({ code, message: errorText(code) })}\n\n`);
    if (!waiting) raw.end();
  };
  // One object for the subscription and the streams' check, which keeps `isAdmin` current.
  const stream: OpenStream = { ...who, end: finish };
  stop = await start(stream, { send: (e) => emit(format(e)), end: finish });
  // Ended while it was starting: its subscription stops now.
  if (finished) stop();
  try {
    // The stream belongs to its session: it ends when the session does, on any process.
    streamId = await streams.add(stream);
  } catch (err) {
    stop();
    throw err;
  }
  // Ended while it was being added: its row goes now.
  if (finished) void streams.close(streamId).catch(() => {});
  // From here the answer is a stream the server writes itself (no compression, no JSON).
  reply.hijack();
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    'x-content-type-options': 'nosniff',
  });
  write('retry: 2000\n: connected\n\n');
  const events = waiting;
  waiting = null;
  for (const event of events) write(event);
  if (finished) {
    raw.end();
    return;
  }
  if (raw.destroyed || request.raw.socket?.destroyed) {
    finish(null);
    return;
  }
  ping = setInterval(() => write(': ping\n\n'), KEEP_ALIVE_MS);
  // The client left.
  raw.on('close', () => finish(null));
}
