import { PHOTO_PIXELS } from '@hr/contracts/employees';
import { baseFileName } from '@hr/contracts/file-names';
import pLimit from 'p-limit';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { domainError } from './errors';

/**
 * Uploaded bytes: base64 decoding with the size known before decoding, image
 * checks by content (magic bytes, the header's format and pixel count, then a
 * real decode, a few at a time), pictures stored downscaled and re-encoded,
 * and the type and download name of a document.
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

/**
 * The most pixels an uploaded picture may have, read from its header before
 * anything is decoded: 25 megapixels (6,000 × 4,000 from a camera, a phone's
 * 12 or 24 MP photo, a 5,000 × 5,000 scan). Decoded as RGBA, the worst case
 * a decode can hold is 100 MB; a "decompression bomb" (a small file of one
 * colour and millions of pixels) is refused at its header, in a millisecond.
 */
export const MAX_IMAGE_PIXELS = 25_000_000;

/** How many pictures one process decodes at once; the rest wait their turn. */
export const IMAGE_DECODES_AT_ONCE = 2;

/** The long side of a stored EPR evidence image. */
export const EVIDENCE_MAX_SIDE = 2000;

// libvips keeps recent operations and their pixels in a cache: no upload is decoded twice.
sharp.cache(false);
// One libvips thread per picture: two pictures at once fill the two cores of a small server.
sharp.concurrency(1);

/** The decodes of this process, IMAGE_DECODES_AT_ONCE at a time, the others waiting in order. */
const decodes = pLimit(IMAGE_DECODES_AT_ONCE);

/**
 * The one way an uploaded picture is decoded. Its header is read first
 * (sharp's `metadata()` reads the header only: a 6,300 × 6,300 PNG answers in
 * under a millisecond, with no pixel in memory): the format must be the one
 * its first bytes claim, and its pixels at most MAX_IMAGE_PIXELS. Only then
 * does `make` decode it, one of IMAGE_DECODES_AT_ONCE at a time, with the
 * same limit given to libvips. A refusal is a 422 on `field`:
 * `image_too_many_pixels` or `image_unreadable`.
 */
async function decodeImage<T>(
  data: Buffer,
  format: 'png' | 'jpeg',
  field: string,
  make: (open: () => Sharp) => Promise<T>,
): Promise<T> {
  const unreadable = () => domainError('image_unreadable', {}, field);
  let meta: Metadata;
  try {
    // sharp's own limit would refuse a header over 268 MP as unreadable: the count is judged just below.
    meta = await sharp(data, { failOn: 'error', limitInputPixels: false }).metadata();
  } catch {
    throw unreadable();
  }
  const { width, height } = meta;
  if (meta.format !== format || !width || !height) throw unreadable();
  if (width * height > MAX_IMAGE_PIXELS) {
    throw domainError('image_too_many_pixels', { width, height, max: MAX_IMAGE_PIXELS / 1_000_000 }, field);
  }
  const open = () => sharp(data, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' });
  return decodes(async () => {
    try {
      return await make(open);
    } catch {
      throw unreadable();
    }
  });
}

/** A picture encoded again in its own format (no metadata is kept: sharp drops it unless asked). */
const encoded = (pipeline: Sharp, format: 'png' | 'jpeg') =>
  (format === 'png' ? pipeline.png({ compressionLevel: 9 }) : pipeline.jpeg({ quality: 85 })).toBuffer();

const mimeOf = (format: 'png' | 'jpeg') => (format === 'png' ? 'image/png' : 'image/jpeg');

export interface StoredImage {
  mime: 'image/png' | 'image/jpeg';
  data: Buffer;
}

/**
 * An EPR evidence image as it is stored: turned upright from its EXIF
 * orientation, at most EVIDENCE_MAX_SIDE on its long side (never enlarged),
 * encoded again without its metadata.
 */
export async function evidenceImage(
  data: Buffer,
  format: 'png' | 'jpeg',
  field: string,
): Promise<StoredImage> {
  return decodeImage(data, format, field, async (open) => ({
    mime: mimeOf(format),
    data: await encoded(
      open()
        .rotate()
        .resize(EVIDENCE_MAX_SIDE, EVIDENCE_MAX_SIDE, { fit: 'inside', withoutEnlargement: true }),
      format,
    ),
  }));
}

export interface PhotoSizes {
  mime: 'image/png' | 'image/jpeg';
  small: Buffer;
  medium: Buffer;
  big: Buffer;
}

/**
 * The three square sizes of the profile photo (turned upright from its EXIF
 * orientation, metadata dropped): the picture is decoded once, to the big
 * size, and the two others are made from that.
 */
export async function photoSizes(data: Buffer, format: 'png' | 'jpeg', field: string): Promise<PhotoSizes> {
  return decodeImage(data, format, field, async (open) => {
    const big = await open()
      .rotate()
      .resize(PHOTO_PIXELS.big, PHOTO_PIXELS.big, { fit: 'cover', position: 'attention' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const sized = (px: number) => {
      const pixels = sharp(big.data, {
        raw: { width: big.info.width, height: big.info.height, channels: big.info.channels },
      });
      return encoded(px === big.info.width ? pixels : pixels.resize(px, px), format);
    };
    return {
      mime: mimeOf(format),
      big: await sized(PHOTO_PIXELS.big),
      medium: await sized(PHOTO_PIXELS.medium),
      small: await sized(PHOTO_PIXELS.small),
    };
  });
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

/**
 * A file name as it is served: its last path part, without control
 * characters (names are kept so since they are taken; rows stored before
 * are served so too).
 */
export function servedFileName(fileName: string): string {
  return baseFileName(fileName.replace(/\p{Cc}/gu, '')) || 'download';
}

/** A Content-Disposition for a download, with an ASCII fallback and the UTF-8 name (its last path part). */
export function attachment(fileName: string): string {
  const name = servedFileName(fileName);
  const fallback = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
