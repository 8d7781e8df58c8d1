/**
 * The API fuzz with a large budget (the small one runs in `npm test`,
 * apps/server/src/fuzz.api.test.ts): every operation of the OpenAPI document
 * gets spoiled requests as an HR administrator and as an employee, and no
 * answer may be a 5xx.
 *
 *   npx tsx bench/fuzz.ts                          # 20,000 cases on PGlite (in memory)
 *   npx tsx bench/fuzz.ts --cases 100000 --seed 7  # another budget, another seed
 *   DATABASE_URL=postgres://… npx tsx bench/fuzz.ts --db postgres
 *   npx tsx bench/fuzz.ts --only deleteHoliday     # operations whose id contains the text
 *   npx tsx bench/fuzz.ts --from 4210 --cases 1    # replay one case of a run
 *
 * The same seed and case numbers send the same requests. Each 5xx is
 * printed with its operation, request, answer and the server's log line; the
 * run ends with the number of cases and of 5xx, also written to
 * bench/results/fuzz.md. The exit code is 1 when there was a 5xx.
 */
// The test helpers' provided values (vitest `inject`) are declared with the global setup.
/// <reference path="../apps/server/test/global-setup.ts" />
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

const args = process.argv.slice(2);
const opt = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const cases = Number(opt('cases') ?? 20_000);
const seed = Number(opt('seed') ?? 20_250_601);
const from = Number(opt('from') ?? 0);
const only = opt('only');
const kind = opt('db') ?? 'pglite';
const verbose = args.includes('--verbose');
if (!Number.isInteger(cases) || cases < 1 || !Number.isInteger(seed) || !Number.isInteger(from)) {
  console.error('--cases, --seed and --from take whole numbers');
  process.exit(2);
}
if (kind !== 'pglite' && kind !== 'postgres') {
  console.error('--db takes pglite or postgres');
  process.exit(2);
}

const root = path.resolve(import.meta.dirname, '..');
const FUZZ_DATABASE = 'hr_portal_fuzz';

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function main() {
  const { buildApp } = await import('../apps/server/src/app');
  const { openPglite, openPostgres } = await import('../apps/server/src/db/client');
  const { seedReferenceData } = await import('../apps/server/src/db/seed/reference');
  const { Factory, testConfig } = await import('../apps/server/test/helper');
  const { describeRequest, fuzzReport, operationsOf, runFuzz } = await import('../apps/server/test/fuzz');
  const { fuzzWorld } = await import('../apps/server/test/fuzz-world');

  let dropDatabase = async () => {};
  let database: Awaited<ReturnType<typeof openPglite>>;
  if (kind === 'postgres') {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error('--db postgres needs DATABASE_URL');
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists "${FUZZ_DATABASE}" with (force)`);
    await admin.query(`create database "${FUZZ_DATABASE}"`);
    await admin.end();
    database = await openPostgres(withDatabase(url, FUZZ_DATABASE), 5);
    dropDatabase = async () => {
      const a = new pg.Client({ connectionString: url });
      await a.connect();
      await a.query(`drop database if exists "${FUZZ_DATABASE}" with (force)`);
      await a.end();
    };
  } else {
    database = await openPglite();
  }
  await database.migrate();
  await seedReferenceData(database.db);

  const logLines: string[] = [];
  const app = await buildApp({
    config: testConfig(),
    database,
    logger: { level: 'error', stream: { write: (line: string) => void logLines.push(line) } },
  });
  await app.ready();
  try {
    const all = operationsOf(app.swagger() as Parameters<typeof operationsOf>[0]);
    const ops = only ? all.filter((op) => op.id.includes(only)) : all;
    if (ops.length === 0) throw new Error(`no operation id contains "${only}"`);
    const world = await fuzzWorld(app, database.db, new Factory(database.db, app));
    console.log(
      `fuzz: ${ops.length} operations, ${cases} cases from #${from}, seed ${seed}, ${database.kind}`,
    );
    const started = Date.now();
    const statusesByOp = new Map<string, Record<number, number>>();
    let done = 0;
    const result = await runFuzz({
      ops,
      seed,
      cases,
      from,
      ...world,
      drainLog: () => logLines.splice(0).join(''),
      onFailure: (f) => console.log(`5xx ${f.answer.status} ${describeRequest(f.fuzzCase)}`),
      async after(c, answer) {
        await world.after?.(c, answer);
        done += 1;
        if (done % 5000 === 0)
          console.log(`  ${done} cases, ${((Date.now() - started) / 1000).toFixed(0)} s`);
        const s = statusesByOp.get(c.op.id) ?? {};
        s[answer.status] = (s[answer.status] ?? 0) + 1;
        statusesByOp.set(c.op.id, s);
      },
    });
    const seconds = (Date.now() - started) / 1000;
    if (verbose) {
      for (const [id, s] of statusesByOp) console.log(`${id}: ${JSON.stringify(s)}`);
    }
    const report = fuzzReport(result, seed);
    console.log(report);
    console.log(`${seconds.toFixed(1)} s`);
    const summary = [
      '# API fuzz',
      '',
      `\`npx tsx bench/fuzz.ts --cases ${cases} --seed ${seed} --db ${database.kind}${from ? ` --from ${from}` : ''}${only ? ` --only ${only}` : ''}\``,
      '',
      `${new Date().toISOString()}: ${ops.length} operations, ${result.cases} cases, ${result.failures.length} 5xx, ${seconds.toFixed(0)} s.`,
      '',
      `Answers by status: ${Object.entries(result.statuses)
        .map(([s, n]) => `${s} × ${n}`)
        .join(', ')}.`,
      '',
    ].join('\n');
    fs.mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
    fs.writeFileSync(path.join(root, 'bench', 'results', 'fuzz.md'), summary);
    process.exitCode = result.failures.length > 0 ? 1 : 0;
  } finally {
    await app.close();
    await database.close();
    await dropDatabase();
  }
}

await main();
