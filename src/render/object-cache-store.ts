/**
 * Fabric's object caches, kept across renders. In an editor Fabric draws a
 * cacheable object into its own canvas once and reblits that canvas on every
 * frame until the object is marked dirty. A server render of a template is
 * the same situation: the elements a request does not override are the same
 * RenderNode (NodeCache), so their cache canvas is reused instead of being
 * redrawn. Reuse changes no pixel: the canvas is exactly what a fresh draw
 * would produce, because the key covers everything that draw reads besides
 * the node itself (cache size and zoom, the object's full transform, the
 * output zoom and the identity of every decoded image it draws, pattern
 * sources included).
 *
 * Bounded by canvas bytes per thread; nodes evicted from NodeCache simply
 * stop being asked for and age out.
 */
import type { Canvas } from '@napi-rs/canvas';
import type { DrawableImage } from './image-cache.js';
import { LRUCache } from 'lru-cache';
import type { RenderNode } from './render-node.js';

interface Entry {
  key: string;
  canvas: Canvas;
}

function imageSources(n: RenderNode, out: string[] = []): string[] {
  if (n.kind === 'image') out.push(n.imageKey);
  for (const paint of [n.fill, n.stroke]) if (paint && typeof paint === 'object' && paint.type === 'pattern') out.push(paint.source);
  if (n.clipPath) imageSources(n.clipPath, out);
  for (const c of n.children) imageSources(c, out);
  return out;
}

export class ObjectCacheStore {
  private readonly entries: LRUCache<RenderNode, Entry>;
  private readonly sources = new WeakMap<RenderNode, string[]>();
  private readonly imageIds = new WeakMap<DrawableImage, number>();
  private nextImageId = 1;

  /** 64 MB of cache canvases per thread by default. */
  constructor(maxBytes = 64 * 1024 * 1024) {
    this.entries = new LRUCache({ maxSize: maxBytes, sizeCalculation: (e) => Math.max(1, e.canvas.width * e.canvas.height * 4) });
  }

  /** Everything besides the node that the cache canvas's content depends on. */
  keyFor(node: RenderNode, parts: readonly number[], images: ReadonlyMap<string, DrawableImage>): string {
    let srcs = this.sources.get(node);
    if (!srcs) this.sources.set(node, (srcs = imageSources(node)));
    const ids = srcs.map((src) => {
      const img = images.get(src);
      if (!img) return 0;
      let id = this.imageIds.get(img);
      if (id === undefined) this.imageIds.set(img, (id = this.nextImageId++));
      return id;
    });
    return `${parts.join(',')}|${ids.join(',')}`;
  }

  get(node: RenderNode, key: string): Canvas | undefined {
    const e = this.entries.get(node);
    return e && e.key === key ? e.canvas : undefined;
  }

  set(node: RenderNode, key: string, canvas: Canvas): void {
    this.entries.set(node, { key, canvas });
  }
}
