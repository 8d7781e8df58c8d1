/**
 * The attendance summary of everyone (10,000 people × last month), as HR
 * asks for it, JSON and CSV: the time to the last byte and how much the
 * server's memory (resident set, read from /proc while the answer comes)
 * grows above what it held before. The CSV streams batch by batch, so its
 * growth should stay that of one batch whatever the number of people.
 */
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import dayjs from 'dayjs';

export const ATTENDANCE_HEADING = '## Attendance summary of everyone (PostgreSQL)';

export interface SummaryRun {
  type: 'json' | 'csv';
  rows: number;
  bytes: number;
  ms: number;
  baseMb: number;
  peakMb: number;
}

/** The resident memory of a process in MB (Linux). */
function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

async function measure(base: string, token: string, pid: number, type: 'json' | 'csv'): Promise<SummaryRun> {
  const month = dayjs().subtract(1, 'month');
  const from = month.startOf('month').format('YYYY-MM-DD');
  const to = month.endOf('month').format('YYYY-MM-DD');
  const baseMb = rssMb(pid);
  let peakMb = baseMb;
  const timer = setInterval(() => {
    peakMb = Math.max(peakMb, rssMb(pid));
  }, 20);
  const started = performance.now();
  const res = await fetch(
    `${base}/api/v1/report/attendance/summary?from_date=${from}&to_date=${to}&response_type=${type}`,
    { headers: { authorization: `Bearer ${token}` } },
  );
  if (!res.ok || !res.body) throw new Error(`summary ${type}: ${res.status} ${await res.text()}`);
  let bytes = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of res.body) {
    bytes += chunk.length;
    if (type === 'json') chunks.push(Buffer.from(chunk));
  }
  const ms = performance.now() - started;
  clearInterval(timer);
  peakMb = Math.max(peakMb, rssMb(pid));
  const rows =
    type === 'json'
      ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { rows: unknown[] }).rows.length
      : -1;
  return { type, rows, bytes, ms, baseMb, peakMb };
}

/** Each type once to warm the process up, then three times; the run of median growth is kept. */
export async function attendanceBench(base: string, token: string, pid: number): Promise<SummaryRun[]> {
  const out: SummaryRun[] = [];
  for (const type of ['json', 'csv'] as const) {
    await measure(base, token, pid, type);
    const runs: SummaryRun[] = [];
    for (let i = 0; i < 3; i++) runs.push(await measure(base, token, pid, type));
    runs.sort((a, b) => a.peakMb - a.baseMb - (b.peakMb - b.baseMb));
    const run = runs[1]!;
    console.log(
      `  summary ${type}: ${run.rows >= 0 ? `${run.rows} rows, ` : ''}${(run.bytes / 1024).toFixed(0)} KB in ${run.ms.toFixed(0)} ms; ` +
        `server memory ${run.baseMb.toFixed(0)} MB before, ${run.peakMb.toFixed(0)} MB at most (+${(run.peakMb - run.baseMb).toFixed(0)} MB; ` +
        `growth of the three runs ${runs.map((r) => (r.peakMb - r.baseMb).toFixed(0)).join(', ')} MB)`,
    );
    out.push(run);
  }
  return out;
}

export function attendanceSection(runs: SummaryRun[], employees: number, when: string): string {
  return [
    ATTENDANCE_HEADING,
    '',
    `${when}; ${employees} employees; HR administrator 1001 asks for the summary of last month of everyone. Time to the last byte; the server's resident memory sampled every 20 ms during the call; after a first call, three more, the one of median growth shown. Resident memory includes garbage not yet collected, so the growth is an upper bound of what the answer holds.`,
    '',
    '| answer | rows | size KB | time ms | memory before MB | memory at most MB | growth MB |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...runs.map(
      (r) =>
        `| ${r.type.toUpperCase()} | ${r.rows >= 0 ? r.rows : '—'} | ${(r.bytes / 1024).toFixed(0)} | ${r.ms.toFixed(0)} | ${r.baseMb.toFixed(0)} | ${r.peakMb.toFixed(0)} | ${(r.peakMb - r.baseMb).toFixed(0)} |`,
    ),
    '',
  ].join('\n');
}
