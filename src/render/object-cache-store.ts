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
 *
 * Canvases are recycled. An override makes a new node for its element on
 * every render, and a fresh cache canvas for it: ~1.5 MB for the reference
 * card's title that the kernel must fault in and zero, and that the LRU
 * kept until 64 MB of stale titles had piled up. Now the nodes whose caches
 * share a slot (same label and key: same element, size, transform and
 * images, so most likely one element under different overrides) keep at most
 * SLOT_KEEP entries. A third drops the least recently used one, and its
 * canvas, cleared, serves the next cache of its size. Two, so that two
 * variants of a card rendered in turn (say, with and without a blend on its
 * panel) both stay cached. An entry used in the paint under way is never
 * dropped, so elements sharing a name keep their caches. Entries the LRU
 * evicts are recycled the same way. A
 * canvas freed during a paint only becomes reusable once that paint has read
 * its pixels (endPaint), so nothing the output still has to replay changes.
 */
import { type Canvas, createCanvas } from '@napi-rs/canvas';
import type { DrawableImage } from './image-cache.js';
import { LRUCache } from 'lru-cache';
import type { RenderNode } from './render-node.js';

interface Entry {
  key: string;
  canvas: Canvas;
  /** The element's slot: its label and cache key. */
  slot: string;
  /** The paint that last used it. */
  paint: number;
}

const canvasBytes = (c: Canvas): number => Math.max(1, c.width * c.height * 4);

/**
 * Frees a dropped canvas's pixels now. @napi-rs/canvas frees them only when V8 finalises the
 * wrapper, and V8 is not told their size: one render within the budget (60 canvas-sized layers,
 * 480 MB of caches) left a worker 475 MB larger until some later collection. Resizing replaces the
 * surface at once. Only for a canvas nothing can draw from again: no entry holds it and the paint
 * that used it has read its pixels.
 */
export function releaseCanvas(c: Canvas): void {
  c.width = 1;
  c.height = 1;
}

/** Entries kept per slot (see above). */
const SLOT_KEEP = 2;

/** Keys of every image a node draws (its own, pattern sources, its clip path's and children's), in a fixed order. */
export function imageSources(n: RenderNode, out: string[] = []): string[] {
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

  /** The nodes holding each slot (label + key). */
  private readonly slots = new Map<string, RenderNode[]>();
  /** Canvases freed during the paint under way, and those free for reuse. */
  private pending: Canvas[] = [];
  private spare: Canvas[] = [];
  private paint = 0;

  /**
   * 64 MB of cache canvases per thread by default, plus up to `spareBytes`
   * of cleared ones waiting for reuse.
   */
  constructor(
    maxBytes = 64 * 1024 * 1024,
    private readonly spareBytes = 8 * 1024 * 1024,
  ) {
    this.entries = new LRUCache({
      maxSize: maxBytes,
      sizeCalculation: (e) => canvasBytes(e.canvas),
      dispose: (e, node) => {
        const holders = this.slots.get(e.slot);
        const i = holders ? holders.indexOf(node) : -1;
        if (holders && i >= 0) {
          holders.splice(i, 1);
          if (holders.length === 0) this.slots.delete(e.slot);
        }
        this.pending.push(e.canvas);
      },
    });
  }

  /**
   * A canvas for a new cache, in a fresh context's state: a recycled one of
   * exactly this size when there is one, else a new one. Its state is saved
   * on the way out, so recycling only needs a restore and a clear.
   */
  canvas(width: number, height: number): Canvas {
    const i = this.spare.findIndex((c) => c.width === width && c.height === height);
    let canvas: Canvas;
    if (i >= 0) {
      canvas = this.spare.splice(i, 1)[0];
      const ctx = canvas.getContext('2d');
      ctx.restore();
      // With no state saved and at the identity transform, a full clear also discards the recording (docs/decisions/0011).
      ctx.clearRect(0, 0, width, height);
    } else canvas = createCanvas(width, height);
    canvas.getContext('2d').save();
    return canvas;
  }

  /** Pixel bytes of the cache canvases held, spare ones included. */
  get bytes(): number {
    return [...this.pending, ...this.spare].reduce((sum, c) => sum + canvasBytes(c), this.entries.calculatedSize);
  }

  /** Lets every cache canvas go, spare ones included. Not during a paint: its output may still replay them. */
  clear(): void {
    this.entries.clear();
    for (const c of [...this.pending, ...this.spare]) releaseCanvas(c);
    this.pending = [];
    this.spare = [];
  }

  /** Called once the paint's pixels are read: what it freed may now be reused. */
  endPaint(): void {
    this.paint++;
    this.spare.push(...this.pending);
    this.pending = [];
    let bytes = 0;
    for (let i = this.spare.length - 1; i >= 0; i--) {
      bytes += canvasBytes(this.spare[i]);
      if (bytes > this.spareBytes) {
        for (const c of this.spare.splice(0, i + 1)) releaseCanvas(c);
        break;
      }
    }
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
    if (!e || e.key !== key) return undefined;
    e.paint = this.paint;
    return e.canvas;
  }

  set(node: RenderNode, key: string, canvas: Canvas): void {
    const slot = `${node.label}\u0000${key}`;
    this.entries.set(node, { key, canvas, slot, paint: this.paint });
    let holders = this.slots.get(slot);
    if (!holders) this.slots.set(slot, (holders = []));
    if (!holders.includes(node)) holders.push(node);
    while (holders.length > SLOT_KEEP) {
      let oldest: RenderNode | undefined;
      let oldestPaint = this.paint;
      for (const h of holders) {
        const used = this.entries.peek(h)?.paint ?? -1;
        if (used < oldestPaint) [oldest, oldestPaint] = [h, used];
      }
      if (!oldest) break;
      this.entries.delete(oldest);
    }
  }
}
