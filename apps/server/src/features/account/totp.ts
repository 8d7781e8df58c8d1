import { createCipheriv, createDecipheriv, createHash, randomBytes, randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT, TOTP_DIGITS, TOTP_PERIOD_SECONDS } from '@hr/contracts/account';
import { Secret, TOTP } from 'otpauth';
import { hmac } from '../../lib/tokens';

/** The name the authenticator app shows above the code. */
export const TOTP_ISSUER = 'HR Portal';

/**
 * The key the TOTP secrets are encrypted with: derived from the server
 * secret, so a copy of the database alone does not give the secrets away.
 */
function keyOf(serverSecret: string): Buffer {
  return createHash('sha256').update(`totp-secret-key:${serverSecret}`).digest();
}

/** A TOTP secret encrypted with AES-256-GCM: `v1.<iv>.<tag>.<ciphertext>`, each base64url. */
export function encryptSecret(serverSecret: string, base32: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(serverSecret), iv);
  const data = Buffer.concat([cipher.update(base32, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

export function decryptSecret(serverSecret: string, stored: string): string {
  const [version, iv, tag, data] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || !data) throw new Error('Unknown TOTP secret format.');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(serverSecret), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

/** A new secret (160 bits, as RFC 4226 recommends), base32. */
export function newSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpOf(base32: string, label: string): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(base32),
  });
}

/** The otpauth:// URI an authenticator app reads (from a QR code, or pasted). */
export function otpauthUri(base32: string, label: string): string {
  return totpOf(base32, label).toString();
}

/**
 * The 30-second step a code is right for, one step either side of now
 * allowed for a clock that drifts; null for a wrong code. The caller then
 * takes the step only if it is later than the last one taken (a code is
 * accepted once).
 */
export function stepOf(base32: string, code: string, now = Date.now()): number | null {
  const delta = totpOf(base32, '').validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return null;
  return Math.floor(now / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

/** Letters and digits without the ones easily mistaken (0/o, 1/l/i). */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten new recovery codes, shown as `xxxxx-xxxxx` (about 49 bits each). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** A recovery code as stored: keyed with the server secret and the user, written without its dash. */
export function recoveryCodeHash(serverSecret: string, userId: number, code: string): string {
  return hmac(serverSecret, `recovery-code:${userId}:${code.replace(/[\s-]+/g, '').toLowerCase()}`);
}
