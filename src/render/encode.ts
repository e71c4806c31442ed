/**
 * Final stage: pixels → sharp. Skia's own PNG encoder measured ~4× slower
 * than libvips/libspng here, so pixels go to sharp raw. They arrive
 * unpremultiplied (paintDocument reads them with getImageData), so sharp
 * only encodes. An output known to be opaque drops its alpha channel: an
 * RGB PNG of the reference card is 10% smaller and 0.4 ms faster to encode,
 * and JPEG has no alpha anyway.
 */
import sharp, { type Sharp } from 'sharp';
import type { PaintedPixels } from './paint-document.js';

export type OutputFormat = 'png' | 'jpeg' | 'webp';

export interface EncodeOptions {
  format: OutputFormat;
  quality: number;
}

/**
 * Measured on a 1200×630 card with a photo (sharp 0.35, one core):
 * level 1 5.6 ms / 344 KB, level 3 6.3 ms / 240 KB, level 6 9.4 ms / 235 KB;
 * adaptive filtering costs +14–17 ms for ~10% smaller files. Level 3
 * without adaptive filtering keeps encoding near the floor at near-level-6 size.
 */
const PNG_COMPRESSION_LEVEL = 3;
export const PNG_OPTIONS = { compressionLevel: PNG_COMPRESSION_LEVEL, adaptiveFiltering: false } as const;

/** The sharp pipeline for these pixels, up to (not including) the format. The bench's floor uses it too. */
export function sharpPixels(p: Pick<PaintedPixels, 'pixels' | 'width' | 'height' | 'opaque'>): Sharp {
  const img = sharp(p.pixels, { raw: { width: p.width, height: p.height, channels: 4 } });
  return p.opaque ? img.removeAlpha() : img;
}

export function encodePixels(p: PaintedPixels, opts: EncodeOptions): Promise<Buffer> {
  const img = sharpPixels(p);
  switch (opts.format) {
    case 'jpeg':
      // JPEG has no alpha: composite over white like a browser's "save as JPEG".
      return (p.opaque ? img : img.flatten({ background: '#ffffff' })).jpeg({ quality: opts.quality, mozjpeg: false }).toBuffer();
    case 'webp':
      return img.webp({ quality: opts.quality }).toBuffer();
    default:
      return img.png(PNG_OPTIONS).toBuffer();
  }
}
