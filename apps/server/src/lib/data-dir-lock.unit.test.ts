import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';

let dir: string;
const children: ChildProcess[] = [];

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hr-lock-'));
});

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  fs.rmSync(dir, { recursive: true, force: true });
});

const lockFile = () => path.join(dir, 'portal.lock');

function writeLock(pid: number) {
  fs.writeFileSync(
    lockFile(),
    JSON.stringify({ pid, host: os.hostname(), since: '2024-01-01T00:00:00.000Z' }),
  );
}

function readLock(): { pid?: number; host?: string } {
  return JSON.parse(fs.readFileSync(lockFile(), 'utf8'));
}

/** A process id that is not running: a child that has already exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  const pid = child.pid!;
  await new Promise<void>((resolve) => child.once('exit', () => resolve()));
  expect(() => process.kill(pid, 0)).toThrow();
  return pid;
}

describe('lockDataDir', () => {
  it('creates the directory and a lock file naming this process', () => {
    const nested = path.join(dir, 'a', 'b');
    const release = lockDataDir(nested);
    const held = JSON.parse(fs.readFileSync(path.join(nested, 'portal.lock'), 'utf8'));
    expect(held).toMatchObject({ pid: process.pid, host: os.hostname() });
    release();
  });

  it('refuses a directory locked by another live process', () => {
    const child = spawn('sleep', ['30'], { stdio: 'ignore' });
    children.push(child);
    expect(child.pid).toBeTypeOf('number');
    writeLock(child.pid!);

    let error: unknown;
    try {
      lockDataDir(dir);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(DataDirLockedError);
    const message = (error as Error).message;
    expect(message).toContain(dir);
    expect(message).toContain(`pid ${child.pid}`);
    expect(message).toMatch(/Stop that server/);
    expect(message).toMatch(/set DATA_DIR/);
    // The other process keeps its lock.
    expect(readLock().pid).toBe(child.pid);
  });

  it('takes over a lock left by a dead process', async () => {
    const pid = await deadPid();
    writeLock(pid);
    const release = lockDataDir(dir);
    expect(readLock().pid).toBe(process.pid);
    release();
  });

  it('takes over an unreadable lock file', () => {
    fs.writeFileSync(lockFile(), 'not json');
    const release = lockDataDir(dir);
    expect(readLock().pid).toBe(process.pid);
    release();
  });

  it('release removes the lock file, and the directory can be locked again', () => {
    const release = lockDataDir(dir);
    expect(fs.existsSync(lockFile())).toBe(true);
    release();
    expect(fs.existsSync(lockFile())).toBe(false);
    release();
    const again = lockDataDir(dir);
    expect(fs.existsSync(lockFile())).toBe(true);
    again();
    expect(fs.existsSync(lockFile())).toBe(false);
  });

  it('release leaves a lock that another process has taken since', () => {
    const release = lockDataDir(dir);
    const child = spawn('sleep', ['30'], { stdio: 'ignore' });
    children.push(child);
    writeLock(child.pid!);
    release();
    expect(readLock().pid).toBe(child.pid);
  });
});
