/**
 * "Download my data" on the large data set: the person with the most
 * records (requests, punches, KPI sheets, reviews, audit rows) exports
 * everything through the service, read to the end as a download would be;
 * the time, the archive's size and its entries are printed. A measurement,
 * never a timed assertion.
 *
 *   DATABASE_URL=postgres://root@127.0.0.1:5432/hr_portal_bench npx tsx bench/data-export.ts [runs] [documents]
 *
 * With `documents`, the person first gets that many profile documents of
 * 1 MiB of random bytes each (removed again afterwards), to measure the
 * files' streaming too.
 *
 * The database must hold the large data set (`npm run seed:large` on the same
 * DATABASE_URL). With no DATABASE_URL, DATA_DIR's embedded database is read.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { loadConfig } from '../apps/server/src/config';
import { type Database, openPglite, openPostgres } from '../apps/server/src/db/client';
import { DataRightsService } from '../apps/server/src/features/data-rights/data-rights.service';
import '../apps/server/src/features';
import type { AuthContext } from '../apps/server/src/lib/auth-context';

const runs = Number(process.argv[2] ?? 3);
const documents = Number(process.argv[3] ?? 0);

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

async function main() {
  const config = loadConfig();
  const database: Database = config.databaseUrl
    ? await openPostgres(config.databaseUrl)
    : await openPglite({ dataDir: path.join(config.dataDir, 'pgdata') });
  try {
    const db = database.db;
    // The person with the most records of their own.
    const [busiest] = rowsOf<{ id: number; user_id: number; username: string; records: number }>(
      await db.execute(sql`
        select e.id, u.id as user_id, u.username,
          (select count(*) from leaves where employee_id = e.id)
          + (select count(*) from remote_works where employee_id = e.id)
          + (select count(*) from service_requests where employee_id = e.id)
          + (select count(*) from kpis where employee_id = e.id)
          + (select count(*) from eprs where employee_id = e.id)
          + (select count(*) from punches where employee_id = e.id)
          + (select count(*) from audit_log where entity = 'employee' and entity_id = e.id) as records
        from employees e join users u on u.employee_id = e.id
        where e.id in (select employee_id from leaves group by employee_id order by count(*) desc limit 50)
        order by records desc limit 1`),
    );
    if (!busiest)
      throw new Error('No employee with leave: seed the large data set first (npm run seed:large).');
    const auth: AuthContext = {
      sessionId: 0,
      userId: Number(busiest.user_id),
      username: busiest.username,
      employeeId: Number(busiest.id),
      isAdmin: false,
      kind: 'login',
      impersonatorUserId: null,
      expiresAt: new Date(Date.now() + 3_600_000),
    };
    const service = new DataRightsService(db, config.erasureRetentionDays);
    const added: number[] = [];
    for (let i = 0; i < documents; i++) {
      const [file] = rowsOf<{ id: number }>(
        await db.execute(sql`insert into files (kind, name, mime, size, data, created_by)
          values ('document', ${`bench-${i}.bin`}, 'application/octet-stream', ${1 << 20}, ${randomBytes(1 << 20)}, ${busiest.id})
          returning id`),
      );
      added.push(Number(file!.id));
      await db.execute(
        sql`insert into employee_files (employee_id, name, file_id) values (${busiest.id}, ${`Bench ${i}`}, ${file!.id})`,
      );
    }
    console.log(
      `Exporting the data of ${busiest.username} (employee ${busiest.id}, ${busiest.records} records, ${documents} documents of 1 MiB added), ${runs} runs`,
    );
    for (let run = 1; run <= runs; run++) {
      const started = process.hrtime.bigint();
      const archive = await service.export(auth);
      // Read as a download is: counted and dropped, chunk by chunk (the first run keeps it, to list its entries).
      const chunks: Buffer[] = [];
      let bytes = 0;
      let rss = process.memoryUsage().rss;
      for await (const chunk of archive.stream) {
        bytes += (chunk as Buffer).byteLength;
        if (run === 1) chunks.push(chunk as Buffer);
        rss = Math.max(rss, process.memoryUsage().rss);
      }
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const entries = run === 1 ? Object.keys(unzipSync(new Uint8Array(Buffer.concat(chunks)))).length : null;
      console.log(
        `run ${run}: ${ms.toFixed(0)} ms, ${(bytes / 1024).toFixed(0)} KiB, peak RSS ${(rss / 2 ** 20).toFixed(0)} MiB${entries === null ? '' : `, ${entries} entries`}`,
      );
      // The count of one export at a time is given back once the archive has ended.
      await new Promise((r) => setTimeout(r, 100));
    }
    if (added.length > 0) {
      await db.execute(
        sql`delete from employee_files where file_id in (${sql.join(
          added.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
      await db.execute(
        sql`delete from files where id in (${sql.join(
          added.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
    }
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
