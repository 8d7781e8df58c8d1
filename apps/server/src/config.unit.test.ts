import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

/** The error loadConfig throws for this environment; fails the test when it does not throw. */
function configError(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return err as ConfigError;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('uses the defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(path.isAbsolute(config.dataDir)).toBe(true);
    expect(config.messageTransport).toBe('log');
    expect(config.messageWebhookUrl).toBeUndefined();
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.host).toBe('0.0.0.0');
    expect(config.demo).toBe(true);
    expect(config.seed).toBe('demo');
  });

  it('builds the default PUBLIC_URL from PORT', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
  });

  it('reads the values it is given', () => {
    const config = loadConfig({
      PORT: '4100',
      DATA_DIR: '/var/lib/portal',
      DATABASE_URL: 'postgresql://user@db:5432/hr',
      MESSAGE_TRANSPORT: 'webhook',
      MESSAGE_WEBHOOK_URL: 'https://gateway.example/send',
      PUBLIC_URL: 'https://hr.example.com/',
      DEMO: 'no',
    });
    expect(config).toMatchObject({
      port: 4100,
      dataDir: '/var/lib/portal',
      databaseUrl: 'postgresql://user@db:5432/hr',
      messageTransport: 'webhook',
      messageWebhookUrl: 'https://gateway.example/send',
      publicUrl: 'https://hr.example.com',
      demo: false,
    });
  });

  it('treats empty strings as unset', () => {
    const config = loadConfig({
      PORT: '',
      DATA_DIR: '',
      DATABASE_URL: '',
      MESSAGE_TRANSPORT: '',
      MESSAGE_WEBHOOK_URL: '',
      PUBLIC_URL: '',
      DEMO: '',
    });
    expect(config).toEqual(loadConfig({}));
  });

  it.each([
    ['PORT', { PORT: 'abc' }],
    ['PORT', { PORT: '70000' }],
    ['PORT', { PORT: '-1' }],
    ['PORT', { PORT: '3.5' }],
    ['MESSAGE_TRANSPORT', { MESSAGE_TRANSPORT: 'fax' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://x' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'notaurl' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'ftp://portal.example' }],
    ['DEMO', { DEMO: 'maybe' }],
    ['MESSAGE_WEBHOOK_URL', { MESSAGE_TRANSPORT: 'webhook', MESSAGE_WEBHOOK_URL: 'notaurl' }],
  ] satisfies [string, NodeJS.ProcessEnv][])('stops on a bad %s (%j)', (variable, env) => {
    const err = configError(env);
    expect(err.message).toMatch(new RegExp(`\\b${variable}\\b`));
    // The offending value is quoted back.
    const value = Object.values(env).at(-1)!;
    expect(err.message).toContain(`"${value}"`);
  });

  it('requires MESSAGE_WEBHOOK_URL when MESSAGE_TRANSPORT is webhook', () => {
    const err = configError({ MESSAGE_TRANSPORT: 'webhook' });
    expect(err.message).toMatch(/\bMESSAGE_WEBHOOK_URL\b/);
    expect(err.message).toContain('webhook');
    // An empty value is the same as none.
    expect(configError({ MESSAGE_TRANSPORT: 'webhook', MESSAGE_WEBHOOK_URL: '' }).message).toMatch(
      /\bMESSAGE_WEBHOOK_URL\b/,
    );
  });

  it('names every bad variable at once', () => {
    const err = configError({ PORT: 'abc', DEMO: 'maybe' });
    expect(err.message).toMatch(/\bPORT\b/);
    expect(err.message).toMatch(/\bDEMO\b/);
  });
});
