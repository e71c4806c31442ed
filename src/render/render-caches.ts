/**
 * What a rendering thread keeps between renders: parsed objects (with their
 * text layout), decoded images, reusable output canvases and Fabric object
 * caches. One instance per worker thread, made where the thread starts;
 * nothing here is a module-level singleton, so a test or a one-off CLI
 * render gets fresh caches and cannot see another's.
 */
import { FilteredImageCache } from './filters/filtered-image-cache.js';
import { DecodedImageCache } from './image-cache.js';
import { NodeCache } from './node-cache.js';
import { ObjectCacheStore } from './object-cache-store.js';
import { PaintMemory } from './paint-memory.js';
import { SurfacePool } from './surface-pool.js';
import { DEFAULT_RENDER_CACHE_MB } from './render-worker-protocol.js';

export interface RenderCaches {
  nodes: NodeCache;
  images: DecodedImageCache;
  filteredImages: FilteredImageCache;
  surfaces: SurfacePool;
  objectCaches: ObjectCacheStore;
  /** The last output per document shape, for repainting only what a render changed. */
  outputs: PaintMemory;
}

/** Byte bounds of one thread's caches (pixel caches in RGBA bytes: width × height × 4 per entry). */
export interface RenderCacheLimits {
  /** Parsed objects and their text layouts, by the estimate of nodeCacheSize. */
  nodesBytes: number;
  decodedImagesBytes: number;
  filteredImagesBytes: number;
  objectCachesBytes: number;
  surfacesBytes: number;
  /** Remembered outputs (a private copy of each, so a 1200×630 card holds 3 MB). */
  outputsBytes: number;
}

/**
 * One per-thread budget split over the caches, summing to the whole. Decoded
 * images, object caches and surfaces get a quarter each (a re-decode costs more
 * than redrawing an object cache; a 1200×630 card's canvas is 3 MB and a
 * 2400×1260 one 12 MB, so the common sizes stay while a one-off 40 MP render's
 * 160 MB canvas is freed after it). Remembered outputs get an eighth: two
 * 1200×630 cards, the common case of one template rendered in bulk. Parsed
 * objects and filtered images a sixteenth each (3 MiB of the default: ~250
 * distinct 1 KB textboxes; a filtered 400×400 photo is 640 KB). An entry larger
 * than its share is not kept.
 */
export function renderCacheLimits(totalMb = DEFAULT_RENDER_CACHE_MB): RenderCacheLimits {
  const total = Math.max(1, totalMb) * 1024 * 1024;
  return {
    nodesBytes: Math.floor(total / 16),
    decodedImagesBytes: Math.floor(total / 4),
    filteredImagesBytes: Math.floor(total / 16),
    objectCachesBytes: Math.floor(total / 4),
    surfacesBytes: Math.floor(total / 4),
    outputsBytes: Math.floor(total / 8),
  };
}

export function createRenderCaches(limits: RenderCacheLimits = renderCacheLimits()): RenderCaches {
  return {
    nodes: new NodeCache(limits.nodesBytes),
    images: new DecodedImageCache(limits.decodedImagesBytes),
    filteredImages: new FilteredImageCache(limits.filteredImagesBytes),
    surfaces: new SurfacePool(limits.surfacesBytes),
    objectCaches: new ObjectCacheStore(limits.objectCachesBytes),
    outputs: new PaintMemory(limits.outputsBytes),
  };
}

/**
 * Drops the caches that hold pixels (output canvases, object caches, remembered outputs) and keeps
 * what is cheap to hold and dear to redo: parsed objects, text layouts and decoded images. After the
 * start-up warm-up, the pixels are of templates a node may never serve again (the demo account's),
 * kept in every worker: with two workers that was most of a fresh node's memory.
 */
export function releasePixelCaches(caches: RenderCaches): void {
  caches.surfaces.clear();
  caches.objectCaches.clear();
  caches.outputs.clear();
}
