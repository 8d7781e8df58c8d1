import { PHOTO_PIXELS } from '@hr/contracts/employees';
import sharp from 'sharp';

/**
 * Uploaded bytes: base64 decoding with the size known before decoding, image
 * checks by content (magic bytes, then a real decode), photo sizes and the
 * type of a document.
 */

const DATA_URL_PREFIX = /^data:[\w.+-]+\/[\w.+-]+;base64,/;

/** The base64 payload without a `data:` prefix or whitespace. */
function payloadOf(text: string): string {
  return text.trim().replace(DATA_URL_PREFIX, '').replace(/\s+/g, '');
}

/** How many bytes a base64 text decodes to, without decoding it. */
export function decodedSize(text: string): number {
  const payload = payloadOf(text);
  const padding = payload.endsWith('==') ? 2 : payload.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((payload.length * 3) / 4) - padding);
}

/** The bytes of a base64 text (the schema has already checked its alphabet). */
export function decodeBase64(text: string): Buffer {
  return Buffer.from(payloadOf(text), 'base64');
}

const startsWith = (data: Buffer, bytes: number[]) =>
  data.length >= bytes.length && bytes.every((b, i) => data[i] === b);

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_MAGIC = [0xff, 0xd8, 0xff];

/** PNG or JPEG by the file's first bytes, whatever its name or declared type says. */
export function imageFormat(data: Buffer): 'png' | 'jpeg' | null {
  if (startsWith(data, PNG_MAGIC)) return 'png';
  if (startsWith(data, JPEG_MAGIC)) return 'jpeg';
  return null;
}

export class UnreadableImageError extends Error {}

/** Refuses pictures whose pixels would take too much memory to decode (a "decompression bomb"). */
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * Whether the bytes decode as a picture of the format their first bytes claim
 * (an image kept as it was uploaded, such as EPR evidence, is still decoded
 * once, so a renamed or truncated file is refused).
 */
export async function readableImage(data: Buffer, format: 'png' | 'jpeg'): Promise<boolean> {
  try {
    const meta = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).metadata();
    if (meta.format !== format || !meta.width || !meta.height) return false;
    // A header alone says nothing of the pixels: decode them (small files only reach here).
    await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).raw().toBuffer();
    return true;
  } catch {
    return false;
  }
}

export interface PhotoSizes {
  mime: 'image/png' | 'image/jpeg';
  small: Buffer;
  medium: Buffer;
  big: Buffer;
}

/**
 * Decodes the picture and makes the three square sizes of the profile photo
 * (turned upright from its EXIF orientation, metadata dropped). A picture
 * that does not decode throws UnreadableImageError.
 */
export async function photoSizes(data: Buffer, format: 'png' | 'jpeg'): Promise<PhotoSizes> {
  const open = () => sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
  try {
    const meta = await open().metadata();
    if (meta.format !== format || !meta.width || !meta.height)
      throw new UnreadableImageError('not decodable');
    const resize = (px: number) => {
      const pipeline = open().rotate().resize(px, px, { fit: 'cover', position: 'attention' });
      return (
        format === 'png' ? pipeline.png({ compressionLevel: 9 }) : pipeline.jpeg({ quality: 85 })
      ).toBuffer();
    };
    const [small, medium, big] = await Promise.all([
      resize(PHOTO_PIXELS.small),
      resize(PHOTO_PIXELS.medium),
      resize(PHOTO_PIXELS.big),
    ]);
    return { mime: format === 'png' ? 'image/png' : 'image/jpeg', small, medium, big };
  } catch (err) {
    if (err instanceof UnreadableImageError) throw err;
    throw new UnreadableImageError(err instanceof Error ? err.message : String(err));
  }
}

const OFFICE_TYPES: Record<string, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  zip: 'application/zip',
};
const LEGACY_OFFICE: Record<string, string> = {
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
};

function looksLikeText(data: Buffer): boolean {
  const sample = data.subarray(0, 4096);
  if (sample.includes(0)) return false;
  try {
    // `stream` lets a character cut by the end of the sample pass.
    new TextDecoder('utf-8', { fatal: true }).decode(sample, { stream: sample.length < data.length });
    return true;
  } catch {
    return false;
  }
}

/**
 * The type of a document, from its content (and, for container formats, its
 * extension). Documents are always served as downloads, so an unknown type
 * is kept as plain bytes.
 */
export function documentType(data: Buffer, fileName: string): string {
  const ext = fileName.toLowerCase().split('.').pop() ?? '';
  if (startsWith(data, [0x25, 0x50, 0x44, 0x46])) return 'application/pdf';
  const image = imageFormat(data);
  if (image) return `image/${image}`;
  if (startsWith(data, [0x47, 0x49, 0x46, 0x38])) return 'image/gif';
  if (startsWith(data, [0x50, 0x4b, 0x03, 0x04])) return OFFICE_TYPES[ext] ?? 'application/zip';
  if (startsWith(data, [0xd0, 0xcf, 0x11, 0xe0])) return LEGACY_OFFICE[ext] ?? 'application/octet-stream';
  if (looksLikeText(data)) return ext === 'csv' ? 'text/csv; charset=utf-8' : 'text/plain; charset=utf-8';
  return 'application/octet-stream';
}

/** A Content-Disposition for a download, with an ASCII fallback and the UTF-8 name. */
export function attachment(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
