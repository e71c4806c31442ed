import { primaryFontFamily } from './fabric-types.js';

/**
 * The weights each bundled family has a real file for (the @fontsource
 * packages' own `metadata.json`; a test keeps this table equal to them). The
 * renderer loads these faces, `/editor/fonts.json` lists them, the editor
 * offers them, and a template naming any other weight for the family is
 * refused: Skia and Chromium would each substitute a neighbour (or synthesise
 * bold) in their own way, and the customer would pay for a face they never get.
 */
export const BUNDLED_FONT_WEIGHTS: Readonly<Record<string, readonly number[]>> = {
  Inter: [100, 200, 300, 400, 500, 600, 700, 800, 900],
  Roboto: [100, 200, 300, 400, 500, 600, 700, 800, 900],
  'Open Sans': [300, 400, 500, 600, 700, 800],
  Montserrat: [100, 200, 300, 400, 500, 600, 700, 800, 900],
  Lato: [100, 300, 400, 700, 900],
  Poppins: [100, 200, 300, 400, 500, 600, 700, 800, 900],
  Oswald: [200, 300, 400, 500, 600, 700],
  'Playfair Display': [400, 500, 600, 700, 800, 900],
  Merriweather: [300, 400, 500, 600, 700, 800, 900],
  'Source Code Pro': [200, 300, 400, 500, 600, 700, 800, 900],
  'Noto Sans': [100, 200, 300, 400, 500, 600, 700, 800, 900],
  // Tinos, served as Fabric's default family (metric-compatible).
  'Times New Roman': [400, 700],
};

const byLowerName = new Map(Object.entries(BUNDLED_FONT_WEIGHTS).map(([family, weights]) => [family.toLowerCase(), weights]));

/** The bundled weights of a Fabric `fontFamily` (its first family), or undefined when it is not a bundled family. */
export function bundledFontWeights(fontFamily: string): readonly number[] | undefined {
  return byLowerName.get(primaryFontFamily(fontFamily).toLowerCase());
}

/**
 * The numeric weight a canvas `font` gets for a Fabric `fontWeight`. Fabric
 * writes it into `ctx.font` as is; there is no parent element, so `bolder` and
 * `lighter` are relative to the initial 400 (CSS Fonts: 700 and 100).
 */
export function numericFontWeight(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  return { normal: 400, bold: 700, bolder: 700, lighter: 100 }[value];
}

/**
 * Why a (family, weight) pair cannot be drawn, or null when it can. Families
 * that are not bundled (an account's uploads, or unknown names refused
 * elsewhere) are not judged here.
 */
export function unavailableFontWeight(fontFamily: unknown, fontWeight: unknown): string | null {
  if (typeof fontFamily !== 'string') return null;
  const weights = bundledFontWeights(fontFamily);
  const weight = numericFontWeight(fontWeight);
  if (!weights || weight === undefined || weights.includes(weight)) return null;
  return `font weight ${JSON.stringify(fontWeight)} is not available for ${primaryFontFamily(fontFamily)}; available weights: ${weights.join(', ')}`;
}

/**
 * Every (family, weight) a text draws with, its own and each character
 * style's, that the bundle has no face for; `at` is relative to the object.
 * One issue per distinct message, so a long styled text is not a wall of errors.
 */
export function fontWeightIssues(o: Readonly<Record<string, unknown>>): Array<{ at: string; message: string }> {
  const family = o.fontFamily ?? 'Times New Roman';
  const weight = o.fontWeight ?? 'normal';
  const issues: Array<{ at: string; message: string }> = [];
  const own = unavailableFontWeight(family, weight);
  if (own) issues.push({ at: 'fontWeight', message: own });
  const seen = new Set(own ? [own] : []);
  for (const { style, at } of characterStyles(o.styles)) {
    if (style.fontFamily === undefined && style.fontWeight === undefined) continue;
    const message = unavailableFontWeight(style.fontFamily ?? family, style.fontWeight ?? weight);
    if (message && !seen.has(message)) {
      seen.add(message);
      issues.push({ at, message: `character style: ${message}` });
    }
  }
  return issues;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Character styles in both serializations: v6+ ranges `[{start, end, style}]`, older `{line: {char: style}}`. */
export function* characterStyles(styles: unknown): Generator<{ style: Record<string, unknown>; at: string }> {
  if (Array.isArray(styles)) {
    for (const [i, r] of styles.entries()) if (isRecord(r) && isRecord(r.style)) yield { style: r.style, at: `styles[${i}].style` };
  } else if (isRecord(styles)) {
    for (const [line, chars] of Object.entries(styles)) {
      if (!isRecord(chars)) continue;
      for (const [char, style] of Object.entries(chars)) if (isRecord(style)) yield { style, at: `styles.${line}.${char}` };
    }
  }
}

/** CSS Fonts 4 font-weight matching: how far `actual` is from `desired` in the order a browser (and so the renderer) tries faces. */
export function weightDistance(desired: number, actual: number): number {
  if (actual === desired) return 0;
  if (desired >= 400 && desired <= 500) {
    if (actual > desired && actual <= 500) return actual - desired;
    if (actual < desired) return 1000 + (desired - actual);
    return 2000 + actual;
  }
  if (desired < 400) return actual < desired ? desired - actual : 1000 + actual;
  return actual > desired ? actual - desired : 1000 + (desired - actual);
}

/** One family's faces in the order the font matcher tries them for (weight, style): same style first, then by weight distance. */
export function orderFacesByMatch<T extends { weight: number; style: string }>(faces: readonly T[], weight: number, style: string): T[] {
  return [...faces].sort((a, b) => Number(a.style !== style) - Number(b.style !== style) || weightDistance(weight, a.weight) - weightDistance(weight, b.weight));
}

/** The weight a family's faces would draw `desired` with (the font matcher's pick), or `desired` when there are none. */
export function closestFontWeight(desired: number, available: readonly number[]): number {
  return (
    orderFacesByMatch(
      available.map((weight) => ({ weight, style: '' })),
      desired,
      '',
    )[0]?.weight ?? desired
  );
}
