import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { healthResponse, liveResponse, publicConfig, readyResponse } from '@hr/contracts/auth';
import { OTP_SECONDS } from '@hr/contracts/limits';
import { isAppRoute, isSignedInRoute } from '@hr/contracts/routes';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
  type RouteOptions,
} from 'fastify';
import { jsonSchemaTransform, serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { committedMigrations, lastAppliedMigration } from './db/migrations';
import { DEMO_ACCOUNTS } from './db/seed/demo-accounts';
import { AuthService } from './features/auth';
import type { FeatureDeps } from './features/deps';
import { FEATURES } from './features/index';
import { registerAuthentication } from './lib/auth';
import { drainingClose } from './lib/drain';
import { answerFrameworkError, registerErrorHandling } from './lib/error-handler';
import { domainError } from './lib/errors';
import { checkedValidatorCompiler } from './lib/input-check';
import { acceptedLanguage, inLanguage } from './lib/language';
import { registerMetrics } from './lib/metrics';
import { setNotificationOrigin } from './lib/notifications';
import { RealtimeHub, type StreamOptions } from './lib/realtime';
import { registerSecurityHeaders } from './lib/security-headers';
import { serverSecret } from './lib/settings';

export const VERSION = '0.1.0';

declare module 'fastify' {
  interface FastifyInstance {
    /** From now on readiness answers 503 "shutting_down" (the proxy stops sending calls); the close follows. */
    beginShutdown(): void;
    /** Takes no new connection; the kept ones drain (lib/drain.ts). Resolves once every connection has ended. */
    stopListening(): Promise<void>;
    /** Closes the connections idle now (an interactive stop, where no proxy waits). */
    closeIdleConnectionsNow(): void;
  }
}

export interface AppOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** Called when a message was queued, so the dispatcher sends it at once. */
  onMessageQueued?: () => void;
  /** The realtime streams' check interval and per-person limit (tests make the check quick). */
  realtime?: Omit<StreamOptions, 'onError'>;
  /** Told of every route as it is registered, before any (the route index, docs/routes.md). */
  onRoute?: (route: RouteOptions) => void;
}

/** The built web app: WEB_DIST, or apps/web/dist found from here. */
function webDist(config: Config): string | null {
  if (config.webDist) return fs.existsSync(path.join(config.webDist, 'index.html')) ? config.webDist : null;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = path.join(dir, 'apps', 'web', 'dist');
    if (fs.existsSync(path.join(candidate, 'index.html'))) return candidate;
    const sibling = path.join(dir, 'web', 'dist');
    if (fs.existsSync(path.join(sibling, 'index.html'))) return sibling;
    dir = path.dirname(dir);
  }
  return null;
}

/** Ids a proxy may hand on: letters, digits, dot, dash and underscore, at most 64 (nothing to forge a log line with). */
const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The call's id: the incoming X-Request-Id if it is a plain token, else a random UUID. */
export function requestId(request: { headers: Record<string, string | string[] | undefined> }): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/** One log line per API call; static files are not logged. */
class ApiLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    _error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (!request.url.startsWith('/api/')) return;
    // The caller by employee id only (never a name or other personal field); the query string is left out.
    request.log.info(
      { employee: request.auth?.employeeId ?? null },
      `${request.method} ${request.url.split('?')[0]} ${reply.statusCode} ${reply.elapsedTime.toFixed(1)} ms`,
    );
  }
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const { db } = database;

  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    // Each call's id: the proxy's X-Request-Id when it is a plain token, else a new one;
    // echoed in the answer's X-Request-Id and written on the call's log lines (reqId).
    requestIdHeader: false,
    genReqId: requestId,
    frameworkErrors: answerFrameworkError,
    logController: new ApiLogController(),
    // Closing drains (lib/drain.ts): a call arriving on a kept connection while the process closes is
    // answered, not refused with 503 nor cut, so a proxy never loses one it has already sent.
    forceCloseConnections: false,
    return503OnClosing: false,
  });
  const drain = drainingClose(app.server, config.shutdownGraceMs);
  app.decorate('stopListening', drain.stopListening);
  app.decorate('closeIdleConnectionsNow', drain.closeIdleNow);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  // Every schema also refuses NUL, lone surrogates and ids beyond PostgreSQL's integer (lib/input-check.ts).
  app.setValidatorCompiler(checkedValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // Every call runs in its language: the one it asks for, else (once the session is known) the user's saved one.
  app.addHook('onRequest', (request, _reply, done) => {
    const asked = acceptedLanguage(request.headers['accept-language']);
    inLanguage(asked ?? 'en', done, asked !== null);
  });
  // Every call timed by its route template, and GET /metrics for a scraper with METRICS_TOKEN (lib/metrics.ts).
  registerMetrics(app, config.metricsToken);

  await registerSecurityHeaders(app, config);
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'HR Portal API',
        description:
          'The HR self-service portal API. All calls are JSON with a bearer token unless marked otherwise.',
        version: VERSION,
      },
      servers: [{ url: '/' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  // The document is built either way (app.swagger(): the fuzz test reads it in process); served only when asked.
  if (config.apiDocs) await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const secret = await serverSecret(db);
  // The links in notification e-mails lead to this portal (lib/notifications.ts).
  setNotificationOrigin(config.publicUrl);
  // New comments reach the open chat windows of every API process (LISTEN/NOTIFY); each open
  // stream is checked against its session every few seconds (lib/realtime.ts).
  const realtime = new RealtimeHub(database, {
    perPerson: config.realtimeStreamsPerPerson,
    ...options.realtime,
    onError: (err) => app.log.error({ err }, 'realtime stream check failed'),
  });
  await realtime.start();
  // Open streams end before the server closes (they would hold it open otherwise).
  app.addHook('preClose', async () => realtime.streams.stop());
  app.addHook('onClose', async () => realtime.stop());
  const authService = new AuthService(db, config, secret, options.onMessageQueued);

  const z = app.withTypeProvider<ZodTypeProvider>();
  z.get(
    '/api/health',
    {
      schema: {
        operationId: 'health',
        summary: 'Liveness and database kind',
        tags: ['System'],
        response: { 200: healthResponse },
      },
    },
    async () => {
      await database.db.execute('select 1');
      return { status: 'ok' as const, database: database.kind, version: VERSION };
    },
  );

  // For a proxy or an orchestrator: live (the process answers) and ready (send it calls).
  z.get(
    '/api/health/live',
    {
      schema: {
        operationId: 'healthLive',
        summary: 'Liveness: the process answers (no database call)',
        tags: ['System'],
        response: { 200: liveResponse },
      },
    },
    async () => ({ status: 'live' as const }),
  );
  // The newest committed migration: ready once the database has it.
  const newestMigration = committedMigrations().at(-1)?.when ?? null;
  let closing = false;
  app.decorate('beginShutdown', () => {
    closing = true;
  });
  app.addHook('preClose', async () => {
    closing = true;
  });
  // While closing, each answer closes its connection: the proxy opens its next one to another process.
  app.addHook('onRequest', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  z.get(
    '/api/health/ready',
    {
      schema: {
        operationId: 'healthReady',
        summary:
          'Readiness: the database answers, its migrations are applied, the process is not shutting down',
        tags: ['System'],
        response: { 200: readyResponse, 503: readyResponse },
      },
    },
    async (_request, reply) => {
      const notReady = (reason: 'database' | 'migrations' | 'shutting_down') =>
        reply.code(503).send({ status: 'not_ready' as const, reason });
      if (closing) return notReady('shutting_down');
      let applied: number | null;
      try {
        applied = await lastAppliedMigration(database);
      } catch {
        return notReady('database');
      }
      if (newestMigration !== null && (applied === null || applied < newestMigration))
        return notReady('migrations');
      return { status: 'ready' as const, reason: null };
    },
  );

  await app.register(
    async (api) => {
      registerAuthentication(api, db);
      api.withTypeProvider<ZodTypeProvider>().get(
        '/config',
        {
          config: { public: true },
          schema: {
            operationId: 'publicConfig',
            summary: 'Settings an unsigned page needs (demo accounts in demo mode)',
            tags: ['System'],
            response: { 200: publicConfig },
          },
        },
        async () => ({
          demo: config.demo,
          demo_accounts: config.demo ? DEMO_ACCOUNTS : [],
          otp_seconds: OTP_SECONDS,
          tile_url: config.tileUrl,
          sso: config.oidc ? { label: config.oidc.label } : null,
          password_sign_in: config.passwordSignIn,
          passkey_rp_id: config.passkeys.rpId,
        }),
      );
      const deps: FeatureDeps = {
        db,
        config,
        secret,
        authService,
        realtime,
        onMessageQueued: options.onMessageQueued ?? (() => {}),
      };
      for (const feature of FEATURES) await api.register(async (scope) => feature(scope, deps));
    },
    { prefix: '/api/v1' },
  );

  const dist = webDist(config);
  const signedInPage = dist !== null && fs.existsSync(path.join(dist, 'signed-in.html'));
  if (dist) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(reply, filePath) {
        reply.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    if (!isApi && dist && (request.method === 'GET' || request.method === 'HEAD')) {
      // The app shows its own 404 page for paths it does not know. A signed-in address gets the
      // page that also announces the shell's files (apps/web/vite.config.ts, signedInPage).
      const page = isSignedInRoute(pathname) && signedInPage ? 'signed-in.html' : 'index.html';
      return reply
        .code(isAppRoute(pathname) ? 200 : 404)
        .header('cache-control', 'no-cache')
        .sendFile(page, dist);
    }
    return reply
      .code(404)
      .send(domainError('route_not_found', { method: request.method, path: pathname }).toBody());
  });

  return app;
}
