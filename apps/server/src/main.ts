import path from 'node:path';
import type { FastifyServerOptions } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { type Database, openPglite, openPostgres } from './db/client';
import { prepareDatabase } from './db/prepare';
import { ApprovalReminders } from './features/approvals';
import { AuditChainSealer } from './features/audit';
import { demoAccountWarnings } from './features/auth';
import { LeavePeriodClose } from './features/leave';
import { NotificationDigests } from './features/notifications';
import { DataDirLockedError, lockDataDir } from './lib/data-dir-lock';
import { runJob } from './lib/jobs';
import { byChannel, logTransport, OutboxDispatcher, smtpTransport, webhookTransport } from './lib/outbox';
import { serverSecret } from './lib/settings';
import { throttle } from './lib/throttle';

function fail(message: string): never {
  process.stderr.write(`\n${message}\n\n`);
  process.exit(1);
}

function describeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || 5432}${u.pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
}

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }

  const logger: FastifyServerOptions['logger'] =
    process.env.LOG_FORMAT === 'json'
      ? { level: config.logLevel }
      : {
          level: config.logLevel,
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,reqId', singleLine: true },
          },
        };

  let release = () => {};
  let database: Database;
  if (config.databaseUrl) {
    try {
      database = await openPostgres(config.databaseUrl);
      await database.db.execute('select 1');
    } catch (err) {
      fail(
        `Could not connect to the PostgreSQL server of DATABASE_URL (${describeUrl(config.databaseUrl)}): ${(err as Error).message}`,
      );
    }
  } else {
    try {
      release = lockDataDir(config.dataDir);
    } catch (err) {
      if (err instanceof DataDirLockedError) fail(err.message);
      throw err;
    }
    database = await openPglite({ dataDir: path.join(config.dataDir, 'pgdata') });
  }
  process.on('exit', () => release());

  // Processes started at once on an empty database: one migrates and seeds, the others wait.
  const seeded = await prepareDatabase(database, { seedDemo: config.seed === 'demo' });

  let dispatcher: OutboxDispatcher | null = null;
  const app = await buildApp({ config, database, logger, onMessageQueued: () => dispatcher?.kick() });

  if (seeded)
    app.log.info(
      `Seeded the demo company (${seeded} employees). Demo accounts: 1001, 1002, 1003, 1004 / demo123`,
    );
  for (const warning of await demoAccountWarnings(database.db, config.demo)) app.log.warn(warning);

  const gateway =
    config.messageTransport === 'webhook' && config.messageWebhookUrl
      ? webhookTransport(config.messageWebhookUrl)
      : logTransport(app.log);
  // E-mails leave by SMTP where a server is configured; SMS (and e-mails otherwise) by the gateway.
  const transport = config.smtpUrl
    ? byChannel({ sms: gateway, email: smtpTransport(config.smtpUrl, config.mailFrom) })
    : gateway;
  dispatcher = new OutboxDispatcher(database.db, transport, app.log, {
    retentionDays: config.outboxRetentionDays,
  });

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') fail(`Port ${config.port} is already in use. Set PORT to another port.`);
    throw err;
  }
  dispatcher.start();
  // The daily digests of notification e-mails (features/notifications): one process at a time sends them.
  const digests = new NotificationDigests(database.db, () => dispatcher?.kick(), app.log);
  digests.start();
  // Reminders and escalation of items that wait too long (features/approvals): one process at a time.
  const reminders = new ApprovalReminders(
    database.db,
    await serverSecret(database.db),
    () => dispatcher?.kick(),
    app.log,
  );
  reminders.start();
  // The leave period close (features/leave): accrual, carry-forward and expiry, once a day, one process at a time.
  const leaveClose = new LeavePeriodClose(database.db, app.log);
  leaveClose.start();
  // The audit hash chain (lib/audit-chain.ts): unsealed rows sealed every few seconds, one process at a time.
  const sealer = new AuditChainSealer(database.db, app.log);
  sealer.start();
  const pruning = setInterval(
    () => runJob('throttle_prune', () => throttle.prune(database.db)).catch(() => {}),
    3_600_000,
  );
  pruning.unref();

  app.log.info(
    `HR portal ready at ${config.publicUrl} (database: ${database.kind === 'pglite' ? `embedded, ${config.dataDir}` : 'PostgreSQL'})`,
  );

  let closing = false;
  /**
   * The close (docs/deploy/README.md): readiness turns 503, no new connection
   * is taken, calls in flight and those still arriving on kept connections are
   * answered (each closing its connection), realtime streams end without a
   * last event so their clients open them again on another process, the
   * scheduled work stops, then the database pool closes. Idle connections are
   * left for the proxy to close (TRUST_PROXY set), else closed at once, as on
   * SIGINT (Ctrl-C).
   */
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    // Past the grace and a margin for the database, the process exits anyway.
    const limit = setTimeout(() => {
      app.log.error(`${signal}: not closed within ${config.shutdownGraceMs / 1000 + 10} s; exiting`);
      process.exit(1);
    }, config.shutdownGraceMs + 10_000);
    limit.unref();
    // Readiness answers 503 from now on, so a proxy's checks stop sending calls here.
    app.beginShutdown();
    void app.stopListening();
    // No proxy keeps connections to this process (TRUST_PROXY unset), or Ctrl-C: idle ones close at once.
    if (signal === 'SIGINT' || config.trustProxy === false) app.closeIdleConnectionsNow();
    clearInterval(pruning);
    await Promise.all([app.close(), digests.stop(), reminders.stop(), leaveClose.stop(), sealer.stop()]);
    await dispatcher?.stop();
    await database.close();
    release();
    app.log.info(`${signal}: closed`);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
