/**
 * Every image a document draws, found in one place. The service fetches
 * exactly this list, the CLI reads it (from disk or the network), the fetch
 * cache keeps it, the golden scripts resolve it and the renderer decodes it;
 * so an image the renderer needs can never be one the fetcher skipped.
 *
 * Fabric draws images from: Image objects (`src`), anywhere an object can
 * sit (top level, in groups, as a clip path at any depth, as the canvas
 * `backgroundImage`, `overlayImage` or `clipPath`, as a text's path); a Pattern's `source`
 * (an object's `fill`/`stroke`, the canvas `background`/`overlay`); and the
 * BlendImage filter's `image`. The schema decides which of these a template
 * may use today; this walk already knows them all so none is missed later.
 */
import { canonicalType } from './fabric-types.js';
import type { TemplateDocument } from './template.js';

/** Canvas- or object-level keys that hold a paint (colour, gradient or pattern). */
const PAINT_KEYS = ['fill', 'stroke'] as const;
const CANVAS_PAINT_KEYS = ['background', 'overlay', 'backgroundColor', 'overlayColor'] as const;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** One place a document draws an image from. */
export interface ImageUse {
  src: string;
  /** The object's `name`, else its path from the nearest named ancestor (`box.clipPath`, `objects[2]`): for messages. */
  element: string;
  /** The JSON path of the source string in the document (`objects[1].objects[0].src`, `objects[3].fill.source`), as save errors name it. */
  path: string;
}

/** Every image use, in paint order, empty sources (Fabric draws nothing) left out. */
export function imageUses(doc: TemplateDocument): ImageUse[] {
  const found: ImageUse[] = [];
  const add = (src: unknown, element: string, path: string) => {
    if (typeof src === 'string' && src !== '') found.push({ src, element, path });
  };
  const visitPaint = (paint: unknown, element: string, path: string) => {
    // A Pattern's source is a URL string in toObject() output.
    if (isObject(paint) && (paint.type === 'pattern' || 'source' in paint)) add(paint.source, element, `${path}.source`);
  };
  const visitObject = (value: unknown, path: string, label: string): void => {
    if (!isObject(value)) return;
    const element = typeof value.name === 'string' && value.name !== '' ? value.name : label;
    const type = canonicalType(value.type);
    if (type === 'image') add(value.src, element, `${path}.src`);
    // A text's `path` (text on a path) is an object Fabric paints with its own fill and stroke, before
    // the text; a Path's own `path` is its command list, an array, which isObject leaves out.
    if (isObject(value.path)) visitObject(value.path, `${path}.path`, `${element}.path`);
    for (const key of PAINT_KEYS) visitPaint(value[key], element, `${path}.${key}`);
    if (Array.isArray(value.filters)) {
      value.filters.forEach((filter, i) => {
        if (isObject(filter) && isObject(filter.image)) add(filter.image.src, element, `${path}.filters[${i}].image.src`);
      });
    }
    if (type === 'group' && Array.isArray(value.objects)) value.objects.forEach((child, i) => visitObject(child, `${path}.objects[${i}]`, `${element}.objects[${i}]`));
    if (value.clipPath) visitObject(value.clipPath, `${path}.clipPath`, `${element}.clipPath`);
  };
  const root = doc as unknown as Json;
  for (const key of CANVAS_PAINT_KEYS) visitPaint(root[key], key, key);
  // Paint order: background image, objects, canvas clip path, overlay image.
  visitObject(root.backgroundImage, 'backgroundImage', 'backgroundImage');
  if (Array.isArray(doc.objects)) doc.objects.forEach((obj, i) => visitObject(obj, `objects[${i}]`, `objects[${i}]`));
  visitObject(root.clipPath, 'clipPath', 'clipPath');
  visitObject(root.overlayImage, 'overlayImage', 'overlayImage');
  return found;
}

/** `src` → who uses it first, deduplicated by `src`, in paint order. */
export function imageSources(doc: TemplateDocument): Map<string, string> {
  const found = new Map<string, string>();
  for (const use of imageUses(doc)) if (!found.has(use.src)) found.set(use.src, use.element);
  return found;
}
