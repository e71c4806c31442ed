/**
 * A static cost estimate for one render, computed from the document and the
 * output `scale` before any money moves or any pixel is painted. It is pure
 * and linear in the number of objects (plus path points), so the browser
 * editor can run it as the author edits.
 *
 * Each dimension is tied to a measured cost on Skia (docs/decisions/0013):
 * a Gaussian shadow costs up to ~100 ns per blurred pixel whatever the
 * object, plain painting 1.5–6 ns per pixel per object (cache draw + blit),
 * each object ~0.17 ms of fixed overhead, each dash segment ~1.8 µs.
 * The estimate is conservative: an object's box ignores its position (an
 * off-canvas object counts as if it were on the canvas) and rotated groups
 * count their children's diagonals, but every box is clipped to the output
 * size, because Skia never rasterises outside the canvas.
 */
import type { FabricObject, TemplateDocument } from './template.js';

export interface RenderBudgetLimits {
  /** Output width × height after `scale`, in megapixels. Also bounds Skia's native memory, which V8's heap limit does not see. */
  maxMegapixels: number;
  /** Σ over shadowed objects of their blurred box, clipped to the output, in megapixels. */
  maxBlurMegapixels: number;
  /** Largest shadow blur, in output pixels, as a fraction of the output's longer side. */
  maxBlurRatio: number;
  /** Σ over objects (group children and clip paths included) of their box clipped to the output, in megapixels. */
  maxPaintMegapixels: number;
  /** Objects, counting group children and clip paths. */
  maxObjects: number;
  /** Dash segments Skia has to emit over every dashed stroke. */
  maxDashSegments: number;
  /** Pairs of segments of one path that share output rows, a stroke's counted ten times (see `pathComplexity`). */
  maxPathComplexity: number;
  /**
   * Σ over drawn objects of the cache canvas Fabric would give each (its box clipped to the output, at most
   * Fabric's 2,097,152-pixel cache limit), in MB of RGBA. A paint keeps every cache canvas it drew until its
   * pixels are read (the output is a recording that replays them then), so this bounds one render's native
   * memory, which V8's heap limit does not see.
   */
  maxCacheMegabytes: number;
}

export const DEFAULT_RENDER_BUDGET: Readonly<RenderBudgetLimits> = Object.freeze({
  maxMegapixels: 40,
  maxBlurMegapixels: 40,
  maxBlurRatio: 0.5,
  maxPaintMegapixels: 500,
  maxObjects: 5000,
  maxDashSegments: 1_000_000,
  maxPathComplexity: 1_000_000_000,
  maxCacheMegabytes: 512,
});

/** The smallest output scale the API accepts; a template over budget even there can never render. */
export const MIN_RENDER_SCALE = 0.1;

export type BudgetDimension = 'pixels' | 'blurArea' | 'blurRadius' | 'paintArea' | 'objects' | 'dashSegments' | 'pathComplexity' | 'cacheMemory';

export interface BudgetUsage {
  megapixels: number;
  blurMegapixels: number;
  /** Largest blur in output pixels divided by the output's longer side. */
  blurRatio: number;
  paintMegapixels: number;
  objects: number;
  dashSegments: number;
  pathComplexity: number;
  cacheMegabytes: number;
}

export interface BudgetExcess {
  dimension: BudgetDimension;
  actual: number;
  limit: number;
  /** The object that contributes most to this dimension, as `name` or its path (`objects[3].objects[0]`). */
  element?: string;
  /** JSON path of that object inside the template, for error lists. */
  path?: string;
  message: string;
}

export interface BudgetReport {
  ok: boolean;
  usage: BudgetUsage;
  excess: BudgetExcess[];
}

interface Top {
  value: number;
  label: string;
  path: string;
}

interface Walk {
  outW: number;
  outH: number;
  zoom: number;
  paint: number;
  blur: number;
  objects: number;
  dashes: number;
  pathPairs: number;
  /** Cache canvas bytes (see maxCacheMegabytes). */
  cache: number;
  blurRatio: number;
  top: Record<'paint' | 'blur' | 'blurRadius' | 'dash' | 'path' | 'cache', Top | undefined>;
}

const num = (v: unknown, d: number): number => (typeof v === 'number' && Number.isFinite(v) ? v : d);

function note(w: Walk, key: keyof Walk['top'], value: number, label: string, path: string): void {
  const t = w.top[key];
  if (!t || value > t.value) w.top[key] = { value, label, path };
}

/** Untransformed width and height of an object the way Fabric sizes it (text: an upper bound of its glyphs' box); null when unknown. */
function ownSize(o: FabricObject): { w: number; h: number } | null {
  const type = String(o.type ?? '').toLowerCase();
  const w = num(o.width, NaN);
  const h = num(o.height, NaN);
  if (type === 'circle' && !(w > 0)) return { w: 2 * num(o.radius, 0), h: 2 * num(o.radius, 0) };
  if (type === 'ellipse' && !(w > 0)) return { w: 2 * num(o.rx, 0), h: 2 * num(o.ry, 0) };
  if (type === 'line' && !(w > 0)) return { w: Math.abs(num(o.x2, 0) - num(o.x1, 0)), h: Math.abs(num(o.y2, 0) - num(o.y1, 0)) };
  if ((type === 'polyline' || type === 'polygon') && Array.isArray(o.points) && !(w > 0 && h > 0)) {
    let x0 = Infinity,
      y0 = Infinity,
      x1 = -Infinity,
      y1 = -Infinity;
    for (const p of o.points as Array<{ x?: unknown; y?: unknown }>) {
      const x = num(p?.x, 0),
        y = num(p?.y, 0);
      x0 = Math.min(x0, x);
      y0 = Math.min(y0, y);
      x1 = Math.max(x1, x);
      y1 = Math.max(y1, y);
    }
    return x1 >= x0 ? { w: x1 - x0, h: y1 - y0 } : { w: 0, h: 0 };
  }
  if (TEXT_TYPES.has(type)) return textExtent(o, w, h);
  if (Number.isFinite(w) && Number.isFinite(h)) return { w: Math.max(0, w), h: Math.max(0, h) };
  // Images without a stored size: only decoding knows it.
  return null;
}

const TEXT_TYPES = new Set(['text', 'i-text', 'itext', 'textbox']);

/**
 * Fabric's default `fontSize` and `lineHeight`. A glyph's advance is at most
 * GLYPH_EMS × its font size: the widest glyphs of the bundled fonts (CJK, emoji,
 * Arabic ligatures) stay under 1.5 em.
 */
const DEFAULT_FONT_SIZE = 40;
const DEFAULT_LINE_HEIGHT = 1.16;
const GLYPH_EMS = 2;

/** The largest font size a text draws with: its own, or a per-character style's. */
function largestFontSize(o: FabricObject): number {
  let size = Math.max(0, num(o.fontSize, DEFAULT_FONT_SIZE));
  const visitStyle = (style: unknown) => {
    if (style && typeof style === 'object') size = Math.max(size, num((style as Record<string, unknown>).fontSize, 0));
  };
  const { styles } = o;
  if (Array.isArray(styles)) {
    // Fabric 6+: [{ start, end, style }].
    for (const run of styles) visitStyle((run as Record<string, unknown> | null)?.style);
  } else if (styles && typeof styles === 'object') {
    // Fabric 5: { line: { char: style } }.
    for (const line of Object.values(styles)) if (line && typeof line === 'object') for (const style of Object.values(line)) visitStyle(style);
  }
  return size;
}

/**
 * An upper bound of the box a text's glyphs cover, whatever `width` and `height` it stores: a stored
 * box is the author's (or a caller's) claim, and Fabric draws every glyph at its font size however small
 * the box. A line is at most its code points × GLYPH_EMS em (plus positive `charSpacing`) wide; a
 * textbox wraps at its width but a word wider than the box overflows, and it has at most one line per
 * code point. `textFit: 'shrink'` only makes text smaller, and text on a path is bounded by the output.
 */
function textExtent(o: FabricObject, storedW: number, storedH: number): { w: number; h: number } | null {
  if (o.path && typeof o.path === 'object') return null;
  const text = typeof o.text === 'string' ? o.text : String(o.text ?? '');
  const em = largestFontSize(o) * (GLYPH_EMS + Math.max(0, num(o.charSpacing, 0)) / 1000);
  const lineStep = largestFontSize(o) * Math.max(1, num(o.lineHeight, DEFAULT_LINE_HEIGHT));
  const lines = text.split(/\r\n|\r|\n/);
  let longestLine = 0;
  let longestWord = 0;
  let codePoints = 0;
  for (const line of lines) {
    let n = 0;
    let word = 0;
    for (const ch of line) {
      n++;
      word = /\s/.test(ch) ? 0 : word + 1;
      if (word > longestWord) longestWord = word;
    }
    if (n > longestLine) longestLine = n;
    codePoints += n;
  }
  const box = Number.isFinite(storedW) && storedW > 0 ? storedW : 0;
  if (String(o.type).toLowerCase() !== 'textbox') {
    return { w: Math.max(box, longestLine * em), h: Math.max(num(storedH, 0), lines.length * lineStep) };
  }
  const width = Math.max(box, (o.splitByGrapheme === true ? 1 : longestWord) * em);
  const wrapped = Math.min(codePoints, Math.ceil((codePoints * em) / Math.max(width, 1))) + lines.length;
  return { w: width, h: Math.max(num(storedH, 0), wrapped * lineStep) };
}

const dist = (ax: number, ay: number, bx: number, by: number): number => Math.hypot(bx - ax, by - ay);

/**
 * An upper bound of the stroke's length in object units: the control polygon
 * of a curve is never shorter than the curve, and an arc is at most half the
 * circumference of its larger radius plus its chord.
 */
function strokeLength(o: FabricObject, size: { w: number; h: number } | null): number {
  const type = String(o.type ?? '').toLowerCase();
  if (type === 'line') return size ? Math.hypot(size.w, size.h) : 0;
  if ((type === 'polyline' || type === 'polygon') && Array.isArray(o.points)) {
    const pts = o.points as Array<{ x?: unknown; y?: unknown }>;
    let len = 0;
    for (let i = 1; i < pts.length; i++) len += dist(num(pts[i - 1]?.x, 0), num(pts[i - 1]?.y, 0), num(pts[i]?.x, 0), num(pts[i]?.y, 0));
    if (type === 'polygon' && pts.length > 1) len += dist(num(pts[0]?.x, 0), num(pts[0]?.y, 0), num(pts[pts.length - 1]?.x, 0), num(pts[pts.length - 1]?.y, 0));
    return len;
  }
  if (type === 'path' && Array.isArray(o.path)) return pathLength(o.path as unknown[]);
  if (type === 'path' && typeof o.path === 'string') {
    // A string path: bound each coordinate pair's jump by the path's own box diagonal.
    const pairs = (o.path.match(/[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/g)?.length ?? 0) / 2;
    return pairs * (size ? Math.hypot(size.w, size.h) : 0);
  }
  if (type === 'text' || type === 'i-text' || type === 'itext' || type === 'textbox') {
    // Glyph outlines: a glyph's outline is at most about 4 em long.
    const chars = typeof o.text === 'string' ? o.text.length : 0;
    return chars * 4 * num(o.fontSize, 40);
  }
  return size ? 2 * (size.w + size.h) : 0;
}

/** A path command's `i`th argument (1-based, after the letter), 0 when missing or not a number. */
const arg = (c: unknown[], i: number): number => num(c[i], 0);

/**
 * Calls `segment` with each drawn segment of a Fabric path command list, in
 * object units: the x and y of its start, control and end points (a curve
 * lies inside their hull) in the first `n` entries of `xs` and `ys`, and for
 * an arc its larger radius, since an arc may bulge past its end points by up
 * to that much. The two arrays are reused from one segment to the next: the
 * estimate runs before every render, and paths may hold 100,000 segments.
 */
function eachSegment(path: unknown[], segment: (xs: Float64Array, ys: Float64Array, n: number, arcRadius: number) => void): void {
  const xs = new Float64Array(4);
  const ys = new Float64Array(4);
  let x = 0,
    y = 0,
    sx = 0,
    sy = 0;
  for (const c of path) {
    if (!Array.isArray(c) || typeof c[0] !== 'string') continue;
    const cmd = c[0];
    const upper = cmd.toUpperCase();
    const ox = cmd !== upper ? x : 0,
      oy = cmd !== upper ? y : 0;
    xs[0] = x;
    ys[0] = y;
    let n = 2;
    let arc = 0;
    switch (upper) {
      case 'M':
        x = sx = ox + arg(c, 1);
        y = sy = oy + arg(c, 2);
        continue;
      case 'L':
      case 'T':
        xs[1] = ox + arg(c, 1);
        ys[1] = oy + arg(c, 2);
        break;
      case 'H':
        xs[1] = ox + arg(c, 1);
        ys[1] = y;
        break;
      case 'V':
        xs[1] = x;
        ys[1] = oy + arg(c, 1);
        break;
      case 'Q':
      case 'S':
        for (let i = 1; i <= 2; i++) [xs[i], ys[i]] = [ox + arg(c, 2 * i - 1), oy + arg(c, 2 * i)];
        n = 3;
        break;
      case 'C':
        for (let i = 1; i <= 3; i++) [xs[i], ys[i]] = [ox + arg(c, 2 * i - 1), oy + arg(c, 2 * i)];
        n = 4;
        break;
      case 'A':
        xs[1] = ox + arg(c, 6);
        ys[1] = oy + arg(c, 7);
        arc = Math.max(Math.abs(arg(c, 1)), Math.abs(arg(c, 2)));
        break;
      case 'Z':
        xs[1] = sx;
        ys[1] = sy;
        break;
      default:
        continue;
    }
    segment(xs, ys, n, arc);
    x = xs[n - 1];
    y = ys[n - 1];
  }
}

/** Each segment's control polygon (never shorter than the curve), an arc's as half the circumference of its larger radius plus its chord. */
function pathLength(path: unknown[]): number {
  let len = 0;
  eachSegment(path, (xs, ys, n, arcRadius) => {
    len += Math.PI * arcRadius;
    for (let i = 1; i < n; i++) len += dist(xs[i - 1], ys[i - 1], xs[i], ys[i]);
  });
  return len;
}

/**
 * Calls `span` with the x and y extent, in object units, of each segment of a path or
 * polyline/polygon; false for other objects.
 */
function eachSegmentSpan(o: FabricObject, type: string, span: (w: number, h: number) => void): boolean {
  if (type === 'path' && Array.isArray(o.path)) {
    eachSegment(o.path as unknown[], (xs, ys, n, arcRadius) => {
      let x0 = xs[0],
        x1 = xs[0],
        y0 = ys[0],
        y1 = ys[0];
      for (let i = 1; i < n; i++) {
        x0 = Math.min(x0, xs[i]);
        x1 = Math.max(x1, xs[i]);
        y0 = Math.min(y0, ys[i]);
        y1 = Math.max(y1, ys[i]);
      }
      span(x1 - x0 + 2 * arcRadius, y1 - y0 + 2 * arcRadius);
    });
    return true;
  }
  if ((type === 'polyline' || type === 'polygon') && Array.isArray(o.points)) {
    const pts = o.points as Array<{ x?: unknown; y?: unknown }>;
    const between = (a: { x?: unknown; y?: unknown } | undefined, b: { x?: unknown; y?: unknown } | undefined): void =>
      span(Math.abs(num(b?.x, 0) - num(a?.x, 0)), Math.abs(num(b?.y, 0) - num(a?.y, 0)));
    for (let i = 1; i < pts.length; i++) between(pts[i - 1], pts[i]);
    if (type === 'polygon' && pts.length > 2) between(pts[pts.length - 1], pts[0]);
    return true;
  }
  if (type === 'path' && typeof o.path === 'string') {
    // A string path: every coordinate pair may start a segment as tall as the path's own box.
    const pairs = Math.floor((o.path.match(/[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/g)?.length ?? 0) / 2);
    const w = num(o.width, 0),
      h = num(o.height, 0);
    for (let i = 0; i < pairs; i++) span(w, h);
    return true;
  }
  return false;
}

/**
 * What filling and stroking one path costs Skia beyond its painted area. Each
 * path is scan-converted on its own, and the time grows with the pairs of its
 * segments that share output rows: N segments over rows where A of them are
 * active on average give N·A pairs. A stroke widens every segment by its
 * width, and Skia's stroker turns each curve into many pieces, more the wider
 * the stroke is against the curve's bends; so a stroke counts ten times and a
 * filled, stroked path eleven. Measured (docs/decisions/0059): 30,000 crossing
 * cubics stroked 8–100 px wide are 4.5·10⁹ and ran 36–55 s, in native code
 * that terminating the worker cannot stop; every corpus template is under
 * 1,000, and a 50,000-point coastline stroked 2 px is 9·10⁷ (0.5 s).
 * `segmentRows` is the sum over segments of the output rows each reaches.
 */
function pathComplexity(segments: number, segmentRows: number, pathRows: number, outH: number, filled: boolean, stroked: boolean): number {
  const weight = (filled ? 1 : 0) + (stroked ? 10 : 0);
  if (weight === 0 || segments === 0) return 0;
  const active = Math.min(segments, segmentRows / Math.max(1, Math.min(outH, pathRows)));
  return segments * active * weight;
}

const paints = (v: unknown): boolean => v !== null && v !== undefined && v !== '' && v !== 'transparent';

function dashSegments(o: FabricObject, size: { w: number; h: number } | null): number {
  const dash = o.strokeDashArray;
  if (!Array.isArray(dash) || dash.length === 0) return 0;
  if (o.stroke === null || o.stroke === undefined || o.stroke === '' || o.stroke === 'transparent') return 0;
  if (num(o.strokeWidth, 1) === 0) return 0;
  const period = dash.reduce((s: number, v) => s + Math.max(0, num(v, 0)), 0);
  // An all-zero pattern makes Skia skip dashing altogether.
  if (!(period > 0)) return 0;
  return Math.ceil(strokeLength(o, size) / period) * dash.length;
}

/**
 * A stroke whose gradient or pattern has its own transform is painted by Fabric
 * (_applyPatternForTransformedGradient) into a canvas the size of the object's
 * cache first, then stroked with that canvas as a pattern: measured at ~50 ns
 * per pixel of the box, about 8 times an ordinary painted box (6 ns/px).
 * A plain pattern fill or stroke samples its tile at 4–6 ns/px, inside what
 * one box already stands for.
 */
const TRANSFORMED_STROKE_BOXES = 8;

function hasTransformedStrokeFiller(o: FabricObject, strokeWidth: number): boolean {
  const s = o.stroke;
  if (strokeWidth === 0 || typeof s !== 'object' || s === null || Array.isArray(s)) return false;
  const f = s as Record<string, unknown>;
  return (f.type === 'pattern' && Array.isArray(f.patternTransform)) || (f.type !== 'pattern' && (f.gradientUnits === 'percentage' || Array.isArray(f.gradientTransform)));
}

/**
 * `k` is the product of the ancestors' largest scales and the output zoom:
 * one object unit is at most `k` output pixels. `rotated` is set once an
 * ancestor turns or skews, after which a child's box is its diagonal square.
 */
function visit(w: Walk, o: FabricObject, path: string, k: number, rotated: boolean, depth: number): void {
  if (!o || typeof o !== 'object' || depth > 64) return;
  w.objects++;
  const label = typeof o.name === 'string' && o.name ? o.name : path;
  const type = String(o.type ?? '').toLowerCase();
  const size = ownSize(o);
  const sw = Math.max(0, num(o.strokeWidth, 1));
  const sx = Math.abs(num(o.scaleX, 1));
  const sy = Math.abs(num(o.scaleY, 1));
  const angle = num(o.angle, 0);
  const skewX = num(o.skewX, 0),
    skewY = num(o.skewY, 0);
  const turned = angle % 90 !== 0 || skewX !== 0 || skewY !== 0;

  let bw: number, bh: number;
  if (!size) {
    bw = w.outW;
    bh = w.outH;
  } else {
    const uniform = o.strokeUniform === true;
    let a = (size.w + (uniform ? 0 : sw)) * sx + (uniform ? sw : 0);
    let b = (size.h + (uniform ? 0 : sw)) * sy + (uniform ? sw : 0);
    // Skews near ±90° make tan() explode; the clip to the output below bounds them.
    if (skewX) a += b * Math.abs(Math.tan((skewX * Math.PI) / 180));
    if (skewY) b += a * Math.abs(Math.tan((skewY * Math.PI) / 180));
    if (rotated || turned) {
      const d = Math.hypot(a, b);
      a = b = d;
    }
    bw = Math.min(w.outW, a * k);
    bh = Math.min(w.outH, b * k);
  }
  const visible = o.visible !== false;
  if (visible) {
    const area = bw * bh * (hasTransformedStrokeFiller(o, sw) ? 1 + TRANSFORMED_STROKE_BOXES : 1);
    w.paint += area;
    note(w, 'paint', area, label, path);
    // Fabric caches every object but images; counted for each object, group children included (an upper bound).
    if (type !== 'image') {
      const cacheBytes = Math.min(bw * bh, FABRIC_CACHE_PIXELS) * 4;
      w.cache += cacheBytes;
      note(w, 'cache', cacheBytes, label, path);
    }
    const s = o.shadow;
    if (s && typeof s === 'object') {
      const sh = s as Record<string, unknown>;
      const blur = Math.max(0, num(sh.blur, 0));
      const offX = Math.abs(num(sh.offsetX, 0)),
        offY = Math.abs(num(sh.offsetY, 0));
      if (blur > 0 || offX > 0 || offY > 0) {
        // Fabric's _setShadow: blur × zoom × the object's mean total scale, unless nonScaling.
        const scaling = sh.nonScaling === true ? w.zoom : (k * (sx + sy)) / 2;
        const px = blur * scaling;
        // Skia's blur layer reaches 3σ past the shape, σ = shadowBlur / 2.
        const pad = 1.5 * px;
        const area2 = Math.min(w.outW, bw + 2 * pad + offX * scaling) * Math.min(w.outH, bh + 2 * pad + offY * scaling);
        if (blur > 0) {
          w.blur += area2;
          note(w, 'blur', area2, label, path);
          const ratio = px / Math.max(w.outW, w.outH);
          if (ratio > w.blurRatio) w.blurRatio = ratio;
          note(w, 'blurRadius', ratio, label, path);
        } else {
          w.paint += area2;
        }
      }
    }
    const dashes = dashSegments(o, size);
    if (dashes > 0) {
      w.dashes += dashes;
      note(w, 'dash', dashes, label, path);
    }
    // Each segment's output rows, widened by the stroke and at most the output's height. Once anything
    // turns, a segment's rows are bounded by its larger span.
    const turning = rotated || turned;
    const scaleRows = k * (turning ? Math.max(sx, sy) : sy);
    const strokeRows = sw * k * Math.max(sx, sy);
    let segments = 0;
    let segmentRows = 0;
    const isPath = eachSegmentSpan(o, type, (spanW, spanH) => {
      segments++;
      segmentRows += Math.min(w.outH, (turning ? Math.max(spanW, spanH) : spanH) * scaleRows + strokeRows);
    });
    if (isPath) {
      // Fabric's default fill is black, for lines and polylines too.
      const fill = o.fill === undefined || paints(o.fill);
      const pairs = pathComplexity(segments, segmentRows, bh, w.outH, fill, paints(o.stroke) && sw > 0);
      if (pairs > 0) {
        w.pathPairs += pairs;
        note(w, 'path', pairs, label, path);
      }
    }
  }
  // Children and clip paths live in this object's plane.
  const childK = k * Math.max(sx, sy);
  if (type === 'group' && Array.isArray(o.objects)) {
    (o.objects as FabricObject[]).forEach((c, i) => visit(w, c, `${path}.objects[${i}]`, childK, rotated || turned, depth + 1));
  }
  // A text's path is drawn (when visible) in the text's plane, with its own fill, stroke and dashes.
  if (o.path && typeof o.path === 'object' && !Array.isArray(o.path) && type !== 'path') {
    visit(w, o.path as FabricObject, `${path}.path`, childK, rotated || turned, depth + 1);
  }
  if (o.clipPath && typeof o.clipPath === 'object') {
    const cp = o.clipPath as FabricObject;
    const absolute = cp.absolutePositioned === true;
    visit(w, cp, `${path}.clipPath`, absolute ? w.zoom : childK, absolute ? false : rotated || turned, depth + 1);
  }
}

const MP = 1e6;
const MB = 1024 * 1024;
/** Fabric's perfLimitSizeTotal: a cache canvas larger than this is drawn at a lower zoom. */
const FABRIC_CACHE_PIXELS = 2_097_152;

/** A figure for a message: grouped digits, or powers of ten past a trillion (a 1e-300 dash makes 4·10³⁰² segments). */
function fmt(n: number): string {
  if (n >= 1e12) {
    const [mantissa, exponent] = n.toExponential(2).split('e+');
    return `${mantissa}×10^${exponent}`;
  }
  if (n >= 100) return Math.round(n).toLocaleString('en-US');
  return String(Math.round(n * 100) / 100);
}

/**
 * The estimate for rendering `doc` at `scale`, and every dimension over its
 * limit, each naming the object that contributes most and by how much the
 * total is over.
 */
export function estimateRenderBudget(doc: TemplateDocument, scale = 1, limits: Readonly<RenderBudgetLimits> = DEFAULT_RENDER_BUDGET): BudgetReport {
  const outW = Math.max(1, Math.round(num(doc.width, 1) * scale));
  const outH = Math.max(1, Math.round(num(doc.height, 1) * scale));
  const w: Walk = {
    outW,
    outH,
    zoom: scale,
    paint: 0,
    blur: 0,
    objects: 0,
    dashes: 0,
    pathPairs: 0,
    cache: 0,
    blurRatio: 0,
    top: { paint: undefined, blur: undefined, blurRadius: undefined, dash: undefined, path: undefined, cache: undefined },
  };
  const objects = Array.isArray(doc.objects) ? doc.objects : [];
  objects.forEach((o, i) => visit(w, o, `objects[${i}]`, scale, false, 0));
  // The canvas's own images and clip path are drawn like any object.
  for (const key of ['backgroundImage', 'overlayImage', 'clipPath']) {
    const o = (doc as Record<string, unknown>)[key];
    if (typeof o === 'object' && o !== null && !Array.isArray(o)) visit(w, o as FabricObject, key, scale, false, 0);
  }
  const usage: BudgetUsage = {
    megapixels: (outW * outH) / MP,
    blurMegapixels: w.blur / MP,
    blurRatio: w.blurRatio,
    paintMegapixels: w.paint / MP,
    objects: w.objects,
    dashSegments: w.dashes,
    pathComplexity: w.pathPairs,
    cacheMegabytes: w.cache / MB,
  };
  const excess: BudgetExcess[] = [];
  const over = (dimension: BudgetDimension, actual: number, limit: number, what: string, unit: string, top?: Top): void => {
    if (!(actual > limit)) return;
    const by = `${fmt(actual)}${unit}, over the limit of ${fmt(limit)}${unit} by ${fmt(actual - limit)}${unit}`;
    const where = top ? `; the largest share is element "${top.label}"` : '';
    excess.push({ dimension, actual, limit, ...(top ? { element: top.label, path: top.path } : {}), message: `${what} is ${by}${where}` });
  };
  over('pixels', usage.megapixels, limits.maxMegapixels, `the output (${outW}×${outH} at scale ${scale})`, ' MP');
  over('blurArea', usage.blurMegapixels, limits.maxBlurMegapixels, 'the area under shadow blur', ' MP', w.top.blur);
  over('blurRadius', usage.blurRatio, limits.maxBlurRatio, 'the largest shadow blur relative to the longer output side', '', w.top.blurRadius);
  over('paintArea', usage.paintMegapixels, limits.maxPaintMegapixels, 'the total painted area of all objects', ' MP', w.top.paint);
  over('objects', usage.objects, limits.maxObjects, 'the number of objects (group children and clip paths included)', '');
  over('dashSegments', usage.dashSegments, limits.maxDashSegments, 'the number of dash segments in dashed strokes', '', w.top.dash);
  over(
    'pathComplexity',
    usage.pathComplexity,
    limits.maxPathComplexity,
    'the path complexity (pairs of segments of one path that share rows, a stroke counted ten times)',
    '',
    w.top.path,
  );
  over('cacheMemory', usage.cacheMegabytes, limits.maxCacheMegabytes, "the memory of the objects' cache canvases", ' MB', w.top.cache);
  return { ok: excess.length === 0, usage, excess };
}

/**
 * A rough upper estimate of the render's time on one core, in ms, from the
 * measured worst costs: ~100 ns per blurred pixel, ~6 ns per painted pixel,
 * ~10 ns per output pixel (read back and PNG encode), ~0.17 ms per object,
 * ~1.8 µs per dash segment and ~10 ns per unit of path complexity. The pool uses it only to tell heavy renders
 * from light ones, so an error of 2× either way does no harm.
 */
export function estimateRenderMs(usage: BudgetUsage): number {
  return usage.blurMegapixels * 100 + usage.paintMegapixels * 6 + usage.megapixels * 10 + usage.objects * 0.17 + usage.dashSegments * 0.0018 + usage.pathComplexity * 0.00001;
}

/** One sentence for an error message: every dimension over budget. */
export function describeExcess(excess: readonly BudgetExcess[]): string {
  return excess.map((e) => e.message).join('; ');
}
