/**
 * Fabric's StaticCanvas.renderCanvas for a normalised document: clear,
 * paint the canvas background, then every object under the viewport
 * transform. The output `scale` acts as Fabric's canvas zoom, so shadows
 * and object caches scale exactly as they do when a Fabric canvas is zoomed
 * (and nothing is resampled afterwards).
 */
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import type { DrawableImage } from './image-cache.js';
import { parseColor } from '../domain/color.js';
import { clipToOutline, drawCanvasClipPath, isOutlineClip, renderObject, type DrawEnv } from './draw-object.js';
import type { NormalizedDocument } from './normalize-document.js';
import type { ObjectCacheStore } from './object-cache-store.js';
import { fillerToLive, isGradient, isPattern } from './paint-style.js';
import type { Paint, RenderNode } from './render-node.js';
import type { SurfacePool } from './surface-pool.js';

export interface PaintOptions {
  /** Output canvases to reuse; without it each paint allocates one. */
  surfaces?: SurfacePool;
  objectCaches?: ObjectCacheStore;
  /** Applies an image's `resizeFilter` (see DrawEnv.resizeImage). */
  resizeImage?: DrawEnv['resizeImage'];
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

/** StaticCanvas.renderCanvas: background, objects, canvas clip path, overlay. */
function paintOn(ctx: SKRSContext2D, doc: NormalizedDocument, env: DrawEnv, width: number, height: number): void {
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
  for (const obj of doc.objects) renderObject(ctx, obj, env, { parentMatrix: null, parentOnCache: false });
  ctx.restore();
  ctx.restore();
  if (doc.clipPath && !vectorClip) drawCanvasClipPath(ctx, doc.clipPath, env);
  paintCanvasFill(ctx, doc.overlay, env, width, height, 'overlay');
  paintCanvasObject(ctx, doc.overlayImage, env);
}

/** Paints and reads the pixels back in one synchronous step, so a pooled surface is never shared. */
export function paintDocument(doc: NormalizedDocument, images: ReadonlyMap<string, DrawableImage>, scale: number, opts: PaintOptions = {}): PaintedPixels {
  const { width, height } = outputSize(doc, scale);
  const env: DrawEnv = { zoom: scale, images, objectCaches: opts.objectCaches, cutAlpha: false, resizeImage: opts.resizeImage };
  const paintAndRead = (ctx: SKRSContext2D): Buffer => {
    paintOn(ctx, doc, env, width, height);
    // getImageData unpremultiplies with Skia's own conversion, as Chromium's
    // toDataURL does, and cheaper than asking sharp to do it after a
    // premultiplied canvas.data() copy.
    const data = ctx.getImageData(0, 0, width, height).data;
    return Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  };
  const opaqueBackground = isOpaqueBackground(doc.background);
  const opaqueOverlay = isOpaqueBackground(doc.overlay);
  let pixels: Buffer;
  try {
    pixels = opts.surfaces ? opts.surfaces.with(width, height, (s) => paintAndRead(s.ctx)) : paintAndRead(createCanvas(width, height).getContext('2d'));
  } finally {
    opts.objectCaches?.endPaint();
  }
  // The overlay is painted last over the whole canvas, after any cut.
  return { pixels, width, height, opaque: (opaqueBackground && !env.cutAlpha) || opaqueOverlay };
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
