/**
 * The addressable elements of a template (contract section 2.2): every
 * object with a non-empty `name`, nested groups included, clip paths not
 * (they are masks, never drawn). Values come from the JSON, with Fabric's
 * defaults filled in where toJSON() left a property out.
 */
import { canonicalType, isTextType } from './fabric-types.js';
import type { ElementKind, FabricObject, TemplateDocument } from './template.js';

export { imageSources, imageUses, type ImageUse } from './image-sources.js';

export type ElementProperties = Record<string, unknown>;
export type BasicElement = { src: string } | { text: string } | { fill: unknown };

export function elementKind(obj: FabricObject): ElementKind {
  const type = canonicalType(obj.type);
  if (isTextType(type)) return 'text';
  if (type === 'line') return 'line';
  if (type === 'image') return 'image';
  if (type === 'group') return 'group';
  return 'shape';
}

/** Named objects in document (paint) order, depth-first through groups. */
export function namedObjects(doc: TemplateDocument): Map<string, FabricObject> {
  const found = new Map<string, FabricObject>();
  const walk = (objects: unknown) => {
    if (!Array.isArray(objects)) return;
    for (const obj of objects as FabricObject[]) {
      if (typeof obj !== 'object' || obj === null) continue;
      if (typeof obj.name === 'string' && obj.name !== '' && !found.has(obj.name)) found.set(obj.name, obj);
      if (canonicalType(obj.type) === 'group') walk(obj.objects);
    }
  };
  walk(doc.objects);
  return found;
}

/** Fabric's defaults (identical in v5–v7 for these properties). */
const DEFAULTS: Record<string, unknown> = {
  width: 0,
  height: 0,
  fill: 'rgb(0,0,0)',
  stroke: null,
  strokeWidth: 1,
  rx: 0,
  ry: 0,
  scaleX: 1,
  scaleY: 1,
  angle: 0,
  opacity: 1,
  fontSize: 40,
  fontFamily: 'Times New Roman',
  lineHeight: 1.16,
  text: '',
  charSpacing: 0,
  textAlign: 'left',
  src: '',
};

const REPORTED: Record<ElementKind, readonly string[]> = {
  shape: ['width', 'height', 'fill', 'stroke', 'strokeWidth', 'scaleX', 'scaleY', 'angle', 'opacity'],
  text: ['width', 'height', 'fill', 'fontSize', 'fontFamily', 'lineHeight', 'text', 'charSpacing', 'textAlign', 'scaleX', 'scaleY', 'angle', 'opacity'],
  line: ['width', 'height', 'fill', 'scaleX', 'scaleY', 'angle', 'opacity'],
  image: ['src', 'width', 'height', 'scaleX', 'scaleY', 'angle', 'opacity'],
  group: ['width', 'height', 'scaleX', 'scaleY', 'angle', 'opacity'],
};

/**
 * Colours as the contract shows them, always a string: Fabric's "no paint"
 * (`null` or `''`) becomes the word `transparent`, and a gradient is reported
 * by its first stop's colour, because clients (and no-code field mappers)
 * type `fill` as a string. The full gradient is in GET /templates/{id}.
 */
export function apiPaint(value: unknown): string {
  if (value === null || value === undefined || value === '') return 'transparent';
  if (typeof value === 'string') return value;
  const stops = (value as { colorStops?: Array<{ color?: unknown }> }).colorStops;
  const first = Array.isArray(stops) ? stops[0]?.color : undefined;
  return typeof first === 'string' ? first : 'transparent';
}

export function valueOf(obj: FabricObject, key: string): unknown {
  const v = obj[key];
  return v === undefined ? DEFAULTS[key] : v;
}

/**
 * A Fabric line is drawn only with its stroke, so the colour users see —
 * and the `fill` the contract lists for lines — is the stroke colour.
 * overrides.ts maps a line's `fill` back onto `stroke` symmetrically.
 */
export function lineColor(obj: FabricObject): unknown {
  return apiPaint(obj.stroke);
}

export function elementProperties(obj: FabricObject): ElementProperties {
  const kind = elementKind(obj);
  const type = canonicalType(obj.type);
  const keys = [...REPORTED[kind]];
  // rx/ry are corner radii on a rect and radii on an ellipse; other shapes have none.
  if (type === 'rect' || type === 'ellipse') keys.splice(keys.indexOf('strokeWidth') + 1, 0, 'rx', 'ry');
  const props: ElementProperties = {};
  for (const key of keys) {
    if (key === 'fill') props.fill = kind === 'line' ? lineColor(obj) : apiPaint(valueOf(obj, 'fill'));
    else if (key === 'stroke') props.stroke = apiPaint(obj.stroke);
    else if (key === 'strokeWidth' && obj.strokeWidth === undefined) props.strokeWidth = type === 'image' ? 0 : 1;
    else props[key] = valueOf(obj, key);
  }
  return props;
}

/** Plain assignment would treat an element named `__proto__` as the prototype. */
function setOwn<T>(target: Record<string, T>, key: string, value: T) {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * `GET /templates/{id}/elements`: name → properties for each named object.
 * `laidOut` gives a text's width and height after layout (the renderer's), in
 * place of the stored ones.
 */
export function listElements(doc: TemplateDocument, laidOut?: (obj: FabricObject) => { width: number; height: number } | undefined): Record<string, ElementProperties> {
  const out: Record<string, ElementProperties> = {};
  for (const [name, obj] of namedObjects(doc)) {
    const props = elementProperties(obj);
    const size = laidOut && elementKind(obj) === 'text' ? laidOut(obj) : undefined;
    if (size) {
      props.width = size.width;
      props.height = size.height;
    }
    setOwn(out, name, props);
  }
  return out;
}

/** `GET /templates/{id}/elements/basic`: `src` for images, `text` for text, `fill` for every other kind. */
export function listBasicElements(doc: TemplateDocument): Record<string, BasicElement> {
  const out: Record<string, BasicElement> = {};
  for (const [name, obj] of namedObjects(doc)) {
    const kind = elementKind(obj);
    const basic: BasicElement =
      kind === 'image'
        ? { src: String(valueOf(obj, 'src')) }
        : kind === 'text'
          ? { text: String(valueOf(obj, 'text')) }
          : kind === 'line'
            ? { fill: lineColor(obj) }
            : { fill: apiPaint(valueOf(obj, 'fill')) };
    setOwn(out, name, basic);
  }
  return out;
}
