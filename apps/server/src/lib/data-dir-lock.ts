import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export class DataDirLockedError extends Error {}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The embedded database may be opened by one process only. A lock file in
 * the data folder names the process holding it; a second server refuses to
 * start while that process lives, and takes over a lock left by a dead one.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'portal.lock');
  const mine = JSON.stringify({ pid: process.pid, host: os.hostname(), since: new Date().toISOString() });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, mine, { flag: 'wx' });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          const held = JSON.parse(fs.readFileSync(file, 'utf8')) as { pid?: number };
          if (held.pid === process.pid) fs.unlinkSync(file);
        } catch {
          // already gone
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      let held: { pid?: number; host?: string; since?: string } = {};
      try {
        held = JSON.parse(fs.readFileSync(file, 'utf8'));
      } catch {
        // unreadable lock: treat as stale
      }
      const sameHost = !held.host || held.host === os.hostname();
      if (held.pid && held.pid !== process.pid && (!sameHost || alive(held.pid))) {
        throw new DataDirLockedError(
          `The data directory ${dataDir} is already in use by another portal server (pid ${held.pid}` +
            `${held.since ? `, since ${held.since}` : ''}). Stop that server first, or set DATA_DIR to another directory.`,
        );
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`The data directory ${dataDir} could not be locked.`);
}
