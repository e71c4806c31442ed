/**
 * Filtered images, shared across renders in one thread: keyed by the decoded
 * image's identity (DecodedImageCache returns the same Image for the same
 * bytes) and the normalized filter list, so a template with filters pays for
 * them once and then draws a ready canvas, like one without filters.
 * Bounded by canvas bytes (width × height × 4), 128 MB by default.
 */
import type { Canvas, Image } from '@napi-rs/canvas';
import { LRUCache } from 'lru-cache';
import type { ImageFilter } from '../../domain/image-filters.js';
import { filterImage } from './apply-image-filters.js';

export class FilteredImageCache {
  private readonly entries: LRUCache<string, Canvas>;
  private readonly ids = new WeakMap<Image | Canvas, number>();
  private nextId = 1;

  constructor(maxBytes = 128 * 1024 * 1024) {
    this.entries = new LRUCache({ maxSize: maxBytes, sizeCalculation: (c) => Math.max(1, c.width * c.height * 4) });
  }

  /**
   * `blendImages`: BlendImage sources by src; their identities are part of the key, like the image's.
   * `beforeFiltering` runs only when the filters are about to be computed (not cached): a render's
   * budget counts the work it does, and may throw to refuse it.
   */
  get(
    img: Image | Canvas,
    filters: readonly ImageFilter[],
    filtersKey: string,
    blendImages: ReadonlyMap<string, Image | Canvas> = new Map(),
    beforeFiltering?: () => void,
  ): Canvas {
    const key = `${[img, ...blendImages.values()].map((i) => this.idOf(i)).join(',')}|${filtersKey}`;
    let out = this.entries.get(key);
    if (!out) {
      beforeFiltering?.();
      out = filterImage(img, filters, blendImages);
      this.entries.set(key, out);
    }
    return out;
  }

  private idOf(img: Image | Canvas): number {
    let id = this.ids.get(img);
    if (id === undefined) this.ids.set(img, (id = this.nextId++));
    return id;
  }
}
