// Builds the web app and the server bundle. Without --force it skips the
// build when nothing under the sources changed since the last one.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const stampFile = path.join(root, '.build-stamp');
const sources = [
  'package-lock.json',
  'packages/contracts/src',
  'apps/server/src',
  'apps/server/drizzle',
  'apps/server/build.mjs',
  'apps/server/package.json',
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
];
const outputs = ['apps/web/dist/index.html', 'apps/server/dist/main.js'];

function fingerprint() {
  const hash = createHash('sha256');
  const walk = (p) => {
    const full = path.join(root, p);
    if (!fs.existsSync(full)) return;
    const stat = fs.statSync(full);
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(full).sort()) walk(path.join(p, name));
    } else {
      hash.update(`${p}\0${stat.size}\0${stat.mtimeMs}\0`);
    }
  };
  for (const s of sources) walk(s);
  return hash.digest('hex');
}

function run(cmd, args, cwd) {
  const res = spawnSync(cmd, args, { cwd: path.join(root, cwd), stdio: 'inherit' });
  if (res.status !== 0) process.exit(res.status ?? 1);
}

/** Writes .gz and .br beside each text asset, so they are served compressed without work per request. */
function precompress(dir) {
  for (const name of fs.readdirSync(dir)) {
    const full = path.join(dir, name);
    if (fs.statSync(full).isDirectory()) {
      precompress(full);
      continue;
    }
    if (!/\.(js|css|html|svg|json|webmanifest)$/.test(name)) continue;
    const data = fs.readFileSync(full);
    if (data.length < 1024) continue;
    fs.writeFileSync(`${full}.gz`, gzipSync(data, { level: 9 }));
    fs.writeFileSync(
      `${full}.br`,
      brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
  }
}

/**
 * One build at a time in a checkout: a lock folder names the building
 * process; others wait for it (or take over when it died).
 */
function lock() {
  const dir = path.join(root, '.build-lock');
  const started = Date.now();
  for (;;) {
    try {
      fs.mkdirSync(dir);
      fs.writeFileSync(path.join(dir, 'pid'), String(process.pid));
      const release = () => fs.rmSync(dir, { recursive: true, force: true });
      process.on('exit', release);
      return release;
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
      let alive = false;
      try {
        const pid = Number(fs.readFileSync(path.join(dir, 'pid'), 'utf8'));
        process.kill(pid, 0);
        alive = true;
      } catch {
        alive = Date.now() - fs.statSync(dir).mtimeMs < 2000;
      }
      if (!alive) fs.rmSync(dir, { recursive: true, force: true });
      else if (Date.now() - started > 300_000)
        throw new Error('Another build has held the lock for five minutes.');
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 250);
    }
  }
}

const release = lock();
const force = process.argv.includes('--force');
const print = fingerprint();
const upToDate =
  !force &&
  outputs.every((o) => fs.existsSync(path.join(root, o))) &&
  fs.existsSync(stampFile) &&
  fs.readFileSync(stampFile, 'utf8') === print;

if (upToDate) {
  console.log('Build is up to date.');
} else {
  console.log('Building the web app and the server...');
  const started = Date.now();
  run(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    'apps/web',
  );
  precompress(path.join(root, 'apps/web/dist'));
  run(process.execPath, ['build.mjs'], 'apps/server');
  fs.writeFileSync(stampFile, print);
  console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}
release();

// A copy of the web app for one server (e2e runs), safe from builds that replace dist meanwhile.
const snapshotArg = process.argv.find((a) => a.startsWith('--snapshot='));
if (snapshotArg) {
  const target = snapshotArg.slice('--snapshot='.length);
  fs.rmSync(target, { recursive: true, force: true });
  fs.cpSync(path.join(root, 'apps/web/dist'), target, { recursive: true });
}
