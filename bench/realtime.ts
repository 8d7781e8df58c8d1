/**
 * Comment delivery: the time from a comment's POST to its arrival in open
 * chat windows (server-sent events at the discovery channel), with many
 * windows open at once. Two shapes of load:
 *
 * - spread: every window follows the chat of another objective (500 people
 *   each looking at one sheet); comments go to random ones of them;
 * - one thread: every window follows the same objective's chat (a crowded
 *   thread); each comment reaches all of them.
 *
 * The windows and the poster are the manager with the most sheets to read,
 * over the built server's HTTP, as a browser would.
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';

export interface DeliveryRow {
  shape: string;
  windows: number;
  comments: number;
  deliveries: number;
  p50: number;
  p99: number;
  max: number;
  missed: number;
}

interface Window {
  close: () => void;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** The manager on the most KPI sheets past Draft, and the objectives of those sheets. */
async function threadsToWatch(url: string, want: number) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const manager = await client.query<{ eid: string; id: number }>(`
      select u.username as eid, e.id
        from kpis k
        cross join lateral unnest(array[k.line_manager_id, k.one_over_one_id]) as m(id)
        join employees e on e.id = m.id
        join users u on u.employee_id = e.id
       where k.status_id > 1
       group by u.username, e.id
       order by count(*) desc, u.username
       limit 1`);
    const who = manager.rows[0];
    if (!who) throw new Error('No KPI sheet past Draft: is the large data set seeded?');
    const objectives = await client.query<{ id: number }>(
      `select o.id
         from kpis k join kpi_objectives o on o.kpi_id = k.id and o.status_id = 1
        where k.status_id > 1 and (k.line_manager_id = $1 or k.one_over_one_id = $1)
        order by k.id, o.sort_order
        limit $2`,
      [who.id, want],
    );
    return { eid: who.eid, objectives: objectives.rows.map((r) => r.id) };
  } finally {
    await client.end();
  }
}

/**
 * Opens one window (an SSE stream) on a thread; calls `onComment` with each
 * comment's text and its arrival time. Resolves once the stream is open.
 */
async function openWindow(
  base: string,
  channel: string,
  token: string,
  thread: number,
  onComment: (text: string, at: number) => void,
): Promise<Window> {
  const controller = new AbortController();
  const res = await fetch(
    `${base}${channel}?token=${encodeURIComponent(token)}&threads=kpi_objective:${thread}`,
    { signal: controller.signal, headers: { accept: 'text/event-stream' } },
  );
  if (!res.ok || !res.body) throw new Error(`realtime channel: ${res.status} ${await res.text()}`);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let opened: () => void = () => {};
  const open = new Promise<void>((resolve) => {
    opened = resolve;
  });
  void (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        const at = performance.now();
        buffer += decoder.decode(value, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const event = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (event.includes(': connected')) opened();
          const data = event.split('\n').find((l) => l.startsWith('data: '));
          if (event.includes('event: comment') && data) {
            onComment((JSON.parse(data.slice(6)) as { comment: string }).comment, at);
          }
          end = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // closed by the bench
    }
  })();
  await open;
  return { close: () => controller.abort() };
}

async function login(base: string, eid: string): Promise<string> {
  const res = await fetch(`${base}/api/v1/login_check`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: eid, password: 'demo123', app_id: 3 }),
  });
  if (!res.ok) throw new Error(`login ${eid}: ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

/**
 * Opens `windows` windows in the given shape, posts `comments` comments one
 * after another (each on the thread of a window), and answers the delivery
 * latencies to every window that follows that thread.
 */
async function measure(
  base: string,
  url: string,
  shape: 'spread' | 'one thread',
  windows: number,
  comments: number,
): Promise<DeliveryRow> {
  const { eid, objectives } = await threadsToWatch(url, windows);
  if (objectives.length === 0) throw new Error('No objective to comment on.');
  const token = await login(base, eid);
  const auth = { authorization: `Bearer ${token}` };
  const discovery = (await (await fetch(`${base}/api/v1/discovery/employee`, { headers: auth })).json()) as {
    url: string;
    token: string;
  };
  const threadOf = (i: number) => (shape === 'spread' ? objectives[i % objectives.length]! : objectives[0]!);
  const sent = new Map<string, number>();
  const expected = new Map<string, number>();
  const latencies: number[] = [];
  const open: Window[] = [];
  const watchers = new Map<number, number>();
  try {
    for (let i = 0; i < windows; i++) {
      const thread = threadOf(i);
      watchers.set(thread, (watchers.get(thread) ?? 0) + 1);
      open.push(
        await openWindow(base, discovery.url, discovery.token, thread, (text, at) => {
          const start = sent.get(text);
          if (start !== undefined) latencies.push(at - start);
        }),
      );
    }
    const run = `${Date.now().toString(36)}`;
    for (let c = 0; c < comments; c++) {
      const thread = threadOf(Math.floor(Math.random() * windows));
      const text = `Bench ${run} comment ${c}`;
      expected.set(text, watchers.get(thread) ?? 0);
      sent.set(text, performance.now());
      const res = await fetch(`${base}/api/v1/kpis/objectives/${thread}/comments`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ comment: text }),
      });
      if (!res.ok) throw new Error(`comment: ${res.status} ${await res.text()}`);
    }
    const want = [...expected.values()].reduce((a, b) => a + b, 0);
    const deadline = performance.now() + 10_000;
    while (latencies.length < want && performance.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    const sorted = [...latencies].sort((a, b) => a - b);
    return {
      shape,
      windows,
      comments,
      deliveries: latencies.length,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      max: sorted.at(-1) ?? Number.NaN,
      missed: want - latencies.length,
    };
  } finally {
    for (const w of open) w.close();
  }
}

export async function deliveryBench(base: string, url: string, windows = 500, comments = 200) {
  const rows: DeliveryRow[] = [];
  for (const shape of ['spread', 'one thread'] as const) {
    process.stdout.write(`  comment delivery, ${windows} windows, ${shape} ... `);
    const row = await measure(
      base,
      url,
      shape,
      windows,
      shape === 'spread' ? comments : Math.ceil(comments / 10),
    );
    console.log(
      `${row.deliveries} deliveries, p50 ${row.p50.toFixed(1)} ms, p99 ${row.p99.toFixed(1)} ms, max ${row.max.toFixed(1)} ms${row.missed ? `, ${row.missed} missed` : ''}`,
    );
    rows.push(row);
  }
  return rows;
}

export const DELIVERY_HEADING = '## Comment delivery to open chat windows (PostgreSQL)';

export function deliverySection(rows: DeliveryRow[], when: string): string {
  return [
    DELIVERY_HEADING,
    '',
    `${when}. One manager's open chat windows (server-sent events at the discovery channel, over HTTP to the built server); comments posted one after another through the API; latency from the start of the POST to the comment's arrival in each window that follows its thread. "spread": each window follows another objective's chat; "one thread": every window follows the same one, so each comment reaches all of them.`,
    '',
    '| shape | windows | comments | deliveries | p50 ms | p99 ms | max ms | missed |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (r) =>
        `| ${r.shape} | ${r.windows} | ${r.comments} | ${r.deliveries} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.max.toFixed(1)} | ${r.missed} |`,
    ),
    '',
  ].join('\n');
}
