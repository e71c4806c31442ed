/**
 * Glyph coverage that matches Chromium's canvas text.
 *
 * Measured (Chromium's plain fillText against @napi-rs/canvas's, same font
 * files, same positions; layout, baseline and kerning were identical): the
 * glyph shapes agree, but Chromium rasterises web-font glyphs from their
 * outlines and then applies Skia's text gamma/contrast tables, while
 * @napi-rs/canvas's glyph masks come out lighter. Small text therefore
 * drew ~16% less ink than Fabric-in-Chromium and failed the pixel budget.
 * Drawing our glyphs in black into a mask, the map from our mask coverage c
 * to Chromium's coverage for a text colour of luminance L fits
 * C = 1 - (1 - c)^k(L) to within noise, with k rising from 1.55 (black)
 * to 1.88 (white); Skia quantises L to 3 bits, hence the 8-entry table.
 * (Least-squares fit over 11-22 px Inter, Open Sans and Lato, grey text at
 * each of the 8 levels.) Strokes need nothing: both sides stroke outlines.
 */
import { createCanvas, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import { parseColor as parseCssColor } from '../../domain/color.js';
import { isVectorPage } from '../vector-page.js';

/** Exponent per Skia luminance level (lum >> 5), measured as described above. */
const EXPONENT_BY_LUMINANCE = [1.55, 1.64, 1.68, 1.71, 1.71, 1.74, 1.79, 1.88];
/**
 * Least-squares alpha a per level so that c + (1 - c)·a·c ≈ 1 - (1 - c)^k
 * (max error 3.9/255 at level 0, less above).
 */
const OVERDRAW_ALPHA = [0.643, 0.724, 0.758, 0.783, 0.783, 0.808, 0.847, 0.916];
/** Skia's luminance for paints it cannot reduce to one colour (gradients, patterns). */
const SHADER_LUMINANCE = 0x7f;
/** Skia draws glyphs larger than this (device px) as paths in both renderers: nothing to correct. */
const MAX_MASK_GLYPH_SIZE = 256;
/** Colour glyphs (emoji) carry their own colours and must not become a mask. */
const COLOUR_GLYPH = /\p{Extended_Pictographic}|\p{Regional_Indicator}/u;

const luts = new Map<number, Uint8Array>();

function coverageLut(level: number): Uint8Array {
  let lut = luts.get(level);
  if (!lut) {
    const k = EXPONENT_BY_LUMINANCE[level];
    lut = new Uint8Array(256);
    for (let i = 0; i < 256; i++) lut[i] = Math.round(255 * (1 - Math.pow(1 - i / 255, k)));
    luts.set(level, lut);
  }
  return lut;
}

function parseColor(color: string): [number, number, number] | null {
  const c = color.trim().toLowerCase();
  let m = /^#([0-9a-f]{3,8})$/.exec(c);
  if (m) {
    const h = m[1];
    if (h.length === 3 || h.length === 4) return [0, 1, 2].map((i) => parseInt(h[i] + h[i], 16)) as [number, number, number];
    if (h.length === 6 || h.length === 8) return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
    return null;
  }
  m = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)/.exec(c);
  if (m) return [Number(m[1]), Number(m[2]), Number(m[3])];
  return null;
}

/** Skia's SkComputeLuminance, reduced to the 3-bit level its gamma tables are keyed by. */
export function luminanceLevel(paint: unknown): number {
  let lum = SHADER_LUMINANCE;
  if (typeof paint === 'string') {
    const rgb = parseColor(paint);
    if (rgb) lum = (rgb[0] * 54 + rgb[1] * 183 + rgb[2] * 19) >> 8;
  }
  return Math.max(0, Math.min(7, lum >> 5));
}

const opaqueColors = new Map<string, boolean>();

function isOpaqueColor(color: unknown): boolean {
  if (typeof color !== 'string') return false;
  let opaque = opaqueColors.get(color);
  if (opaque === undefined) {
    opaque = parseCssColor(color)?.a === 1;
    if (opaqueColors.size < 1024) opaqueColors.set(color, opaque);
  }
  return opaque;
}

/**
 * Whether drawing the paint twice over itself changes nothing but coverage:
 * only for opaque colours (and gradients of opaque stops). A translucent fill
 * drawn twice compounds its alpha (rgba(…,0.45) came out at ~0.65).
 */
function isOpaquePaint(paint: unknown): boolean {
  if (typeof paint === 'string') return isOpaqueColor(paint);
  const stops = (paint as { colorStops?: Array<{ color?: unknown; opacity?: unknown }> } | null)?.colorStops;
  return Array.isArray(stops) && stops.every((s) => isOpaqueColor(s.color) && (s.opacity === undefined || s.opacity === 1));
}

export interface CoverageFill {
  ctx: SKRSContext2D;
  text: string;
  x: number;
  y: number;
  /** The run's advance when the caller knows it (saves a measureText). */
  width?: number;
  /** Fabric's fill value (colour string or gradient object), for its luminance. */
  paint: unknown;
  /** Sets fillStyle (and any paint transform) on the given context; returns the text offset it introduced. */
  applyPaint(target: SKRSContext2D): { x: number; y: number };
}

/**
 * fillText with Chromium's glyph coverage. Usually the text is simply drawn
 * twice (second pass at OVERDRAW_ALPHA). Under globalAlpha, a shadow or
 * another composite mode that would compound, it is drawn as a black mask
 * in device space instead, its coverage remapped, coloured with the real
 * paint under the same transform, and composited back once (so alpha,
 * shadow, clip and composite mode apply as they would to one fillText).
 */
export function fillTextLikeChromium(f: CoverageFill): void {
  const { ctx, text } = f;
  const m = ctx.getTransform();
  const deviceSize = Math.sqrt(Math.abs(m.a * m.d - m.b * m.c)) * fontPx(ctx.font);
  // A PDF page keeps glyphs as text: its viewer rasterises them, so there is no coverage to correct.
  if (isVectorPage(ctx) || COLOUR_GLYPH.test(text) || !(deviceSize > 0) || deviceSize > MAX_MASK_GLYPH_SIZE) {
    const o = f.applyPaint(ctx);
    ctx.fillText(text, f.x - o.x, f.y - o.y);
    return;
  }
  const level = luminanceLevel(f.paint);
  if (ctx.globalAlpha === 1 && ctx.globalCompositeOperation === 'source-over' && !hasShadow(ctx) && isOpaquePaint(f.paint)) {
    // Fast path: a second pass at alpha a gives coverage c + (1 - c)·a·c, which is
    // 1 - (1 - c)^k to within 4/255 for the fitted a (see OVERDRAW_ALPHA); no read-back needed.
    const o = f.applyPaint(ctx);
    ctx.fillText(text, f.x - o.x, f.y - o.y);
    ctx.globalAlpha = OVERDRAW_ALPHA[level];
    ctx.fillText(text, f.x - o.x, f.y - o.y);
    ctx.globalAlpha = 1;
    return;
  }
  const box = runBox(ctx, text, f.x, f.y, f.width);
  const bx = Math.max(0, Math.floor(box.x0));
  const by = Math.max(0, Math.floor(box.y0));
  const w = Math.min(ctx.canvas.width, Math.ceil(box.x1)) - bx;
  const h = Math.min(ctx.canvas.height, Math.ceil(box.y1)) - by;
  if (!(w > 0 && h > 0)) return;

  const { canvas: layer, ctx: lctx } = scratch(w, h);
  lctx.save();
  lctx.setTransform(m.a, m.b, m.c, m.d, m.e - bx, m.f - by);
  lctx.font = ctx.font;
  lctx.textAlign = ctx.textAlign;
  lctx.textBaseline = ctx.textBaseline;
  lctx.direction = ctx.direction;
  lctx.fillStyle = '#000000';
  lctx.fillText(text, f.x, f.y);

  const image = lctx.getImageData(0, 0, w, h);
  const data = image.data;
  const lut = coverageLut(level);
  for (let i = 3; i < data.length; i += 4) data[i] = lut[data[i]];
  lctx.putImageData(image, 0, 0);

  // Colour the mask with the real paint, evaluated in the text's own coordinates.
  lctx.globalCompositeOperation = 'source-in';
  f.applyPaint(lctx);
  const t = lctx.getTransform();
  const det = t.a * t.d - t.b * t.c;
  if (det === 0) {
    lctx.restore();
    return;
  }
  const inv = (px: number, py: number): [number, number] => [(t.d * (px - t.e) - t.c * (py - t.f)) / det, (-t.b * (px - t.e) + t.a * (py - t.f)) / det];
  lctx.beginPath();
  const corners = [inv(0, 0), inv(w, 0), inv(w, h), inv(0, h)];
  lctx.moveTo(corners[0][0], corners[0][1]);
  for (let i = 1; i < 4; i++) lctx.lineTo(corners[i][0], corners[i][1]);
  lctx.closePath();
  lctx.fill();
  lctx.restore();

  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.drawImage(layer, 0, 0, w, h, bx, by, w, h);
  ctx.restore();
}

/**
 * A device-space box around a run drawn at (x, y) under the context's font, alignment and transform,
 * from its known advance and the font size (cheaper than measureText, which would shape the run a
 * second time); generous for accents, descenders, italics and a stroke.
 */
function runBox(ctx: SKRSContext2D, text: string, x: number, y: number, width: number | undefined): { x0: number; y0: number; x1: number; y1: number } {
  const m = ctx.getTransform();
  const size = fontPx(ctx.font);
  const advance = width ?? ctx.measureText(text).width;
  const rtl = ctx.textAlign === 'right' || ctx.textAlign === 'end';
  const left = (rtl ? x - advance : x) - size * 0.6 - 2;
  const right = (rtl ? x : x + advance) + size * 0.6 + 2;
  // Around the alphabetic baseline; on a path the baseline may be the middle, top or bottom of the em box.
  const alphabetic = ctx.textBaseline === 'alphabetic';
  const top = y - size * (alphabetic ? 1.4 : 1.6) - 2;
  const bottom = y + size * (alphabetic ? 0.7 : 1.6) + 2;
  const box = { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity };
  for (const [px, py] of [
    [left, top],
    [right, top],
    [left, bottom],
    [right, bottom],
  ]) {
    const dx = m.a * px + m.c * py + m.e;
    const dy = m.b * px + m.d * py + m.f;
    box.x0 = Math.min(box.x0, dx);
    box.x1 = Math.max(box.x1, dx);
    box.y0 = Math.min(box.y0, dy);
    box.y1 = Math.max(box.y1, dy);
  }
  return box;
}

/** Outlined glyphs on a PDF page are pixels at this multiple of 72 dpi (see strokeTextOnPage). */
const STROKE_LAYER_SCALE = 2;

/**
 * strokeText, except on a PDF page with a gradient or pattern stroke: Skia's PDF backend then paints
 * the paint over the run's whole box instead of along the outlines (measured: a rectangle of
 * stripes over the pattern-text-headline corpus card). That stroke becomes a 144 dpi raster of the
 * run; the fill, and so the text layer, is unaffected.
 */
export function strokeTextOnPage(ctx: SKRSContext2D, text: string, x: number, y: number): void {
  if (!isVectorPage(ctx) || typeof ctx.strokeStyle === 'string') {
    ctx.strokeText(text, x, y);
    return;
  }
  const k = STROKE_LAYER_SCALE;
  const grow = ctx.lineWidth * Math.sqrt(Math.abs(ctx.getTransform().a * ctx.getTransform().d)) + 2;
  const box = runBox(ctx, text, x, y, undefined);
  const bx = Math.floor(box.x0 - grow);
  const by = Math.floor(box.y0 - grow);
  const w = Math.ceil(box.x1 + grow) - bx;
  const h = Math.ceil(box.y1 + grow) - by;
  if (!(w > 0 && h > 0)) return;
  const layer = createCanvas(w * k, h * k);
  const lctx = layer.getContext('2d');
  const m = ctx.getTransform();
  lctx.setTransform(k * m.a, k * m.b, k * m.c, k * m.d, k * (m.e - bx), k * (m.f - by));
  lctx.font = ctx.font;
  lctx.textAlign = ctx.textAlign;
  lctx.textBaseline = ctx.textBaseline;
  lctx.direction = ctx.direction;
  lctx.lineWidth = ctx.lineWidth;
  lctx.lineCap = ctx.lineCap;
  lctx.lineJoin = ctx.lineJoin;
  lctx.miterLimit = ctx.miterLimit;
  lctx.setLineDash(ctx.getLineDash());
  lctx.lineDashOffset = ctx.lineDashOffset;
  lctx.strokeStyle = ctx.strokeStyle;
  lctx.strokeText(text, x, y);
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.drawImage(layer, 0, 0, layer.width, layer.height, bx, by, w, h);
  ctx.restore();
}

let scratchCanvas: Canvas | undefined;
let scratchCtx: SKRSContext2D | undefined;

/** One reusable layer per thread (renders are synchronous within a worker), cleared to transparent. */
function scratch(w: number, h: number): { canvas: Canvas; ctx: SKRSContext2D } {
  if (!scratchCanvas || !scratchCtx || scratchCanvas.width < w || scratchCanvas.height < h) {
    const canvas: Canvas = createCanvas(Math.max(w, scratchCanvas?.width ?? 0), Math.max(h, scratchCanvas?.height ?? 0));
    scratchCanvas = canvas;
    scratchCtx = canvas.getContext('2d');
    return { canvas, ctx: scratchCtx };
  } else {
    scratchCtx.setTransform(1, 0, 0, 1, 0, 0);
    scratchCtx.clearRect(0, 0, w, h);
  }
  return { canvas: scratchCanvas, ctx: scratchCtx };
}

/** Whether the context's shadow state would draw anything. */
export function hasShadow(ctx: SKRSContext2D): boolean {
  if (ctx.shadowBlur === 0 && ctx.shadowOffsetX === 0 && ctx.shadowOffsetY === 0) return false;
  const c = ctx.shadowColor.replace(/\s/g, '').toLowerCase();
  return !(c === 'transparent' || /^rgba\(.*,0(\.0*)?\)$/.test(c) || /^#[0-9a-f]{6}00$/.test(c));
}

function fontPx(font: string): number {
  const m = /([\d.]+)px/.exec(font);
  return m ? Number(m[1]) : 10;
}
