import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const mainFile = path.join(repoRoot, 'apps/server/src/main.ts');

interface Server {
  child: ChildProcess;
  /** stdout and stderr together, for failure messages. */
  output: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
}

const started: ChildProcess[] = [];
let dir: string | null = null;

afterEach(() => {
  for (const child of started.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  dir = null;
});

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Starts the real server from source, as `node --import tsx`, on the embedded database. */
function startServer(dataDir: string, port: number, extra: NodeJS.ProcessEnv = {}): Server {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    SEED: 'none',
    LOG_FORMAT: 'json',
    LOG_LEVEL: 'info',
    MESSAGE_TRANSPORT: 'log',
  };
  // The embedded database (and so the lock) is used only without DATABASE_URL.
  delete env.DATABASE_URL;
  delete env.PUBLIC_URL;
  delete env.MESSAGE_WEBHOOK_URL;
  delete env.DEMO;
  Object.assign(env, extra);
  const child = spawn(process.execPath, ['--import', 'tsx', mainFile], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let out = '';
  let err = '';
  child.stdout?.on('data', (c: Buffer) => {
    out += c.toString();
  });
  child.stderr?.on('data', (c: Buffer) => {
    out += c.toString();
    err += c.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => out, stderr: () => err, exited };
}

/** Polls GET /api/health until it answers 200, the process exits, or the time is up. */
async function waitHealthy(server: Server, port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void server.exited.then(() => {
    exited = true;
  });
  while (Date.now() < deadline) {
    if (exited) throw new Error(`The server exited before it was ready:\n${server.output()}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The server did not answer /api/health within ${timeoutMs} ms:\n${server.output()}`);
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
    }),
  ]);
}

describe('the server process', () => {
  it('refuses to start a second server on the same DATA_DIR', { timeout: 90_000 }, async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hr-two-servers-'));
    const dataDir = path.join(dir, 'data');

    const port1 = await freePort();
    const first = startServer(dataDir, port1);
    await waitHealthy(first, port1, 45_000);
    const lockFile = path.join(dataDir, 'portal.lock');
    expect(JSON.parse(fs.readFileSync(lockFile, 'utf8')).pid).toBe(first.child.pid);

    const port2 = await freePort();
    const second = startServer(dataDir, port2);
    const code = await withTimeout(second.exited, 30_000, 'The second server exit');
    expect(code).not.toBe(0);
    expect(code).not.toBeNull();
    expect(second.stderr()).toContain(`The data directory ${dataDir} is already in use`);
    expect(second.stderr()).toContain(`pid ${first.child.pid}`);

    // The first server is untouched and still holds the lock.
    const health = await fetch(`http://127.0.0.1:${port1}/api/health`);
    expect(health.status).toBe(200);
    expect(JSON.parse(fs.readFileSync(lockFile, 'utf8')).pid).toBe(first.child.pid);

    // A clean stop releases the lock.
    first.child.kill('SIGTERM');
    expect(await withTimeout(first.exited, 30_000, 'The first server shutdown')).toBe(0);
    expect(fs.existsSync(lockFile)).toBe(false);
  });

  it('warns at start-up that the demo accounts are listed with their password', {
    timeout: 90_000,
  }, async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hr-demo-warning-'));
    const port = await freePort();
    const server = startServer(path.join(dir, 'data'), port, { SEED: 'demo' });
    await waitHealthy(server, port, 60_000);
    const warnings = server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .filter((entry) => entry.level === 40);
    expect(warnings.map((w) => w.msg)).toEqual([expect.stringContaining('Demo mode is on')]);
    expect(warnings[0]!.msg).toContain('DEMO=false');
    server.child.kill('SIGTERM');
    expect(await withTimeout(server.exited, 30_000, 'The server shutdown')).toBe(0);
  });
});
