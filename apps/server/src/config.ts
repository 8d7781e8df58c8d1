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

const PASSKEY_RP_ID_TEXT = 'must be a domain name such as hr.example.com (WebAuthn takes no IP address)';

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' });

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];
const ISSUER_TEXT = 'must be an https:// URL (http:// only on this machine: localhost, 127.0.0.1)';
/** The OpenID provider's issuer: https, or http to a provider on this machine (a test or a local proxy). */
const issuerUrl = z.url({ protocol: /^https?$/, error: ISSUER_TEXT }).refine((value) => {
  const url = new URL(value);
  return url.protocol === 'https:' || LOOPBACK_HOSTS.includes(url.hostname);
}, ISSUER_TEXT);

const METRICS_TOKEN_TEXT =
  'must be 32 to 512 printable characters without spaces (such as the output of `openssl rand -hex 32`)';

const EID_LIST_TEXT = 'must be E-IDs separated by commas (such as 1001,1002)';
const eidList = z.string().transform((raw, ctx): string[] => {
  const eids = raw
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (eids.length > 0 && eids.every((eid) => /^[A-Za-z0-9._-]{1,32}$/.test(eid))) return eids;
  ctx.addIssue({ code: 'custom', message: EID_LIST_TEXT });
  return z.NEVER;
});

/** The OpenID Connect settings: all of them, or none (OIDC_LABEL is optional). */
const OIDC_REQUIRED = [
  'OIDC_ISSUER',
  'OIDC_CLIENT_ID',
  'OIDC_CLIENT_SECRET',
  'OIDC_CLAIM',
  'OIDC_MATCH',
] as const;

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
    ERASURE_RETENTION_DAYS: retentionDays.default(365),
    REALTIME_STREAMS_PER_PERSON: z.coerce
      .number({ error: 'must be a whole number from 1 to 10000' })
      .int('must be a whole number from 1 to 10000')
      .min(1, 'must be a whole number from 1 to 10000')
      .max(10_000, 'must be a whole number from 1 to 10000')
      .default(STREAMS_PER_PERSON),
    SHUTDOWN_GRACE_SECONDS: z.coerce
      .number({ error: 'must be a whole number from 0 to 600' })
      .int('must be a whole number from 0 to 600')
      .min(0, 'must be a whole number from 0 to 600')
      .max(600, 'must be a whole number from 0 to 600')
      .default(10),
    PASSKEY_RP_ID: z
      .string()
      .regex(
        /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i,
        PASSKEY_RP_ID_TEXT,
      )
      .refine((v) => net.isIP(v) === 0, PASSKEY_RP_ID_TEXT)
      .optional(),
    PASSKEY_ORIGINS: z
      .string()
      .transform((raw, ctx) => {
        const origins = raw
          .split(',')
          .map((o) => o.trim().replace(/\/+$/, ''))
          .filter(Boolean);
        const parsed = origins.map((o) => (URL.canParse(o) ? new URL(o) : null));
        if (
          origins.length > 0 &&
          parsed.every((u, i) => u && /^https?:$/.test(u.protocol) && u.origin === origins[i])
        )
          return origins;
        ctx.addIssue({
          code: 'custom',
          message: 'must be comma-separated origins such as https://hr.example.com',
        });
        return z.NEVER;
      })
      .optional(),
    // Depends on demo mode when unset (see loadConfig).
    SECOND_FACTOR: z
      .enum(['admins', 'all', 'optional'], { error: 'must be "admins", "all" or "optional"' })
      .optional(),
    WEB_DIST: z.string().optional(),
    TILE_URL: z
      .string()
      .min(1, 'must not be empty')
      .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
    OIDC_ISSUER: issuerUrl.optional(),
    OIDC_CLIENT_ID: z.string().max(255, 'must be at most 255 characters').optional(),
    OIDC_CLIENT_SECRET: z.string().max(1024, 'must be at most 1024 characters').optional(),
    OIDC_CLAIM: z
      .string()
      .regex(
        /^[A-Za-z0-9_:.-]{1,64}$/,
        'must be the name of an ID token claim, such as preferred_username or email',
      )
      .optional(),
    OIDC_MATCH: z.enum(['eid', 'email'], { error: 'must be "eid" or "email"' }).optional(),
    OIDC_LABEL: z.string().max(60, 'must be at most 60 characters').optional(),
    PASSWORD_SIGN_IN: booleanFlag.default(true),
    BREAK_GLASS_EIDS: eidList.optional(),
    METRICS_TOKEN: z
      .string()
      .regex(/^[\x21-\x7e]{32,512}$/, METRICS_TOKEN_TEXT)
      .optional(),
  })
  .superRefine((env, ctx) => {
    const oidcSet = OIDC_REQUIRED.filter((name) => env[name] !== undefined);
    if (oidcSet.length > 0 && oidcSet.length < OIDC_REQUIRED.length) {
      for (const name of OIDC_REQUIRED.filter((n) => env[n] === undefined)) {
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: `must be set with ${oidcSet.join(', ')} (the OpenID Connect settings go all together)`,
        });
      }
    }
    if (env.OIDC_LABEL !== undefined && oidcSet.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['OIDC_LABEL'], message: 'needs the OIDC_ settings' });
    }
    if (!env.PASSWORD_SIGN_IN && oidcSet.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['PASSWORD_SIGN_IN'],
        message: 'may be false only with OpenID Connect set (OIDC_ISSUER...): nobody else could sign in',
      });
    }
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
  /**
   * Days a leaver's data is kept, from their last working day (or when they
   * were disabled), before HR may erase it without an override.
   */
  erasureRetentionDays: number;
  /** Live chat streams one person may hold open at once, across every process (the oldest ends). */
  realtimeStreamsPerPerson: number;
  /**
   * On SIGTERM, how long the process waits for calls in flight and kept-alive
   * connections to end before it closes what is left (docs/deploy/README.md).
   */
  shutdownGraceMs: number;
  webDist: string | undefined;
  tileUrl: string;
  /**
   * Who must make a second step (an authenticator app's code) after the
   * password: HR administrators (`admins`), everyone (`all`), or only those
   * who set up an app (`optional`). Whoever set one up is always asked.
   */
  secondFactor: 'admins' | 'all' | 'optional';
  /**
   * The relying party of passkeys (WebAuthn): its ID (a domain name; null
   * where PUBLIC_URL names an IP address and PASSKEY_RP_ID is unset, which
   * turns passkeys off) and the origins a browser's answer may come from.
   */
  passkeys: { rpId: string | null; origins: string[] };
  /** OpenID Connect sign-in (features/sso), when configured. */
  oidc: OidcConfig | null;
  /** Whether E-ID and password sign in everyone; when false, only `breakGlassEids` do. */
  passwordSignIn: boolean;
  /** The E-IDs that may still sign in with a password when password sign-in is off. */
  breakGlassEids: string[];
  /** The bearer token a Prometheus scraper sends to `GET /metrics`; null: there is no /metrics. */
  metricsToken: string | null;
}

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The ID token claim that names the person. */
  claim: string;
  /** The employee field the claim is matched to. */
  match: 'eid' | 'email';
  /** The sign-in button's label (the provider's name); the page's own text when unset. */
  label: string | null;
}

/**
 * Whether an E-ID may sign in with its password: everyone's may unless
 * PASSWORD_SIGN_IN is off, and then only the break-glass administrators'.
 */
export function passwordSignInAllowed(config: Config, eid: string): boolean {
  if (config.passwordSignIn) return true;
  const wanted = eid.trim().toLowerCase();
  return config.breakGlassEids.some((allowed) => allowed.toLowerCase() === wanted);
}

export class ConfigError extends Error {}

/**
 * Trusts the nearest `hops` proxies whatever their address (Fastify itself
 * ignores a bare number): for a server only those proxies can reach.
 */
function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

/**
 * The passkeys' relying party: by default the host name of PUBLIC_URL and its
 * origin. WebAuthn takes no IP address as RP ID: such a PUBLIC_URL leaves
 * passkeys off unless PASSKEY_RP_ID names a domain (with PASSKEY_ORIGINS,
 * the addresses people open the portal at under it).
 */
function passkeySettings(publicUrl: string, rpId: string | undefined, origins: string[] | undefined) {
  const url = new URL(publicUrl);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const id = rpId?.toLowerCase() ?? (net.isIP(host) === 0 ? host.toLowerCase() : null);
  return { rpId: id, origins: origins ?? [url.origin] };
}

/** Reads the configuration; empty variables count as unset. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      // A secret or a token is not written back into the log.
      const got = name.includes('SECRET') || name.includes('TOKEN') ? undefined : env[name];
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
    erasureRetentionDays: e.ERASURE_RETENTION_DAYS,
    realtimeStreamsPerPerson: e.REALTIME_STREAMS_PER_PERSON,
    shutdownGraceMs: e.SHUTDOWN_GRACE_SECONDS * 1000,
    webDist: e.WEB_DIST,
    tileUrl: e.TILE_URL,
    // The demo's accounts sign in with the shared password alone; anywhere else HR administrators
    // need the second step unless told otherwise (docs/decisions.md, "Second step at sign-in").
    secondFactor: e.SECOND_FACTOR ?? (demo ? 'optional' : 'admins'),
    passkeys: passkeySettings(
      e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
      e.PASSKEY_RP_ID,
      e.PASSKEY_ORIGINS,
    ),
    oidc:
      e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET && e.OIDC_CLAIM && e.OIDC_MATCH
        ? {
            issuer: e.OIDC_ISSUER,
            clientId: e.OIDC_CLIENT_ID,
            clientSecret: e.OIDC_CLIENT_SECRET,
            claim: e.OIDC_CLAIM,
            match: e.OIDC_MATCH,
            label: e.OIDC_LABEL ?? null,
          }
        : null,
    passwordSignIn: e.PASSWORD_SIGN_IN,
    breakGlassEids: e.BREAK_GLASS_EIDS ?? [],
    metricsToken: e.METRICS_TOKEN ?? null,
  };
}
