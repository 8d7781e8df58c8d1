import path from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { verifyAuditChain } from '../lib/audit-chain';
import { DataDirLockedError, lockDataDir } from '../lib/data-dir-lock';
import { type Database, openPglite, openPostgres } from './client';

/**
 * `npm run audit:verify`: walks the audit hash chain of the database the
 * server would use (DATABASE_URL, else the embedded one in DATA_DIR, which
 * the server must not hold) and checks every sealed row, the links, the head
 * and the redactions (lib/audit-chain.ts). Reads only. Exit 0 when the chain
 * holds; 2 naming the first broken row; 1 when it could not run.
 */

function fail(message: string, code = 1): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

function describeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `PostgreSQL ${u.hostname}:${u.port || 5432}${u.pathname}`;
  } catch {
    return 'the PostgreSQL server of DATABASE_URL';
  }
}

async function main() {
  // npm runs workspace scripts in the workspace folder: a relative DATA_DIR means the folder it was typed in.
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);

  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }

  let release = () => {};
  let database: Database;
  let where: string;
  if (config.databaseUrl) {
    where = describeUrl(config.databaseUrl);
    try {
      database = await openPostgres(config.databaseUrl, 1);
      await database.db.execute('select 1');
    } catch (err) {
      const cause = (err as Error & { cause?: Error }).cause ?? (err as Error);
      fail(`Could not connect to ${where} (DATABASE_URL): ${cause.message}`);
    }
  } else {
    where = `the embedded database in ${config.dataDir}`;
    try {
      release = lockDataDir(config.dataDir);
    } catch (err) {
      if (err instanceof DataDirLockedError) fail(err.message);
      throw err;
    }
    database = await openPglite({ dataDir: path.join(config.dataDir, 'pgdata') });
  }

  let report: Awaited<ReturnType<typeof verifyAuditChain>>;
  try {
    report = await verifyAuditChain(database.db);
  } catch (err) {
    await database.close();
    release();
    fail(`Verifying the audit chain of ${where} failed: ${(err as Error).message}`);
  }
  await database.close();
  release();

  const unsealed = `${report.unsealed} row${report.unsealed === 1 ? '' : 's'} not sealed yet`;
  if (report.ok) {
    console.log(
      `Audit chain of ${where} holds: ${report.sealed} sealed row${report.sealed === 1 ? '' : 's'}` +
        `${report.lastId === null ? '' : ` (last ${report.lastId})`}, ${unsealed}.`,
    );
    return;
  }
  const problem = report.problem;
  fail(
    `Audit chain of ${where} is BROKEN at row ${problem?.id ?? '?'} (${problem?.kind}): ${problem?.detail}.\n` +
      `${report.sealed} sealed rows checked before it; ${unsealed}.`,
    2,
  );
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
