import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, passwordSignInAllowed } from './config';

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
    expect(config.trustProxy).toBe(false);
    expect(config.outboxRetentionDays).toBe(30);
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
    ['TRUST_PROXY', { TRUST_PROXY: 'true' }],
    ['TRUST_PROXY', { TRUST_PROXY: 'proxy.example' }],
    ['TRUST_PROXY', { TRUST_PROXY: '10.0.0.0/40' }],
    ['OUTBOX_RETENTION_DAYS', { OUTBOX_RETENTION_DAYS: 'abc' }],
    ['OUTBOX_RETENTION_DAYS', { OUTBOX_RETENTION_DAYS: '0' }],
    ['ERASURE_RETENTION_DAYS', { ERASURE_RETENTION_DAYS: 'a year' }],
    ['ERASURE_RETENTION_DAYS', { ERASURE_RETENTION_DAYS: '3651' }],
    ['REALTIME_STREAMS_PER_PERSON', { REALTIME_STREAMS_PER_PERSON: '0' }],
    ['REALTIME_STREAMS_PER_PERSON', { REALTIME_STREAMS_PER_PERSON: '2.5' }],
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

describe('demo mode', () => {
  const postgres = 'postgres://hr@db.example:5432/hr';

  it('is on for the embedded database: a bare npm start shows the demo company', () => {
    expect(loadConfig({})).toMatchObject({ demo: true, seed: 'demo' });
  });

  it('is off with DATABASE_URL unless asked for, and the demo company is not seeded', () => {
    expect(loadConfig({ DATABASE_URL: postgres })).toMatchObject({ demo: false, seed: 'none' });
    expect(loadConfig({ DATABASE_URL: postgres, DEMO: 'true' })).toMatchObject({ demo: true, seed: 'demo' });
  });

  it('DEMO=false turns it off on the embedded database too', () => {
    expect(loadConfig({ DEMO: 'false' })).toMatchObject({ demo: false, seed: 'none' });
  });

  it('SEED still decides the seeding when it is given', () => {
    expect(loadConfig({ DATABASE_URL: postgres, SEED: 'demo' })).toMatchObject({ demo: false, seed: 'demo' });
    expect(loadConfig({ SEED: 'none' })).toMatchObject({ demo: true, seed: 'none' });
  });
});

describe('API_DOCS', () => {
  const postgres = 'postgres://hr@db.example:5432/hr';

  it('is on only in demo mode on the embedded database unless set', () => {
    expect(loadConfig({}).apiDocs).toBe(true);
    expect(loadConfig({ DEMO: 'false' }).apiDocs).toBe(false);
    expect(loadConfig({ DATABASE_URL: postgres }).apiDocs).toBe(false);
    expect(loadConfig({ DATABASE_URL: postgres, DEMO: 'true' }).apiDocs).toBe(false);
  });

  it('is what it is set to', () => {
    expect(loadConfig({ DATABASE_URL: postgres, API_DOCS: 'true' }).apiDocs).toBe(true);
    expect(loadConfig({ API_DOCS: 'off' }).apiDocs).toBe(false);
    expect(configError({ API_DOCS: 'maybe' }).message).toContain('API_DOCS must be one of true, false');
  });
});

describe('TRUST_PROXY', () => {
  it('takes the addresses or ranges of the proxies', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16' }).trustProxy).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
    ]);
    expect(loadConfig({ TRUST_PROXY: '::1,fd00::/8' }).trustProxy).toEqual(['::1', 'fd00::/8']);
    expect(loadConfig({ TRUST_PROXY: 'loopback' }).trustProxy).toEqual(['loopback']);
  });

  it('takes a number of proxies, and trusts no further hop', () => {
    const trust = loadConfig({ TRUST_PROXY: '2' }).trustProxy;
    expect(typeof trust).toBe('function');
    const hops = trust as (address: string, hop: number) => boolean;
    expect([0, 1, 2, 3].map((hop) => hops('203.0.113.1', hop))).toEqual([true, true, false, false]);
  });

  it('trusts nothing when off', () => {
    for (const off of ['false', '0', 'no', 'off'])
      expect(loadConfig({ TRUST_PROXY: off }).trustProxy).toBe(false);
  });

  it('refuses to trust every X-Forwarded-For', () => {
    for (const every of ['true', 'yes', 'on', '*']) {
      const err = configError({ TRUST_PROXY: every });
      expect(err.message).toMatch(/\bTRUST_PROXY\b/);
      expect(err.message).toContain('X-Forwarded-For');
    }
  });
});

describe('REALTIME_STREAMS_PER_PERSON', () => {
  it('is 5 unless set', () => {
    expect(loadConfig({}).realtimeStreamsPerPerson).toBe(5);
    expect(loadConfig({ REALTIME_STREAMS_PER_PERSON: '12' }).realtimeStreamsPerPerson).toBe(12);
  });
});

describe('OUTBOX_RETENTION_DAYS', () => {
  it('is read in days', () => {
    expect(loadConfig({ OUTBOX_RETENTION_DAYS: '7' }).outboxRetentionDays).toBe(7);
  });
});

describe('ERASURE_RETENTION_DAYS', () => {
  it('is read in days, a year unless set', () => {
    expect(loadConfig({}).erasureRetentionDays).toBe(365);
    expect(loadConfig({ ERASURE_RETENTION_DAYS: '2190' }).erasureRetentionDays).toBe(2190);
  });
});

describe('SMTP_URL and MAIL_FROM', () => {
  it('send e-mails by SMTP only when set, from the portal’s host unless named', () => {
    expect(loadConfig({}).smtpUrl).toBeUndefined();
    const config = loadConfig({
      SMTP_URL: 'smtps://hr:secret@mail.example.com:465',
      PUBLIC_URL: 'https://hr.example.com',
    });
    expect(config.smtpUrl).toBe('smtps://hr:secret@mail.example.com:465');
    expect(config.mailFrom).toBe('HR Portal <hr-portal@hr.example.com>');
    expect(loadConfig({ MAIL_FROM: 'People Team <people@example.com>' }).mailFrom).toBe(
      'People Team <people@example.com>',
    );
  });

  it('refuses another kind of URL and a sender that is no address', () => {
    expect(configError({ SMTP_URL: 'http://mail.example.com' }).message).toContain(
      'SMTP_URL must be an smtp://',
    );
    expect(configError({ MAIL_FROM: 'nobody' }).message).toContain('MAIL_FROM must be an address');
    expect(configError({ MAIL_FROM: 'a@b.c\nBcc: x@y.z' }).message).toContain('MAIL_FROM');
  });
});

describe('OpenID Connect and password sign-in', () => {
  const oidc = {
    OIDC_ISSUER: 'https://login.example.com/tenant/v2.0',
    OIDC_CLIENT_ID: 'hr-portal',
    OIDC_CLIENT_SECRET: 's3cret-value',
    OIDC_CLAIM: 'preferred_username',
    OIDC_MATCH: 'eid',
  };

  it('is off unless set; password sign-in is on for everyone', () => {
    const config = loadConfig({});
    expect(config.oidc).toBeNull();
    expect(config.passwordSignIn).toBe(true);
    expect(config.breakGlassEids).toEqual([]);
  });

  it('reads the settings, the label and the break-glass E-IDs', () => {
    const config = loadConfig({
      ...oidc,
      OIDC_LABEL: 'Contoso account',
      PASSWORD_SIGN_IN: 'false',
      BREAK_GLASS_EIDS: '1001, ops.2 ',
    });
    expect(config.oidc).toEqual({
      issuer: oidc.OIDC_ISSUER,
      clientId: 'hr-portal',
      clientSecret: 's3cret-value',
      claim: 'preferred_username',
      match: 'eid',
      label: 'Contoso account',
    });
    expect(config.passwordSignIn).toBe(false);
    expect(config.breakGlassEids).toEqual(['1001', 'ops.2']);
    expect(passwordSignInAllowed(config, '1001')).toBe(true);
    expect(passwordSignInAllowed(config, 'OPS.2')).toBe(true);
    expect(passwordSignInAllowed(config, '1004')).toBe(false);
    expect(passwordSignInAllowed(loadConfig({}), '1004')).toBe(true);
  });

  it('takes all the OIDC_ settings or none, naming the missing ones', () => {
    const { OIDC_CLIENT_SECRET: _secret, OIDC_MATCH: _match, ...partial } = oidc;
    const message = configError(partial).message;
    expect(message).toMatch(/OIDC_CLIENT_SECRET must be set with OIDC_ISSUER/);
    expect(message).toMatch(/OIDC_MATCH must be set with/);
    expect(configError({ OIDC_LABEL: 'Company' }).message).toMatch(/OIDC_LABEL needs the OIDC_ settings/);
  });

  it('refuses a plain-http issuer elsewhere than this machine, a bad claim or match, and never echoes the secret', () => {
    expect(configError({ ...oidc, OIDC_ISSUER: 'http://login.example.com' }).message).toMatch(
      /OIDC_ISSUER must be an https:\/\/ URL/,
    );
    expect(loadConfig({ ...oidc, OIDC_ISSUER: 'http://127.0.0.1:3350' }).oidc?.issuer).toBe(
      'http://127.0.0.1:3350',
    );
    expect(configError({ ...oidc, OIDC_CLAIM: 'bad claim' }).message).toMatch(/OIDC_CLAIM must be the name/);
    expect(configError({ ...oidc, OIDC_MATCH: 'name' }).message).toMatch(
      /OIDC_MATCH must be "eid" or "email"/,
    );
    const secret = configError({ ...oidc, OIDC_CLIENT_SECRET: 'x'.repeat(1025) }).message;
    expect(secret).toMatch(/OIDC_CLIENT_SECRET must be at most 1024/);
    expect(secret).not.toContain('xxxx');
  });

  it('turns password sign-in off only with OpenID Connect set, and checks the E-ID list', () => {
    expect(configError({ PASSWORD_SIGN_IN: 'false' }).message).toMatch(/PASSWORD_SIGN_IN may be false only/);
    expect(configError({ ...oidc, BREAK_GLASS_EIDS: '1001;1002' }).message).toMatch(
      /BREAK_GLASS_EIDS must be E-IDs separated by commas/,
    );
  });
});

describe('SECOND_FACTOR', () => {
  it('asks HR administrators for the second step by default, and nobody without an app in the demo', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://db/hr' }).secondFactor).toBe('admins');
    expect(loadConfig({ DEMO: 'false' }).secondFactor).toBe('admins');
    expect(loadConfig({}).secondFactor).toBe('optional');
    expect(loadConfig({ SECOND_FACTOR: 'all' }).secondFactor).toBe('all');
    expect(loadConfig({ DATABASE_URL: 'postgres://db/hr', SECOND_FACTOR: 'optional' }).secondFactor).toBe(
      'optional',
    );
    expect(configError({ SECOND_FACTOR: 'everyone' }).message).toMatch(
      /SECOND_FACTOR must be "admins", "all" or "optional" \(got "everyone"\)/,
    );
  });
});

describe('METRICS_TOKEN', () => {
  it('is off by default, and a token too short or with spaces is refused without being written back', () => {
    expect(loadConfig({}).metricsToken).toBeNull();
    const token = 'a1'.repeat(32);
    expect(loadConfig({ METRICS_TOKEN: token }).metricsToken).toBe(token);
    const short = configError({ METRICS_TOKEN: 'short-scrape-token' }).message;
    expect(short).toMatch(/METRICS_TOKEN must be 32 to 512 printable characters/);
    expect(short).not.toContain('short-scrape-token');
    expect(configError({ METRICS_TOKEN: `${token} x` }).message).toMatch(/METRICS_TOKEN must be/);
  });
});
