import zlib from 'node:zlib';
import sharp from 'sharp';

/**
 * Pictures as phones make them: a JPEG with an EXIF block that carries the
 * camera, the orientation and a GPS position, and a PNG with eXIf and text
 * chunks saying where it was taken.
 */

/** Where the test pictures claim to be taken: Dhaka, 23°48'35" N, 90°24'45" E. */
export const GPS_PLACE = 'Dhaka office';

type Entry = { tag: number; type: 1 | 2 | 3 | 4 | 5; count: number; value: Buffer };

/** A little-endian TIFF IFD at `offset` (from the TIFF header), with its out-of-line values after it. */
function ifd(entries: Entry[], offset: number, next = 0): Buffer {
  const head = Buffer.alloc(2 + entries.length * 12 + 4);
  const extra: Buffer[] = [];
  let extraAt = offset + head.length;
  head.writeUInt16LE(entries.length, 0);
  entries.forEach((e, i) => {
    const at = 2 + i * 12;
    head.writeUInt16LE(e.tag, at);
    head.writeUInt16LE(e.type, at + 2);
    head.writeUInt32LE(e.count, at + 4);
    if (e.value.length <= 4) e.value.copy(head, at + 8);
    else {
      head.writeUInt32LE(extraAt, at + 8);
      const padded = e.value.length % 2 ? Buffer.concat([e.value, Buffer.alloc(1)]) : e.value;
      extra.push(padded);
      extraAt += padded.length;
    }
  });
  head.writeUInt32LE(next, 2 + entries.length * 12);
  return Buffer.concat([head, ...extra]);
}

const ascii = (tag: number, text: string): Entry => {
  const value = Buffer.from(`${text}\0`, 'latin1');
  return { tag, type: 2, count: value.length, value };
};
const short = (tag: number, n: number): Entry => {
  const value = Buffer.alloc(4);
  value.writeUInt16LE(n, 0);
  return { tag, type: 3, count: 1, value };
};
const long = (tag: number, n: number): Entry => {
  const value = Buffer.alloc(4);
  value.writeUInt32LE(n, 0);
  return { tag, type: 4, count: 1, value };
};
const rationals = (tag: number, parts: number[]): Entry => {
  const value = Buffer.alloc(parts.length * 8);
  parts.forEach((p, i) => {
    value.writeUInt32LE(p, i * 8);
    value.writeUInt32LE(1, i * 8 + 4);
  });
  return { tag, type: 5, count: parts.length, value };
};

/** A TIFF block (as inside EXIF): camera, orientation, and a GPS IFD with a position. */
export function exifWithGps(orientation = 1): Buffer {
  const header = Buffer.from([0x49, 0x49, 0x2a, 0x00, 0x08, 0x00, 0x00, 0x00]);
  const ifd0Entries = (gpsAt: number): Entry[] => [
    ascii(0x010f, 'PortalPhone'),
    ascii(0x0110, 'PortalPhone 12'),
    short(0x0112, orientation),
    ascii(0x010e, GPS_PLACE),
    long(0x8825, gpsAt),
  ];
  // The GPS IFD follows IFD0; its place depends on IFD0's length, which does not depend on the pointer.
  const gpsAt = 8 + ifd(ifd0Entries(0), 8).length;
  const gps = ifd(
    [
      { tag: 0x0000, type: 1, count: 4, value: Buffer.from([2, 3, 0, 0]) },
      ascii(0x0001, 'N'),
      rationals(0x0002, [23, 48, 35]),
      ascii(0x0003, 'E'),
      rationals(0x0004, [90, 24, 45]),
    ],
    gpsAt,
  );
  return Buffer.concat([header, ifd(ifd0Entries(gpsAt), 8), gps]);
}

/** A JPEG, left half red and right half blue, with an EXIF APP1 segment carrying a GPS position. */
export async function jpegWithGps(width = 80, height = 60, orientation = 1): Promise<Buffer> {
  const half = Math.floor(width / 2);
  const plain = await sharp({ create: { width, height, channels: 3, background: '#0000ff' } })
    .composite([
      {
        input: { create: { width: half, height, channels: 3, background: '#ff0000' } },
        left: 0,
        top: 0,
      },
    ])
    .jpeg({ quality: 95 })
    .toBuffer();
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), exifWithGps(orientation)]);
  const app1 = Buffer.alloc(4);
  app1.writeUInt16BE(0xffe1, 0);
  app1.writeUInt16BE(payload.length + 2, 2);
  // SOI, then the EXIF segment where cameras put it, then the rest of the file.
  return Buffer.concat([plain.subarray(0, 2), app1, payload, plain.subarray(2)]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length, 0);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body) >>> 0, 0);
  return Buffer.concat([length, body, crc]);
}

/** A PNG with an eXIf chunk (GPS position) and a text chunk naming the place, before its pixels. */
export async function pngWithGps(width = 50, height = 40): Promise<Buffer> {
  const plain = await sharp({ create: { width, height, channels: 3, background: '#15803d' } })
    .png()
    .toBuffer();
  // The signature (8 bytes) and IHDR (25 bytes) come first; the metadata chunks go right after.
  const split = 8 + 25;
  return Buffer.concat([
    plain.subarray(0, split),
    pngChunk('eXIf', exifWithGps()),
    pngChunk('tEXt', Buffer.from(`Location\0${GPS_PLACE} 23.8097 N 90.4125 E`, 'latin1')),
    plain.subarray(split),
  ]);
}

/** Whether the bytes of a picture still carry any trace of the test position. */
export function carriesPosition(data: Buffer): boolean {
  const text = data.toString('latin1');
  return (
    text.includes('Exif\0\0') ||
    text.includes('eXIf') ||
    text.includes('PortalPhone') ||
    text.includes(GPS_PLACE) ||
    text.includes('23.8097')
  );
}

/**
 * A "decompression bomb": one colour, so a few kilobytes of PNG (about 120 KB
 * for the default 6,300 × 6,300, which is 160 MB once decoded).
 */
export function bombPng(width = 6300, height = 6300): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#202020' } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/**
 * A small real picture whose header claims `width` × `height`: the pixels it
 * carries are those of a 16 × 16 one, so it cannot be decoded at the size it
 * claims. Only a server that judges the header alone refuses it for its size.
 */
export async function headerOnly(format: 'png' | 'jpeg', width: number, height: number): Promise<Buffer> {
  const small = sharp({ create: { width: 16, height: 16, channels: 3, background: '#b91c1c' } });
  if (format === 'png') {
    const data = Buffer.from(await small.png().toBuffer());
    // IHDR: length (4) and type (4) after the 8-byte signature, then width and height; its CRC after 13 bytes.
    data.writeUInt32BE(width, 16);
    data.writeUInt32BE(height, 20);
    data.writeUInt32BE(zlib.crc32(data.subarray(12, 29)) >>> 0, 29);
    return data;
  }
  const data = Buffer.from(await small.jpeg().toBuffer());
  // The baseline frame header (SOF0): marker, length (2), precision (1), then height and width.
  const sof = data.indexOf(Buffer.from([0xff, 0xc0]));
  if (sof < 0) throw new Error('no SOF0 in the JPEG');
  data.writeUInt16BE(height, sof + 5);
  data.writeUInt16BE(width, sof + 7);
  return data;
}
