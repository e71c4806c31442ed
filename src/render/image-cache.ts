/**
 * Decoded images, shared across renders in one thread. A logo used in every
 * render is decoded once: entries are keyed by the SHA-256 of the bytes
 * (so equal bytes from different requests hit), with a WeakMap in front so
 * the very same buffer object skips even the hash. The same bytes always
 * give the same Image object, which ObjectCacheStore relies on.
 */
import { createHash } from 'node:crypto';
import { type Canvas, Image } from '@napi-rs/canvas';
import { LRUCache } from 'lru-cache';
import { RenderError } from './render-error.js';

function decode(bytes: Uint8Array): Promise<Image> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error('undecodable image'));
    img.src = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  });
}

/** What an image object draws: the decoded image, or its filtered copy (a canvas, as in Fabric). */
export type DrawableImage = Image | Canvas;

export class DecodedImageCache {
  private readonly decoded: LRUCache<string, Image>;
  private readonly byBuffer = new WeakMap<Uint8Array, Image>();

  /** Bounded by decoded size, width × height × 4 bytes; 256 MB by default. */
  constructor(maxBytes = 256 * 1024 * 1024) {
    this.decoded = new LRUCache({ maxSize: maxBytes, sizeCalculation: (img) => Math.max(1, img.width * img.height * 4) });
  }

  async decode(bytes: Uint8Array, element: string): Promise<Image> {
    const known = this.byBuffer.get(bytes);
    if (known) return known;
    const key = createHash('sha256').update(bytes).digest('hex');
    let img = this.decoded.get(key);
    if (!img) {
      try {
        img = await decode(bytes);
      } catch {
        throw new RenderError(`image for "${element}" could not be decoded`, element);
      }
      if (!img.width || !img.height) throw new RenderError(`image for "${element}" has no pixels`, element);
      this.decoded.set(key, img);
    }
    this.byBuffer.set(bytes, img);
    return img;
  }
}
