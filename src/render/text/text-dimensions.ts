import type { FabricObject } from '../../domain/template.js';
import { ensureAccountFonts, ensureBundledFonts } from '../fonts/font-registry.js';
import type { AccountFont } from '../render-document.js';
import { prepareText } from './text-object.js';

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
  return (obj) => {
    const { width, height } = prepareText(obj, options);
    return { width, height };
  };
}
