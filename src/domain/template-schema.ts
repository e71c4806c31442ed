/**
 * The template document: one TypeBox schema for the outer shape (HTTP
 * validation, types and OpenAPI all come from it) and `validateTemplate`,
 * which checks every Fabric object inside against what the renderer draws.
 * Nothing here normalises — the renderer owns interpretation (origins per
 * version, type spelling); this module only says yes or no, with reasons.
 */
import { parseImageFilters } from './image-filters.js';
import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { jsonEqual, previewJson } from './canonical-json.js';
import { isColor } from './color.js';
import { SUPPORTED_TYPES, canonicalType, isTextType, primaryFontFamily, type SupportedType } from './fabric-types.js';
import { fontWeightIssues } from './font-weights.js';
import { countGraphemes } from './graphemes.js';
import { ownEntry } from './own-entry.js';
import {
  COMMON_PROPERTIES,
  DEFAULT_ONLY,
  IGNORED,
  LIMITS,
  STYLE_PROPERTIES,
  TEXT_DECORATION_SINCE,
  TYPE_PROPERTIES,
  colorOrNone,
  isFiniteNumber,
  num,
  oneOf,
  type ValueCheck,
} from './object-properties.js';
import { documentMajorVersion, type FabricObject, type TemplateDocument } from './template.js';

export const MAX_CANVAS_SIDE = 8192;

export const GradientSchema = Type.Object(
  {
    type: Type.Union([Type.Literal('linear'), Type.Literal('radial')]),
    coords: Type.Object({
      x1: Type.Optional(Type.Number()),
      y1: Type.Optional(Type.Number()),
      x2: Type.Optional(Type.Number()),
      y2: Type.Optional(Type.Number()),
      r1: Type.Optional(Type.Number({ minimum: 0 })),
      r2: Type.Optional(Type.Number({ minimum: 0 })),
    }),
    colorStops: Type.Array(
      Type.Object({
        offset: Type.Number({ minimum: 0, maximum: 1 }),
        color: Type.String(),
        opacity: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
      }),
      { maxItems: 256 },
    ),
    offsetX: Type.Optional(Type.Number()),
    offsetY: Type.Optional(Type.Number()),
    gradientUnits: Type.Optional(Type.Union([Type.Literal('pixels'), Type.Literal('percentage')])),
    gradientTransform: Type.Optional(Type.Union([Type.Null(), Type.Array(Type.Number(), { minItems: 6, maxItems: 6 })])),
  },
  { description: 'A Fabric.js linear or radial gradient, as Gradient#toObject() writes it.' },
);

export const PATTERN_REPEATS = ['repeat', 'repeat-x', 'repeat-y', 'no-repeat'] as const;

/**
 * A Fabric Pattern as Pattern#toObject() writes it. Only its outer shape is
 * typed here, so that a wrong field gets validateTemplate's precise message
 * (path, allowed values) rather than TypeBox's "Expected union value".
 */
export const PatternSchema = Type.Object(
  {
    type: Type.Literal('pattern'),
    source: Type.Unknown({ description: 'The tile image: an http(s) URL, a data:image/ URL or an account asset URL.' }),
    repeat: Type.Optional(Type.Unknown({ description: `Tiling: ${PATTERN_REPEATS.map((r) => `"${r}"`).join(', ')} (default "repeat").` })),
    offsetX: Type.Optional(Type.Unknown({ description: "Tile origin's x from the object's top-left corner (the canvas's, for a background), before patternTransform." })),
    offsetY: Type.Optional(Type.Unknown({ description: "Tile origin's y, as offsetX." })),
    patternTransform: Type.Optional(Type.Unknown({ description: 'null or a 2D matrix [a, b, c, d, e, f] applied to the tiles.' })),
  },
  { additionalProperties: true, description: 'A Fabric.js image pattern, as Pattern#toObject() writes it.' },
);

export const TemplateDocumentSchema = Type.Object(
  {
    version: Type.Optional(Type.String({ description: 'Fabric.js version that wrote the JSON, e.g. "5.3.0"; decides version-specific defaults.' })),
    width: Type.Integer({ minimum: 1, maximum: MAX_CANVAS_SIDE, description: 'Output width in pixels.' }),
    height: Type.Integer({ minimum: 1, maximum: MAX_CANVAS_SIDE, description: 'Output height in pixels.' }),
    objects: Type.Array(
      Type.Object({ type: Type.String(), name: Type.Optional(Type.String()) }, { additionalProperties: true, description: 'A Fabric.js object as toObject() writes it.' }),
      { maxItems: LIMITS.objects },
    ),
    background: Type.Optional(
      Type.Union([Type.String(), Type.Null(), GradientSchema, PatternSchema], { description: 'Canvas background: a colour, a gradient or an image pattern.' }),
    ),
  },
  {
    // Further canvas.toJSON() keys (backgroundImage, overlay, …) get a precise message from validateTemplate.
    additionalProperties: true,
    description: "Fabric.js canvas.toJSON() output plus the output size. Named objects are the template's elements.",
  },
);

/**
 * The characters a name shown in a one-line list must not have: C0 and C1 controls, line and
 * paragraph separators, and text-direction marks, embeddings, overrides and isolates, with which a
 * name could show its characters in another order than the one they are in.
 */
export const UNPRINTABLE_NAME_CHARACTERS = '\\u0000-\\u001f\\u007f-\\u009f\\u061c\\u200e\\u200f\\u2028-\\u202e\\u2066-\\u2069';

const TemplateName = Type.String({
  minLength: 1,
  maxLength: 200,
  pattern: `^(?=[^${UNPRINTABLE_NAME_CHARACTERS}]*\\S)[^${UNPRINTABLE_NAME_CHARACTERS}]*$`,
  'x-pattern-message': 'must be printable text with at least one visible character: no control, line-break or text-direction characters',
  description: 'Template name.',
});

export const CreateTemplateBodySchema = Type.Object({ name: TemplateName, template: TemplateDocumentSchema }, { additionalProperties: false });
/** PUT may change the name, the document or both; whichever is sent is validated like POST's. */
export const UpdateTemplateBodySchema = Type.Partial(CreateTemplateBodySchema, { additionalProperties: false });

export type TemplateDocumentInput = Static<typeof TemplateDocumentSchema>;
export type CreateTemplateBody = Static<typeof CreateTemplateBodySchema>;
export type UpdateTemplateBody = Static<typeof UpdateTemplateBodySchema>;

export interface TemplateIssue {
  /** Where in the document, e.g. `objects[2].fill` or `objects[1].objects[0].styles[3].style.fontFamily`. */
  path: string;
  message: string;
  code: 'invalid_template' | 'unknown_font';
}

export type ValidateTemplateResult = { ok: true; document: TemplateDocument } | { ok: false; issues: TemplateIssue[] };

export interface ValidateTemplateOptions {
  /** Families the account may use (bundled + uploaded); compared case-insensitively. */
  fontFamilies: readonly string[];
  /** Let image `src` be a `file:` URL or a relative path (CLI rendering only, never the HTTP API). */
  allowLocalFiles?: boolean;
}

const MAX_ISSUES = 100;
const CANVAS_KEYS = new Set(['version', 'width', 'height', 'objects', 'background']);
/**
 * Canvas-level toJSON() keys holding an object: images under and over the
 * design and the canvas clip path. They are masks or decoration, never
 * elements, so their names need not be unique and cannot be overridden.
 */
const CANVAS_OBJECTS = ['backgroundImage', 'overlayImage', 'clipPath'];

interface Context {
  issues: TemplateIssue[];
  fonts: Map<string, string>;
  opts: ValidateTemplateOptions;
  names: Map<string, string>;
  objectCount: number;
  /** Graphemes of the valid texts seen so far, counted up to LIMITS.templateTextGraphemes + 1. */
  textGraphemes: number;
  /** Fabric major version of the document: some filters exist or draw differently per version. */
  major: number;
}

/** A decoration option this document's Fabric may not draw (TEXT_DECORATION_SINCE); null when acceptable. */
function decorationIssue(ctx: Context, key: string, value: unknown): string | null {
  const rule = TEXT_DECORATION_SINCE[key];
  if (ctx.major >= rule.since) {
    const expected = rule.check(value);
    return expected ? `must be ${expected} (got ${preview(value)})` : null;
  }
  if (isDefault(rule.olderDefaults, value)) return null;
  return `is drawn by Fabric ${rule.since}+ only; this document is Fabric ${ctx.major}, whose Fabric ignores it (got ${preview(value)})`;
}

/**
 * Validates a template document. On success the same document is returned
 * (not copied), typed. Issues are capped at 100.
 */
export function validateTemplate(doc: unknown, opts: ValidateTemplateOptions): ValidateTemplateResult {
  const issues: TemplateIssue[] = [];
  if (!Value.Check(TemplateDocumentSchema, doc)) {
    for (const error of Value.Errors(TemplateDocumentSchema, doc)) {
      const path = pointerToPath(error.path);
      issues.push({ path, message: `${path || 'template'}: ${error.message}`, code: 'invalid_template' });
      if (issues.length >= 10) break;
    }
    return { ok: false, issues };
  }
  const ctx: Context = {
    issues,
    opts,
    fonts: new Map(opts.fontFamilies.map((f) => [primaryFontFamily(f).toLowerCase(), f])),
    names: new Map(),
    objectCount: 0,
    textGraphemes: 0,
    major: documentMajorVersion(doc),
  };
  const record = doc as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (CANVAS_KEYS.has(key)) continue;
    const value = record[key];
    if (value === null || value === undefined || value === '') {
      if (CANVAS_OBJECTS.includes(key) || key === 'overlay') continue;
    } else if (CANVAS_OBJECTS.includes(key)) {
      checkObject(ctx, value, key, 1, true);
      continue;
    } else if (key === 'overlay') {
      checkPaint(ctx, value, 'overlay', 'template', 'overlay');
      continue;
    }
    add(ctx, clip(key), `template: property "${clip(key)}" is not supported`);
  }
  if (doc.version !== undefined && !/^\d+\.\d+/.test(doc.version)) {
    add(ctx, 'version', `template: version must be a Fabric.js version such as "5.3.0" (got ${preview(doc.version)})`);
  }
  if (doc.background !== undefined) checkPaint(ctx, doc.background, 'background', 'template', 'background');
  doc.objects.forEach((obj, i) => checkObject(ctx, obj, `objects[${i}]`, 1, false));
  if (ctx.textGraphemes > LIMITS.templateTextGraphemes) {
    add(ctx, 'objects', `template: the text objects hold more than ${LIMITS.templateTextGraphemes} characters in total; split the design or shorten the texts`);
  }
  return issues.length > 0 ? { ok: false, issues: issues.slice(0, MAX_ISSUES) } : { ok: true, document: doc as TemplateDocument };
}

function add(ctx: Context, path: string, message: string, code: TemplateIssue['code'] = 'invalid_template') {
  if (ctx.issues.length < MAX_ISSUES) ctx.issues.push({ path, message, code });
}

function pointerToPath(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((acc, part) => (/^\d+$/.test(part) ? `${acc}[${part}]` : acc ? `${acc}.${part}` : part), '');
}

const preview = (value: unknown) => previewJson(value);
/** Keys come from the request and may be megabytes long: paths and messages quote at most 100 characters. */
const clip = (key: string) => (key.length > 100 ? `${key.slice(0, 97)}...` : key);

function checkObject(ctx: Context, obj: unknown, path: string, depth: number, isClipPath: boolean): void {
  if (typeof obj !== 'object' || obj === null || Array.isArray(obj)) {
    add(ctx, path, `${path}: must be a Fabric object`);
    return;
  }
  if (++ctx.objectCount > LIMITS.objects) {
    if (ctx.objectCount === LIMITS.objects + 1) add(ctx, path, `template: more than ${LIMITS.objects} objects`);
    return;
  }
  if (depth > LIMITS.depth) {
    add(ctx, path, `${path}: groups and clip paths are nested more than ${LIMITS.depth} levels deep`);
    return;
  }
  const o = obj as FabricObject;
  const named = typeof o.name === 'string' && o.name !== '';
  const label = named ? `${path} (${preview(o.name)})` : path;
  const type = canonicalType(o.type);
  if (type === null) {
    add(ctx, `${path}.type`, `${label}: object type ${preview(o.type)} is not supported; supported types: ${SUPPORTED_TYPES.join(', ')}`);
    return;
  }
  if (o.name !== undefined && o.name !== null) {
    if (typeof o.name !== 'string' || o.name.length > LIMITS.nameLength) {
      add(ctx, `${path}.name`, `${label}: name must be a string of at most ${LIMITS.nameLength} characters`);
    } else if (named && !isClipPath) {
      const previous = ctx.names.get(o.name);
      if (previous) add(ctx, `${path}.name`, `${label}: name ${JSON.stringify(o.name)} is already used by ${previous}; element names must be unique`);
      else ctx.names.set(o.name, path);
    }
  }
  const own = TYPE_PROPERTIES[type];
  for (const [key, value] of Object.entries(o)) {
    if (IGNORED.has(key)) continue;
    // Own keys only: a property named "hasOwnProperty", "toString" or "constructor" must be refused as unknown, not
    // looked up on Object.prototype and called as if it were a rule.
    const rule = ownEntry(own, key) ?? ownEntry(COMMON_PROPERTIES, key);
    const at = `${path}.${clip(key)}`;
    if (rule === 'special') {
      checkSpecial(ctx, type, key, value, at, label, depth, isClipPath);
    } else if (rule) {
      const expected = rule(value);
      if (expected) add(ctx, at, `${label}: property "${clip(key)}" must be ${expected} (got ${preview(value)})`);
      else if (key === 'text' && typeof value === 'string' && ctx.textGraphemes <= LIMITS.templateTextGraphemes) {
        ctx.textGraphemes += countGraphemes(value, LIMITS.templateTextGraphemes - ctx.textGraphemes);
      }
    } else if (Object.hasOwn(DEFAULT_ONLY, key)) {
      if (!isDefault(DEFAULT_ONLY[key], value)) {
        const defaults = DEFAULT_ONLY[key].map((d) => preview(d)).join(' or ');
        add(ctx, at, `${label}: property "${clip(key)}" is not supported with value ${preview(value)}; only Fabric's default ${defaults} is accepted`);
      }
    } else {
      add(ctx, at, `${label}: property "${clip(key)}" is not supported`);
    }
  }
  if (isTextType(type)) checkFontWeights(ctx, o, path, label);
}

function checkFontWeights(ctx: Context, o: FabricObject, path: string, label: string) {
  for (const issue of fontWeightIssues(o)) add(ctx, `${path}.${issue.at}`, `${label}: ${issue.message}`, 'unknown_font');
}

function isDefault(defaults: readonly unknown[], value: unknown): boolean {
  return defaults.some((d) => (d === null ? value === null || value === undefined : jsonEqual(d, value)));
}

function checkSpecial(ctx: Context, type: SupportedType, key: string, value: unknown, at: string, label: string, depth: number, inClipPath: boolean) {
  switch (key) {
    case 'type':
    case 'name':
      return; // checked in checkObject
    case 'fill':
    case 'stroke':
      return checkPaint(ctx, value, at, label, key);
    case 'shadow':
      return checkShadow(ctx, value, at, label);
    case 'clipPath':
      if (value === null || value === undefined) return;
      return checkObject(ctx, value, at, depth + 1, true);
    case 'objects':
      if (!Array.isArray(value)) return add(ctx, at, `${label}: property "objects" must be an array of objects`);
      // Objects of a group used as a clip path are part of the mask, not elements.
      return value.forEach((child, i) => checkObject(ctx, child, `${at}[${i}]`, depth + 1, inClipPath));
    case 'points':
      return checkPoints(ctx, value, at, label);
    case 'path':
      return isTextType(type) ? checkTextPath(ctx, value, at, label, depth) : checkPathData(ctx, value, at, label);
    case 'src':
      return checkSrc(ctx, value, at, label);
    case 'fontFamily':
      return checkFont(ctx, value, at, label);
    case 'styles':
      return checkStyles(ctx, value, at, label);
    case 'filters': {
      const parsed = parseImageFilters(value, ctx.major);
      if (!parsed.ok) for (const e of parsed.errors) add(ctx, at, `${label}: ${e}`);
      // A BlendImage's own image is fetched like any src, so it gets the same URL rules.
      if (Array.isArray(value)) {
        value.forEach((f, i) => {
          const src = (f as { image?: { src?: unknown } } | null)?.image?.src;
          if (typeof src === 'string' && src !== '') checkSrc(ctx, src, `${at}[${i}].image.src`, label);
        });
      }
      return;
    }
    case 'textDecorationThickness':
    case 'textDecorationColor': {
      const issue = decorationIssue(ctx, key, value);
      return issue ? add(ctx, at, `${label}: property "${key}" ${issue}`) : undefined;
    }
    default:
      throw new Error(`no check for special property ${key} on ${type}`);
  }
}

/** A colour, a linear/radial gradient object, an image pattern, or nothing. */
function checkPaint(ctx: Context, value: unknown, at: string, label: string, key: string) {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const g = value as Record<string, unknown>;
    if (g.type === 'pattern' || 'source' in g) return checkPattern(ctx, g, at, label, key);
    return checkGradient(ctx, g, at, label, key);
  }
  const expected = colorOrNone(value);
  if (expected) add(ctx, at, `${label}: property "${clip(key)}" must be ${expected}, a gradient or a pattern (got ${preview(value)})`);
}

const PATTERN_KEYS = new Set(['type', 'source', 'repeat', 'offsetX', 'offsetY', 'patternTransform', 'crossOrigin', 'id']);

/** A Fabric Pattern as Pattern#toObject() writes it: an image URL tiled from the object's top-left corner. */
function checkPattern(ctx: Context, p: Record<string, unknown>, at: string, label: string, key: string) {
  const bad = (what: string) => add(ctx, at, `${label}: pattern in "${clip(key)}": ${what}`);
  if (p.type !== undefined && p.type !== 'pattern') return bad(`type must be "pattern" (got ${preview(p.type)})`);
  for (const k of Object.keys(p)) if (!PATTERN_KEYS.has(k)) bad(`property "${clip(k)}" is not supported`);
  if (typeof p.source !== 'string' || p.source === '') return bad(`source must be the image's http(s) URL or data:image/ URL (got ${preview(p.source)})`);
  checkSrc(ctx, p.source, `${at}.source`, label, `the pattern source in "${clip(key)}"`);
  if (p.repeat !== undefined && oneOf(...PATTERN_REPEATS)(p.repeat)) bad(`repeat must be one of ${PATTERN_REPEATS.map((r) => `"${r}"`).join(', ')} (got ${preview(p.repeat)})`);
  for (const k of ['offsetX', 'offsetY'] as const) {
    if (p[k] !== undefined && num(-LIMITS.coordinate, LIMITS.coordinate)(p[k])) bad(`${k} must be a finite number`);
  }
  const t = p.patternTransform;
  if (t !== undefined && t !== null && !(Array.isArray(t) && t.length === 6 && t.every((v) => isFiniteNumber(v) && Math.abs(v) <= LIMITS.coordinate))) {
    bad('patternTransform must be null or an array of 6 finite numbers');
  }
  if (p.crossOrigin !== undefined && p.crossOrigin !== null && oneOf('', 'anonymous', 'use-credentials')(p.crossOrigin)) {
    bad('crossOrigin must be "", "anonymous" or "use-credentials"');
  }
}

const GRADIENT_KEYS = new Set(['type', 'coords', 'colorStops', 'offsetX', 'offsetY', 'gradientUnits', 'gradientTransform', 'id']);

function checkGradient(ctx: Context, g: Record<string, unknown>, at: string, label: string, key: string) {
  const bad = (what: string) => add(ctx, at, `${label}: gradient in "${clip(key)}": ${what}`);
  if (g.type !== 'linear' && g.type !== 'radial') return bad(`type must be "linear" or "radial" (got ${preview(g.type)})`);
  for (const k of Object.keys(g)) if (!GRADIENT_KEYS.has(k)) bad(`property "${clip(k)}" is not supported`);
  const coords = g.coords;
  if (typeof coords !== 'object' || coords === null || Array.isArray(coords)) return bad('coords must be an object {x1, y1, x2, y2[, r1, r2]}');
  for (const [k, v] of Object.entries(coords)) {
    if (!['x1', 'y1', 'x2', 'y2', 'r1', 'r2'].includes(k)) bad(`coords.${clip(k)} is not supported`);
    else if (!isFiniteNumber(v) || Math.abs(v) > LIMITS.coordinate || (k[0] === 'r' && v < 0)) bad(`coords.${clip(k)} must be a finite number${k[0] === 'r' ? ' >= 0' : ''}`);
  }
  if (!Array.isArray(g.colorStops) || g.colorStops.length === 0 || g.colorStops.length > 256) {
    return bad('colorStops must be an array of 1 to 256 stops');
  }
  g.colorStops.forEach((stop: unknown, i: number) => {
    const s = stop as Record<string, unknown>;
    if (typeof s !== 'object' || s === null) return bad(`colorStops[${i}] must be {offset, color}`);
    if (num(0, 1)(s.offset)) bad(`colorStops[${i}].offset must be a number between 0 and 1`);
    if (!isColor(s.color)) bad(`colorStops[${i}].color must be a CSS colour (got ${preview(s.color)})`);
    if (s.opacity !== undefined && num(0, 1)(s.opacity)) bad(`colorStops[${i}].opacity must be a number between 0 and 1`);
    for (const k of Object.keys(s)) if (!['offset', 'color', 'opacity'].includes(k)) bad(`colorStops[${i}].${clip(k)} is not supported`);
  });
  for (const k of ['offsetX', 'offsetY'] as const) {
    if (g[k] !== undefined && num(-LIMITS.coordinate, LIMITS.coordinate)(g[k])) bad(`${clip(k)} must be a finite number`);
  }
  if (g.gradientUnits !== undefined && oneOf('pixels', 'percentage')(g.gradientUnits)) bad('gradientUnits must be "pixels" or "percentage"');
  const t = g.gradientTransform;
  if (t !== undefined && t !== null && !(Array.isArray(t) && t.length === 6 && t.every(isFiniteNumber))) {
    bad('gradientTransform must be null or an array of 6 numbers');
  }
}

const SHADOW_CHECKS: Record<string, ValueCheck> = {
  color: colorOrNone,
  blur: num(0, LIMITS.size),
  offsetX: num(-LIMITS.coordinate, LIMITS.coordinate),
  offsetY: num(-LIMITS.coordinate, LIMITS.coordinate),
  affectStroke: (v) => (typeof v === 'boolean' ? null : 'true or false'),
  nonScaling: (v) => (typeof v === 'boolean' ? null : 'true or false'),
  type: oneOf('shadow'),
  includeDefaultValues: () => null,
  id: () => null,
};

function checkShadow(ctx: Context, value: unknown, at: string, label: string) {
  if (value === null) return;
  if (typeof value !== 'object' || Array.isArray(value)) {
    return add(ctx, at, `${label}: property "shadow" must be null or a shadow object {color, blur, offsetX, offsetY} (got ${preview(value)})`);
  }
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    const check = ownEntry(SHADOW_CHECKS, k);
    const expected = check ? check(v) : 'absent (not supported)';
    if (expected) add(ctx, `${at}.${clip(k)}`, `${label}: shadow property "${clip(k)}" must be ${expected} (got ${preview(v)})`);
  }
}

function checkPoints(ctx: Context, value: unknown, at: string, label: string) {
  const ok =
    Array.isArray(value) &&
    value.length <= LIMITS.points &&
    value.every(
      (p) => typeof p === 'object' && p !== null && isFiniteNumber(p.x) && isFiniteNumber(p.y) && Math.abs(p.x) <= LIMITS.coordinate && Math.abs(p.y) <= LIMITS.coordinate,
    );
  if (!ok) add(ctx, at, `${label}: property "points" must be an array of at most ${LIMITS.points} {x, y} points with finite coordinates`);
}

const PATH_ARITY: Record<string, number[]> = { M: [2], L: [2], H: [1], V: [1], C: [6], S: [4], Q: [4], T: [2], A: [7], Z: [0] };

/**
 * Text on a path: `path` holds the Fabric Path the glyphs follow (drawn first
 * when visible, its own transform ignored). Checked as an object of its own,
 * never an element; it needs at least one command to have a length.
 */
function checkTextPath(ctx: Context, value: unknown, at: string, label: string, depth: number) {
  if (value === null || value === undefined) return;
  const o = value as Record<string, unknown>;
  if (typeof o !== 'object' || Array.isArray(o) || String(o.type).toLowerCase() !== 'path' || !Array.isArray(o.path) || o.path.length === 0) {
    return add(ctx, at, `${label}: property "path" of a text must be a Fabric Path object ({type: "Path", path: [["M", x, y], …]}) with at least one command`);
  }
  checkObject(ctx, value, at, depth + 1, true);
}

function checkPathData(ctx: Context, value: unknown, at: string, label: string) {
  if (!Array.isArray(value) || value.length > LIMITS.pathCommands) {
    return add(ctx, at, `${label}: property "path" must be an array of at most ${LIMITS.pathCommands} commands such as ["M", 0, 0]`);
  }
  value.forEach((cmd: unknown, i: number) => {
    const parts: unknown[] = Array.isArray(cmd) ? cmd : [];
    const arity = typeof parts[0] === 'string' ? PATH_ARITY[parts[0].toUpperCase()] : undefined;
    if (!arity || !arity.includes(parts.length - 1) || !parts.slice(1).every(isFiniteNumber)) {
      add(ctx, `${at}[${i}]`, `${label}: path command ${i} ${preview(cmd)} is not a valid command (M, L, H, V, C, S, Q, T, A or Z with finite numbers)`);
    }
  });
}

function checkSrc(ctx: Context, value: unknown, at: string, label: string, what = 'property "src"') {
  if (typeof value !== 'string') return add(ctx, at, `${label}: ${what} must be a string URL (got ${preview(value)})`);
  // An empty src draws nothing in Fabric; it is the usual placeholder for an image supplied per request.
  if (value === '' || isRemoteImageUrl(value)) return;
  if (ctx.opts.allowLocalFiles && isLocalImagePath(value)) return;
  add(ctx, at, `${label}: ${what} must be an http(s) URL without a user name or password, or a data:image/ URL (got ${preview(value)})`);
}

/**
 * A path on this machine (relative, absolute or `file:`), which only the CLI
 * may read: the HTTP API must never open a file on the server's behalf.
 */
export function isLocalImagePath(value: string): boolean {
  return value !== '' && !/^[a-z][a-z0-9+.-]*:/i.test(value.replace(/^file:/i, ''));
}

/**
 * http(s) URL or a data: URL of an image; the fetch layer enforces everything else (SSRF, size). A
 * user name or password in the URL is refused here already: the fetcher would refuse it anyway, after
 * the credit is reserved, and a template or request should not carry credentials.
 */
export function isRemoteImageUrl(value: string): boolean {
  if (/^data:image\/[a-z0-9.+-]+[;,]/i.test(value)) return true;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

function checkFont(ctx: Context, value: unknown, at: string, label: string) {
  if (typeof value !== 'string' || value.trim() === '' || value.length > 500) {
    return add(ctx, at, `${label}: property "fontFamily" must be a non-empty font family name (got ${preview(value)})`);
  }
  const family = primaryFontFamily(value);
  if (!ctx.fonts.has(family.toLowerCase())) {
    const available = [...ctx.fonts.values()].sort((a, b) => a.localeCompare(b)).join(', ');
    add(ctx, at, `${label}: font family ${JSON.stringify(family)} is not available; available families: ${available || '(none)'}`, 'unknown_font');
  }
}

/**
 * Per-character styles in either serialization: v6+ (and v5.2+) write an
 * array of {start, end, style} ranges over graphemes, older versions a
 * nested {line: {char: style}} object.
 */
function checkStyles(ctx: Context, value: unknown, at: string, label: string) {
  if (value === null) return;
  if (Array.isArray(value)) {
    if (value.length > LIMITS.styleRanges) return add(ctx, at, `${label}: more than ${LIMITS.styleRanges} style ranges`);
    value.forEach((range: unknown, i: number) => {
      const r = range as Record<string, unknown>;
      const ok =
        typeof r === 'object' &&
        r !== null &&
        Number.isInteger(r.start) &&
        Number.isInteger(r.end) &&
        (r.start as number) >= 0 &&
        (r.end as number) > (r.start as number) &&
        typeof r.style === 'object' &&
        r.style !== null;
      if (!ok) return add(ctx, `${at}[${i}]`, `${label}: styles[${i}] must be {start, end, style} with integers 0 <= start < end`);
      checkStyle(ctx, r.style, `${at}[${i}].style`, label);
    });
    return;
  }
  if (typeof value !== 'object') return add(ctx, at, `${label}: property "styles" must be an array of {start, end, style} or a {line: {char: style}} object`);
  let count = 0;
  for (const [line, chars] of Object.entries(value as Record<string, unknown>)) {
    if (!/^\d+$/.test(line) || typeof chars !== 'object' || chars === null || Array.isArray(chars)) {
      add(ctx, `${at}.${clip(line)}`, `${label}: styles key ${JSON.stringify(clip(line))} must be a line number mapping to {char: style}`);
      continue;
    }
    for (const [char, style] of Object.entries(chars as Record<string, unknown>)) {
      if (++count > LIMITS.styleRanges) return add(ctx, at, `${label}: more than ${LIMITS.styleRanges} styled characters`);
      if (!/^\d+$/.test(char)) add(ctx, `${at}.${clip(line)}.${clip(char)}`, `${label}: styles[${clip(line)}] key ${JSON.stringify(clip(char))} must be a character index`);
      else checkStyle(ctx, style, `${at}.${clip(line)}.${clip(char)}`, label);
    }
  }
}

function checkStyle(ctx: Context, style: unknown, at: string, label: string) {
  if (typeof style !== 'object' || style === null || Array.isArray(style)) return add(ctx, at, `${label}: a character style must be an object`);
  for (const [key, value] of Object.entries(style as Record<string, unknown>)) {
    const rule = ownEntry(STYLE_PROPERTIES, key);
    if (Object.hasOwn(TEXT_DECORATION_SINCE, key)) {
      const issue = decorationIssue(ctx, key, value);
      if (issue) add(ctx, `${at}.${clip(key)}`, `${label}: character style "${key}" ${issue}`);
    } else if (rule === 'special') checkFont(ctx, value, `${at}.${clip(key)}`, label);
    else if (rule) {
      const expected = rule(value);
      if (expected) add(ctx, `${at}.${clip(key)}`, `${label}: character style "${clip(key)}" must be ${expected} (got ${preview(value)})`);
    } else if (!(Object.hasOwn(DEFAULT_ONLY, key) && isDefault(DEFAULT_ONLY[key], value))) {
      add(ctx, `${at}.${clip(key)}`, `${label}: character style "${clip(key)}" is not supported`);
    }
  }
}
