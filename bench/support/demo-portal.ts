import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const here = path.resolve(import.meta.dirname, '../..');

/** A free TCP port on the loopback address. */
export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Waits until `url` answers 2xx. */
export async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

export interface DemoPortal {
  base: string;
  /** The server's process, when this started one. */
  pid: number | undefined;
  stop(): Promise<void>;
}

/**
 * The portal as `npm start` serves it (built when the sources changed), on a
 * fresh embedded database with the demo company; or the one at `base` when
 * given, left running. `fromSources` runs the sources as they are instead,
 * without building.
 */
export async function demoPortal(
  base: string | undefined,
  prefix: string,
  options: { fromSources?: boolean; checkout?: string } = {},
): Promise<DemoPortal> {
  // Another checkout's own build (its apps/web/dist and apps/server/dist), to measure it beside this one.
  const root = options.checkout ? path.resolve(options.checkout) : here;
  if (base) {
    await waitFor(`${base}/api/health`, 180_000);
    return { base, pid: undefined, stop: async () => {} };
  }
  if (!options.fromSources) {
    const build = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) process.exit(1);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const port = await freePort();
  const main = options.fromSources
    ? ['--import', 'tsx', 'apps/server/src/main.ts']
    : ['apps/server/dist/main.js'];
  const server = spawn(process.execPath, main, {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED: 'demo',
      DEMO: 'true',
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitFor(`${url}/api/health`, 300_000);
  } catch (err) {
    await stop();
    throw err;
  }
  return { base: url, pid: server.pid, stop };
}
