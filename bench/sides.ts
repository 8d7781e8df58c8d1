/**
 * The same read calls on several running servers, side by side: PGlite
 * against PostgreSQL on one data set, or PostgreSQL with 1,000, 10,000 and
 * 100,000 employees. The servers take turns in slices (A, B, C, A, B, C...)
 * so a burst of other work on the machine falls on all of them, and the
 * ratio of one row holds on a busy machine.
 */
import { apiSlice, type Load, ms, Side } from './lists';
import type { ListCall } from './scenarios';

export interface Target {
  /** The column's name (`PGlite`, `10,000`). */
  label: string;
  base: string;
  token: string;
  /** The calls, by the same names on every target (ids may differ). */
  calls: ListCall[];
}

export interface SideBySideRow {
  call: string;
  /** One load per target, in the targets' order. */
  loads: Load[];
}

export async function sideBySide(
  targets: Target[],
  options: { connections: number; duration: number; slice: number },
): Promise<SideBySideRow[]> {
  const names = targets[0]?.calls.map((c) => c.name) ?? [];
  const rows: SideBySideRow[] = [];
  for (const name of names) {
    const calls = targets.map((t) => {
      const c = t.calls.find((x) => x.name === name);
      if (!c) throw new Error(`${t.label} has no call "${name}"`);
      return c;
    });
    for (const [i, t] of targets.entries()) {
      const c = calls[i]!;
      const warm = await fetch(`${t.base}${c.path}`, {
        method: c.body === undefined ? 'GET' : 'POST',
        headers: { authorization: `Bearer ${t.token}`, 'content-type': 'application/json' },
        ...(c.body === undefined ? {} : { body: JSON.stringify(c.body) }),
      });
      if (!warm.ok) throw new Error(`${t.label}, ${name}: ${warm.status} ${await warm.text()}`);
      await warm.arrayBuffer();
    }
    const sides = targets.map(() => new Side());
    const slices = Math.max(1, Math.round(options.duration / options.slice));
    for (let s = 0; s < slices; s++) {
      for (const [i, t] of targets.entries()) {
        await apiSlice(sides[i]!, t.base, calls[i]!, t.token, options.connections, options.duration / slices);
      }
    }
    const row = { call: name, loads: sides.map((s) => s.load()) };
    console.log(
      `  ${name}: ${targets.map((t, i) => `${t.label} ${row.loads[i]!.rps.toFixed(0)} req/s p50 ${ms(row.loads[i]!.p50)} ms${row.loads[i]!.errors ? ` (${row.loads[i]!.errors} errors)` : ''}`).join('; ')}`,
    );
    rows.push(row);
  }
  return rows;
}

/** The section's heading, one per number of connections (one user at a time, and a busy office). */
export const enginesHeading = (connections: number) =>
  `## PGlite against PostgreSQL, the same calls, ${connections} connection${connections === 1 ? '' : 's'}`;

export function enginesSection(
  rows: SideBySideRow[],
  info: {
    when: string;
    employees: number;
    eid: string;
    connections: number;
    duration: number;
    slice: number;
  },
): string {
  const errors = rows.filter((r) => r.loads.some((l) => l.errors > 0));
  return [
    enginesHeading(info.connections),
    '',
    `${info.when}; ${info.employees.toLocaleString('en')} employees in each database, seeded alike; signed in as ${info.eid}, the manager on the most requests. Two built servers run at once, one on PGlite (the embedded default, \`DATA_DIR\`) and one on PostgreSQL; autocannon, ${info.connections} connections, ${info.duration} s per call and server, the two taking turns in slices of about ${info.slice} s. Latencies in ms.`,
    '',
    '| call | PGlite req/s | PGlite p50 | PGlite p99 | PostgreSQL req/s | PostgreSQL p50 | PostgreSQL p99 | PGlite / PostgreSQL (p50) |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map((r) => {
      const [a, b] = r.loads as [Load, Load];
      return `| ${r.call} | ${a.rps.toFixed(0)} | ${ms(a.p50)} | ${ms(a.p99)} | ${b.rps.toFixed(0)} | ${ms(b.p50)} | ${ms(b.p99)} | ${(a.p50 / b.p50).toFixed(1)} |`;
    }),
    '',
    ...(errors.length
      ? [
          `Errors: ${errors.map((r) => `${r.call} ${r.loads.map((l) => l.errors).join(' / ')}`).join(', ')}.`,
          '',
        ]
      : []),
  ].join('\n');
}

/** The section's heading: the same employee on every size, or each size's busiest manager. */
export const scaleHeading = (as?: string) =>
  `## As the company grows: 1,000, 10,000 and 100,000 employees (PostgreSQL), ${as ? `as ${as}` : 'as the busiest manager'}`;

export function scaleSection(
  rows: SideBySideRow[],
  targets: { label: string; eid: string; note: string }[],
  info: { when: string; connections: number; duration: number; slice: number; as?: string | undefined },
): string {
  const head = targets.map((t) => `${t.label} p50 | ${t.label} p99`).join(' | ');
  const growth = targets.length >= 3;
  return [
    scaleHeading(info.as),
    '',
    `${info.when}. One built server per data set, all running at once on the same PostgreSQL, each signed in as ${info.as ? `${info.as}, a head of department (20 line managers under them, about 24 people under each, at every size)` : 'its own busiest manager'} (${targets.map((t) => `${t.label}: ${t.eid}${t.note ? `, ${t.note}` : ''}`).join('; ')}). autocannon, ${info.connections} connections, ${info.duration} s per call and data set, taking turns in slices of about ${info.slice} s. Latencies in ms.`,
    '',
    `| call | ${head}${growth ? ` | p50 ${targets[2]!.label} / ${targets[1]!.label}` : ''} |`,
    `| --- | ${targets.map(() => '---: | ---:').join(' | ')}${growth ? ' | ---:' : ''} |`,
    ...rows.map(
      (r) =>
        `| ${r.call} | ${r.loads.map((l) => `${ms(l.p50)} | ${ms(l.p99)}`).join(' | ')}${growth ? ` | ${(r.loads[2]!.p50 / r.loads[1]!.p50).toFixed(2)}` : ''} |`,
    ),
    '',
  ].join('\n');
}
