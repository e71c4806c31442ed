/**
 * Output canvases kept for reuse, one per size. A fresh 1200×630 canvas is
 * 3 MB of memory the kernel must hand over and zero on every render; on the
 * VMs we measured, that page faulting cost more than painting the card.
 * Reusing the surface after `ctx.reset()` (which clears it to transparent
 * and resets every drawing state, as in browsers) costs a memset.
 *
 * A pool belongs to one thread and its canvases are only lent for a
 * synchronous paint-and-read, so two renders never share one.
 */
import { createCanvas, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';

export interface Surface {
  canvas: Canvas;
  ctx: SKRSContext2D;
}

export class SurfacePool {
  private readonly free = new Map<string, Surface>();

  /** `sizes`: how many distinct output sizes stay allocated (least recently used goes). */
  constructor(private readonly sizes = 4) {}

  /** Runs `use` on a cleared canvas of this size; the canvas must not escape it. */
  with<T>(width: number, height: number, use: (s: Surface) => T): T {
    const key = `${width}x${height}`;
    let surface = this.free.get(key);
    if (surface) {
      this.free.delete(key);
      surface.ctx.reset();
    } else {
      const canvas = createCanvas(width, height);
      surface = { canvas, ctx: canvas.getContext('2d') };
    }
    try {
      return use(surface);
    } finally {
      this.free.set(key, surface);
      while (this.free.size > this.sizes) this.free.delete(this.free.keys().next().value as string);
    }
  }
}
