/**
 * Fabric's per-object render (Object.render / drawObject / renderCache /
 * drawCacheOnCanvas / _drawClipPath), including its object cache: Fabric
 * draws each cacheable object into an offscreen canvas at the object's
 * total scale and then blits that canvas through the object's transform.
 * The blit resamples pixels and makes shadows apply to the composite of
 * fill and stroke, so mirroring it is what makes our pixels match.
 */
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import { COMPOSITE_OPERATIONS } from '../domain/object-properties.js';
import type { DrawableImage } from './image-cache.js';
import { decomposeScale, invert, multiply, type Mat } from './matrix.js';
import type { ObjectCacheStore } from './object-cache-store.js';
import { ownMatrix, transformedDimensions } from './object-geometry.js';
import { removeShadow, setShadow, type CacheDims, type Ctx } from './paint-style.js';
import { RenderError } from './render-error.js';
import type { RenderNode } from './render-node.js';
import { hasShadow } from './text/text-coverage.js';
import { markVectorPage } from './vector-page.js';
import { hasOutlinePath, outlinePath, paintShape, type PaintHelpers } from './shape-painters.js';

export interface DrawEnv {
  /** Canvas zoom (the output `scale`), Fabric's viewportTransform scale. */
  zoom: number;
  images: ReadonlyMap<string, DrawableImage>;
  /** Object caches kept across renders; without it every cache is drawn afresh. */
  objectCaches?: ObjectCacheStore;
  /**
   * Set when a clip path was composited with destination-in/out straight onto
   * the context being drawn (not into an object cache): the output canvas may
   * then have lost opacity that its background gave it.
   */
  cutAlpha: boolean;
  /**
   * Fabric's Image.applyResizeFilters: the image (already filtered) resized by the node's
   * `resizeFilter` to the given total scale; without it `resizeFilter` is not applied.
   */
  resizeImage?: (node: RenderNode, image: DrawableImage, scaleX: number, scaleY: number) => DrawableImage;
  /**
   * Set when drawing onto a PDF page of this size (device units): objects are
   * drawn straight onto the page, since an object cache would turn vectors and
   * text into pixels, and clip paths with a plain outline become real clips.
   */
  vector?: { width: number; height: number };
}

/** Fabric's default minimumScaleTrigger (the only value the template check accepts). */
const MINIMUM_SCALE_TRIGGER = 0.5;

/** The drawable after Image._render's applyResizeFilters: resized only when the total scale is at or under the trigger. */
function resizedImage(n: RenderNode, image: DrawableImage | undefined, scaling: { x: number; y: number }, env: DrawEnv): DrawableImage | undefined {
  if (!image || !n.resizeFilter || !env.resizeImage) return image;
  const sx = scaling.x * env.zoom;
  const sy = scaling.y * env.zoom;
  if (sx > MINIMUM_SCALE_TRIGGER && sy > MINIMUM_SCALE_TRIGGER) return image;
  return env.resizeImage(n, image, sx, sy);
}

interface Frame {
  /** calcTransformMatrix of the parent group, or null at top level / for clip paths. */
  parentMatrix: Mat | null;
  /** Whether an ancestor group is drawing into its own cache (children then skip theirs). */
  parentOnCache: boolean;
}

interface CacheContext {
  zoomX: number;
  zoomY: number;
  cacheTranslationX: number;
  cacheTranslationY: number;
  width: number;
  height: number;
  parentClipPaths: RenderNode[];
}

/**
 * Composite operations whose result alpha is never below the destination's
 * (αs + αd·(1 − αs) for source-over and every blend mode, αd for source-atop,
 * at least that for lighter): drawn on an opaque canvas, it stays opaque.
 */
const CUTS_ALPHA = new Set(['source-in', 'source-out', 'destination-in', 'destination-out', 'destination-atop', 'copy', 'xor']);
const KEEPS_OPAQUE: ReadonlySet<string> = new Set(COMPOSITE_OPERATIONS.filter((op) => !CUTS_ALPHA.has(op)));

// Fabric's config defaults for its object cache.
const PERF_LIMIT_SIZE_TOTAL = 2097152;
const MAX_CACHE_SIDE = 4096;
const MIN_CACHE_SIDE = 256;
const ALIASING_LIMIT = 2;

function limitCacheSize(d: CacheDims): CacheDims {
  const { width, height } = d;
  if (width <= MAX_CACHE_SIDE && height <= MAX_CACHE_SIDE && width * height <= PERF_LIMIT_SIZE_TOTAL) {
    if (width < MIN_CACHE_SIDE) d.width = MIN_CACHE_SIDE;
    if (height < MIN_CACHE_SIDE) d.height = MIN_CACHE_SIDE;
    return d;
  }
  const ar = width / height;
  const rough = Math.sqrt(PERF_LIMIT_SIZE_TOTAL * ar);
  const limX = Math.floor(rough);
  const limY = Math.floor(PERF_LIMIT_SIZE_TOTAL / rough);
  const x = Math.min(Math.max(MIN_CACHE_SIDE, limX), MAX_CACHE_SIDE);
  const y = Math.min(Math.max(MIN_CACHE_SIDE, limY), MAX_CACHE_SIDE);
  if (width > x) {
    d.zoomX /= width / x;
    d.width = x;
  }
  if (height > y) {
    d.zoomY /= height / y;
    d.height = y;
  }
  return d;
}

export function cacheDimensions(n: RenderNode, objectScaling: { x: number; y: number }, zoom: number): CacheDims {
  const zx = objectScaling.x * zoom;
  const zy = objectScaling.y * zoom;
  const dim = transformedDimensions(n, { skewX: 0, skewY: 0 });
  const neededX = (dim.x * zx) / n.scaleX;
  const neededY = (dim.y * zy) / n.scaleY;
  const d: CacheDims = {
    width: Math.ceil(neededX + ALIASING_LIMIT),
    height: Math.ceil(neededY + ALIASING_LIMIT),
    zoomX: zx,
    zoomY: zy,
    x: neededX,
    y: neededY,
  };
  if (n.kind === 'text') {
    // Text caches get a fontSize margin so glyph overhangs are not clipped.
    d.width += n.fontSize * zx;
    d.height += n.fontSize * zy;
  }
  return limitCacheSize(d);
}

function objectScaling(n: RenderNode, full: Mat, inGroup: boolean): { x: number; y: number } {
  if (!inGroup) return { x: Math.abs(n.scaleX), y: Math.abs(n.scaleY) };
  const d = decomposeScale(full);
  return { x: Math.abs(d.scaleX), y: Math.abs(d.scaleY) };
}

function willDrawShadow(n: RenderNode): boolean {
  if (n.shadow && (n.shadow.offsetX !== 0 || n.shadow.offsetY !== 0)) return true;
  return n.kind === 'group' && n.children.some(willDrawShadow);
}

function hasFill(n: RenderNode): boolean {
  return !!n.fill && n.fill !== 'transparent';
}
function hasStroke(n: RenderNode): boolean {
  return !!n.stroke && n.stroke !== 'transparent' && n.strokeWidth !== 0;
}

function needsItsOwnCache(n: RenderNode): boolean {
  if (n.paintFirst === 'stroke' && hasFill(n) && hasStroke(n) && !!n.shadow) return true;
  return !!n.clipPath;
}

function shouldCache(n: RenderNode, parentOnCache: boolean): boolean {
  // Images never use the object cache unless forced to (Fabric's Image.shouldCache).
  if (n.kind === 'image') return needsItsOwnCache(n);
  const own = (n.objectCaching && !parentOnCache) || needsItsOwnCache(n);
  if (own && n.kind === 'group' && n.children.some(willDrawShadow)) return false;
  return own;
}

/**
 * An image without width/height takes its natural size, as Fabric's _setWidthHeight does: the
 * decoded image's, even when a Resize filter made the drawable smaller.
 */
function withImageSize(n: RenderNode, env: DrawEnv): { node: RenderNode; image?: DrawableImage; original?: DrawableImage } {
  if (n.kind !== 'image') return { node: n };
  const image = env.images.get(n.imageKey);
  if (!image) throw new RenderError(`image for "${n.label}" is missing`, n.label);
  const original = env.images.get(n.src) ?? image;
  if (n.hasWidth && n.hasHeight) return { node: n, image, original };
  return {
    node: { ...n, width: n.hasWidth ? n.width : original.width, height: n.hasHeight ? n.height : original.height },
    image,
    original,
  };
}

function isNotVisible(n: RenderNode): boolean {
  if (!n.visible) return true;
  return n.kind !== 'text' && !n.width && !n.height && n.strokeWidth === 0;
}

/** The output's size in device units: a PDF page's context has no canvas behind it. */
function pageSize(ctx: Ctx, env: DrawEnv): { width: number; height: number } {
  return env.vector ?? { width: ctx.canvas.width, height: ctx.canvas.height };
}

export function renderObject(ctx: Ctx, original: RenderNode, env: DrawEnv, frame: Frame): void {
  const { node: n, image, original: source } = withImageSize(original, env);
  if (isNotVisible(n)) return;
  ctx.save();
  // Fabric's _setupCompositeOperation: before the transform, so it applies to the cache blit (or the direct paint).
  if (n.globalCompositeOperation !== 'source-over') {
    ctx.globalCompositeOperation = n.globalCompositeOperation as Ctx['globalCompositeOperation'];
    // Inside an ancestor's cache a cut only lowers the cache's alpha, and the cache is blitted source-over.
    // Counting it there made the claim depend on whether that cache was warm (a cold render said
    // "not opaque", the next one "opaque": the same pixels encoded with and without alpha).
    if (!KEEPS_OPAQUE.has(n.globalCompositeOperation) && !frame.parentOnCache) env.cutAlpha = true;
  }
  const own = ownMatrix(n);
  ctx.transform(own[0], own[1], own[2], own[3], own[4], own[5]);
  const full = frame.parentMatrix ? multiply(frame.parentMatrix, own) : own;
  ctx.globalAlpha *= n.opacity;
  const scaling = objectScaling(n, full, frame.parentMatrix !== null);
  setShadow(ctx, n, scaling, env.zoom);
  const helpers: PaintHelpers = {
    objectScaling: scaling,
    cacheDims: () => cacheDimensions(n, scaling, env.zoom),
    image: resizedImage(n, image, scaling, env),
    source,
    images: env.images,
  };
  // Fabric shadows a clipped object's cache as a whole; on a page that stays a raster, as does a clip that is not one outline.
  const vectorClip = env.vector && n.clipPath && !n.shadow && isOutlineClip(n.clipPath) ? n.clipPath : null;
  const cached = shouldCache(n, frame.parentOnCache);
  if (env.vector ? (!!n.clipPath && !vectorClip) || (cached && composites(n)) : cached) {
    const dims = helpers.cacheDims();
    if (Number.isFinite(dims.zoomX) && Number.isFinite(dims.zoomY) && dims.zoomX > 0 && dims.zoomY > 0) {
      const tx = Math.round(dims.width / 2 - dims.x / 2) + dims.x / 2;
      const ty = Math.round(dims.height / 2 - dims.y / 2) + dims.y / 2;
      const store = env.objectCaches;
      const key = store?.keyFor(original, [dims.width, dims.height, dims.zoomX, dims.zoomY, env.zoom, ...full], env.images);
      let cache = store && key !== undefined ? store.get(original, key) : undefined;
      if (!cache) {
        cache = store ? store.canvas(dims.width, dims.height) : createCanvas(dims.width, dims.height);
        const cctx = cache.getContext('2d');
        cctx.translate(tx, ty);
        cctx.scale(dims.zoomX, dims.zoomY);
        const context: CacheContext = {
          zoomX: dims.zoomX,
          zoomY: dims.zoomY,
          cacheTranslationX: tx,
          cacheTranslationY: ty,
          width: dims.width,
          height: dims.height,
          parentClipPaths: [],
        };
        // A cache is pixels even under a PDF page: what is drawn into it is drawn as for a raster.
        drawObject(cctx, n, false, context, env.vector ? { ...env, vector: undefined } : env, full, true, helpers);
        if (store && key !== undefined) store.set(original, key, cache);
      }
      if (n.kind === 'image') ctx.imageSmoothingEnabled = n.imageSmoothing;
      ctx.scale(1 / dims.zoomX, 1 / dims.zoomY);
      ctx.drawImage(cache, -tx, -ty);
    }
  } else {
    if (vectorClip) clipToOutline(ctx, vectorClip, full);
    if (env.vector && hasShadow(ctx)) {
      drawShadowLayer(ctx, n, env, env.vector, full, frame.parentOnCache, helpers);
      removeShadow(ctx, n);
    }
    if (env.vector && cached && n.kind === 'group' && ctx.globalAlpha < 1) drawIsolated(ctx, n, env, env.vector, full, helpers, !vectorClip);
    else drawObject(ctx, n, false, null, env, full, frame.parentOnCache, helpers, !vectorClip);
  }
  ctx.restore();
}

/**
 * A translucent group Fabric caches is faded as one picture: where its children overlap, the lower
 * one does not show through. On a page the group is recorded on a canvas (still vectors and text)
 * and drawn with drawCanvas, which Skia's PDF backend writes as one transparency group at that alpha.
 */
function drawIsolated(ctx: Ctx, n: RenderNode, env: DrawEnv, page: { width: number; height: number }, full: Mat, helpers: PaintHelpers, withClipPath: boolean): void {
  const recording = createCanvas(Math.max(1, Math.ceil(page.width)), Math.max(1, Math.ceil(page.height)));
  const rctx = markVectorPage(recording.getContext('2d'));
  rctx.fontVariantLigatures = ctx.fontVariantLigatures;
  rctx.setTransform(ctx.getTransform());
  drawObject(rctx, n, false, null, env, full, true, helpers, withClipPath);
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.drawCanvas(recording, 0, 0);
  ctx.restore();
}

/**
 * A cached group whose children use a composite operation: in Fabric they
 * composite with the group's own (transparent) cache only, so on a page,
 * where nothing would isolate them, the group stays Fabric's raster cache.
 */
function composites(n: RenderNode): boolean {
  return n.kind === 'group' && n.children.some((c) => c.globalCompositeOperation !== 'source-over' || composites(c));
}

/**
 * A shadow with little blur has edges worth 144 dpi (twice the page's 72, as PDF_RASTER_DPI has Skia
 * rasterise); a soft one has no detail a 72 dpi layer loses, and at 2× its blur cost 4× the pixels and
 * twice the radius (the product-launch orb's σ 40 glow: 400 ms at 2×).
 */
const SHADOW_LAYER_SCALE = 2;
const SOFT_SHADOW_BLUR = 8;
/** How far left of the layer the object itself is drawn (device units): past any object a template's bounds allow. */
const SHADOW_AWAY = 65536;

/**
 * Where on the page (device units) the object's shadow can land: its box (plus stroke, and a text's
 * fontSize margin as its cache has) under the current transform, moved by the shadow offset and
 * grown by the blur (a canvas blur of shadowBlur b is a Gaussian of σ = b/2, negligible past 3σ).
 */
function shadowBounds(ctx: Ctx, n: RenderNode, page: { width: number; height: number }): { x: number; y: number; width: number; height: number } | null {
  const m = ctx.getTransform();
  const margin = n.strokeWidth + (n.kind === 'text' ? n.fontSize : 0);
  const hw = (Math.abs(n.width) + margin) / 2;
  const hh = (Math.abs(n.height) + margin) / 2;
  const spread = ctx.shadowBlur * 1.5 + 2;
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const [px, py] of [
    [-hw, -hh],
    [hw, -hh],
    [-hw, hh],
    [hw, hh],
  ]) {
    const dx = m.a * px + m.c * py + m.e + ctx.shadowOffsetX;
    const dy = m.b * px + m.d * py + m.f + ctx.shadowOffsetY;
    x0 = Math.min(x0, dx);
    x1 = Math.max(x1, dx);
    y0 = Math.min(y0, dy);
    y1 = Math.max(y1, dy);
  }
  const x = Math.max(0, Math.floor(x0 - spread));
  const y = Math.max(0, Math.floor(y0 - spread));
  const width = Math.min(page.width, Math.ceil(x1 + spread)) - x;
  const height = Math.min(page.height, Math.ceil(y1 + spread)) - y;
  return width > 0 && height > 0 ? { x, y, width, height } : null;
}

/**
 * On a PDF page, the object's shadow alone as an embedded raster, cropped to where it can land. Skia's PDF
 * backend rasterises a canvas shadow itself, but lost the blur mask under a
 * gradient fill (the product-launch starter got a solid square where its
 * orb's glow should be) and puts a text's glyphs into the text layer a
 * second time for its shadow. Here the object is drawn far to the left of a
 * page-sized layer with its shadow offset back by as much, so only the shadow
 * lands on the layer; the caller then draws the object itself without one.
 */
function drawShadowLayer(ctx: Ctx, n: RenderNode, env: DrawEnv, page: { width: number; height: number }, full: Mat, onCache: boolean, helpers: PaintHelpers): void {
  const k = ctx.shadowBlur < SOFT_SHADOW_BLUR ? SHADOW_LAYER_SCALE : 1;
  const box = shadowBounds(ctx, n, page);
  if (!box) return;
  const layer = createCanvas(box.width * k, box.height * k);
  // Glyphs as plain fillText: the coverage correction's read-back mask only covers the layer, where the text itself never is.
  const lctx = markVectorPage(layer.getContext('2d'));
  const m = ctx.getTransform();
  lctx.setTransform(k * m.a, k * m.b, k * m.c, k * m.d, k * (m.e - box.x - SHADOW_AWAY), k * (m.f - box.y));
  lctx.globalAlpha = ctx.globalAlpha;
  lctx.shadowColor = ctx.shadowColor;
  lctx.shadowBlur = ctx.shadowBlur * k;
  lctx.shadowOffsetX = (ctx.shadowOffsetX + SHADOW_AWAY) * k;
  lctx.shadowOffsetY = ctx.shadowOffsetY * k;
  // Children are drawn as a raster would draw them: this layer is pixels anyway.
  drawObject(lctx, n, false, null, { ...env, vector: undefined, objectCaches: undefined }, full, onCache, helpers, false);
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.globalAlpha = 1;
  ctx.shadowBlur = ctx.shadowOffsetX = ctx.shadowOffsetY = 0;
  ctx.drawImage(layer, 0, 0, layer.width, layer.height, box.x, box.y, box.width, box.height);
  ctx.restore();
}

/**
 * Whether a clip path is exactly one filled outline: Fabric draws it black
 * (no stroke, alpha 1) and keeps what it covers, which is what clip() does
 * with the same path and fill rule, without any pixels.
 */
export function isOutlineClip(clip: RenderNode): boolean {
  return hasOutlinePath(clip) && !clip.inverted && !clip.clipPath;
}

/** Clips the context (at the object's transform, `full` without the zoom) to the clip path's outline, as drawClipPath places it. */
export function clipToOutline(ctx: Ctx, clip: RenderNode, full: Mat | null): void {
  const at = ctx.getTransform();
  if (clip.absolutePositioned && full) {
    const m = invert(full);
    ctx.transform(m[0], m[1], m[2], m[3], m[4], m[5]);
  }
  const cm = ownMatrix(clip);
  ctx.transform(cm[0], cm[1], cm[2], cm[3], cm[4], cm[5]);
  outlinePath(ctx, clip);
  ctx.clip(clip.fillRule === 'evenodd' ? 'evenodd' : 'nonzero');
  ctx.setTransform(at);
}

function renderBackground(ctx: Ctx, n: RenderNode): void {
  if (!n.backgroundColor) return;
  const w = n.width + n.strokeWidth;
  const h = n.height + n.strokeWidth;
  ctx.fillStyle = n.backgroundColor;
  ctx.fillRect(-w / 2, -h / 2, w, h);
  removeShadow(ctx, n);
}

function drawObject(
  ctx: Ctx,
  n: RenderNode,
  forClipping: boolean,
  context: CacheContext | null,
  env: DrawEnv,
  full: Mat,
  onCache: boolean,
  helpers: PaintHelpers,
  withClipPath = true,
): void {
  if (n.kind === 'group') {
    // Fabric's Group.drawObject ignores forClipping: a clip group's children paint normally. Fabric 5's
    // never draws the group's backgroundColor, so nothing removes its shadow and the children cast it.
    if (n.major >= 6) renderBackground(ctx, n);
    for (const child of n.children) renderObject(ctx, child, env, { parentMatrix: full, parentOnCache: onCache });
  } else if (forClipping) {
    ctx.globalAlpha = 1;
    ctx.strokeStyle = 'transparent';
    ctx.fillStyle = '#000000';
    const clipNode: RenderNode = {
      ...n,
      fill: 'black',
      stroke: null,
      textSource: n.textSource ? { ...n.textSource, fill: 'black', stroke: null } : null,
    };
    paintShape(ctx, clipNode, helpers);
  } else {
    renderBackground(ctx, n);
    paintShape(ctx, n, helpers);
  }
  if (withClipPath) drawClipPath(ctx, n, context, env, full);
}

function drawClipPath(ctx: Ctx, n: RenderNode, context: CacheContext | null, env: DrawEnv, full: Mat): void {
  const clip = n.clipPath;
  if (!clip) return;
  let layer: Canvas;
  let lctx: Ctx;
  if (context) {
    layer = createCanvas(context.width, context.height);
    lctx = layer.getContext('2d');
    lctx.translate(context.cacheTranslationX, context.cacheTranslationY);
    lctx.scale(context.zoomX, context.zoomY);
    for (const prev of context.parentClipPaths) {
      const m = ownMatrix(prev);
      lctx.transform(m[0], m[1], m[2], m[3], m[4], m[5]);
    }
    context.parentClipPaths.push(clip);
  } else {
    // Only reachable for a group that skipped its cache because a child casts a shadow.
    env.cutAlpha = true;
    const size = pageSize(ctx, env);
    layer = createCanvas(size.width, size.height);
    lctx = layer.getContext('2d');
    lctx.setTransform(ctx.getTransform());
  }
  if (clip.absolutePositioned) {
    const m = invert(full);
    lctx.transform(m[0], m[1], m[2], m[3], m[4], m[5]);
  }
  const cm = ownMatrix(clip);
  lctx.transform(cm[0], cm[1], cm[2], cm[3], cm[4], cm[5]);
  const { node: c, image, original: source } = withImageSize(clip, env);
  const scaling = { x: Math.abs(c.scaleX), y: Math.abs(c.scaleY) };
  const helpers: PaintHelpers = { objectScaling: scaling, cacheDims: () => cacheDimensions(c, scaling, env.zoom), image, source, images: env.images };
  drawObject(lctx, c, true, context, env, cm, false, helpers);
  ctx.save();
  ctx.globalCompositeOperation = clip.inverted ? 'destination-out' : 'destination-in';
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.drawImage(layer, 0, 0);
  ctx.restore();
}

/**
 * The canvas clipPath (StaticCanvas.renderCanvas + drawClipPathOnCanvas): the
 * clip object is drawn for clipping into its own cache canvas, then that
 * cache is blitted through its transform with destination-in over everything
 * painted so far. Fabric ignores `inverted` and `absolutePositioned` here.
 */
export function drawCanvasClipPath(ctx: Ctx, clip: RenderNode, env: DrawEnv): void {
  env.cutAlpha = true;
  const { node: c, image, original: source } = withImageSize(clip, env);
  const scaling = { x: Math.abs(c.scaleX), y: Math.abs(c.scaleY) };
  const helpers: PaintHelpers = { objectScaling: scaling, cacheDims: () => cacheDimensions(c, scaling, env.zoom), image, source, images: env.images };
  const dims = helpers.cacheDims();
  if (!(Number.isFinite(dims.zoomX) && Number.isFinite(dims.zoomY) && dims.zoomX > 0 && dims.zoomY > 0)) return;
  const tx = Math.round(dims.width / 2 - dims.x / 2) + dims.x / 2;
  const ty = Math.round(dims.height / 2 - dims.y / 2) + dims.y / 2;
  const cache = createCanvas(dims.width, dims.height);
  const cctx = cache.getContext('2d');
  cctx.translate(tx, ty);
  cctx.scale(dims.zoomX, dims.zoomY);
  const own = ownMatrix(c);
  const context: CacheContext = { zoomX: dims.zoomX, zoomY: dims.zoomY, cacheTranslationX: tx, cacheTranslationY: ty, width: dims.width, height: dims.height, parentClipPaths: [] };
  drawObject(cctx, c, true, context, env, own, true, helpers);
  // Chromium applies destination-in to the whole canvas, Skia's drawImage only under the image:
  // the cache goes onto a canvas-sized layer first, so pixels outside the clip are cut too.
  const size = pageSize(ctx, env);
  const layer = createCanvas(size.width, size.height);
  const lctx = layer.getContext('2d');
  lctx.transform(env.zoom, 0, 0, env.zoom, 0, 0);
  lctx.transform(own[0], own[1], own[2], own[3], own[4], own[5]);
  lctx.scale(1 / dims.zoomX, 1 / dims.zoomY);
  lctx.drawImage(cache, -tx, -ty);
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.globalCompositeOperation = 'destination-in';
  ctx.drawImage(layer, 0, 0);
  ctx.restore();
}

/** A rectangle in device pixels (output canvas), x0/y0 inclusive, x1/y1 exclusive; possibly fractional. */
export interface DeviceBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export const EMPTY_BOX: DeviceBox = { x0: 0, y0: 0, x1: 0, y1: 0 };

/**
 * Device pixels around a blit or a stroke that a draw may still touch: bilinear sampling and
 * anti-aliased edges reach half a pixel past the geometry, float32 composition a little more.
 */
const EDGE_MARGIN = 2;

function quadBox(m: Mat, x0: number, y0: number, x1: number, y1: number, margin: number): DeviceBox {
  let bx0 = Infinity;
  let by0 = Infinity;
  let bx1 = -Infinity;
  let by1 = -Infinity;
  for (const [px, py] of [
    [x0, y0],
    [x1, y0],
    [x0, y1],
    [x1, y1],
  ]) {
    const dx = m[0] * px + m[2] * py + m[4];
    const dy = m[1] * px + m[3] * py + m[5];
    bx0 = Math.min(bx0, dx);
    bx1 = Math.max(bx1, dx);
    by0 = Math.min(by0, dy);
    by1 = Math.max(by1, dy);
  }
  return { x0: bx0 - margin, y0: by0 - margin, x1: bx1 + margin, y1: by1 + margin };
}

/**
 * Every device pixel a top-level object can change when renderObject paints it onto a raster output
 * at `env.zoom`, as a superset; null when that cannot be bounded here, so the caller must assume the
 * whole canvas. Bounded are the cases whose paint is one blit, or one image draw:
 * - a cached object: the blit of its cache canvas (Fabric's cache clips everything the object
 *   draws, text overhang and clip paths included) is that canvas's rectangle under the blit
 *   transform;
 * - an uncached image: the image inside its box, its stroke (miter corners) and background colour;
 * and either one's shadow: the same box moved by the shadow offset and grown well past the blur's
 * kernel (Skia's Gaussian ends at 3σ, σ at most blur × 0.58 + 0.5).
 * A composite operation that can clear pixels it does not draw over (destination-in, copy, ...)
 * and everything else drawn straight onto the output (uncached shapes, text and groups) answers null.
 */
export function paintedBounds(original: RenderNode, env: DrawEnv): DeviceBox | null {
  if (env.vector) return null;
  const { node: n } = withImageSize(original, env);
  if (isNotVisible(n)) return EMPTY_BOX;
  if (!KEEPS_OPAQUE.has(n.globalCompositeOperation)) return null;
  const own = ownMatrix(n);
  const z = env.zoom;
  const m: Mat = [z * own[0], z * own[1], z * own[2], z * own[3], z * own[4], z * own[5]];
  const scaling = objectScaling(n, own, false);
  let box: DeviceBox;
  if (shouldCache(n, false)) {
    const dims = cacheDimensions(n, scaling, z);
    if (!(Number.isFinite(dims.zoomX) && Number.isFinite(dims.zoomY) && dims.zoomX > 0 && dims.zoomY > 0)) return EMPTY_BOX;
    const tx = Math.round(dims.width / 2 - dims.x / 2) + dims.x / 2;
    const ty = Math.round(dims.height / 2 - dims.y / 2) + dims.y / 2;
    const blit = multiply(m, [1 / dims.zoomX, 0, 0, 1 / dims.zoomY, 0, 0]);
    box = quadBox(blit, -tx, -ty, dims.width - tx, dims.height - ty, EDGE_MARGIN);
  } else if (n.kind === 'image' && !n.clipPath) {
    // strokeUniform takes the object's scale out of the pen but leaves its skew in: the stroke's
    // corners are no longer right angles, and a miter there reaches up to strokeMiterLimit half-widths,
    // stretched by the skew, past the box. Such an image has no bound short of the whole output.
    if (n.strokeUniform && (n.skewX !== 0 || n.skewY !== 0) && n.stroke !== null && n.strokeWidth !== 0) return null;
    // A stroke's miter corner reaches sw/2·√2 past the box; a uniform stroke keeps its width in device pixels.
    const sw = Math.abs(n.strokeWidth);
    const hw = Math.abs(n.width) / 2 + sw;
    const hh = Math.abs(n.height) / 2 + sw;
    box = quadBox(m, -hw, -hh, hw, hh, EDGE_MARGIN + (n.strokeUniform ? sw * z : 0));
  } else return null;
  if (!n.shadow) return box;
  // setShadow on a plain object reads back exactly what renderObject would set on the context.
  const shadow = { shadowBlur: 0, shadowOffsetX: 0, shadowOffsetY: 0 } as unknown as Ctx;
  setShadow(shadow, n, scaling, z);
  const reach = Math.abs(shadow.shadowBlur) * 3 + 4;
  const ox = shadow.shadowOffsetX;
  const oy = shadow.shadowOffsetY;
  if (![reach, ox, oy].every(Number.isFinite)) return null;
  return {
    x0: Math.min(box.x0, box.x0 + ox - reach),
    y0: Math.min(box.y0, box.y0 + oy - reach),
    x1: Math.max(box.x1, box.x1 + ox + reach),
    y1: Math.max(box.y1, box.y1 + oy + reach),
  };
}
