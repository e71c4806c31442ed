/**
 * Fabric's paint-state helpers on a live context: shadows (_setShadow /
 * _removeShadow), fill and stroke styles including gradients
 * (_setFillStyles, _setStrokeStyles, Gradient.toLive, Pattern.toLive and
 * _applyPatternGradientTransform), and dashes (_setLineDash).
 */
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import type { DrawableImage } from './image-cache.js';
import { RenderError } from './render-error.js';
import type { GradientDef, Paint, PatternDef, RenderNode } from './render-node.js';

export type Ctx = SKRSContext2D;

export const isGradient = (p: Paint): p is GradientDef => p !== null && typeof p === 'object' && p.type !== 'pattern';
export const isPattern = (p: Paint): p is PatternDef => p !== null && typeof p === 'object' && p.type === 'pattern';
/** Fabric's isFiller: a gradient or a pattern, painted through toLive and a paint transform. */
type Filler = GradientDef | PatternDef;
const isFiller = (p: Paint): p is Filler => p !== null && typeof p === 'object';

type LiveGradient = ReturnType<Ctx['createLinearGradient']>;
type LivePaint = LiveGradient | ReturnType<Ctx['createPattern']>;
/** The decoded images of a render, by URL: a pattern's source is one of them. */
export type PatternImages = ReadonlyMap<string, DrawableImage>;

export function gradientToLive(ctx: Ctx, g: GradientDef): LiveGradient {
  const { x1, y1, x2, y2, r1, r2 } = g.coords;
  const live = g.type === 'linear' ? ctx.createLinearGradient(x1, y1, x2, y2) : ctx.createRadialGradient(x1, y1, r1, x2, y2, r2);
  for (const s of g.colorStops) live.addColorStop(s.offset, s.color);
  return live;
}

/** Gradient.toLive / Pattern.toLive (`ctx.createPattern(source, repeat)`); the pattern's image must have been decoded. */
export function fillerToLive(ctx: Ctx, f: Filler, images: PatternImages, label: string): LivePaint {
  if (f.type !== 'pattern') return gradientToLive(ctx, f);
  const image = images.get(f.source);
  if (!image) throw new RenderError(`pattern image for "${label}" is missing`, label);
  return ctx.createPattern(image, f.repeat);
}

/**
 * Fabric's _applyPatternGradientTransform: gradient coords and pattern tiles start at the object's
 * top-left corner (or span its size, for a 'percentage' gradient), moved by the filler's offset and
 * then its gradientTransform / patternTransform.
 */
export function applyGradientTransform(ctx: Ctx, node: Pick<RenderNode, 'width' | 'height'>, g: Filler): void {
  const offsetX = -node.width / 2 + g.offsetX || 0;
  const offsetY = -node.height / 2 + g.offsetY || 0;
  if (g.type !== 'pattern' && g.gradientUnits === 'percentage') ctx.transform(node.width, 0, 0, node.height, offsetX, offsetY);
  else ctx.transform(1, 0, 0, 1, offsetX, offsetY);
  const t = g.type === 'pattern' ? g.patternTransform : g.gradientTransform;
  if (t) ctx.transform(t[0], t[1], t[2], t[3], t[4], t[5]);
}

export function setShadow(ctx: Ctx, node: RenderNode, objectScaling: { x: number; y: number }, zoom: number): void {
  const s = node.shadow;
  if (!s) return;
  const scaling = s.nonScaling ? { x: 1, y: 1 } : objectScaling;
  ctx.shadowColor = s.color;
  ctx.shadowBlur = (s.blur * (zoom + zoom) * (scaling.x + scaling.y)) / 4;
  ctx.shadowOffsetX = s.offsetX * zoom * scaling.x;
  ctx.shadowOffsetY = s.offsetY * zoom * scaling.y;
}

export function removeShadow(ctx: Ctx, node: RenderNode): void {
  if (!node.shadow) return;
  // Fabric assigns '' (ignored by browsers); zero blur and offsets are what disable the shadow.
  ctx.shadowBlur = ctx.shadowOffsetX = ctx.shadowOffsetY = 0;
}

export function setFillStyle(ctx: Ctx, node: RenderNode, fill: Paint, images: PatternImages): void {
  if (!fill) return;
  if (isFiller(fill)) {
    ctx.fillStyle = fillerToLive(ctx, fill, images, node.label) as unknown as string;
    applyGradientTransform(ctx, node, fill);
  } else {
    ctx.fillStyle = fill;
  }
}

export interface CacheDims {
  width: number;
  height: number;
  zoomX: number;
  zoomY: number;
  x: number;
  y: number;
}

export function setStrokeStyle(ctx: Ctx, node: RenderNode, stroke: Paint, cacheDims: () => CacheDims, images: PatternImages): void {
  if (!stroke) return;
  ctx.lineWidth = node.strokeWidth;
  ctx.lineCap = node.strokeLineCap;
  ctx.lineDashOffset = node.strokeDashOffset;
  ctx.lineJoin = node.strokeLineJoin;
  ctx.miterLimit = node.strokeMiterLimit;
  if (!isFiller(stroke)) {
    ctx.strokeStyle = stroke;
    return;
  }
  const transformed = stroke.type === 'pattern' ? stroke.patternTransform : stroke.gradientUnits === 'percentage' || stroke.gradientTransform;
  if (transformed) {
    applyPatternForTransformedGradient(ctx, node, stroke, cacheDims(), images);
  } else {
    ctx.strokeStyle = fillerToLive(ctx, stroke, images, node.label) as unknown as string;
    applyGradientTransform(ctx, node, stroke);
  }
}

/**
 * Fabric cannot transform a stroke gradient or pattern without transforming
 * the line width, so it paints the filler into a pattern canvas the size of
 * the object cache and strokes with that pattern.
 */
function applyPatternForTransformedGradient(ctx: Ctx, node: RenderNode, g: Filler, dims: CacheDims, images: PatternImages): void {
  const width = dims.x / node.scaleX;
  const height = dims.y / node.scaleY;
  const pCanvas = createCanvas(Math.max(1, Math.ceil(width)), Math.max(1, Math.ceil(height)));
  const pCtx = pCanvas.getContext('2d');
  pCtx.beginPath();
  pCtx.moveTo(0, 0);
  pCtx.lineTo(width, 0);
  pCtx.lineTo(width, height);
  pCtx.lineTo(0, height);
  pCtx.closePath();
  pCtx.translate(width / 2, height / 2);
  pCtx.scale(dims.zoomX / node.scaleX, dims.zoomY / node.scaleY);
  applyGradientTransform(pCtx, node, g);
  pCtx.fillStyle = fillerToLive(pCtx, g, images, node.label) as unknown as string;
  pCtx.fill();
  ctx.translate(-node.width / 2 - node.strokeWidth / 2, -node.height / 2 - node.strokeWidth / 2);
  ctx.scale(node.scaleX / dims.zoomX, node.scaleY / dims.zoomY);
  ctx.strokeStyle = ctx.createPattern(pCanvas, 'no-repeat') as unknown as string;
}

export function setLineDash(ctx: Ctx, dash: number[] | null): void {
  if (!dash || dash.length === 0) return;
  ctx.setLineDash(dash);
}
