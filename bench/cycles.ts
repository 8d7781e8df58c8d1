/**
 * Review cycle launch: an HR administrator launches the interim reviews of
 * last year's first half for every employee of the large data set (each has
 * an approved sheet of last year, and none an interim review of it), over
 * the built server's HTTP, as the admin screen does. Timed: the launch (one
 * transaction, set-based), a second launch (nothing new to make), the
 * cycle's progress page and the list of cycles. The cycle and its reviews
 * are deleted afterwards, so every run starts alike.
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';

export const CYCLES_HEADING = '## Review cycle launch (PostgreSQL)';

export interface CycleRun {
  reviews: number;
  launchMs: number;
  relaunchMs: number;
  detailMs: number;
  listMs: number;
}

async function call(base: string, token: string, method: string, path: string, body?: unknown) {
  const started = performance.now();
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  const ms = performance.now() - started;
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return { ms, json: JSON.parse(text) as Record<string, unknown> };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Launches and deletes the cycle `runs` times; answers each run's timings. */
export async function cycleBench(base: string, url: string, token: string, runs = 3): Promise<CycleRun[]> {
  const year = new Date().getFullYear() - 1;
  const deadline = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const out: CycleRun[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      const launch = await call(base, token, 'POST', '/api/v1/eprs/cycles', {
        name: `Bench cycle ${i + 1}`,
        type_id: 2,
        from_date: `${year}-01-01`,
        to_date: `${year}-06-30`,
        deadline,
      });
      const id = launch.json.id as number;
      const created = (launch.json.launch as { created: number }).created;
      try {
        const again = await call(base, token, 'PATCH', `/api/v1/eprs/cycles/${id}/launch`);
        const details: number[] = [];
        const lists: number[] = [];
        for (let k = 0; k < 5; k++) {
          details.push((await call(base, token, 'GET', `/api/v1/eprs/cycles/${id}`)).ms);
          lists.push((await call(base, token, 'GET', '/api/v1/eprs/cycles?limit=10')).ms);
        }
        out.push({
          reviews: created,
          launchMs: launch.ms,
          relaunchMs: again.ms,
          detailMs: median(details),
          listMs: median(lists),
        });
        console.log(
          `  run ${i + 1}: ${created} reviews launched in ${launch.ms.toFixed(0)} ms; again ${again.ms.toFixed(0)} ms; ` +
            `progress ${median(details).toFixed(1)} ms; list ${median(lists).toFixed(1)} ms`,
        );
      } finally {
        await client.query('delete from eprs where cycle_id = $1', [id]);
        await client.query('delete from epr_cycles where id = $1', [id]);
      }
    }
  } finally {
    await client.end();
  }
  return out;
}

export function cyclesSection(runs: CycleRun[], employees: number, when: string): string {
  return [
    CYCLES_HEADING,
    '',
    `${when}; ${employees} employees; interim reviews of last year's first half for everyone with an approved sheet of last year; the cycle and its reviews deleted after each run. Wall-clock time of one call over HTTP (median of five for the reads).`,
    '',
    '| run | reviews made | launch ms | launch again ms | progress page ms | list of cycles ms |',
    '| ---: | ---: | ---: | ---: | ---: | ---: |',
    ...runs.map(
      (r, i) =>
        `| ${i + 1} | ${r.reviews} | ${r.launchMs.toFixed(0)} | ${r.relaunchMs.toFixed(0)} | ${r.detailMs.toFixed(1)} | ${r.listMs.toFixed(1)} |`,
    ),
    '',
  ].join('\n');
}
