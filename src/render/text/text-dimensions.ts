import { type ElementProperties, listElements } from '../../domain/elements.js';
import type { FabricObject, TemplateDocument } from '../../domain/template.js';
import { ensureAccountFonts, ensureBundledFonts } from '../fonts/font-registry.js';
import type { AccountFont } from '../render-document.js';
import { prepareText } from './text-object.js';

/**
 * Code points laid out per call of textDimensions' result, all texts together: about 0.1–0.2 s of
 * one core for the slowest scripts. Shrink-to-fit lays a text out up to 16 times (its bisection).
 */
const MAX_LAYOUT_WORK = 40_000;
const SHRINK_LAYOUTS = 16;

function layoutWork(obj: FabricObject): number {
  let codePoints = 0;
  for (const _ of String(obj.text ?? '')) codePoints++;
  return codePoints * (obj.textFit === 'shrink' ? SHRINK_LAYOUTS : 1);
}

/**
 * A text's width and height as the renderer lays it out (Fabric's
 * initDimensions; with `textFit: 'shrink'`, after shrinking), with the
 * account's fonts. The very function the render uses, so `/elements` and the
 * pixels cannot disagree.
 */
export function textDimensions(fonts: readonly AccountFont[]): (obj: FabricObject) => { width: number; height: number } | undefined {
  ensureBundledFonts();
  if (fonts.length > 0) ensureAccountFonts(fonts);
  const options = fonts.length > 0 ? { fonts } : {};
  let work = 0;
  return (obj) => {
    // Five 10,000-character shrink-to-fit texts took 4 s. A render worker does this now, under its
    // timeout, but a read that is free should not cost a worker seconds either. Past the bound a text
    // keeps its stored size, as it would without a layout at all.
    work += layoutWork(obj);
    if (work > MAX_LAYOUT_WORK) return undefined;
    const { width, height } = prepareText(obj, options);
    return { width, height };
  };
}

/** `GET /templates/{id}/elements`' answer: each element's properties, texts at their laid-out size. */
export function layoutElements(document: TemplateDocument, fonts: readonly AccountFont[]): Record<string, ElementProperties> {
  return listElements(document, textDimensions(fonts));
}
