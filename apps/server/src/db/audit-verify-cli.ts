import { verifyAuditChain } from '../lib/audit-chain';
import { fail, openCliDatabase, runCli } from './cli';

/**
 * `npm run audit:verify`: walks the audit hash chain of the database the
 * server would use (DATABASE_URL, else the embedded one in DATA_DIR, which
 * the server must not hold) and checks every sealed row, the links, the head
 * and the redactions (lib/audit-chain.ts). Reads only. Exit 0 when the chain
 * holds; 2 naming the first broken row; 1 when it could not run.
 */

async function main() {
  const { database, where, close } = await openCliDatabase();

  let report: Awaited<ReturnType<typeof verifyAuditChain>>;
  try {
    report = await verifyAuditChain(database.db);
  } catch (err) {
    await close();
    fail(`Verifying the audit chain of ${where} failed: ${(err as Error).message}`);
  }
  await close();

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

runCli(main);
