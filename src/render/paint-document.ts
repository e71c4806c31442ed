/**
 * Fabric's StaticCanvas.renderCanvas for a normalised document: clear,
 * paint the canvas background, then every object under the viewport
 * transform. The output `scale` acts as Fabric's canvas zoom, so shadows
 * and object caches scale exactly as they do when a Fabric canvas is zoomed
 * (and nothing is resampled afterwards).
 */
import { type Canvas, createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import type { DrawableImage } from './image-cache.js';
import { parseColor } from '../domain/color.js';
import { clipToOutline, type DeviceBox, drawCanvasClipPath, isOutlineClip, paintedBounds, renderObject, type DrawEnv } from './draw-object.js';
import type { NormalizedDocument } from './normalize-document.js';
import { imageSources, type ObjectCacheStore } from './object-cache-store.js';
import type { PaintedState, PaintMemory, PixelRect } from './paint-memory.js';
import { fillerToLive, isGradient, isPattern } from './paint-style.js';
import type { Paint, RenderNode } from './render-node.js';
import type { SurfacePool } from './surface-pool.js';

export interface PaintOptions {
  /** Output canvases to reuse; without it each paint allocates one. */
  surfaces?: SurfacePool;
  objectCaches?: ObjectCacheStore;
  /** Applies an image's `resizeFilter` (see DrawEnv.resizeImage). */
  resizeImage?: DrawEnv['resizeImage'];
  /** The thread's last outputs: with it, a render that changed a few objects repaints only where they were and are. */
  memory?: PaintMemory;
  /**
   * Whose render this is. A region repaint keeps every pixel outside the region from the last output
   * of the same shape, so that output must be the same owner's: then a bound that ever missed a pixel
   * could show an account only its own earlier image, never another account's.
   */
  owner?: string;
}

export interface PaintedPixels {
  /** Unpremultiplied RGBA, what a browser's getImageData returns. */
  pixels: Buffer;
  width: number;
  height: number;
  /** Every pixel is known to have alpha 255, so the encoder may drop the channel. */
  opaque: boolean;
}

export function outputSize(doc: Pick<NormalizedDocument, 'width' | 'height'>, scale: number): { width: number; height: number } {
  return { width: Math.max(1, Math.round(doc.width * scale)), height: Math.max(1, Math.round(doc.height * scale)) };
}

/**
 * Whether the background (or overlay) alone makes every pixel opaque. An
 * object drawn with a composite operation that can lower alpha, and every
 * clip path composited onto the output, set DrawEnv.cutAlpha, so this plus
 * cutAlpha decides the output's opacity without scanning it. Radial gradients leave pixels unpainted
 * outside their cone, and a linear one with equal end points paints nothing,
 * so those are not counted as opaque.
 */
export function isOpaqueBackground(bg: Paint): boolean {
  if (!bg) return false;
  // A pattern's image may be transparent, and a no-repeat or repeat-x/y tile leaves the rest unpainted.
  if (isPattern(bg)) return false;
  if (!isGradient(bg)) return parseColor(bg)?.a === 1;
  if (bg.type !== 'linear' || !bg.colorStops.length) return false;
  const { x1, y1, x2, y2 } = bg.coords;
  const m = bg.gradientTransform;
  if ((x1 === x2 && y1 === y2) || (m && m[0] * m[3] - m[1] * m[2] === 0)) return false;
  return bg.colorStops.every((s) => parseColor(s.color)?.a === 1);
}

/**
 * Fabric's _renderBackgroundOrOverlay for the colour part: the whole canvas, the paint under the
 * viewport transform, then a gradient's or pattern's offset and own transform (relative to the
 * canvas's top-left corner, not centred as on objects). Same in Fabric 5, 6 and 7.
 */
function paintCanvasFill(ctx: SKRSContext2D, paint: Paint, env: DrawEnv, width: number, height: number, label: string): void {
  if (!paint) return;
  ctx.save();
  ctx.beginPath();
  ctx.moveTo(0, 0);
  ctx.lineTo(width, 0);
  ctx.lineTo(width, height);
  ctx.lineTo(0, height);
  ctx.closePath();
  if (typeof paint === 'object') {
    const scale = env.zoom;
    ctx.fillStyle = fillerToLive(ctx, paint, env.images, label) as unknown as string;
    ctx.transform(scale, 0, 0, scale, 0, 0);
    ctx.transform(1, 0, 0, 1, paint.offsetX || 0, paint.offsetY || 0);
    const m = isPattern(paint) ? paint.patternTransform : paint.gradientTransform;
    if (m) ctx.transform(m[0], m[1], m[2], m[3], m[4], m[5]);
  } else {
    ctx.fillStyle = paint;
  }
  ctx.fill();
  ctx.restore();
}

/** A canvas background or overlay image: an ordinary object drawn under the viewport transform. */
function paintCanvasObject(ctx: SKRSContext2D, node: RenderNode | null, env: DrawEnv): void {
  if (!node) return;
  ctx.save();
  ctx.transform(env.zoom, 0, 0, env.zoom, 0, 0);
  renderObject(ctx, node, env, { parentMatrix: null, parentOnCache: false });
  ctx.restore();
}

/**
 * StaticCanvas.renderCanvas: background, objects, canvas clip path, overlay. With `only`, the objects
 * at the other indices are skipped (a repaint of a region none of them reaches).
 */
function paintOn(ctx: SKRSContext2D, doc: NormalizedDocument, env: DrawEnv, width: number, height: number, only?: ReadonlySet<number>, cuts?: boolean[]): void {
  const scale = env.zoom;
  // On a PDF page an outline canvas clip becomes a real clip around everything it would cut (not the overlay).
  const vectorClip = env.vector && doc.clipPath && isOutlineClip(doc.clipPath) ? doc.clipPath : null;
  ctx.save();
  if (vectorClip) {
    const at = ctx.getTransform();
    ctx.transform(scale, 0, 0, scale, 0, 0);
    // Fabric ignores a canvas clip's `absolutePositioned`: null places it like a top-level object's.
    clipToOutline(ctx, { ...vectorClip, absolutePositioned: false }, null);
    ctx.setTransform(at);
  }
  paintCanvasFill(ctx, doc.background, env, width, height, 'background');
  paintCanvasObject(ctx, doc.backgroundImage, env);
  ctx.save();
  ctx.transform(scale, 0, 0, scale, 0, 0);
  doc.objects.forEach((obj, i) => {
    if (only && !only.has(i)) return;
    const before = env.cutAlpha;
    env.cutAlpha = false;
    renderObject(ctx, obj, env, { parentMatrix: null, parentOnCache: false });
    if (cuts) cuts[i] = env.cutAlpha;
    env.cutAlpha ||= before;
  });
  ctx.restore();
  ctx.restore();
  if (doc.clipPath && !vectorClip) drawCanvasClipPath(ctx, doc.clipPath, env);
  paintCanvasFill(ctx, doc.overlay, env, width, height, 'overlay');
  paintCanvasObject(ctx, doc.overlayImage, env);
}

/**
 * A repaint pays off while the region is at most this share of the output: past it, the clear, the
 * background and the objects reaching into it cost about what the whole paint does, and the 3 MB
 * copy of the previous output is added on top.
 */
const MAX_DIRTY_SHARE = 0.5;

/**
 * What must be equal for two documents to differ only in their objects: a remembered output is
 * reused only under the same key. Documents with a background image, an overlay or a canvas clip
 * path are not remembered (those paint or cut the whole canvas), nor are gradient and pattern
 * backgrounds (compared by value they would need their images' identity too).
 */
function shapeKey(doc: NormalizedDocument, scale: number, width: number, height: number, owner: string): string | null {
  if (doc.backgroundImage || doc.overlay || doc.overlayImage || doc.clipPath) return null;
  if (doc.background !== null && typeof doc.background !== 'string') return null;
  return `${owner}|${width}x${height}@${scale}|${doc.objects.length}|${doc.background ?? ''}`;
}

const sameImages = (a: ReadonlyArray<DrawableImage | undefined>, b: ReadonlyArray<DrawableImage | undefined>): boolean =>
  a.length === b.length && a.every((img, i) => img === b[i]);

const intersects = (b: DeviceBox, r: PixelRect): boolean => b.x0 < r.x + r.width && b.x1 > r.x && b.y0 < r.y + r.height && b.y1 > r.y;

/**
 * The union of where the changed objects were and are, rounded out to whole pixels and cut to the
 * output; null when nothing changed, when a changed object cannot be bounded, or when the region is
 * too large to be worth it.
 */
function dirtyRect(prev: PaintedState, next: Omit<PaintedState, 'pixels'>, width: number, height: number): PixelRect | null {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  let changed = false;
  for (let i = 0; i < next.nodes.length; i++) {
    if (next.nodes[i] === prev.nodes[i] && sameImages(next.images[i], prev.images[i])) continue;
    changed = true;
    for (const b of [prev.bounds[i], next.bounds[i]]) {
      if (!b) return null;
      if (b.x1 <= b.x0 || b.y1 <= b.y0) continue;
      x0 = Math.min(x0, b.x0);
      y0 = Math.min(y0, b.y0);
      x1 = Math.max(x1, b.x1);
      y1 = Math.max(y1, b.y1);
    }
  }
  if (!changed) return null;
  const rx0 = Math.max(0, Math.floor(x0));
  const ry0 = Math.max(0, Math.floor(y0));
  const rx1 = Math.min(width, Math.ceil(x1));
  const ry1 = Math.min(height, Math.ceil(y1));
  if (!(rx1 > rx0 && ry1 > ry0)) return null;
  if ((rx1 - rx0) * (ry1 - ry0) > MAX_DIRTY_SHARE * width * height) return null;
  return { x: rx0, y: ry0, width: rx1 - rx0, height: ry1 - ry0 };
}

/** The read-back of `rect` written into the whole output `into`, row by row. */
function patch(into: Buffer, outputWidth: number, rect: PixelRect, rows: Buffer): void {
  const stride = rect.width * 4;
  for (let y = 0; y < rect.height; y++) rows.copy(into, ((rect.y + y) * outputWidth + rect.x) * 4, y * stride, (y + 1) * stride);
}

/** Paints and reads the pixels back in one synchronous step, so a pooled surface is never shared. */
export function paintDocument(doc: NormalizedDocument, images: ReadonlyMap<string, DrawableImage>, scale: number, opts: PaintOptions = {}): PaintedPixels {
  const { width, height } = outputSize(doc, scale);
  const env: DrawEnv = { zoom: scale, images, objectCaches: opts.objectCaches, cutAlpha: false, resizeImage: opts.resizeImage };
  const key = opts.memory?.fits(width * height * 4) ? shapeKey(doc, scale, width, height, opts.owner ?? '') : null;
  const prev = key !== null ? opts.memory?.get(key) : undefined;
  const next: Omit<PaintedState, 'pixels'> | null =
    key === null
      ? null
      : {
          nodes: doc.objects,
          images: doc.objects.map((o) => imageSources(o).map((src) => images.get(src))),
          bounds: doc.objects.map((o) => paintedBounds(o, env)),
          cuts: doc.objects.map(() => false),
        };
  const dirty = prev && next ? dirtyRect(prev, next, width, height) : null;
  // Repainting only the region: every object that can reach into it is drawn as a full paint draws
  // it, in the same order, on a cleared canvas, unclipped, so each pixel inside sees the very draws
  // of a full paint (the others do not touch it). No clip: Skia samples a scaled or rotated image
  // differently when a clip cuts through it (0011), and clipping measured no faster here (0049).
  const only = dirty && next ? new Set(next.bounds.flatMap((b, i) => (!b || intersects(b, dirty) ? [i] : []))) : undefined;
  const region = dirty ?? { x: 0, y: 0, width, height };
  const opaqueBackground = isOpaqueBackground(doc.background);
  const opaqueOverlay = isOpaqueBackground(doc.overlay);
  const opaque = (): boolean => (opaqueBackground && !env.cutAlpha) || opaqueOverlay;
  const paintAndRead = (canvas: Canvas, ctx: SKRSContext2D): Buffer => {
    paintOn(ctx, doc, env, width, height, only, next?.cuts);
    // A full paint known to be opaque: with every alpha 255, the stored (premultiplied) pixels are
    // the unpremultiplied bytes, and the surface's own copy skips Skia's per-pixel conversion
    // (1.07 against 1.16 ms p50 for the 1200×630 card, replay included).
    if (!dirty && opaque()) {
      const stored = canvas.data();
      if (stored.length === width * height * 4) return stored;
    }
    // getImageData unpremultiplies with Skia's own conversion, as Chromium's
    // toDataURL does, and cheaper than asking sharp to do it after a
    // premultiplied canvas.data() copy.
    const data = ctx.getImageData(region.x, region.y, region.width, region.height).data;
    return Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  };
  let pixels: Buffer;
  try {
    if (opts.surfaces) {
      pixels = opts.surfaces.with(width, height, (s) => paintAndRead(s.canvas, s.ctx));
    } else {
      const canvas = createCanvas(width, height);
      pixels = paintAndRead(canvas, canvas.getContext('2d'));
    }
  } finally {
    opts.objectCaches?.endPaint();
  }
  if (opts.memory) opts.memory.painted[dirty ? 'region' : 'full']++;
  if (opts.memory && prev && next && dirty) {
    // The objects left alone count for the opacity claim as they did in the last full paint. None
    // of them can cut today (one that can has no bounds and is always drawn); this keeps the claim
    // from ever depending on which objects a repaint drew.
    next.cuts.forEach((_, i) => {
      if (!only?.has(i)) next.cuts[i] = prev.cuts[i];
    });
    env.cutAlpha = next.cuts.some(Boolean);
    patch(prev.pixels, width, dirty, pixels);
    Object.assign(prev, next);
    pixels = opts.memory.output(prev, dirty, width);
  } else if (key !== null && next && !(prev && next.nodes.every((n, i) => n === prev.nodes[i] && sameImages(next.images[i], prev.images[i])))) {
    // Only an output the thread painted in full is remembered; an unchanged document's is already.
    opts.memory?.remember(key, pixels, next);
  }
  // The overlay is painted last over the whole canvas, after any cut.
  return { pixels, width, height, opaque: opaque() };
}

/**
 * Paints onto a PDF page's context, which must be `outputSize` big: the same
 * call sequence as paintDocument, with DrawEnv.vector set (no object caches,
 * outline clips as clips) and no resize filters, so images are embedded at
 * their source resolution.
 */
export function paintPage(ctx: SKRSContext2D, doc: NormalizedDocument, images: ReadonlyMap<string, DrawableImage>, scale: number): void {
  const { width, height } = outputSize(doc, scale);
  const env: DrawEnv = { zoom: scale, images, cutAlpha: false, vector: { width, height } };
  // A ligature glyph has no Unicode of its own in Skia's PDF text layer: "Certificate" would copy as "Certi cate".
  // Without ligatures a run is at most a fraction of a pixel wider (0.6 px for "fi" + "ffi" at 30 px).
  ctx.fontVariantLigatures = 'none';
  paintOn(ctx, doc, env, width, height);
}
