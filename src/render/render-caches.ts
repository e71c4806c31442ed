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
import { SurfacePool } from './surface-pool.js';

export interface RenderCaches {
  nodes: NodeCache;
  images: DecodedImageCache;
  filteredImages: FilteredImageCache;
  surfaces: SurfacePool;
  objectCaches: ObjectCacheStore;
}

export function createRenderCaches(): RenderCaches {
  return { nodes: new NodeCache(), images: new DecodedImageCache(), filteredImages: new FilteredImageCache(), surfaces: new SurfacePool(), objectCaches: new ObjectCacheStore() };
}
