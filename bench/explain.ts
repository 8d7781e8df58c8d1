/**
 * What each read call's statements cost on the database: every statement the
 * call sends (captured as in `lists.ts`) run again under `EXPLAIN (ANALYZE,
 * BUFFERS, FORMAT JSON)` in a transaction that is rolled back, reduced to the
 * scans it made (index and table names), the rows it read and its time.
 */
import pg from 'pg';
import type { CapturedCall } from './lists';

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
}

export interface ExplainedStatement {
  /** The statement's first words, to recognise it. */
  summary: string;
  /** `Index Scan users_username_key on users`, `Seq Scan on lookup_values` … once each. */
  scans: string[];
  /** Rows read by the plan's scans (actual rows times loops). */
  rowsRead: number;
  /** Shared buffers hit and read. */
  buffers: number;
  ms: number;
}

export interface ExplainedCall {
  call: string;
  statements: ExplainedStatement[];
}

function walk(node: PlanNode, out: { scans: Set<string>; rows: number }) {
  const type = node['Node Type'];
  if (type.includes('Scan')) {
    const on = node['Relation Name'] ? ` on ${node['Relation Name']}` : '';
    out.scans.add(node['Index Name'] ? `${type} ${node['Index Name']}${on}` : `${type}${on}`);
    out.rows += (node['Actual Rows'] ?? 0) * (node['Actual Loops'] ?? 1);
  }
  for (const child of node.Plans ?? []) walk(child, out);
}

/** The first words of a statement, on one line. */
function summaryOf(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 90 ? `${flat.slice(0, 90)}…` : flat;
}

export async function explainCalls(url: string, captured: CapturedCall[]): Promise<ExplainedCall[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const out: ExplainedCall[] = [];
    for (const c of captured) {
      const statements: ExplainedStatement[] = [];
      for (const s of c.statements) {
        const text = s.text.trim();
        if (!/^(select|with|update|insert|delete)\b/i.test(text)) continue;
        await client.query('begin');
        try {
          const res = await client.query<{ 'QUERY PLAN': { Plan: PlanNode; 'Execution Time': number }[] }>(
            `explain (analyze, buffers, format json) ${text}`,
            s.values,
          );
          const [plan] = res.rows[0]!['QUERY PLAN'];
          const seen = { scans: new Set<string>(), rows: 0 };
          walk(plan!.Plan, seen);
          const buffers = (plan!.Plan['Shared Hit Blocks'] ?? 0) + (plan!.Plan['Shared Read Blocks'] ?? 0);
          statements.push({
            summary: summaryOf(text),
            scans: [...seen.scans],
            rowsRead: seen.rows,
            buffers,
            ms: plan!['Execution Time'],
          });
        } finally {
          await client.query('rollback');
        }
      }
      out.push({ call: c.call.name, statements });
    }
    return out;
  } finally {
    await client.end();
  }
}

export function explainReport(
  calls: ExplainedCall[],
  info: { when: string; employees: number; eid: string },
): string {
  const lines = [
    "# The read calls' statements and the indexes they use",
    '',
    `${info.when}; ${info.employees.toLocaleString('en')} employees on PostgreSQL, signed in as ${info.eid}. Each statement a call sends, run again under \`EXPLAIN (ANALYZE, BUFFERS)\` (in a transaction rolled back). Scans: every scan node of the plan, with its index. Rows read: the rows those scans gave, over all loops. Written by \`npm run bench -- --only explain\`.`,
    '',
  ];
  for (const c of calls) {
    lines.push(
      `## ${c.call}`,
      '',
      '| # | statement | scans | rows read | buffers | ms |',
      '| ---: | --- | --- | ---: | ---: | ---: |',
    );
    c.statements.forEach((s, i) => {
      lines.push(
        `| ${i + 1} | \`${s.summary.replace(/\|/g, '\\|').replace(/`/g, "'")}\` | ${s.scans.join('<br>') || '(none)'} | ${s.rowsRead.toLocaleString('en')} | ${s.buffers.toLocaleString('en')} | ${s.ms.toFixed(2)} |`,
      );
    });
    lines.push('');
  }
  return lines.join('\n');
}
