import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';

/**
 * The server's configuration, read from the environment once at start-up.
 * A bad value stops start-up with a message naming the variable.
 */
const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], {
    error: 'must be one of true, false, 1, 0, yes, no, on, off',
  })
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

/** Names proxy-addr (Fastify's trustProxy) knows for groups of addresses. */
const ADDRESS_GROUPS = ['loopback', 'linklocal', 'uniquelocal'];

function isAddressOrRange(value: string): boolean {
  if (ADDRESS_GROUPS.includes(value) || net.isIP(value) !== 0) return true;
  const [address, bits, ...rest] = value.split('/');
  if (rest.length > 0 || !address || !bits || !/^\d{1,3}$/.test(bits)) return false;
  const family = net.isIP(address);
  return family !== 0 && Number(bits) <= (family === 4 ? 32 : 128);
}

const TRUST_PROXY_TEXT =
  'must be false, the number of proxies in front of the server, or their addresses ' +
  '(comma-separated addresses or ranges such as 10.0.0.5,10.1.0.0/16, or loopback); ' +
  'trusting every X-Forwarded-For would let any client choose the address it is counted by';

/**
 * Which X-Forwarded-For hops are believed: none (false), a number of proxies,
 * or the proxies' addresses, as Fastify's `trustProxy` takes them. Never
 * `true`: anyone could then pick the address that sign-in limits count.
 */
const trustProxy = z.string().transform((raw, ctx): false | number | string[] => {
  const value = raw.trim().toLowerCase();
  if (['false', 'no', 'off', '0'].includes(value)) return false;
  if (/^\d{1,2}$/.test(value)) return Number(value);
  const parts = value
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length > 0 && parts.every(isAddressOrRange)) return parts;
  ctx.addIssue({ code: 'custom', message: TRUST_PROXY_TEXT });
  return z.NEVER;
});

const retentionDays = z.coerce
  .number({ error: 'must be a whole number of days from 1 to 3650' })
  .int('must be a whole number of days from 1 to 3650')
  .min(1, 'must be a whole number of days from 1 to 3650')
  .max(3650, 'must be a whole number of days from 1 to 3650');

/**
 * How many live chat streams one person may hold open across every process
 * by default (docs/decisions.md, "Realtime streams"); REALTIME_STREAMS_PER_PERSON sets another.
 */
export const STREAMS_PER_PERSON = 5;

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' });

const envSchema = z
  .object({
    PORT: z.coerce
      .number({ error: 'must be a whole number between 0 and 65535' })
      .int('must be a whole number between 0 and 65535')
      .min(0, 'must be a whole number between 0 and 65535')
      .max(65535, 'must be a whole number between 0 and 65535')
      .default(3000),
    HOST: z.string().min(1, 'must not be empty').default('0.0.0.0'),
    DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    MESSAGE_TRANSPORT: z.enum(['log', 'webhook'], { error: 'must be "log" or "webhook"' }).default('log'),
    MESSAGE_WEBHOOK_URL: httpUrl.optional(),
    PUBLIC_URL: httpUrl.optional(),
    SMTP_URL: z
      .url({
        protocol: /^smtps?$/,
        error: 'must be an smtp:// or smtps:// URL (smtp://user:password@host:587)',
      })
      .optional(),
    MAIL_FROM: z
      .string()
      .max(254, 'must be an address such as "HR Portal <hr@example.com>"')
      .regex(/^[^\r\n]*<?[^\s@<>]+@[^\s@<>]+>?$/, 'must be an address such as "HR Portal <hr@example.com>"')
      .optional(),
    // Both depend on DATABASE_URL when unset (see loadConfig).
    DEMO: booleanFlag.optional(),
    SEED: z.enum(['demo', 'none'], { error: 'must be "demo" or "none"' }).optional(),
    // Depends on demo mode and DATABASE_URL when unset (see loadConfig).
    API_DOCS: booleanFlag.optional(),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        error: 'must be one of fatal, error, warn, info, debug, trace, silent',
      })
      .default('info'),
    TRUST_PROXY: trustProxy.default(false),
    OUTBOX_RETENTION_DAYS: retentionDays.default(30),
    REALTIME_STREAMS_PER_PERSON: z.coerce
      .number({ error: 'must be a whole number from 1 to 10000' })
      .int('must be a whole number from 1 to 10000')
      .min(1, 'must be a whole number from 1 to 10000')
      .max(10_000, 'must be a whole number from 1 to 10000')
      .default(STREAMS_PER_PERSON),
    WEB_DIST: z.string().optional(),
    TILE_URL: z
      .string()
      .min(1, 'must not be empty')
      .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  })
  .superRefine((env, ctx) => {
    if (env.MESSAGE_TRANSPORT === 'webhook' && !env.MESSAGE_WEBHOOK_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['MESSAGE_WEBHOOK_URL'],
        message: 'must be set when MESSAGE_TRANSPORT is "webhook"',
      });
    }
  });

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  messageTransport: 'log' | 'webhook';
  messageWebhookUrl: string | undefined;
  /** E-mails leave by this SMTP server when set (SMS still by `messageTransport`). */
  smtpUrl: string | undefined;
  /** The sender of e-mails sent by SMTP. */
  mailFrom: string;
  publicUrl: string;
  /** List the demo accounts and their password on the sign-in page. */
  demo: boolean;
  seed: 'demo' | 'none';
  /** Serve the OpenAPI description and its browser at /api/docs. */
  apiDocs: boolean;
  logLevel: string;
  /**
   * Which proxies' X-Forwarded-For is believed, as Fastify's `trustProxy`
   * takes it: none, their addresses, or (for a number of hops) a function.
   */
  trustProxy: false | string[] | ((address: string, hop: number) => boolean);
  /** Days a sent message stays in the outbox (without its code or link). */
  outboxRetentionDays: number;
  /** Live chat streams one person may hold open at once, across every process (the oldest ends). */
  realtimeStreamsPerPerson: number;
  webDist: string | undefined;
  tileUrl: string;
}

export class ConfigError extends Error {}

/**
 * Trusts the nearest `hops` proxies whatever their address (Fastify itself
 * ignores a bare number): for a server only those proxies can reach.
 */
function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

/** Reads the configuration; empty variables count as unset. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      const got = env[name];
      return `  ${name} ${issue.message}${got !== undefined ? ` (got "${got}")` : ''}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  // The demo (its accounts listed with their shared password) is what a bare `npm start` shows on
  // the embedded database; on a PostgreSQL server only when asked for with DEMO=true.
  const demo = e.DEMO ?? !e.DATABASE_URL;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    messageTransport: e.MESSAGE_TRANSPORT,
    messageWebhookUrl: e.MESSAGE_WEBHOOK_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `HR Portal <hr-portal@${new URL(e.PUBLIC_URL ?? 'http://localhost').hostname}>`,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    demo,
    seed: e.SEED ?? (demo ? 'demo' : 'none'),
    // The API's description tells an attacker every route and field: served to anyone only where
    // asked for, or in the demo a bare `npm start` shows.
    apiDocs: e.API_DOCS ?? (demo && !e.DATABASE_URL),
    logLevel: e.LOG_LEVEL,
    trustProxy: typeof e.TRUST_PROXY === 'number' ? trustHops(e.TRUST_PROXY) : e.TRUST_PROXY,
    outboxRetentionDays: e.OUTBOX_RETENTION_DAYS,
    realtimeStreamsPerPerson: e.REALTIME_STREAMS_PER_PERSON,
    webDist: e.WEB_DIST,
    tileUrl: e.TILE_URL,
  };
}
