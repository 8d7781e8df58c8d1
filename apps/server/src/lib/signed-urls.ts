import { hmac, safeEqualHex } from './tokens';

export type PhotoSize = 'small' | 'medium' | 'big';
export const PHOTO_SIZES: PhotoSize[] = ['small', 'medium', 'big'];

function photoSignature(secret: string, employeeId: number, version: number, size: PhotoSize): string {
  return hmac(secret, `photo:${employeeId}:${version}:${size}`).slice(0, 32);
}

/**
 * Photo URLs carry a signature instead of needing a bearer token (an <img>
 * cannot send one). The version changes with each upload, so a URL can be
 * cached for good.
 */
type PhotoUrls = { small: string; medium: string; big: string };

/** Signed URLs already made, per secret (a list shows the same people on every row). */
const made = new Map<string, Map<string, PhotoUrls>>();
const MADE_MAX = 20_000;

export function photoUrls(secret: string, employeeId: number, version: number): PhotoUrls | null {
  if (!version) return null;
  let bySecret = made.get(secret);
  if (!bySecret) {
    bySecret = new Map();
    made.set(secret, bySecret);
  }
  const key = `${employeeId}:${version}`;
  const known = bySecret.get(key);
  if (known) return known;
  const url = (size: PhotoSize) =>
    `/api/v1/files/photos/${employeeId}/${size}?v=${version}&s=${photoSignature(secret, employeeId, version, size)}`;
  const urls = { small: url('small'), medium: url('medium'), big: url('big') };
  if (bySecret.size >= MADE_MAX) bySecret.clear();
  bySecret.set(key, urls);
  return urls;
}

export function verifyPhotoSignature(
  secret: string,
  employeeId: number,
  version: number,
  size: PhotoSize,
  signature: string,
): boolean {
  return (
    /^[0-9a-f]{32}$/.test(signature) &&
    safeEqualHex(photoSignature(secret, employeeId, version, size), signature)
  );
}
