/**
 * Stage 1: a validated Fabric document (v5, v6 or v7 JSON) becomes a tree
 * of RenderNodes with every default filled in the way Fabric's constructors
 * fill them when `loadFromJSON` revives the objects.
 */
import { documentMajorVersion } from '../domain/template.js';

export { documentMajorVersion };
import { parseImageFilters } from '../domain/image-filters.js';
import { ownEntry } from '../domain/own-entry.js';
import { createCanvas } from '@napi-rs/canvas';
import type { FabricObject, TemplateDocument } from '../domain/template.js';
import type { Mat } from './matrix.js';
import { boundingBox, pathBounds, simplifyPath, type SimplePathCommand } from './path-geometry.js';
import { RenderError } from './render-error.js';
import type { GradientDef, LineCap, LineJoin, NodeKind, Paint, PatternDef, PatternRepeat, RenderNode, ShadowDef } from './render-node.js';

const TYPE_ALIASES: Record<string, NodeKind> = {
  rect: 'rect',
  circle: 'circle',
  ellipse: 'ellipse',
  triangle: 'triangle',
  line: 'line',
  polyline: 'polyline',
  polygon: 'polygon',
  path: 'path',
  image: 'image',
  group: 'group',
  text: 'text',
  'i-text': 'text',
  itext: 'text',
  textbox: 'text',
};

export function nodeKind(type: string): NodeKind | undefined {
  return ownEntry(TYPE_ALIASES, type.toLowerCase());
}

const ORIGIN_OFFSETS: Record<string, number> = { left: -0.5, top: -0.5, center: 0, right: 0.5, bottom: 0.5 };

/** Fabric's resolveOrigin: keywords map to offsets, numbers are fractions of the size. */
export function resolveOrigin(value: unknown, fallback: number): number {
  if (typeof value === 'number' && Number.isFinite(value)) return value - 0.5;
  return (typeof value === 'string' ? ownEntry(ORIGIN_OFFSETS, value) : undefined) ?? fallback;
}

const radToDeg = (r: number): number => (r * 180) / Math.PI;
const num = (v: unknown, d: number): number => (typeof v === 'number' && Number.isFinite(v) ? v : d);
const bool = (v: unknown, d: boolean): boolean => (typeof v === 'boolean' ? v : d);
const str = <T extends string>(v: unknown, d: T): T => (typeof v === 'string' && v !== '' ? (v as T) : d);

/**
 * Fabric's `_set` stores a negative scaleX or scaleY as a positive one and toggles flipX or flipY.
 * Loading sets the properties in the object's key order, so a `flipX` after a negative `scaleX`
 * overrides that toggle, and one before it is toggled. Fabric never saves a negative scale itself;
 * documents built by hand or by code do.
 */
function scaleAndFlip(obj: FabricObject): { scaleX: number; scaleY: number; flipX: boolean; flipY: boolean } {
  const out = { scaleX: 1, scaleY: 1, flipX: false, flipY: false };
  for (const key of Object.keys(obj)) {
    if (key === 'scaleX' || key === 'scaleY') {
      const value = num(obj[key], 1);
      const flip = key === 'scaleX' ? 'flipX' : 'flipY';
      if (value < 0) out[flip] = !out[flip];
      out[key] = Math.abs(value);
    } else if ((key === 'flipX' || key === 'flipY') && typeof obj[key] === 'boolean') {
      out[key] = obj[key] as boolean;
    }
  }
  return out;
}

function parseGradient(v: Record<string, unknown>, major: number): GradientDef {
  const type = v.type === 'radial' ? 'radial' : 'linear';
  const c = (v.coords ?? {}) as Record<string, unknown>;
  const stops = Array.isArray(v.colorStops) ? (v.colorStops as Array<Record<string, unknown>>) : [];
  const gt = v.gradientTransform;
  return {
    type,
    coords: { x1: num(c.x1, 0), y1: num(c.y1, 0), x2: num(c.x2, 0), y2: num(c.y2, 0), r1: num(c.r1, 0), r2: num(c.r2, 0) },
    colorStops: stops.map((s) => ({
      offset: num(s.offset, 0),
      // Fabric 5's and 6's toLive set a stop's `opacity` as its colour's alpha; 7 ignores it.
      color: major < 7 && typeof s.opacity === 'number' ? withAlpha(String(s.color ?? 'black'), s.opacity) : String(s.color ?? 'black'),
    })),
    gradientUnits: v.gradientUnits === 'percentage' ? 'percentage' : 'pixels',
    gradientTransform: Array.isArray(gt) && gt.length === 6 ? (gt.map(Number) as Mat) : null,
    offsetX: num(v.offsetX, 0),
    offsetY: num(v.offsetY, 0),
  };
}

let colorCtx: ReturnType<ReturnType<typeof createCanvas>['getContext']> | undefined;

/** Fabric 5's and 6's `new Color(c).setAlpha(a)`: keeps the RGB, replaces the alpha. */
function withAlpha(color: string, alpha: number): string {
  colorCtx ??= createCanvas(1, 1).getContext('2d');
  colorCtx.fillStyle = '#000000';
  colorCtx.fillStyle = color;
  const c = String(colorCtx.fillStyle);
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})/i.exec(c);
  if (hex) return `rgba(${parseInt(hex[1], 16)},${parseInt(hex[2], 16)},${parseInt(hex[3], 16)},${alpha})`;
  const rgb = /rgba?\(\s*([\d.]+)\s*,\s*([\d.]+)\s*,\s*([\d.]+)/i.exec(c);
  return rgb ? `rgba(${rgb[1]},${rgb[2]},${rgb[3]},${alpha})` : color;
}

const PATTERN_REPEATS = new Set<PatternRepeat>(['repeat', 'repeat-x', 'repeat-y', 'no-repeat']);

/** Pattern.fromObject: the source becomes an image (found by its URL in the render's image map). */
function parsePattern(v: Record<string, unknown>): PatternDef | null {
  // A pattern whose image did not load makes Fabric's toLive return null: nothing is painted.
  if (typeof v.source !== 'string' || v.source === '') return null;
  const t = v.patternTransform;
  return {
    type: 'pattern',
    source: v.source,
    repeat: PATTERN_REPEATS.has(v.repeat as PatternRepeat) ? (v.repeat as PatternRepeat) : 'repeat',
    offsetX: num(v.offsetX, 0),
    offsetY: num(v.offsetY, 0),
    patternTransform: Array.isArray(t) && t.length === 6 ? (t.map(Number) as Mat) : null,
  };
}

function parsePaint(v: unknown, d: Paint, major: number): Paint {
  if (v === null) return null;
  if (typeof v === 'string') return v;
  if (v && typeof v === 'object' && ((v as Record<string, unknown>).type === 'pattern' || 'source' in v)) return parsePattern(v as Record<string, unknown>);
  if (v && typeof v === 'object' && Array.isArray((v as Record<string, unknown>).colorStops)) {
    return parseGradient(v as Record<string, unknown>, major);
  }
  return v === undefined ? d : null;
}

function parseShadow(v: unknown): ShadowDef | null {
  if (!v || typeof v !== 'object') return null;
  const s = v as Record<string, unknown>;
  return {
    color: typeof s.color === 'string' ? s.color : 'rgb(0,0,0)',
    blur: num(s.blur, 0),
    offsetX: num(s.offsetX, 0),
    offsetY: num(s.offsetY, 0),
    affectStroke: bool(s.affectStroke, false),
    nonScaling: bool(s.nonScaling, false),
  };
}

const PATH_RE = /([MmLlHhVvCcSsQqTtAaZz])([^MmLlHhVvCcSsQqTtAaZz]*)/g;
const NUM_RE = /[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/g;
const ARITY: Record<string, number> = { m: 2, l: 2, h: 1, v: 1, c: 6, s: 4, q: 4, t: 2, a: 7, z: 0 };

/** Minimal SVG path-data parser for documents that store `path` as a string. */
function parsePathString(d: string): unknown[][] {
  const out: unknown[][] = [];
  for (const [, cmd, args] of d.matchAll(PATH_RE)) {
    const nums = (args.match(NUM_RE) ?? []).map(Number);
    const arity = ARITY[cmd.toLowerCase()];
    if (arity === 0) {
      out.push([cmd]);
      continue;
    }
    for (let i = 0, first = true; i + arity <= nums.length; i += arity, first = false) {
      const c = !first && (cmd === 'M' || cmd === 'm') ? (cmd === 'M' ? 'L' : 'l') : cmd;
      out.push([c, ...nums.slice(i, i + arity)]);
    }
  }
  return out;
}

/** Fabric's Path constructor: the simplified commands, their bounding box and the pathOffset (its centre). */
export function pathGeometry(value: unknown): { path: SimplePathCommand[]; width: number; height: number; pathOffset: { x: number; y: number } } {
  const raw = typeof value === 'string' ? parsePathString(value) : Array.isArray(value) ? (value as unknown[][]) : [];
  const path = simplifyPath(raw.filter(Array.isArray)) as SimplePathCommand[];
  const bb = pathBounds(path);
  return { path, width: bb.width, height: bb.height, pathOffset: { x: bb.left + bb.width / 2, y: bb.top + bb.height / 2 } };
}

/** An image's `resizeFilter` (a Resize filter object); its scaleX/scaleY are replaced at draw time, as Fabric does. */
function parseResizeFilter(v: unknown): RenderNode['resizeFilter'] {
  if (!v || typeof v !== 'object') return null;
  const f = v as Record<string, unknown>;
  const type = f.resizeType ?? 'hermite';
  if (type !== 'hermite' && type !== 'bilinear' && type !== 'lanczos') return null;
  return { resizeType: type, lanczosLobes: num(f.lanczosLobes, 3) };
}

export interface NormalizeContext {
  major: number;
}

export function normalizeObject(obj: FabricObject, ctx: NormalizeContext, label: string): RenderNode {
  const kind = nodeKind(String(obj.type ?? ''));
  const name = typeof obj.name === 'string' && obj.name ? obj.name : label;
  if (!kind) throw new RenderError(`unsupported object type "${String(obj.type)}" (${name})`, name);
  const { major } = ctx;
  const src = typeof obj.src === 'string' ? obj.src : '';
  const parsedFilters = kind === 'image' ? parseImageFilters(obj.filters, major) : null;
  // The template check refuses what does not parse; a document that skipped it draws unfiltered.
  const filters = parsedFilters?.ok ? parsedFilters.filters : [];
  // Fabric 7 centres objects by default; 5 and 6 anchored them at their top-left corner.
  const defaultOrigin = major >= 7 ? 0 : -0.5;
  const strokeWidthDefault = kind === 'image' || kind === 'group' ? 0 : 1;
  const dash = Array.isArray(obj.strokeDashArray) ? (obj.strokeDashArray as unknown[]).map(Number) : null;
  const node: RenderNode = {
    kind,
    label: name,
    left: num(obj.left, 0),
    top: num(obj.top, 0),
    width: num(obj.width, kind === 'triangle' ? 100 : 0),
    height: num(obj.height, kind === 'triangle' ? 100 : 0),
    originX: resolveOrigin(obj.originX, defaultOrigin),
    originY: resolveOrigin(obj.originY, defaultOrigin),
    ...scaleAndFlip(obj),
    angle: num(obj.angle, 0),
    skewX: num(obj.skewX, 0),
    skewY: num(obj.skewY, 0),
    opacity: num(obj.opacity, 1),
    visible: bool(obj.visible, true),
    fill: parsePaint(obj.fill, 'rgb(0,0,0)', major),
    stroke: parsePaint(obj.stroke, null, major),
    strokeWidth: num(obj.strokeWidth, strokeWidthDefault),
    strokeDashArray: dash && dash.length > 0 && dash.every(Number.isFinite) ? dash : null,
    strokeDashOffset: num(obj.strokeDashOffset, 0),
    strokeLineCap: str(obj.strokeLineCap, 'butt' as LineCap),
    strokeLineJoin: str(obj.strokeLineJoin, 'miter' as LineJoin),
    strokeMiterLimit: num(obj.strokeMiterLimit, 4),
    strokeUniform: bool(obj.strokeUniform, false),
    paintFirst: obj.paintFirst === 'stroke' ? 'stroke' : 'fill',
    fillRule: obj.fillRule === 'evenodd' ? 'evenodd' : 'nonzero',
    shadow: parseShadow(obj.shadow),
    backgroundColor: typeof obj.backgroundColor === 'string' ? obj.backgroundColor : '',
    globalCompositeOperation: str(obj.globalCompositeOperation, 'source-over'),
    objectCaching: bool(obj.objectCaching, true),
    clipPath: null,
    inverted: bool(obj.inverted, false),
    absolutePositioned: bool(obj.absolutePositioned, false),
    rx: num(obj.rx, 0),
    ry: num(obj.ry, 0),
    radius: num(obj.radius, 0),
    // Fabric 4 stored circle angles in radians; 5 ignores counterClockwise (6 added it).
    startAngle: major < 5 ? radToDeg(num(obj.startAngle, 0)) : num(obj.startAngle, 0),
    endAngle: major < 5 ? radToDeg(num(obj.endAngle, 2 * Math.PI)) : num(obj.endAngle, 360),
    counterClockwise: major >= 6 && bool(obj.counterClockwise, false),
    points: [],
    pathOffset: { x: 0, y: 0 },
    path: [],
    lineFlipX: false,
    lineFlipY: false,
    src,
    filters,
    resizeFilter: kind === 'image' ? parseResizeFilter(obj.resizeFilter) : null,
    imageKey: filters.length ? `${src}\u0000${JSON.stringify(filters)}` : src,
    cropX: num(obj.cropX, 0),
    cropY: num(obj.cropY, 0),
    imageSmoothing: bool(obj.imageSmoothing, true),
    fit: obj.fit === 'cover' || obj.fit === 'contain' || obj.fit === 'fill' ? obj.fit : null,
    hasWidth: num(obj.width, 0) !== 0,
    hasHeight: num(obj.height, 0) !== 0,
    children: [],
    textSource: null,
    textPath: null,
    major,
    fontSize: num(obj.fontSize, 40),
    prepared: undefined,
  };

  switch (kind) {
    case 'rect':
      // Rect's _initRxRy: one corner radius alone rounds both ways.
      if (node.rx && !node.ry) node.ry = node.rx;
      else if (node.ry && !node.rx) node.rx = node.ry;
      break;
    case 'circle':
      node.width = node.height = node.radius * 2;
      break;
    case 'ellipse':
      node.width = node.rx * 2;
      node.height = node.ry * 2;
      break;
    case 'line': {
      const x1 = num(obj.x1, 0),
        y1 = num(obj.y1, 0),
        x2 = num(obj.x2, 0),
        y2 = num(obj.y2, 0);
      node.width = Math.abs(x2 - x1);
      node.height = Math.abs(y2 - y1);
      node.lineFlipX = x1 > x2;
      node.lineFlipY = y1 > y2;
      break;
    }
    case 'polyline':
    case 'polygon': {
      const pts = Array.isArray(obj.points) ? (obj.points as Array<Record<string, unknown>>) : [];
      node.points = pts.map((p) => ({ x: num(p?.x, NaN), y: num(p?.y, NaN) }));
      const bb = boundingBox(node.points);
      node.width = bb.width;
      node.height = bb.height;
      node.pathOffset = { x: bb.left + bb.width / 2, y: bb.top + bb.height / 2 };
      break;
    }
    case 'path':
      Object.assign(node, pathGeometry(obj.path));
      break;
    case 'group': {
      const objects = Array.isArray(obj.objects) ? (obj.objects as FabricObject[]) : [];
      node.children = objects.map((child, i) => normalizeObject(child, ctx, `${label}.objects[${i}]`));
      break;
    }
    case 'text':
      node.textSource = obj;
      // Text on a path: Fabric draws the path itself first, in the text's own space.
      if (obj.path && typeof obj.path === 'object' && !Array.isArray(obj.path)) node.textPath = normalizeObject(obj.path as FabricObject, ctx, `${name}.path`);
      break;
  }
  if (obj.clipPath && typeof obj.clipPath === 'object') {
    node.clipPath = normalizeObject(obj.clipPath as FabricObject, ctx, `${name}.clipPath`);
  }
  return node;
}

export interface NormalizedDocument {
  width: number;
  height: number;
  background: Paint;
  /** The canvas overlay colour (toJSON's `overlay`), painted last over everything. */
  overlay: Paint;
  backgroundImage: RenderNode | null;
  objects: RenderNode[];
  /** The canvas clipPath: cuts background and objects, not the overlay. */
  clipPath: RenderNode | null;
  overlayImage: RenderNode | null;
}

/**
 * `normalize` turns one top-level object into its node; NodeCache passes
 * its cached lookup, everything else Fabric's defaults fresh.
 */
export function normalizeDocument(doc: TemplateDocument, normalize: (obj: FabricObject, ctx: NormalizeContext, label: string) => RenderNode = normalizeObject): NormalizedDocument {
  const ctx: NormalizeContext = { major: documentMajorVersion(doc) };
  const bg = doc.background ?? doc.backgroundColor;
  const canvasObject = (key: 'backgroundImage' | 'overlayImage' | 'clipPath'): RenderNode | null => {
    const value = (doc as Record<string, unknown>)[key];
    return value && typeof value === 'object' ? normalize(value as FabricObject, ctx, key) : null;
  };
  return {
    width: doc.width,
    height: doc.height,
    background: parsePaint(bg, null, ctx.major),
    overlay: parsePaint(doc.overlay ?? doc.overlayColor, null, ctx.major),
    backgroundImage: canvasObject('backgroundImage'),
    objects: (doc.objects ?? []).map((o, i) => normalize(o, ctx, `objects[${i}]`)),
    clipPath: canvasObject('clipPath'),
    overlayImage: canvasObject('overlayImage'),
  };
}
