/**
 * Which Fabric object properties Imprint draws, which it tolerates only at
 * Fabric's default, and which it ignores. `validateTemplate` applies these
 * tables; the renderer may rely on every supported property having passed
 * the value check listed here.
 */
import { isColor } from './color.js';
import type { SupportedType } from './fabric-types.js';
import { countGraphemes } from './graphemes.js';

/** Returns null when the value is acceptable, otherwise what was expected ("a number between 0 and 1"). */
export type ValueCheck = (value: unknown) => string | null;

export const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

export const num =
  (min: number, max: number): ValueCheck =>
  (v) =>
    isFiniteNumber(v) && v >= min && v <= max ? null : `a number between ${min} and ${max}`;

/** Strictly positive, e.g. a font size: 0 would divide by zero in Fabric's line metrics. */
export const positive =
  (max: number): ValueCheck =>
  (v) =>
    isFiniteNumber(v) && v > 0 && v <= max ? null : `a number greater than 0 and at most ${max}`;

export const bool: ValueCheck = (v) => (typeof v === 'boolean' ? null : 'true or false');

export const oneOf =
  (...values: readonly string[]): ValueCheck =>
  (v) =>
    typeof v === 'string' && values.includes(v) ? null : `one of ${values.map((x) => `"${x}"`).join(', ')}`;

/** Fabric origins are keywords or fractions of the box (0 = left/top, 1 = right/bottom). */
const origin =
  (...keywords: string[]): ValueCheck =>
  (v) =>
    (typeof v === 'string' && keywords.includes(v)) || (isFiniteNumber(v) && Math.abs(v) <= 1e4) ? null : `one of ${keywords.map((k) => `"${k}"`).join(', ')} or a number`;

/** `null` and `''` both mean "no paint" in Fabric. */
export const colorOrNone: ValueCheck = (v) => (v === null || v === '' || isColor(v) ? null : 'a CSS colour (hex, rgb(), hsl(), a colour name, "transparent"), "" or null');

const dashArray: ValueCheck = (v) =>
  v === null || (Array.isArray(v) && v.length <= 100 && v.every((x) => isFiniteNumber(x) && x >= 0 && x <= 1e5)) ? null : 'null or an array of at most 100 non-negative numbers';

/** Canvas 2D's composite operations, every one of which Fabric passes straight to the context. */
export const COMPOSITE_OPERATIONS = [
  'source-over',
  'source-in',
  'source-out',
  'source-atop',
  'destination-over',
  'destination-in',
  'destination-out',
  'destination-atop',
  'lighter',
  'copy',
  'xor',
  'multiply',
  'screen',
  'overlay',
  'darken',
  'lighten',
  'color-dodge',
  'color-burn',
  'hard-light',
  'soft-light',
  'difference',
  'exclusion',
  'hue',
  'saturation',
  'color',
  'luminosity',
] as const;

export const FONT_WEIGHT_KEYWORDS = ['normal', 'bold', 'bolder', 'lighter'] as const;
export const fontWeight: ValueCheck = (v) => {
  const n = typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v;
  if (isFiniteNumber(n)) return n >= 1 && n <= 1000 ? null : 'a number between 1 and 1000';
  return typeof v === 'string' && (FONT_WEIGHT_KEYWORDS as readonly string[]).includes(v) ? null : '"normal", "bold", "bolder", "lighter" or a number between 1 and 1000';
};

export const TEXT_ALIGNS = ['left', 'center', 'right', 'justify', 'justify-left', 'justify-center', 'justify-right'] as const;
export const TEXT_DIRECTIONS = ['ltr', 'rtl'] as const;
export const FONT_STYLES = ['normal', 'italic', 'oblique'] as const;
export const IMAGE_FITS = ['cover', 'contain', 'fill'] as const;
export const TEXT_FITS = ['none', 'shrink'] as const;

/**
 * Properties the server draws that Fabric's toObject does not write by
 * itself: Imprint's own (textFit, minFontSize, fit) and textDecorationColor,
 * which Fabric 7 draws but leaves out of its defaults. An editor that saves
 * through Fabric must ask for them, or a save silently drops them.
 */
export const PROPERTIES_FABRIC_DOES_NOT_SAVE = ['textFit', 'minFontSize', 'fit', 'textDecorationColor'] as const;

export const LIMITS = {
  coordinate: 1e6,
  size: 1e5,
  scale: 1e4,
  strokeWidth: 1e4,
  fontSize: 1e4,
  /** UTF-16 code units of one text; a cheap bound checked before graphemes are counted. */
  textLength: 100_000,
  /** Graphemes (user-perceived characters) of one text element, in the template or an override. */
  textGraphemes: 10_000,
  /** Graphemes over all text objects of a template, after overrides (see docs/decisions/0014). */
  templateTextGraphemes: 50_000,
  points: 100_000,
  pathCommands: 100_000,
  styleRanges: 100_000,
  objects: 10_000,
  depth: 20,
  nameLength: 200,
  /**
   * Objects and arrays nested in a request body, refused at parse time. The
   * deepest legal template (groups nested `depth` levels, each an object in
   * an `objects` array, ending in a styled text) needs about 2 × depth + 8.
   */
  jsonDepth: 64,
} as const;

/** A text of at most LIMITS.textGraphemes graphemes; its cost is bounded whatever its length. */
export function checkText(v: unknown): string | null {
  return typeof v === 'string' && v.length <= LIMITS.textLength && countGraphemes(v, LIMITS.textGraphemes) <= LIMITS.textGraphemes
    ? null
    : `a string of at most ${LIMITS.textGraphemes} characters`;
}

const coord = num(-LIMITS.coordinate, LIMITS.coordinate);
const size = num(0, LIMITS.size);

/**
 * Properties every object may carry, each with its value check. `fill`,
 * `stroke`, `shadow`, `clipPath`, `name`, `type` and `objects` are checked
 * by template-schema.ts itself because they recurse or need context.
 */
export const COMMON_PROPERTIES: Record<string, ValueCheck | 'special'> = {
  type: 'special',
  name: 'special',
  version: (v) => (typeof v === 'string' ? null : 'a string'),
  originX: origin('left', 'center', 'right'),
  originY: origin('top', 'center', 'bottom'),
  left: coord,
  top: coord,
  width: size,
  height: size,
  scaleX: num(-LIMITS.scale, LIMITS.scale),
  scaleY: num(-LIMITS.scale, LIMITS.scale),
  angle: coord,
  flipX: bool,
  flipY: bool,
  skewX: num(-360, 360),
  skewY: num(-360, 360),
  opacity: num(0, 1),
  visible: bool,
  fill: 'special',
  stroke: 'special',
  strokeWidth: num(0, LIMITS.strokeWidth),
  strokeDashArray: dashArray,
  strokeDashOffset: num(-LIMITS.size, LIMITS.size),
  strokeLineCap: oneOf('butt', 'round', 'square'),
  strokeLineJoin: oneOf('miter', 'round', 'bevel'),
  strokeMiterLimit: num(0, 1e4),
  strokeUniform: bool,
  paintFirst: oneOf('fill', 'stroke'),
  fillRule: oneOf('nonzero', 'evenodd'),
  globalCompositeOperation: oneOf(...COMPOSITE_OPERATIONS),
  shadow: 'special',
  backgroundColor: colorOrNone,
  clipPath: 'special',
  // Only read when the object is someone's clipPath; Fabric writes them on every object.
  inverted: bool,
  absolutePositioned: bool,
};

const TEXT_PROPERTIES: Record<string, ValueCheck | 'special'> = {
  text: checkText,
  fontSize: positive(LIMITS.fontSize),
  fontFamily: 'special',
  fontWeight,
  fontStyle: oneOf(...FONT_STYLES),
  lineHeight: num(0, 100),
  charSpacing: num(-1e5, 1e5),
  textAlign: oneOf(...TEXT_ALIGNS),
  underline: bool,
  overline: bool,
  linethrough: bool,
  textBackgroundColor: colorOrNone,
  direction: oneOf(...TEXT_DIRECTIONS),
  // Text on a path: the Path object, which side of it the glyphs sit on, which of their lines touches it, where they start.
  path: 'special',
  pathSide: oneOf('left', 'right'),
  pathAlign: oneOf('baseline', 'center', 'ascender', 'descender'),
  pathStartOffset: num(-LIMITS.coordinate, LIMITS.coordinate),
  // The object-level baseline shift under every character's own (Fabric's default 0; moves decorations).
  deltaY: num(-LIMITS.coordinate, LIMITS.coordinate),
  // Textbox wrapping options; Text and IText carry them harmlessly (Fabric ignores them there).
  splitByGrapheme: bool,
  minWidth: size,
  styles: 'special',
  textDecorationThickness: 'special',
  textDecorationColor: 'special',
  // Imprint extension: shrink overflowing text down to minFontSize.
  textFit: oneOf(...TEXT_FITS),
  minFontSize: positive(LIMITS.fontSize),
};

const RESIZE_TYPES = ['hermite', 'bilinear', 'lanczos'];

/** null, or a Resize filter object as Image#toObject writes `resizeFilter` ("sliceHack" is not drawn). */
function resizeFilterCheck(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  const expected = 'null or a Resize filter {type: "Resize", resizeType: "hermite" | "bilinear" | "lanczos", lanczosLobes: 1 to 5}';
  if (typeof v !== 'object' || Array.isArray(v)) return expected;
  const f = v as Record<string, unknown>;
  if (f.type !== 'Resize' || !RESIZE_TYPES.includes(String(f.resizeType ?? 'hermite'))) return expected;
  const lobes = f.lanczosLobes ?? 3;
  if (typeof lobes !== 'number' || !Number.isInteger(lobes) || lobes < 1 || lobes > 5) return expected;
  for (const k of Object.keys(f)) if (!['type', 'resizeType', 'lanczosLobes', 'scaleX', 'scaleY'].includes(k)) return expected;
  if (![f.scaleX ?? 1, f.scaleY ?? 1].every((x) => typeof x === 'number' && Number.isFinite(x))) return expected;
  return null;
}

export const TYPE_PROPERTIES: Record<SupportedType, Record<string, ValueCheck | 'special'>> = {
  rect: { rx: size, ry: size },
  // Degrees since Fabric 5 (radians before); Fabric 5 ignores counterClockwise, 6+ draws it.
  circle: { radius: size, startAngle: coord, endAngle: coord, counterClockwise: bool },
  ellipse: { rx: size, ry: size },
  triangle: {},
  line: { x1: coord, y1: coord, x2: coord, y2: coord },
  polyline: { points: 'special' },
  polygon: { points: 'special' },
  path: { path: 'special' },
  text: TEXT_PROPERTIES,
  'i-text': TEXT_PROPERTIES,
  textbox: TEXT_PROPERTIES,
  image: {
    src: 'special',
    cropX: num(0, LIMITS.coordinate),
    cropY: num(0, LIMITS.coordinate),
    // false: nearest-neighbour sampling (pixel art, QR codes), set on the context by Fabric's Image._render.
    imageSmoothing: bool,
    // Imprint extension: how a replaced image fills the element's box (see overrides.ts).
    fit: oneOf(...IMAGE_FITS),
    // Fabric's image filters, drawn by the Canvas 2D backend's math (image-filters.ts says which).
    filters: 'special',
    // A Resize filter Fabric applies while drawing, at the image's total scale (its own scaleX/scaleY are overwritten).
    resizeFilter: resizeFilterCheck,
  },
  group: { objects: 'special' },
};

/**
 * Properties Fabric writes (or editors commonly add) that Imprint does not
 * draw. Each is accepted only at one of the listed values, which are Fabric's
 * defaults across v5–v7 — so real toJSON() output passes, while a template
 * that depends on e.g. `fillRule: 'evenodd'` is refused rather than drawn wrong.
 * `null` in a list also stands for "absent/undefined" (JSON has no undefined).
 */
export const DEFAULT_ONLY: Record<string, readonly unknown[]> = {
  transformMatrix: [null],
  clipTo: [null],
  // Drawn on images (TYPE_PROPERTIES.image); meaningless elsewhere.
  resizeFilter: [null],
  srcFromAttribute: [false],
  minimumScaleTrigger: [0.5],
  // Circle angles on another type (Fabric 6+ writes none there; an editor's leftover).
  startAngle: [0],
  endAngle: [360, 2 * Math.PI],
  counterClockwise: [false],
  exactBoundingBox: [false],
  sourcePath: [null],
  // Text-only properties found on another type (an editor's leftovers; nothing else draws them).
  path: [null],
  pathStartOffset: [0],
  pathSide: ['left'],
  pathAlign: ['baseline'],
  deltaY: [0],
  minWidth: [20],
  splitByGrapheme: [false],
};

/**
 * Editor-only state: interaction, controls, caching and metadata. None of it
 * changes a single pixel of a static render, and editors persist it freely
 * (e.g. `selectable: false` on a locked background), so it is ignored
 * whatever its value rather than making such templates unsaveable.
 */
export const IGNORED = new Set([
  'selectable',
  'evented',
  'hasControls',
  'hasBorders',
  'hasRotatingPoint',
  'perPixelTargetFind',
  'lockMovementX',
  'lockMovementY',
  'lockRotation',
  'lockScalingX',
  'lockScalingY',
  'lockSkewingX',
  'lockSkewingY',
  'lockScalingFlip',
  'lockUniScaling',
  'hoverCursor',
  'moveCursor',
  'borderColor',
  'borderDashArray',
  'borderOpacityWhenMoving',
  'borderScaleFactor',
  'cornerColor',
  'cornerStrokeColor',
  'cornerStyle',
  'cornerSize',
  'cornerDashArray',
  'touchCornerSize',
  'transparentCorners',
  'padding',
  'selectionBackgroundColor',
  'activeOn',
  'rotatingPointOffset',
  'centeredRotation',
  'centeredScaling',
  'minScaleLimit',
  'snapAngle',
  'snapThreshold',
  'objectCaching',
  'noScaleCache',
  'statefullCache',
  'dirty',
  'includeDefaultValues',
  'excludeFromExport',
  'subTargetCheck',
  'interactive',
  'useSetOnGroup',
  // A serialized group keeps its own left/top/width/height, so its layout strategy does not matter.
  'layoutManager',
  // IText editing state.
  'editable',
  'editingBorderColor',
  'cursorColor',
  'cursorDelay',
  'cursorDuration',
  'cursorWidth',
  'selectionColor',
  'selectionStart',
  'selectionEnd',
  'caching',
  'isEditing',
  // The server fetches images itself; CORS mode is a browser concern.
  'crossOrigin',
  // Metadata editors attach through toJSON(['id', 'data']).
  'id',
  'data',
]);

/** Properties allowed inside per-character `styles` entries. */
export const STYLE_PROPERTIES: Record<string, ValueCheck | 'special'> = {
  fill: colorOrNone,
  stroke: colorOrNone,
  strokeWidth: num(0, LIMITS.strokeWidth),
  fontSize: positive(LIMITS.fontSize),
  fontFamily: 'special',
  fontWeight,
  fontStyle: oneOf(...FONT_STYLES),
  underline: bool,
  overline: bool,
  linethrough: bool,
  textBackgroundColor: colorOrNone,
  // Superscript/subscript baseline shift.
  deltaY: num(-LIMITS.coordinate, LIMITS.coordinate),
  textDecorationThickness: 'special',
  textDecorationColor: 'special',
};

/**
 * Text decoration options, on the object and in character styles, that only
 * some Fabric versions draw: `textDecorationThickness` (thousandths of the
 * font size) since 6, `textDecorationColor` since 7. Fabric 5 draws every line
 * at 1/15 of the font size in the fill colour; a document of an older version
 * takes only that default, since its own Fabric would ignore anything else.
 */
export const TEXT_DECORATION_SINCE: Record<string, { since: number; check: ValueCheck; olderDefaults: readonly unknown[] }> = {
  textDecorationThickness: { since: 6, check: num(0, 1000), olderDefaults: [66.667, null] },
  textDecorationColor: { since: 7, check: colorOrNone, olderDefaults: [null, ''] },
};
