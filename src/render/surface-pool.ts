/**
 * Output canvases kept for reuse, one per size. A fresh 1200×630 canvas is
 * 3 MB of memory the kernel must hand over and zero on every render; on the
 * VMs we measured, that page faulting cost more than painting the card.
 *
 * A surface is lent with its drawing state saved, and the state is restored
 * when it comes back, so the next render starts from a fresh context's
 * state. A paint that throws may leave the state unbalanced, so that surface
 * is dropped.
 *
 * Every loan starts with a full clearRect, even under an opaque background
 * that will cover every pixel. @napi-rs/canvas records draws and replays them
 * when pixels are read; a full clear at the identity transform discards the
 * recording, while drawing over old content makes every read do work in
 * proportion to the whole canvas, not to what was drawn. Skipping the clear
 * measured 0.1–1 ms slower per render of the reference card (docs/decisions/0011).
 *
 * A pool belongs to one thread and its canvases are only lent for a
 * synchronous paint-and-read, so two renders never share one.
 */
import { createCanvas, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import { releaseCanvas } from './object-cache-store.js';

export interface Surface {
  canvas: Canvas;
  ctx: SKRSContext2D;
}

export class SurfacePool {
  private readonly free = new Map<string, Surface>();
  private keptBytes = 0;

  /**
   * `maxBytes`: pixel bytes (width × height × 4) the kept canvases may hold;
   * the least recently used size goes first. Counted in bytes, not sizes: four
   * kept sizes could have been four 40 MP canvases, 640 MB in one thread.
   */
  constructor(private readonly maxBytes = 16 * 1024 * 1024) {}

  /** Lets every kept canvas go. */
  clear(): void {
    for (const s of this.free.values()) releaseCanvas(s.canvas);
    this.free.clear();
    this.keptBytes = 0;
  }

  /** Pixel bytes of the canvases kept for reuse. */
  get bytes(): number {
    return this.keptBytes;
  }

  /** Runs `use` on a cleared canvas of this size; the canvas must not escape it. */
  with<T>(width: number, height: number, use: (s: Surface) => T): T {
    const key = `${width}x${height}`;
    let surface = this.free.get(key);
    if (surface) {
      this.free.delete(key);
      this.keptBytes -= width * height * 4;
      // Before save(): the recorder is only discarded with no saved state.
      surface.ctx.clearRect(0, 0, width, height);
    } else {
      const canvas = createCanvas(width, height);
      surface = { canvas, ctx: canvas.getContext('2d') };
    }
    surface.ctx.save();
    const result = use(surface);
    surface.ctx.restore();
    this.free.set(key, surface);
    this.keptBytes += width * height * 4;
    for (const [oldest, kept] of this.free) {
      if (this.keptBytes <= this.maxBytes) break;
      this.free.delete(oldest);
      this.keptBytes -= kept.canvas.width * kept.canvas.height * 4;
      releaseCanvas(kept.canvas);
    }
    return result;
  }
}
