/** One server-sent event. */
export interface SseEvent {
  id: string | null;
  event: string | null;
  data: string;
}

/**
 * Opens an event stream and reads its events one by one (`next` waits up to
 * a timeout). Comment lines (`: ping`) are skipped.
 */
export async function openStream(url: string, lastEventId?: string) {
  const controller = new AbortController();
  const res = await fetch(url, {
    signal: controller.signal,
    headers: lastEventId ? { 'last-event-id': lastEventId } : {},
  });
  if (res.status !== 200 || !res.body) throw new Error(`stream answered ${res.status}: ${await res.text()}`);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
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
    headers: res.headers,
    async next(timeoutMs: number): Promise<SseEvent> {
      const deadline = Date.now() + timeoutMs;
      while (ready.length === 0) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error('no event within the time');
        const chunk = await Promise.race([
          reader.read(),
          new Promise<null>((resolve) => setTimeout(() => resolve(null), left)),
        ]);
        if (chunk === null) continue;
        if (chunk.done) throw new Error('the stream ended');
        buffer += decoder.decode(chunk.value, { stream: true });
        parse();
      }
      return ready.shift()!;
    },
    close() {
      controller.abort();
    },
  };
}
