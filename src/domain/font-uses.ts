/**
 * Every (family list, weight, style) a document's texts draw with, their own
 * and each character style's: what deleting an account font and keying a
 * thumbnail must know. Texts are found wherever an object can sit (top level,
 * in groups, as a clip path at any depth, as a canvas-level object).
 */
import { canonicalType, isTextType, parseFamilyList } from './fabric-types.js';
import { characterStyles, numericFontWeight } from './font-weights.js';
import type { TemplateDocument } from './template.js';

export interface FontUse {
  /** The families in the order the renderer tries them (`'Brand', Inter` → Brand, Inter). */
  families: string[];
  weight: number;
  style: string;
  /** The text's `name`, else its JSON path: for messages. */
  element: string;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Fabric's defaults for a text that leaves these out. */
const DEFAULT_FAMILY = 'Times New Roman';

export function fontUses(doc: TemplateDocument): FontUse[] {
  const found: FontUse[] = [];
  const add = (family: unknown, weight: unknown, style: unknown, element: string) => {
    if (typeof family !== 'string') return;
    found.push({ families: parseFamilyList(family), weight: numericFontWeight(weight) ?? 400, style: typeof style === 'string' ? style : 'normal', element });
  };
  const visit = (value: unknown, path: string): void => {
    if (!isObject(value)) return;
    const element = typeof value.name === 'string' && value.name !== '' ? value.name : path;
    const type = canonicalType(value.type);
    if (isTextType(type)) {
      const family = value.fontFamily ?? DEFAULT_FAMILY;
      const weight = value.fontWeight ?? 'normal';
      const style = value.fontStyle ?? 'normal';
      add(family, weight, style, element);
      for (const { style: run } of characterStyles(value.styles)) {
        if (run.fontFamily !== undefined || run.fontWeight !== undefined || run.fontStyle !== undefined)
          add(run.fontFamily ?? family, run.fontWeight ?? weight, run.fontStyle ?? style, element);
      }
    }
    if (type === 'group' && Array.isArray(value.objects)) value.objects.forEach((child, i) => visit(child, `${path}.objects[${i}]`));
    if (value.clipPath) visit(value.clipPath, `${path}.clipPath`);
  };
  const root = doc as unknown as Json;
  for (const key of ['backgroundImage', 'clipPath', 'overlayImage']) visit(root[key], key);
  if (Array.isArray(doc.objects)) doc.objects.forEach((obj, i) => visit(obj, `objects[${i}]`));
  return found;
}

/** Whether any text of the document names `family` anywhere in its family list (case-insensitively, as the renderer matches). */
export function namesFontFamily(doc: TemplateDocument, family: string): boolean {
  const lower = family.toLowerCase();
  return fontUses(doc).some((use) => use.families.some((f) => f.toLowerCase() === lower));
}
