/**
 * Fabric's Text._render: line backgrounds, underline, fill/stroke text in
 * paintFirst order, overline, linethrough. Drawn centred at the origin; CORE
 * has already applied transform, opacity, shadow and clip.
 */
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';

type CanvasGradient = ReturnType<SKRSContext2D['createLinearGradient']>;
type CanvasPattern = ReturnType<SKRSContext2D['createPattern']>;
import { DECORATION_OFFSETS, FONT_SIZE_FRACTION, type GraphemeBox, type TextLayout } from './text-layout.js';
import { hasStyleChanged } from './text-styles.js';
import { fillTextLikeChromium, strokeTextOnPage } from './text-coverage.js';

/** What createPattern takes: a decoded image or a canvas. */
type PatternSource = Parameters<SKRSContext2D['createPattern']>[0];

export interface DrawOptions {
  /** The render's decoded images by URL: a pattern fill or stroke draws its `source` from it. */
  images?: ReadonlyMap<string, PatternSource>;
  paintFirst: string;
  strokeLineCap: string;
  strokeLineJoin: string;
  strokeMiterLimit: number;
  strokeDashOffset: number;
  strokeDashArray: number[] | null;
  /** Shadow must not be cast by the stroke unless affectStroke (Fabric). */
  shadowAffectsStroke: boolean;
}

interface GradientLike {
  type: 'linear' | 'radial';
  coords: { x1?: number; y1?: number; x2?: number; y2?: number; r1?: number; r2?: number };
  colorStops: Array<{ offset: number; color: string; opacity?: number }>;
  offsetX?: number;
  offsetY?: number;
  gradientTransform?: number[] | null;
  gradientUnits?: string;
}

const RE_SPACE_AND_TAB = /[ \t\r]/;

/** Text._setTextStyles: on a path, pathAlign picks the baseline glyphs sit on. */
const PATH_BASELINES = { baseline: 'alphabetic', center: 'middle', ascender: 'top', descender: 'bottom' } as const;

/** Moves the context to a grapheme's place on the path (translate to its centre, rotate to the tangent). */
function toGraphemeOnPath(ctx: SKRSContext2D, box: GraphemeBox): void {
  ctx.translate(box.renderLeft ?? 0, box.renderTop ?? 0);
  ctx.rotate(box.angle ?? 0);
}

interface PatternLike {
  type: 'pattern';
  source: string;
  repeat?: string;
  offsetX?: number;
  offsetY?: number;
  patternTransform?: number[] | null;
}

function isGradient(v: unknown): v is GradientLike {
  return !!v && typeof v === 'object' && Array.isArray((v as GradientLike).colorStops);
}

function isPattern(v: unknown): v is PatternLike {
  return !!v && typeof v === 'object' && (v as PatternLike).type === 'pattern' && typeof (v as PatternLike).source === 'string';
}

const REPEATS = new Set(['repeat', 'repeat-x', 'repeat-y', 'no-repeat']);

/** Pattern.toLive: `ctx.createPattern(image, repeat)`; null (nothing set) when the image is not there, as for a failed load. */
function livePattern(ctx: SKRSContext2D, paint: PatternLike, images: DrawOptions['images']): CanvasPattern | null {
  const image = images?.get(paint.source);
  if (!image) return null;
  const repeat = REPEATS.has(paint.repeat ?? '') ? (paint.repeat as 'repeat') : 'repeat';
  return ctx.createPattern(image, repeat);
}

function colorWithOpacity(color: string, opacity: number | undefined): string {
  if (opacity === undefined || opacity === 1) return color;
  // Fabric multiplies the stop colour's alpha by the stop opacity.
  const m = /^#([0-9a-f]{6})$/i.exec(color);
  if (m) {
    const n = parseInt(m[1], 16);
    return `rgba(${(n >> 16) & 255},${(n >> 8) & 255},${n & 255},${opacity})`;
  }
  return color;
}

function liveGradient(ctx: SKRSContext2D, paint: GradientLike): CanvasGradient {
  const c = paint.coords;
  const g =
    paint.type === 'radial'
      ? ctx.createRadialGradient(c.x1 ?? 0, c.y1 ?? 0, c.r1 ?? 0, c.x2 ?? 0, c.y2 ?? 0, c.r2 ?? 0)
      : ctx.createLinearGradient(c.x1 ?? 0, c.y1 ?? 0, c.x2 ?? 0, c.y2 ?? 0);
  for (const s of paint.colorStops) g.addColorStop(s.offset, colorWithOpacity(s.color, s.opacity));
  return g;
}

/** Object._applyPatternGradientTransform: gradient coords and pattern tiles are relative to the text's top-left (or its size). */
function applyGradientTransform(ctx: SKRSContext2D, layout: TextLayout, paint: GradientLike | PatternLike): { x: number; y: number } {
  const x = -layout.width / 2 + (paint.offsetX ?? 0);
  const y = -layout.height / 2 + (paint.offsetY ?? 0);
  if (paint.type !== 'pattern' && paint.gradientUnits === 'percentage') ctx.transform(layout.width, 0, 0, layout.height, x, y);
  else ctx.transform(1, 0, 0, 1, x, y);
  const t = paint.type === 'pattern' ? paint.patternTransform : paint.gradientTransform;
  if (t) ctx.transform(t[0], t[1], t[2], t[3], t[4], t[5]);
  return { x, y };
}

/**
 * Text._applyPatternGradientTransformText: a percentage or transformed
 * gradient cannot go through the context transform (it would scale the
 * glyphs), so Fabric paints it into a pattern canvas of the object's size
 * plus strokeWidth and fills the text with that pattern. The canvas size is
 * truncated to integers exactly as assigning `canvas.width` does in a
 * browser, and the gradient sits strokeWidth/2 in from the pattern's corner.
 */
function gradientPattern(ctx: SKRSContext2D, layout: TextLayout, paint: GradientLike | PatternLike, images: DrawOptions['images']): CanvasPattern {
  const width = layout.width + layout.p.strokeWidth;
  const height = layout.height + layout.p.strokeWidth;
  const canvas = createCanvas(Math.max(1, Math.trunc(width)), Math.max(1, Math.trunc(height)));
  const pctx = canvas.getContext('2d');
  pctx.beginPath();
  pctx.moveTo(0, 0);
  pctx.lineTo(width, 0);
  pctx.lineTo(width, height);
  pctx.lineTo(0, height);
  pctx.closePath();
  pctx.translate(width / 2, height / 2);
  const live = paint.type === 'pattern' ? livePattern(pctx, paint, images) : liveGradient(pctx, paint);
  if (live) pctx.fillStyle = live;
  applyGradientTransform(pctx, layout, paint);
  pctx.fill();
  return ctx.createPattern(canvas, 'no-repeat');
}

/**
 * Text.handleFiller: colours, plain gradients and patterns, and pattern-backed transformed
 * gradients and patterns; returns the offset applied.
 */
function setPaint(ctx: SKRSContext2D, layout: TextLayout, prop: 'fillStyle' | 'strokeStyle', paint: unknown, images: DrawOptions['images']): { x: number; y: number } {
  const pattern = isPattern(paint);
  if (pattern || isGradient(paint)) {
    if (pattern ? paint.patternTransform : paint.gradientUnits === 'percentage' || paint.gradientTransform) {
      const x = -layout.width / 2;
      const y = -layout.height / 2;
      ctx.translate(x, y);
      const live = gradientPattern(ctx, layout, paint, images);
      if (live) ctx[prop] = live;
      return { x, y };
    }
    const live = pattern ? livePattern(ctx, paint, images) : liveGradient(ctx, paint);
    if (live) ctx[prop] = live;
    return applyGradientTransform(ctx, layout, paint);
  }
  ctx[prop] = typeof paint === 'string' ? paint : 'rgba(0,0,0,0)';
  return { x: 0, y: 0 };
}

function clearShadow(ctx: SKRSContext2D): void {
  ctx.shadowColor = 'rgba(0,0,0,0)';
  ctx.shadowBlur = 0;
  ctx.shadowOffsetX = 0;
  ctx.shadowOffsetY = 0;
}

export function drawTextLayout(ctx: SKRSContext2D, layout: TextLayout, opts: DrawOptions): void {
  for (let i = 0; i < layout.lines.length; i++) layout.getLineWidth(i);
  ctx.textBaseline = layout.p.path ? PATH_BASELINES[layout.p.pathAlign] : 'alphabetic';
  ctx.font = layout.fontDeclaration({}, false, layout.p.text);
  renderBackgrounds(ctx, layout);
  renderDecoration(ctx, layout, 'underline');
  if (opts.paintFirst === 'stroke') {
    renderStroke(ctx, layout, opts);
    renderFill(ctx, layout, opts);
  } else {
    renderFill(ctx, layout, opts);
    renderStroke(ctx, layout, opts);
  }
  renderDecoration(ctx, layout, 'overline');
  renderDecoration(ctx, layout, 'linethrough');
}

function renderFill(ctx: SKRSContext2D, layout: TextLayout, opts: DrawOptions): void {
  if (!layout.p.fill && !layout.styleHas('fill')) return;
  renderCommon(ctx, layout, 'fillText', opts);
}

function renderStroke(ctx: SKRSContext2D, layout: TextLayout, opts: DrawOptions): void {
  const p = layout.p;
  const emptyStyles = Object.values(p.styles).every((l) => Object.values(l).every((s) => Object.keys(s).length === 0));
  if ((!p.stroke || p.strokeWidth === 0) && emptyStyles) return;
  ctx.save();
  if (!opts.shadowAffectsStroke) clearShadow(ctx);
  if (opts.strokeDashArray && opts.strokeDashArray.length) {
    const d = opts.strokeDashArray.length % 2 ? [...opts.strokeDashArray, ...opts.strokeDashArray] : opts.strokeDashArray;
    ctx.setLineDash(d);
  }
  ctx.beginPath();
  renderCommon(ctx, layout, 'strokeText', opts);
  ctx.closePath();
  ctx.restore();
}

function renderCommon(ctx: SKRSContext2D, layout: TextLayout, method: 'fillText' | 'strokeText', opts: DrawOptions): void {
  ctx.save();
  let lineHeights = 0;
  const left = layout.leftOffset();
  const top = layout.topOffset();
  for (let i = 0; i < layout.lines.length; i++) {
    renderChars(ctx, layout, method, i, left + layout.lineLeftOffset(i), top + lineHeights + layout.heightOfLineImpl(i), opts);
    lineHeights += layout.heightOfLine(i);
  }
  ctx.restore();
}

function renderChars(ctx: SKRSContext2D, layout: TextLayout, method: 'fillText' | 'strokeText', lineIndex: number, left: number, top: number, opts: DrawOptions): void {
  const p = layout.p;
  const line = layout.lines[lineIndex];
  const isJustify = p.textAlign.includes('justify');
  const isLtr = p.direction !== 'rtl';
  const sign = isLtr ? 1 : -1;
  const onPath = !!p.path;
  // One fillText for the whole line when nothing varies inside it: the
  // shaper then positions glyphs itself, exactly as Fabric gets from canvas.
  // On a path every grapheme is drawn on its own, at its own angle.
  const shortCut = !isJustify && p.charSpacing === 0 && layout.isEmptyStyles(lineIndex) && !onPath;
  ctx.save();
  ctx.direction = isLtr ? 'ltr' : 'rtl';
  ctx.textAlign = isLtr ? 'left' : 'right';
  top -= layout.heightOfLineImpl(lineIndex) * FONT_SIZE_FRACTION;
  if (shortCut) {
    renderChar(ctx, layout, method, lineIndex, 0, line.join(''), left, top, opts, layout.getLineWidth(lineIndex));
    ctx.restore();
    return;
  }
  let chars = '';
  let boxWidth = 0;
  let actualStyle: ReturnType<TextLayout['completeStyle']> | undefined;
  let nextStyle: ReturnType<TextLayout['completeStyle']> | undefined;
  for (let i = 0, len = line.length - 1; i <= len; i++) {
    let timeToRender = i === len || p.charSpacing !== 0 || onPath;
    chars += line[i];
    const box = layout.charBounds[lineIndex][i];
    if (boxWidth === 0) {
      left += sign * (box.kernedWidth - box.width);
      boxWidth += box.width;
    } else {
      boxWidth += box.kernedWidth;
    }
    if (isJustify && !timeToRender && RE_SPACE_AND_TAB.test(line[i])) timeToRender = true;
    if (!timeToRender) {
      actualStyle = actualStyle ?? layout.completeStyle(lineIndex, i);
      nextStyle = layout.completeStyle(lineIndex, i + 1);
      timeToRender = hasStyleChanged(actualStyle, nextStyle);
    }
    if (timeToRender) {
      if (onPath) {
        ctx.save();
        toGraphemeOnPath(ctx, box);
        renderChar(ctx, layout, method, lineIndex, i, chars, -boxWidth / 2, 0, opts, boxWidth);
        ctx.restore();
      } else renderChar(ctx, layout, method, lineIndex, i, chars, left, top, opts, boxWidth);
      chars = '';
      actualStyle = nextStyle;
      left += sign * boxWidth;
      boxWidth = 0;
    }
  }
  ctx.restore();
}

function renderChar(
  ctx: SKRSContext2D,
  layout: TextLayout,
  method: 'fillText' | 'strokeText',
  lineIndex: number,
  charIndex: number,
  text: string,
  left: number,
  top: number,
  opts: DrawOptions,
  width?: number,
): void {
  const decl = layout.styleDeclaration(lineIndex, charIndex);
  const full = layout.completeStyle(lineIndex, charIndex);
  const shouldFill = method === 'fillText' && full.fill;
  const shouldStroke = method === 'strokeText' && full.stroke && full.strokeWidth;
  if (!shouldFill && !shouldStroke) return;
  ctx.save();
  ctx.font = layout.fontDeclaration(full, false, text);
  if (decl.textBackgroundColor) clearShadow(ctx);
  if (decl.deltaY) top += decl.deltaY;
  if (shouldFill) {
    fillTextLikeChromium({ ctx, text, x: left, y: top, width, paint: full.fill, applyPaint: (target) => setPaint(target, layout, 'fillStyle', full.fill, opts.images) });
  }
  if (shouldStroke) {
    ctx.lineWidth = full.strokeWidth ?? 1;
    ctx.lineCap = opts.strokeLineCap as SKRSContext2D['lineCap'];
    ctx.lineDashOffset = opts.strokeDashOffset;
    ctx.lineJoin = opts.strokeLineJoin as SKRSContext2D['lineJoin'];
    ctx.miterLimit = opts.strokeMiterLimit;
    const o = setPaint(ctx, layout, 'strokeStyle', full.stroke, opts.images);
    strokeTextOnPage(ctx, text, left - o.x, top - o.y);
  }
  ctx.restore();
}

function renderBackgrounds(ctx: SKRSContext2D, layout: TextLayout): void {
  const p = layout.p;
  if (!p.textBackgroundColor && !layout.styleHas('textBackgroundColor')) return;
  const original = ctx.fillStyle;
  const leftOffset = layout.leftOffset();
  let lineTop = layout.topOffset();
  for (let i = 0; i < layout.lines.length; i++) {
    const heightOfLine = layout.heightOfLine(i);
    if (!p.textBackgroundColor && !layout.styleHas('textBackgroundColor', i)) {
      lineTop += heightOfLine;
      continue;
    }
    const jlen = layout.lines[i].length;
    const lineLeft = layout.lineLeftOffset(i);
    let boxWidth = 0;
    let boxStart = 0;
    let current: string | undefined;
    let last = layout.valueAt(i, 0, 'textBackgroundColor') as string;
    const bgHeight = layout.heightOfLineImpl(i);
    for (let j = 0; j < jlen; j++) {
      const box = layout.charBounds[i][j];
      current = layout.valueAt(i, j, 'textBackgroundColor') as string;
      if (p.path) {
        ctx.save();
        toGraphemeOnPath(ctx, box);
        ctx.fillStyle = current;
        if (current) ctx.fillRect(-box.width / 2, -bgHeight * (1 - FONT_SIZE_FRACTION), box.width, bgHeight);
        ctx.restore();
      } else if (current !== last) {
        let start = leftOffset + lineLeft + boxStart;
        if (p.direction === 'rtl') start = layout.width - start - boxWidth;
        ctx.fillStyle = last;
        if (last) ctx.fillRect(start, lineTop, boxWidth, bgHeight);
        boxStart = box.left;
        boxWidth = box.width;
        last = current;
      } else {
        boxWidth += box.kernedWidth;
      }
    }
    if (current && !p.path) {
      let start = leftOffset + lineLeft + boxStart;
      if (p.direction === 'rtl') start = layout.width - start - boxWidth;
      ctx.fillStyle = current;
      ctx.fillRect(start, lineTop, boxWidth, bgHeight);
    }
    lineTop += heightOfLine;
  }
  ctx.fillStyle = original;
  clearShadow(ctx);
}

function renderDecoration(ctx: SKRSContext2D, layout: TextLayout, type: 'underline' | 'overline' | 'linethrough'): void {
  const p = layout.p;
  if (!p[type] && !layout.styleHas(type)) return;
  let topOffset = layout.topOffset();
  const leftOffset = layout.leftOffset();
  const charSpacing = layout.charSpacingWidth();
  const aligner = type === 'linethrough' ? 0.5 : type === 'overline' ? 1 : 0;
  const offsetY = DECORATION_OFFSETS[type];
  for (let i = 0; i < layout.lines.length; i++) {
    const heightOfLine = layout.heightOfLine(i);
    if (!p[type] && !layout.styleHas(type, i)) {
      topOffset += heightOfLine;
      continue;
    }
    const line = layout.lines[i];
    const maxHeight = heightOfLine / p.lineHeight;
    const lineLeft = layout.lineLeftOffset(i);
    let boxStart = 0;
    let boxWidth = 0;
    let lastDeco = layout.valueAt(i, 0, type);
    let lastFill = layout.valueAt(i, 0, 'fill');
    let lastColor = layout.valueAt(i, 0, 'textDecorationColor') || lastFill;
    let lastThick = layout.valueAt(i, 0, 'textDecorationThickness') as number;
    let curDeco = lastDeco;
    let curColor = lastColor;
    let curThick = lastThick;
    const top = topOffset + maxHeight * (1 - FONT_SIZE_FRACTION);
    let size = layout.valueAt(i, 0, 'fontSize') as number;
    let dy = layout.valueAt(i, 0, 'deltaY') as number;
    for (let j = 0; j < line.length; j++) {
      const box = layout.charBounds[i][j];
      curDeco = layout.valueAt(i, j, type);
      const curFill = layout.valueAt(i, j, 'fill');
      curColor = layout.valueAt(i, j, 'textDecorationColor') || curFill;
      curThick = layout.valueAt(i, j, 'textDecorationThickness') as number;
      const curSize = layout.valueAt(i, j, 'fontSize') as number;
      const curDy = layout.valueAt(i, j, 'deltaY') as number;
      if (p.path && curDeco && curFill) {
        // Fabric 7 paints each grapheme's piece in its own decoration colour, 5 and 6 in the line's first fill.
        const thick = (p.fontSize * curThick) / 1000;
        ctx.save();
        ctx.fillStyle = (p.major >= 7 ? curColor : lastFill) as string;
        toGraphemeOnPath(ctx, box);
        // Fabric 5 had the lift built into its offsets (linethrough -0.315, overline -0.88: the same lines at 1/15 thickness).
        const lift = p.major >= 6 ? aligner * thick : (aligner * curSize) / 15;
        ctx.fillRect(-box.kernedWidth / 2, offsetY * curSize + curDy - lift, box.kernedWidth, thick);
        ctx.restore();
      } else if ((curDeco !== lastDeco || curFill !== lastFill || curColor !== lastColor || curSize !== size || curThick !== lastThick || curDy !== dy) && boxWidth > 0) {
        const thick = (p.fontSize * lastThick) / 1000;
        let start = leftOffset + lineLeft + boxStart;
        if (p.direction === 'rtl') start = layout.width - start - boxWidth;
        if (lastDeco && lastColor && lastThick) {
          ctx.fillStyle = lastColor as string;
          ctx.fillRect(start, top + offsetY * size + dy - aligner * thick, boxWidth, thick);
        }
        boxStart = box.left;
        boxWidth = box.width;
        lastDeco = curDeco;
        lastColor = curColor;
        lastThick = curThick;
        lastFill = curFill;
        size = curSize;
        dy = curDy;
      } else {
        boxWidth += box.kernedWidth;
      }
    }
    let start = leftOffset + lineLeft + boxStart;
    if (p.direction === 'rtl') start = layout.width - start - boxWidth;
    const thick = (p.fontSize * curThick) / 1000;
    if (curDeco && curColor && curThick) {
      ctx.fillStyle = curColor as string;
      ctx.fillRect(start, top + offsetY * size + dy - aligner * thick, boxWidth - charSpacing, thick);
    }
    topOffset += heightOfLine;
  }
  clearShadow(ctx);
}
