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
    DEMO: booleanFlag.default(true),
    SEED: z.enum(['demo', 'none'], { error: 'must be "demo" or "none"' }).default('demo'),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        error: 'must be one of fatal, error, warn, info, debug, trace, silent',
      })
      .default('info'),
    TRUST_PROXY: booleanFlag.default(false),
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
  publicUrl: string;
  demo: boolean;
  seed: 'demo' | 'none';
  logLevel: string;
  trustProxy: boolean;
  webDist: string | undefined;
  tileUrl: string;
}

export class ConfigError extends Error {}

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
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    messageTransport: e.MESSAGE_TRANSPORT,
    messageWebhookUrl: e.MESSAGE_WEBHOOK_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    demo: e.DEMO,
    seed: e.SEED,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    webDist: e.WEB_DIST,
    tileUrl: e.TILE_URL,
  };
}
