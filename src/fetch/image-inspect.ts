import sharp from 'sharp';
import type { Metadata } from 'sharp';
import { ImageFetchError } from './image-fetch-error.js';

/**
 * 'svg' is part of the contract so a future sanitiser can return it, but today SVG is
 * always refused (see `sniffImageFormat`).
 */
export type ImageFormat = 'png' | 'jpeg' | 'webp' | 'gif' | 'avif' | 'svg';

export interface FetchedImage {
  /** Shared with the cache: treat as read-only. */
  bytes: Buffer;
  format: ImageFormat;
  width: number;
  height: number;
}

function ascii(bytes: Buffer, start: number, end: number): string {
  return bytes.toString('latin1', start, Math.min(end, bytes.length));
}

function isAvif(bytes: Buffer): boolean {
  // ISO-BMFF: [size]['ftyp'][major brand][minor version][compatible brands...]
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== 'ftyp') return false;
  const boxSize = bytes.readUInt32BE(0);
  const end = Math.min(boxSize, bytes.length, 256);
  const brands = [ascii(bytes, 8, 12)];
  for (let i = 16; i + 4 <= end; i += 4) brands.push(ascii(bytes, i, i + 4));
  return brands.includes('avif') || brands.includes('avis');
}

function looksLikeSvg(bytes: Buffer): boolean {
  const head = bytes
    .toString('utf8', 0, Math.min(bytes.length, 4096))
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (!head.startsWith('<')) return false;
  return /<svg[\s>]/i.test(head);
}

/** Identifies the format from magic bytes; the server's Content-Type is never trusted. */
export function sniffImageFormat(bytes: Buffer): ImageFormat | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return 'gif';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (isAvif(bytes)) return 'avif';
  if (looksLikeSvg(bytes)) return 'svg';
  return null;
}

const SHARP_FORMAT: Record<Exclude<ImageFormat, 'svg'>, string> = {
  png: 'png',
  jpeg: 'jpeg',
  gif: 'gif',
  webp: 'webp',
  avif: 'heif',
};

/**
 * Validates downloaded bytes as a raster image and reads its size from the header only.
 *
 * SVG is refused rather than sanitised: a sanitiser has to get scripts, external
 * references (href/xlink:href, CSS url() and @import), <foreignObject>, XML entities
 * (billion laughs) and librsvg's local-file loading all right, and one miss turns the
 * renderer into a file-disclosure or SSRF oracle. Users can export logos as PNG/WebP.
 */
export async function inspectImage(bytes: Buffer, maxPixels: number): Promise<FetchedImage> {
  const format = sniffImageFormat(bytes);
  if (format === 'svg') {
    throw new ImageFetchError('unsupported_format', 'SVG images are not supported; please use PNG, JPEG, WebP, GIF or AVIF.');
  }
  if (!format) {
    throw new ImageFetchError('not_an_image', 'The URL did not return an image (PNG, JPEG, WebP, GIF or AVIF).');
  }
  let meta: Metadata;
  try {
    // metadata() parses the header only; limitInputPixels guards any decoder path that
    // might go further.
    meta = await sharp(bytes, { limitInputPixels: maxPixels, failOn: 'error' }).metadata();
  } catch (err) {
    if (err instanceof Error && /pixel limit/i.test(err.message)) throw tooManyPixels(maxPixels, null, { cause: err });
    throw new ImageFetchError('not_an_image', `The ${format.toUpperCase()} image is corrupt or unreadable.`, { cause: err });
  }
  const { width, height } = meta;
  if (meta.format !== SHARP_FORMAT[format] || !width || !height) {
    throw new ImageFetchError('not_an_image', `The ${format.toUpperCase()} image is corrupt or unreadable.`);
  }
  if (width * height > maxPixels) throw tooManyPixels(maxPixels, [width, height]);
  return { bytes, format, width, height };
}

function tooManyPixels(maxPixels: number, size: [number, number] | null, options?: { cause?: unknown }): ImageFetchError {
  const mp = Math.round(maxPixels / 1e5) / 10;
  const what = size ? `The image is ${size[0]}×${size[1]} pixels,` : 'The image has';
  return new ImageFetchError('too_many_pixels', `${what} more than the ${mp} megapixel limit.`, options);
}
