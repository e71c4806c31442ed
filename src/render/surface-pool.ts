/**
 * Output canvases kept for reuse, one per size. A fresh 1200×630 canvas is
 * 3 MB of memory the kernel must hand over and zero on every render; on the
 * VMs we measured, that page faulting cost more than painting the card.
 *
 * A surface is lent with its drawing state saved, and the state is restored
 * when it comes back, so the next render starts from a fresh context's
 * state. Its pixels are cleared only when the next paint will not cover them
 * all: an opaque background replaces every pixel anyway, and skipping the
 * clear saves ~0.1 ms of the reference card's ~2 ms paint. A paint that
 * throws may leave the state unbalanced, so that surface is dropped.
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

  /**
   * Runs `use` on a canvas of this size; the canvas must not escape it.
   * `coversEveryPixel`: the caller paints an opaque background first, so
   * leftover pixels need no clearing.
   */
  with<T>(width: number, height: number, coversEveryPixel: boolean, use: (s: Surface) => T): T {
    const key = `${width}x${height}`;
    let surface = this.free.get(key);
    if (surface) {
      this.free.delete(key);
      if (!coversEveryPixel) surface.ctx.clearRect(0, 0, width, height);
    } else {
      const canvas = createCanvas(width, height);
      surface = { canvas, ctx: canvas.getContext('2d') };
    }
    surface.ctx.save();
    const result = use(surface);
    surface.ctx.restore();
    this.free.set(key, surface);
    while (this.free.size > this.sizes) this.free.delete(this.free.keys().next().value as string);
    return result;
  }
}
