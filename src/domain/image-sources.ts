/**
 * Every image a document draws, found in one place. The service fetches
 * exactly this list, the CLI reads it (from disk or the network), the fetch
 * cache keeps it, the golden scripts resolve it and the renderer decodes it;
 * so an image the renderer needs can never be one the fetcher skipped.
 *
 * Fabric draws images from: Image objects (`src`), anywhere an object can
 * sit (top level, in groups, as a clip path at any depth, as the canvas
 * `backgroundImage`, `overlayImage` or `clipPath`); a Pattern's `source`
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

/**
 * `src` → who uses it first, for error messages: the object's `name`, else
 * its path from the nearest named ancestor (`box.clipPath`, `objects[2]`). Deduplicated by `src`,
 * in paint order; empty sources (Fabric draws nothing) are left out.
 */
export function imageSources(doc: TemplateDocument): Map<string, string> {
  const found = new Map<string, string>();
  const add = (src: unknown, user: string) => {
    if (typeof src === 'string' && src !== '' && !found.has(src)) found.set(src, user);
  };
  const visitPaint = (paint: unknown, user: string) => {
    // A Pattern's source is a URL string in toObject() output.
    if (isObject(paint) && (paint.type === 'pattern' || 'source' in paint)) add(paint.source, user);
  };
  const visitObject = (value: unknown, path: string): void => {
    if (!isObject(value)) return;
    const user = typeof value.name === 'string' && value.name !== '' ? value.name : path;
    const type = canonicalType(value.type);
    if (type === 'image') add(value.src, user);
    for (const key of PAINT_KEYS) visitPaint(value[key], user);
    if (Array.isArray(value.filters)) {
      for (const filter of value.filters) if (isObject(filter) && isObject(filter.image)) add(filter.image.src, user);
    }
    if (type === 'group' && Array.isArray(value.objects)) value.objects.forEach((child, i) => visitObject(child, `${user}.objects[${i}]`));
    if (value.clipPath) visitObject(value.clipPath, `${user}.clipPath`);
  };
  const root = doc as unknown as Json;
  for (const key of CANVAS_PAINT_KEYS) visitPaint(root[key], key);
  // Paint order: background image, objects, canvas clip path, overlay image.
  visitObject(root.backgroundImage, 'backgroundImage');
  if (Array.isArray(doc.objects)) doc.objects.forEach((obj, i) => visitObject(obj, `objects[${i}]`));
  visitObject(root.clipPath, 'clipPath');
  visitObject(root.overlayImage, 'overlayImage');
  return found;
}
