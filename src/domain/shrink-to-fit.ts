/**
 * Imprint's `textFit: 'shrink'`, as one pure search shared by the renderer
 * (src/render/text/text-fit.ts) and the browser editor: every font size of a
 * text (the object's and the per-character ones) is multiplied by one factor,
 * the largest that still fits the stored box, found by bisection over a
 * caller's `fits(scale)` predicate. The layout itself stays the caller's: the
 * renderer lays text out with its own engine, the editor with Fabric's.
 */

/** Used when a shrink text has no minFontSize of its own. */
export const DEFAULT_MIN_FONT_SIZE = 8;

/** Slack on the box edges: float error in a layout must not cost a bisection step. */
const EPSILON = 0.01;

/** Bisection steps: the factor is found within (1 − min/size) / 2^14, far below a visible pixel. */
const STEPS = 14;

export interface Size {
  width: number;
  height: number;
}

export interface FitScale {
  /** The factor to multiply every font size by (1 when the text fits as designed). */
  scale: number;
  /** Even the smallest allowed size does not fit: drawn at `scale` and larger than the box. */
  overflows: boolean;
}

/** A laid-out size fits the box (a missing box side is Infinity, so never binds). */
export function fitsBox(laidOut: Size, box: Size): boolean {
  return laidOut.width <= box.width + EPSILON && laidOut.height <= box.height + EPSILON;
}

/**
 * The largest factor in [minFontSize / fontSize, 1] for which `fits` holds,
 * assuming it is monotonic (smaller text never needs more room).
 * `fits(1)` is asked first, so a text that fits as designed is laid out once.
 */
export function shrinkToFit(fontSize: number, minFontSize: number, fits: (scale: number) => boolean): FitScale {
  if (fits(1)) return { scale: 1, overflows: false };
  if (fontSize <= minFontSize) return { scale: 1, overflows: true };
  const minScale = minFontSize / fontSize;
  if (!fits(minScale)) return { scale: minScale, overflows: true };
  let lo = minScale; // fits
  let hi = 1; // does not fit
  for (let i = 0; i < STEPS; i++) {
    const mid = (lo + hi) / 2;
    if (fits(mid)) lo = mid;
    else hi = mid;
  }
  return { scale: lo, overflows: false };
}

/** The box a shrink text fits into: its stored width and height, a missing one never binding. */
export function fitBox(obj: Readonly<Record<string, unknown>>): Size {
  const side = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : Number.POSITIVE_INFINITY);
  return { width: side(obj.width), height: side(obj.height) };
}

/** The smallest size a shrink text may reach: its own minFontSize, or the default. */
export function minFontSizeOf(obj: Readonly<Record<string, unknown>>): number {
  const v = obj.minFontSize;
  return typeof v === 'number' && Number.isFinite(v) ? v : DEFAULT_MIN_FONT_SIZE;
}
