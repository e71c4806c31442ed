/**
 * Contexts that draw into a PDF page (Skia's PDF backend) rather than into
 * pixels. Code deep in the paint (glyph coverage) asks this instead of taking
 * a flag through every call: on a page, tricks that tune raster coverage by
 * reading pixels back or drawing text twice would rasterise the text or put
 * it twice into the PDF's text layer.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';

const vectorPages = new WeakSet<SKRSContext2D>();

export function markVectorPage(ctx: SKRSContext2D): SKRSContext2D {
  vectorPages.add(ctx);
  return ctx;
}

export function isVectorPage(ctx: SKRSContext2D): boolean {
  return vectorPages.has(ctx);
}
