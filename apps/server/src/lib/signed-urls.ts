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
export function photoUrls(
  secret: string,
  employeeId: number,
  version: number,
): { small: string; medium: string; big: string } | null {
  if (!version) return null;
  const url = (size: PhotoSize) =>
    `/api/v1/files/photos/${employeeId}/${size}?v=${version}&s=${photoSignature(secret, employeeId, version, size)}`;
  return { small: url('small'), medium: url('medium'), big: url('big') };
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
