/**
 * Per-request changes to a template's elements (the generate body's
 * `elements` / `modifications`). Pure: validates, coerces the string values
 * no-code tools send, and returns a changed copy of the document.
 *
 * Renderer contract for images: when an override sets `src`, `width`,
 * `height` or `fit` on an image, the object gets `fit` ('cover' unless the
 * override says otherwise) and crop is reset. An image object carrying `fit`
 * is drawn so the picture fills the element's box — width×scaleX by
 * height×scaleY around the object's origin, rotated/flipped/skewed like the
 * object — `cover` cropping the excess centrally, `contain` letterboxing,
 * `fill` stretching. Without `fit`, Fabric's own crop-box semantics apply.
 */
import { jsonEqual, previewJson } from './canonical-json.js';
import { isColor } from './color.js';
import { elementKind, namedObjects } from './elements.js';
import { canonicalType, primaryFontFamily } from './fabric-types.js';
import { fontWeightIssues } from './font-weights.js';
import { countGraphemes, lineGraphemeCounts } from './graphemes.js';
import { FONT_STYLES, IMAGE_FITS, LIMITS, TEXT_ALIGNS, TEXT_DIRECTIONS, TEXT_FITS, checkText } from './object-properties.js';
import { isLocalImagePath, isRemoteImageUrl } from './template-schema.js';
import { documentMajorVersion, type ElementKind, type FabricObject, type TemplateDocument } from './template.js';

export interface OverrideError {
  /** `element.property`, or the element name alone. */
  path: string;
  message: string;
}

export type ApplyOverridesResult = { ok: true; document: TemplateDocument } | { ok: false; code: 'unknown_element' | 'invalid_property'; message: string; errors: OverrideError[] };

export interface ApplyOverridesOptions {
  /** When given, a `fontFamily` override must name one of these (case-insensitive). */
  fontFamilies?: readonly string[];
  /** Let `src` name a local file (CLI rendering only, never the HTTP API). */
  allowLocalFiles?: boolean;
}

type Coerced = { value: unknown } | { expected: string };
type Coercer = (raw: unknown, opts: ApplyOverridesOptions) => Coerced;

const NUMERIC = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;

/** No-code tools send every value as a string: "24" and " 1.5" are numbers. */
export function toNumber(raw: unknown): number | null {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : null;
  // The length cap keeps the regex's backtracking on a long digit run from costing n².
  if (typeof raw === 'string' && raw.length <= 100 && NUMERIC.test(raw.trim())) return Number(raw.trim());
  return null;
}

const number =
  (min: number, max: number, exclusiveMin = false): Coercer =>
  (raw) => {
    const n = toNumber(raw);
    const ok = n !== null && (exclusiveMin ? n > min : n >= min) && n <= max;
    return ok ? { value: n } : { expected: `a number ${exclusiveMin ? 'greater than' : 'from'} ${min}${exclusiveMin ? ' and at most' : ' to'} ${max}` };
  };

/** true, false, or their strings in any case; null for anything else. */
export function toBoolean(raw: unknown): boolean | null {
  if (typeof raw === 'boolean') return raw;
  const s = typeof raw === 'string' ? raw.trim().toLowerCase() : '';
  return s === 'true' ? true : s === 'false' ? false : null;
}

const boolean: Coercer = (raw) => {
  const value = toBoolean(raw);
  return value === null ? { expected: 'true or false' } : { value };
};

const oneOf =
  (values: readonly string[]): Coercer =>
  (raw) => {
    const s = typeof raw === 'string' ? raw.trim().toLowerCase() : undefined;
    return s !== undefined && values.includes(s) ? { value: s } : { expected: `one of ${values.join(', ')}` };
  };

const color: Coercer = (raw) =>
  isColor(raw) ? { value: raw.trim() } : { expected: 'a colour: #rgb, #rgba, #rrggbb, #rrggbbaa, rgb()/rgba(), hsl()/hsla(), a CSS colour name or transparent' };

/**
 * A spreadsheet cell holding 2025 or TRUE reaches us as a number or boolean,
 * and an empty field as null: each is the text it shows.
 */
const text: Coercer = (raw) => {
  const value = raw === null ? '' : (typeof raw === 'number' && Number.isFinite(raw)) || typeof raw === 'boolean' ? String(raw) : raw;
  const expected = checkText(value);
  return expected ? { expected } : { value };
};

const fontFamily: Coercer = (raw, opts) => {
  if (typeof raw !== 'string' || raw.trim() === '') return { expected: 'a font family name' };
  if (opts.fontFamilies) {
    const wanted = primaryFontFamily(raw).toLowerCase();
    if (!opts.fontFamilies.some((f) => primaryFontFamily(f).toLowerCase() === wanted)) {
      return { expected: `an available font family (${[...opts.fontFamilies].sort().join(', ')})` };
    }
  }
  return { value: raw.trim() };
};

const fontWeight: Coercer = (raw) => {
  const n = toNumber(raw);
  if (n !== null && n >= 1 && n <= 1000) return { value: n };
  const s = typeof raw === 'string' ? raw.trim().toLowerCase() : '';
  return s === 'normal' || s === 'bold' ? { value: s } : { expected: 'normal, bold or a number from 1 to 1000' };
};

const src: Coercer = (raw, opts) => {
  const value = typeof raw === 'string' ? raw.trim() : '';
  if (isRemoteImageUrl(value) || (opts.allowLocalFiles && isLocalImagePath(value))) return { value };
  const url = 'an http(s) URL without a user name or password';
  return { expected: opts.allowLocalFiles ? `${url}, a data:image/ URL or a file path` : `${url}, or a data:image/ URL` };
};

/**
 * What each overridable property takes, as data: the coercers below are built
 * from it, and the playground builds its inputs from it, so the form can never
 * offer a value the API would refuse.
 */
export type OverrideFieldSpec =
  | { type: 'number'; min: number; max: number; exclusiveMin?: boolean }
  | { type: 'boolean' | 'color' | 'text' | 'font' | 'fontWeight' | 'image' }
  | { type: 'enum'; values: readonly string[] };

const COORD = { type: 'number', min: -LIMITS.coordinate, max: LIMITS.coordinate } as const;
const SIZE = { type: 'number', min: 0, max: LIMITS.size } as const;

export const OVERRIDE_FIELDS: Readonly<Record<string, OverrideFieldSpec>> = {
  left: COORD,
  top: COORD,
  width: SIZE,
  height: SIZE,
  scaleX: { type: 'number', min: -LIMITS.scale, max: LIMITS.scale },
  scaleY: { type: 'number', min: -LIMITS.scale, max: LIMITS.scale },
  angle: COORD,
  opacity: { type: 'number', min: 0, max: 1 },
  visible: { type: 'boolean' },
  fill: { type: 'color' },
  stroke: { type: 'color' },
  strokeWidth: { type: 'number', min: 0, max: LIMITS.strokeWidth },
  rx: SIZE,
  ry: SIZE,
  fontSize: { type: 'number', min: 0, max: LIMITS.fontSize, exclusiveMin: true },
  fontFamily: { type: 'font' },
  fontWeight: { type: 'fontWeight' },
  fontStyle: { type: 'enum', values: FONT_STYLES },
  lineHeight: { type: 'number', min: 0, max: 100 },
  charSpacing: { type: 'number', min: -1e5, max: 1e5 },
  textAlign: { type: 'enum', values: TEXT_ALIGNS },
  // Text replaced by Arabic or Hebrew needs its paragraph direction too, or its punctuation lands on the wrong side.
  direction: { type: 'enum', values: TEXT_DIRECTIONS },
  underline: { type: 'boolean' },
  linethrough: { type: 'boolean' },
  text: { type: 'text' },
  // Imprint's text fit may be switched on per request too.
  textFit: { type: 'enum', values: TEXT_FITS },
  minFontSize: { type: 'number', min: 0, max: LIMITS.fontSize, exclusiveMin: true },
  src: { type: 'image' },
  fit: { type: 'enum', values: IMAGE_FITS },
};

function coercerFor(spec: OverrideFieldSpec): Coercer {
  switch (spec.type) {
    case 'number':
      return number(spec.min, spec.max, spec.exclusiveMin);
    case 'enum':
      return oneOf(spec.values);
    case 'boolean':
      return boolean;
    case 'color':
      return color;
    case 'text':
      return text;
    case 'font':
      return fontFamily;
    case 'fontWeight':
      return fontWeight;
    case 'image':
      return src;
  }
}

const COERCERS: Record<string, Coercer> = Object.fromEntries(Object.entries(OVERRIDE_FIELDS).map(([key, spec]) => [key, coercerFor(spec)]));

const BOX = ['left', 'top', 'width', 'height', 'scaleX', 'scaleY', 'angle', 'opacity', 'visible'];
// Groups size to their children, and polylines/polygons/paths to their points: width/height are not free.
const NO_SIZE = BOX.filter((k) => k !== 'width' && k !== 'height');

/** The override properties an element accepts, by its kind (and, for shapes, its type). */
export function allowedOverrideProperties(obj: FabricObject): string[] {
  const type = canonicalType(obj.type);
  switch (elementKind(obj)) {
    case 'text':
      return [
        ...BOX,
        'text',
        'fill',
        'fontSize',
        'fontFamily',
        'fontWeight',
        'fontStyle',
        'lineHeight',
        'charSpacing',
        'textAlign',
        'direction',
        'underline',
        'linethrough',
        'textFit',
        'minFontSize',
      ];
    case 'image':
      return [...BOX, 'src', 'fit'];
    case 'line':
      return [...BOX, 'fill', 'stroke', 'strokeWidth'];
    case 'group':
      return [...NO_SIZE];
    case 'shape': {
      const base = type === 'polyline' || type === 'polygon' || type === 'path' ? NO_SIZE : BOX;
      const radii = type === 'rect' || type === 'ellipse' ? ['rx', 'ry'] : [];
      return [...base, 'fill', 'stroke', 'strokeWidth', ...radii];
    }
  }
}

/**
 * Error lists are capped: each entry may quote the template's element names,
 * so an uncapped list grew with (changes sent) × (elements in the template).
 */
const MAX_ERRORS = 100;
const MAX_LISTED_NAMES = 50;

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Applies `changes` (element name → properties) to a copy of `doc`; `doc` is never mutated. */
export function applyOverrides(doc: TemplateDocument, changes: unknown, opts: ApplyOverridesOptions = {}): ApplyOverridesResult {
  if (changes === undefined || changes === null) return { ok: true, document: structuredClone(doc) };
  if (!isPlainObject(changes)) {
    const message = 'The changes must be an object mapping element names to properties, e.g. {"title": {"text": "Hello"}}';
    return { ok: false, code: 'invalid_property', message, errors: [{ path: '', message }] };
  }
  const copy = structuredClone(doc);
  const elements = namedObjects(copy);
  const unknown: OverrideError[] = [];
  const invalid: OverrideError[] = [];
  const planned: Array<[FabricObject, Map<string, unknown>]> = [];

  const names = [...elements.keys()];
  const shown =
    names.slice(0, MAX_LISTED_NAMES).join(', ') + (names.length > MAX_LISTED_NAMES ? ` and ${names.length - MAX_LISTED_NAMES} more (GET /templates/{id}/elements)` : '');
  const list = names.length > 0 ? `Elements in this template: ${shown}.` : 'This template has no named elements.';
  for (const [name, props] of Object.entries(changes)) {
    if (unknown.length + invalid.length >= MAX_ERRORS) break;
    const obj = elements.get(name);
    if (!obj) {
      unknown.push({ path: clip(name), message: `Unknown element ${preview(name)}. ${list}` });
      continue;
    }
    const kind = elementKind(obj);
    if (!isPlainObject(props)) {
      invalid.push({ path: name, message: `The changes for element "${name}" (${kind}) must be an object of properties, e.g. {"opacity": 0.5}.` });
      continue;
    }
    const allowed = allowedOverrideProperties(obj);
    const values = new Map<string, unknown>();
    for (const [key, raw] of Object.entries(props)) {
      if (unknown.length + invalid.length >= MAX_ERRORS) break;
      const path = `${name}.${clip(key)}`;
      if (!allowed.includes(key)) {
        invalid.push({
          path,
          message: `"${path}" cannot be changed: "${clip(key)}" is not a property of ${kind} element "${name}". Allowed on this element: ${allowed.join(', ')}.`,
        });
        continue;
      }
      const result = COERCERS[key](raw, opts);
      if ('expected' in result) {
        invalid.push({ path, message: `Invalid value for "${path}" (${kind} element): expected ${result.expected}, got ${preview(raw)}.` });
      } else {
        values.set(key, result.value);
      }
    }
    planned.push([obj, values]);
  }

  if (unknown.length > 0 || invalid.length > 0) {
    const errors = [...unknown, ...invalid];
    const code = unknown.length > 0 ? 'unknown_element' : 'invalid_property';
    const more = errors.length > 1 ? ` (${errors.length - 1} more in errors)` : '';
    return { ok: false, code, message: `${errors[0].message}${more}`, errors };
  }
  const major = documentMajorVersion(copy);
  for (const [obj, values] of planned) applyTo(obj, values, major);
  // A new family or weight must name a face the bundle has, or the render would silently substitute one.
  const faces: OverrideError[] = [];
  for (const [obj, values] of planned) {
    if (!values.has('fontFamily') && !values.has('fontWeight')) continue;
    for (const issue of fontWeightIssues(obj)) faces.push({ path: `${obj.name}.${issue.at}`, message: `Invalid value for "${obj.name}" (text element): ${issue.message}.` });
  }
  if (faces.length > 0) {
    const more = faces.length > 1 ? ` (${faces.length - 1} more in errors)` : '';
    return { ok: false, code: 'invalid_property', message: `${faces[0].message}${more}`, errors: faces };
  }
  // Each text is bounded alone, but a thousand of them must not add up to a render
  // that lays out millions of glyphs (97 s and 8 GB before this limit).
  if (textVolume(copy, LIMITS.templateTextGraphemes) > LIMITS.templateTextGraphemes) {
    const message = `With these changes the template's text would exceed ${LIMITS.templateTextGraphemes} characters in total (over all text elements). Send shorter texts.`;
    const paths = planned.flatMap(([obj, values]) => (values.has('text') ? [`${String(obj.name)}.text`] : []));
    return { ok: false, code: 'invalid_property', message, errors: (paths.length > 0 ? paths : ['']).map((path) => ({ path, message })) };
  }
  return { ok: true, document: copy };
}

/**
 * Graphemes over every text object of `doc` (inside groups and clip paths
 * too), or any number above `stopAfter` once the total passes it.
 */
export function textVolume(doc: TemplateDocument, stopAfter = Infinity): number {
  let total = 0;
  const stack: unknown[] = [...doc.objects];
  while (stack.length > 0 && total <= stopAfter) {
    const obj = stack.pop();
    if (!isPlainObject(obj)) continue;
    if (typeof obj.text === 'string') total += countGraphemes(obj.text, stopAfter - total);
    if (Array.isArray(obj.objects)) stack.push(...obj.objects);
    if (obj.clipPath) stack.push(obj.clipPath);
  }
  return total;
}

const preview = (value: unknown) => previewJson(value);
/** Names and keys come from the request and may be megabytes long: paths quote at most 100 characters. */
const clip = (key: string) => (key.length > 100 ? `${key.slice(0, 97)}...` : key);

/** Object-level properties that per-character styles can also set. */
const STYLE_KEYS = ['fill', 'fontSize', 'fontFamily', 'fontWeight', 'fontStyle', 'underline', 'linethrough'];

function applyTo(obj: FabricObject, values: Map<string, unknown>, major: number) {
  const type = canonicalType(obj.type);
  const kind: ElementKind = elementKind(obj);
  if (kind === 'text') {
    if (values.has('text')) {
      obj.styles = remapStyles(obj.styles, String(obj.text ?? ''), values.get('text') as string, major);
      obj.text = values.get('text');
    }
    // Overriding e.g. `fill` means "this element's colour": per-character
    // values for that property would otherwise keep parts of the old look.
    const stripped = STYLE_KEYS.filter((k) => values.has(k));
    if (stripped.length > 0) obj.styles = stripStyleKeys(obj.styles, stripped);
  }
  for (const [key, value] of values) {
    if (key === 'text') continue;
    if (kind === 'line' && key === 'fill') {
      // A Fabric line paints only its stroke; `fill` is its visible colour (see elements.ts).
      if (!values.has('stroke')) obj.stroke = value;
    } else if (kind === 'line' && (key === 'width' || key === 'height')) {
      resizeLine(obj, key === 'width' ? 'x' : 'y', value as number);
    } else if (type === 'circle' && (key === 'width' || key === 'height')) {
      // Fabric recomputes a circle's box from its radius when loading.
      obj.radius = (value as number) / 2;
      obj.width = obj.height = value;
    } else if (type === 'ellipse' && (key === 'width' || key === 'height' || key === 'rx' || key === 'ry')) {
      const [radius, side] = key === 'width' || key === 'rx' ? ['rx', 'width'] : ['ry', 'height'];
      const r = key === radius ? (value as number) : (value as number) / 2;
      obj[radius] = r;
      obj[side] = r * 2;
    } else {
      obj[key] = value;
    }
  }
  if (kind === 'image' && ['src', 'width', 'height', 'fit'].some((k) => values.has(k))) {
    obj.fit = values.get('fit') ?? obj.fit ?? 'cover';
    // The template's crop referred to the old picture (or old box).
    if (values.has('src')) {
      obj.cropX = 0;
      obj.cropY = 0;
    }
  }
}

/**
 * Fabric derives a line's width/height from x1..x2 / y1..y2 when loading,
 * so a size override moves the end points symmetrically about their middle.
 */
function resizeLine(obj: FabricObject, axis: 'x' | 'y', length: number) {
  const k1 = `${axis}1`;
  const k2 = `${axis}2`;
  const p1 = typeof obj[k1] === 'number' ? (obj[k1] as number) : 0;
  const p2 = typeof obj[k2] === 'number' ? (obj[k2] as number) : 0;
  const mid = (p1 + p2) / 2;
  const dir = p2 >= p1 ? 1 : -1;
  obj[k1] = mid - (dir * length) / 2;
  obj[k2] = mid + (dir * length) / 2;
  obj[axis === 'x' ? 'width' : 'height'] = length;
}

/** Fabric indexes styles by line (split on newlines) and grapheme; Fabric 5 by code point (its graphemeSplit). */
const lineLengths = (text: string, major: number) => (major < 6 ? text.split(/\r?\n/).map((line) => Array.from(line).length) : lineGraphemeCounts(text));

type Style = Record<string, unknown>;
type StyleRange = { start: number; end: number; style: Style };
type NestedStyles = Record<string, Record<string, Style>>;

/**
 * Keeps per-character styles coherent when the text is replaced:
 * - a style applied to every character of the old text (the common
 *   "select all, change font" case) is applied to all of the new text;
 * - otherwise styles stay on the same character positions, and those that
 *   no longer index a character are dropped.
 * The serialization form (v6+ ranges or v5 nested) is preserved.
 */
export function remapStyles(styles: unknown, oldText: string, newText: string, major = 7): unknown {
  const oldLines = lineLengths(oldText, major);
  const newLines = lineLengths(newText, major);
  const newTotal = newLines.reduce((a, b) => a + b, 0);
  if (Array.isArray(styles)) {
    const ranges = styles as StyleRange[];
    const oldTotal = oldLines.reduce((a, b) => a + b, 0);
    const uniform = uniformRangeStyle(ranges, oldTotal);
    if (uniform) return newTotal > 0 ? [{ start: 0, end: newTotal, style: uniform }] : [];
    return ranges.filter((r) => r.start < newTotal).map((r) => ({ ...r, end: Math.min(r.end, newTotal) }));
  }
  if (!isPlainObject(styles)) return styles;
  const nested = styles as NestedStyles;
  const uniform = uniformNestedStyle(nested, oldLines);
  const out: NestedStyles = {};
  newLines.forEach((length, line) => {
    const chars: Record<string, Style> = {};
    for (let c = 0; c < length; c++) {
      const style = uniform ?? nested[line]?.[c];
      if (style) chars[c] = { ...style };
    }
    if (Object.keys(chars).length > 0) out[line] = chars;
  });
  return out;
}

function uniformRangeStyle(ranges: StyleRange[], total: number): Style | null {
  if (total === 0 || ranges.length === 0) return null;
  let covered = 0;
  for (const r of ranges) {
    if (r.start !== covered || !jsonEqual(r.style, ranges[0].style)) return null;
    covered = r.end;
  }
  return covered >= total ? ranges[0].style : null;
}

function uniformNestedStyle(styles: NestedStyles, lengths: number[]): Style | null {
  let first: Style | undefined;
  for (let line = 0; line < lengths.length; line++) {
    for (let c = 0; c < lengths[line]; c++) {
      const style = styles[line]?.[c];
      if (!style) return null;
      first ??= style;
      if (!jsonEqual(style, first)) return null;
    }
  }
  return first && Object.keys(first).length > 0 ? first : null;
}

function stripStyleKeys(styles: unknown, keys: string[]): unknown {
  const strip = (style: Style) => Object.fromEntries(Object.entries(style).filter(([k]) => !keys.includes(k)));
  if (Array.isArray(styles)) {
    return (styles as StyleRange[]).map((r) => ({ ...r, style: strip(r.style) })).filter((r) => Object.keys(r.style).length > 0);
  }
  if (!isPlainObject(styles)) return styles;
  const out: NestedStyles = {};
  for (const [line, chars] of Object.entries(styles as NestedStyles)) {
    const kept: Record<string, Style> = {};
    for (const [c, style] of Object.entries(chars)) {
      const s = strip(style);
      if (Object.keys(s).length > 0) kept[c] = s;
    }
    if (Object.keys(kept).length > 0) out[line] = kept;
  }
  return out;
}
