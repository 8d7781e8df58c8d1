// npm test: lint, type check, unit tests, the API suite on PGlite (and on
// PostgreSQL when DATABASE_URL is set), the build, and the browser tests.
// Ends with one line of totals: "N passed, N failed".
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'hr-test-'));
const results = [];
const started = Date.now();

/** Seconds since `from`, for the summary. */
const since = (from) => Math.round((Date.now() - from) / 1000);

function run(cmd, args, env = {}) {
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return res.status ?? 1;
}

function heading(text) {
  process.stdout.write(`\n\x1b[1m━━ ${text}\x1b[0m\n`);
}

function check(name, cmd, args) {
  heading(name);
  const from = Date.now();
  const code = run(cmd, args);
  results.push({ name, passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, seconds: since(from) });
}

/**
 * Vitest runs one file at a time on two cores (it keeps a core back by default). Two files
 * at a time keep both cores busy; on PostgreSQL, where a file also waits for the server,
 * three do.
 */
function vitest(projects, workers, env = {}) {
  const name = `vitest ${projects.join(' + ')}`;
  heading(name);
  const from = Date.now();
  const out = path.join(tmp, `${projects.join('-')}.json`);
  const code = run(
    bin('vitest'),
    [
      'run',
      ...projects.flatMap((p) => ['--project', p]),
      `--maxWorkers=${workers}`,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${out}`,
    ],
    env,
  );
  if (noReport(name, from, code, out)) return;
  const report = JSON.parse(fs.readFileSync(out, 'utf8'));
  const failedSuites = (report.testResults ?? []).filter(
    (r) => r.status === 'failed' && r.assertionResults.length === 0,
  ).length;
  const failed =
    report.numFailedTests + failedSuites + (code !== 0 && report.numFailedTests + failedSuites === 0 ? 1 : 0);
  results.push({ name, passed: report.numPassedTests, failed, seconds: since(from) });
}

/** A suite that wrote no report failed before it could: counted as one failure. */
function noReport(name, from, code, out) {
  if (fs.existsSync(out)) return false;
  results.push({
    name,
    passed: 0,
    failed: 1,
    note: `exited with ${code} before reporting`,
    seconds: since(from),
  });
  return true;
}

function playwright() {
  const name = 'browser (Playwright, Chromium)';
  heading(name);
  const from = Date.now();
  const out = path.join(tmp, 'playwright.json');
  const code = run(bin('playwright'), ['test', '-c', 'e2e'], { PW_JSON_OUTPUT: out });
  if (noReport(name, from, code, out)) return;
  const { stats } = JSON.parse(fs.readFileSync(out, 'utf8'));
  const failed = stats.unexpected + stats.flaky + (code !== 0 && stats.unexpected === 0 ? 1 : 0);
  results.push({ name, passed: stats.expected, failed, seconds: since(from) });
}

/**
 * Checks that print only when they fail, run `at` a time (each on a core of its
 * own); each one's output is printed whole once it is done, in the given order.
 */
async function checksAtOnce(checks, at) {
  const outcomes = new Array(checks.length);
  let next = 0;
  const worker = async () => {
    while (next < checks.length) {
      const i = next++;
      const { cmd, args } = checks[i];
      const from = Date.now();
      outcomes[i] = await new Promise((resolve) => {
        const child = spawn(cmd, args, { cwd: root, env: process.env });
        let output = '';
        child.stdout.on('data', (d) => (output += d));
        child.stderr.on('data', (d) => (output += d));
        child.on('close', (code) => resolve({ code: code ?? 1, output, seconds: since(from) }));
      });
    }
  };
  await Promise.all(Array.from({ length: at }, worker));
  checks.forEach(({ name }, i) => {
    const { code, output, seconds } = outcomes[i];
    heading(name);
    process.stdout.write(output);
    results.push({ name, passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, seconds });
  });
}

const cores = os.availableParallelism();
check('lint (Biome)', bin('biome'), ['check', '.']);
await checksAtOnce(
  ['packages/contracts', 'apps/server', 'apps/web', 'e2e', 'bench'].map((project) => ({
    name: `type check ${project}`,
    cmd: bin('tsc'),
    args: ['-p', project],
  })),
  cores,
);
vitest(['unit', 'unit-web'], cores);
vitest(['api-pglite'], cores);
if (process.env.DATABASE_URL) vitest(['api-postgres'], cores + 1);
else process.stdout.write('\nDATABASE_URL is not set: the API suite runs on PGlite only.\n');
check('build', process.execPath, ['scripts/build.mjs']);
// Built API processes on PostgreSQL behind nginx, one file at a time (each starts its own processes).
vitest(['processes'], 1);
playwright();

fs.rmSync(tmp, { recursive: true, force: true });
heading(`Summary (${since(started)} s)`);
for (const r of results) {
  const mark = r.failed ? '\x1b[31m✗\x1b[0m' : '\x1b[32m✓\x1b[0m';
  process.stdout.write(
    `${mark} ${r.name}: ${r.passed} passed, ${r.failed} failed${r.note ? ` (${r.note})` : ''} [${r.seconds} s]\n`,
  );
}
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
process.stdout.write(`${passed} passed, ${failed} failed\n`);
process.exit(failed > 0 ? 1 : 0);
