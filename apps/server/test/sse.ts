import http from 'node:http';

/** One server-sent event. */
export interface SseEvent {
  id: string | null;
  event: string | null;
  data: string;
}

/** Waits `ms`, answering null. */
const after = (ms: number) => new Promise<null>((resolve) => setTimeout(() => resolve(null), ms));

/**
 * Opens an event stream and reads its events one by one (`next` waits up to
 * a timeout). Comment lines (`: ping`) are skipped. The stream has a
 * connection of its own (no pooled keep-alive socket, so none is left open
 * when it is closed or the server ends it).
 */
export async function openStream(url: string, lastEventId?: string) {
  const { request, response } = await new Promise<{
    request: http.ClientRequest;
    response: http.IncomingMessage;
  }>((resolve, reject) => {
    const request = http.get(
      url,
      { agent: false, headers: lastEventId ? { 'last-event-id': lastEventId } : {} },
      (response) => resolve({ request, response }),
    );
    request.on('error', reject);
  });
  response.setEncoding('utf8');
  if (response.statusCode !== 200) {
    let text = '';
    for await (const chunk of response) text += chunk;
    throw new Error(`stream answered ${response.statusCode}: ${text}`);
  }
  const chunks = response[Symbol.asyncIterator]() as AsyncIterator<string>;
  // One read at a time: a read that outlived a timeout is the next one's, so no chunk is lost.
  let reading: Promise<IteratorResult<string>> | null = null;
  const read = async (ms: number) => {
    reading ??= chunks.next().catch(() => ({ done: true as const, value: undefined }));
    const chunk = await Promise.race([reading, after(ms)]);
    if (chunk !== null) reading = null;
    return chunk;
  };
  let buffer = '';
  const ready: SseEvent[] = [];

  const parse = () => {
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event: SseEvent = { id: null, event: null, data: '' };
      let any = false;
      for (const line of block.split('\n')) {
        if (line.startsWith(':') || !line.includes(':')) continue;
        const [field, ...rest] = line.split(':');
        const value = rest.join(':').replace(/^ /, '');
        if (field === 'id') event.id = value;
        else if (field === 'event') event.event = value;
        else if (field === 'data') {
          event.data += value;
          any = true;
        }
      }
      if (any) ready.push(event);
      end = buffer.indexOf('\n\n');
    }
  };

  return {
    headers: response.headers,
    async next(timeoutMs: number): Promise<SseEvent> {
      const deadline = Date.now() + timeoutMs;
      while (ready.length === 0) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error('no event within the time');
        const chunk = await read(left);
        if (chunk === null) continue;
        if (chunk.done) throw new Error('the stream ended');
        buffer += chunk.value;
        parse();
      }
      return ready.shift()!;
    },
    /**
     * The events left until the server ends the stream (throws when it is
     * still open after `timeoutMs`); `ended` is when the end was read.
     */
    async rest(timeoutMs: number): Promise<{ events: SseEvent[]; ended: number }> {
      const deadline = Date.now() + timeoutMs;
      const events: SseEvent[] = ready.splice(0);
      for (;;) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`the stream was still open after ${timeoutMs} ms`);
        const chunk = await read(left);
        if (chunk === null) continue;
        if (chunk.done) return { events, ended: Date.now() };
        buffer += chunk.value;
        parse();
        events.push(...ready.splice(0));
      }
    },
    close() {
      request.destroy();
    },
  };
}
