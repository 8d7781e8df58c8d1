import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';

/** The message loadConfig gives for this environment. */
function refused(env: NodeJS.ProcessEnv): string {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as ConfigError).message;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('the passkeys’ relying party', () => {
  it('is the host name and origin of PUBLIC_URL by default', () => {
    expect(loadConfig({}).passkeys).toEqual({ rpId: 'localhost', origins: ['http://localhost:3000'] });
    expect(loadConfig({ PUBLIC_URL: 'https://HR.Example.com/portal/' }).passkeys).toEqual({
      rpId: 'hr.example.com',
      origins: ['https://hr.example.com'],
    });
  });

  it('is off where PUBLIC_URL is an IP address, unless PASSKEY_RP_ID names a domain', () => {
    expect(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:3170' }).passkeys.rpId).toBeNull();
    expect(loadConfig({ PUBLIC_URL: 'http://[::1]:3170' }).passkeys.rpId).toBeNull();
    expect(
      loadConfig({
        PUBLIC_URL: 'http://127.0.0.1:3170',
        PASSKEY_RP_ID: 'localhost',
        PASSKEY_ORIGINS: 'http://localhost:3170, http://localhost:3171/',
      }).passkeys,
    ).toEqual({ rpId: 'localhost', origins: ['http://localhost:3170', 'http://localhost:3171'] });
  });

  it('refuses an IP address or a URL as PASSKEY_RP_ID, and anything but origins in PASSKEY_ORIGINS', () => {
    expect(refused({ PASSKEY_RP_ID: '10.0.0.5' })).toMatch(/PASSKEY_RP_ID must be a domain name/);
    expect(refused({ PASSKEY_RP_ID: 'https://hr.example.com' })).toMatch(
      /PASSKEY_RP_ID must be a domain name/,
    );
    for (const origins of ['hr.example.com', 'https://hr.example.com/login', 'ftp://hr.example.com', ','])
      expect(refused({ PASSKEY_ORIGINS: origins }), origins).toMatch(
        /PASSKEY_ORIGINS must be comma-separated origins/,
      );
  });
});
