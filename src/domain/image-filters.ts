/**
 * Fabric image filters as Imprint accepts them: one parser gives the template
 * check its messages and the renderer its normalized list, so what is saved is
 * exactly what is drawn. Parameters are bounded so a hostile list cannot turn
 * one image into unbounded work: at most MAX_FILTERS filters, convolution
 * kernels up to 7×7, pixelate blocks up to 1000 px.
 *
 * Names and parameters are what Fabric 5–7 `toObject()` writes. Filters whose
 * Canvas 2D output Imprint does not reproduce yet are refused by name with the
 * reason, rather than drawn differently from the editor.
 */
import { parseColor } from './color.js';

export const MAX_FILTERS = 10;
export const CONVOLUTE_SIDES = [3, 5, 7] as const;

export const BLEND_COLOR_MODES = ['multiply', 'screen', 'add', 'difference', 'subtract', 'darken', 'lighten', 'overlay', 'exclusion', 'tint'] as const;
export type BlendColorMode = (typeof BLEND_COLOR_MODES)[number];

/** Fabric's fixed colour-matrix presets (ColorMatrixFilters.ts in 6/7, filter_generator.js in 5; identical). */
export const COLOR_MATRIX_PRESETS: Record<string, readonly number[]> = {
  Brownie: [0.5997, 0.34553, -0.27082, 0, 0.186, -0.0377, 0.86095, 0.15059, 0, -0.1449, 0.24113, -0.07441, 0.44972, 0, -0.02965, 0, 0, 0, 1, 0],
  Vintage: [0.62793, 0.32021, -0.03965, 0, 0.03784, 0.02578, 0.64411, 0.03259, 0, 0.02926, 0.0466, -0.08512, 0.52416, 0, 0.02023, 0, 0, 0, 1, 0],
  Kodachrome: [1.12855, -0.39673, -0.03992, 0, 0.24991, -0.16404, 1.08352, -0.05498, 0, 0.09698, -0.16786, -0.56034, 1.60148, 0, 0.13972, 0, 0, 0, 1, 0],
  Technicolor: [1.91252, -0.85453, -0.09155, 0, 0.04624, -0.30878, 1.76589, -0.10601, 0, -0.27589, -0.2311, -0.75018, 1.84759, 0, 0.12137, 0, 0, 0, 1, 0],
  Polaroid: [1.438, -0.062, -0.062, 0, 0, -0.122, 1.378, -0.122, 0, 0, -0.016, -0.016, 1.483, 0, 0, 0, 0, 0, 1, 0],
  Sepia: [0.393, 0.769, 0.189, 0, 0, 0.349, 0.686, 0.168, 0, 0, 0.272, 0.534, 0.131, 0, 0, 0, 0, 0, 1, 0],
  BlackWhite: [1.5, 1.5, 1.5, 0, -1, 1.5, 1.5, 1.5, 0, -1, 1.5, 1.5, 1.5, 0, -1, 0, 0, 0, 1, 0],
};

/** A filter ready to run; every preset and HueRotation is already a `matrix`. */
export type ImageFilter =
  | { type: 'brightness'; brightness: number }
  | { type: 'contrast'; contrast: number }
  | { type: 'saturation'; saturation: number }
  | { type: 'vibrance'; vibrance: number }
  | { type: 'grayscale'; mode: 'average' | 'lightness' | 'luminosity' }
  | { type: 'invert'; alpha: boolean }
  | { type: 'gamma'; gamma: [number, number, number] }
  /** `oneStepAlpha`: Fabric 5 sums the alpha column into one expression; 6/7 clamp the colour first. */
  | { type: 'colorMatrix'; matrix: number[]; colorsOnly: boolean; oneStepAlpha: boolean }
  | { type: 'blendColor'; rgb: [number, number, number]; mode: BlendColorMode; alpha: number }
  | { type: 'removeColor'; rgb: [number, number, number]; distance: number }
  | { type: 'pixelate'; blocksize: number }
  | { type: 'convolute'; matrix: number[]; opaque: boolean }
  | { type: 'blur'; blur: number }
  /** The blend image is drawn with only its scale and left/top, stretched to the filtered image's size, as Fabric does. */
  | { type: 'blendImage'; src: string; mode: 'multiply' | 'mask'; scaleX: number; scaleY: number; left: number; top: number }
  /** The image becomes round(w × scaleX) × round(h × scaleY) pixels; Fabric then draws it back at the object's size. */
  | { type: 'resize'; resizeType: 'hermite' | 'bilinear' | 'lanczos'; scaleX: number; scaleY: number; lanczosLobes: number };

const REFUSED: Record<string, string> = {
  Noise: 'draws random noise (Math.random on every render), so no two renders — and no render and the editor — would agree; bake the noise into the image instead',
  Composed: 'is not drawn yet',
};

type Parsed = { ok: true; filter: ImageFilter | null } | { ok: false; error: string };

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function numIn(v: unknown, lo: number, hi: number, dflt: number): number | null {
  if (v === undefined || v === null) return dflt;
  return typeof v === 'number' && Number.isFinite(v) && v >= lo && v <= hi ? v : null;
}

function rgbOf(v: unknown, dflt: string): [number, number, number] | null {
  const c = parseColor(typeof v === 'string' ? v : v === undefined ? dflt : '');
  return c ? [c.r, c.g, c.b] : null;
}

/** Fabric's HueRotation.calculateMatrix, with util.cos/sin's exact values at multiples of π/2. */
export function hueRotationMatrix(rotation: number): number[] {
  const rad = rotation * Math.PI;
  const slice = Math.abs(rad) / (Math.PI / 2);
  const cos = rad === 0 ? 1 : slice === 1 || slice === 3 ? 0 : slice === 2 ? -1 : Math.cos(rad);
  // Fabric's sin() special-cases only positive multiples (its slice is not taken as an absolute value).
  const sSlice = rad / (Math.PI / 2);
  const sin = rad === 0 ? 0 : sSlice === 1 ? 1 : sSlice === 2 ? 0 : sSlice === 3 ? -1 : Math.sin(rad);
  const third = 1 / 3;
  const s = Math.sqrt(third) * sin;
  const omc = 1 - cos;
  return [
    cos + omc / 3,
    third * omc - s,
    third * omc + s,
    0,
    0,
    third * omc + s,
    cos + third * omc,
    third * omc - s,
    0,
    0,
    third * omc - s,
    third * omc + s,
    cos + third * omc,
    0,
    0,
    0,
    0,
    0,
    1,
    0,
  ];
}

function bad(type: string, what: string): Parsed {
  return { ok: false, error: `${type} filter: ${what}` };
}

/** One filter as Fabric serializes it; `null` filter = neutral (Fabric's isNeutralState skips it). */
function parseFilter(f: unknown, major: number): Parsed {
  if (!isObj(f) || typeof f.type !== 'string') return { ok: false, error: 'each filter must be an object with a "type"' };
  const type = f.type;
  if (Object.hasOwn(REFUSED, type)) return { ok: false, error: `the ${type} filter ${REFUSED[type]}` };
  const unit = (key: string, lo = -1, hi = 1): number | null => numIn(f[key], lo, hi, 0);
  switch (type) {
    case 'Brightness':
    case 'Contrast':
    case 'Saturation':
    case 'Vibrance': {
      const key = type.toLowerCase();
      const v = unit(key);
      if (v === null) return bad(type, `"${key}" must be a number from -1 to 1`);
      if (v === 0) return { ok: true, filter: null };
      return { ok: true, filter: { type: key, [key]: v } as ImageFilter };
    }
    case 'Grayscale': {
      const mode = f.mode ?? 'average';
      if (mode !== 'average' && mode !== 'lightness' && mode !== 'luminosity') return bad(type, '"mode" must be average, lightness or luminosity');
      return { ok: true, filter: { type: 'grayscale', mode } };
    }
    case 'Invert': {
      if (f.invert !== undefined && typeof f.invert !== 'boolean') return bad(type, '"invert" must be a boolean');
      if (f.alpha !== undefined && typeof f.alpha !== 'boolean') return bad(type, '"alpha" must be a boolean');
      if (f.invert === false) return { ok: true, filter: null };
      // Fabric 5 has no alpha option.
      return { ok: true, filter: { type: 'invert', alpha: major >= 6 && f.alpha === true } };
    }
    case 'Gamma': {
      const g = f.gamma ?? [1, 1, 1];
      if (!Array.isArray(g) || g.length !== 3 || !g.every((x) => typeof x === 'number' && Number.isFinite(x) && x >= 0.01 && x <= 10)) {
        return bad(type, '"gamma" must be three numbers from 0.01 to 10');
      }
      if (g[0] === 1 && g[1] === 1 && g[2] === 1) return { ok: true, filter: null };
      return { ok: true, filter: { type: 'gamma', gamma: [g[0], g[1], g[2]] } };
    }
    case 'HueRotation': {
      const r = unit('rotation', -2, 2);
      if (r === null) return bad(type, '"rotation" must be a number from -2 to 2');
      if (r === 0) return { ok: true, filter: null };
      const colorsOnly = f.colorsOnly === undefined ? true : f.colorsOnly;
      if (typeof colorsOnly !== 'boolean') return bad(type, '"colorsOnly" must be a boolean');
      return { ok: true, filter: { type: 'colorMatrix', matrix: hueRotationMatrix(r), colorsOnly, oneStepAlpha: major < 6 } };
    }
    case 'ColorMatrix': {
      const m = f.matrix ?? [1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0];
      if (!Array.isArray(m) || m.length !== 20 || !m.every((x) => typeof x === 'number' && Number.isFinite(x) && Math.abs(x) <= 1000)) {
        return bad(type, '"matrix" must be 20 numbers from -1000 to 1000');
      }
      const colorsOnly = f.colorsOnly === undefined ? true : f.colorsOnly;
      if (typeof colorsOnly !== 'boolean') return bad(type, '"colorsOnly" must be a boolean');
      return { ok: true, filter: { type: 'colorMatrix', matrix: [...m], colorsOnly, oneStepAlpha: major < 6 } };
    }
    case 'BlendColor': {
      const rgb = rgbOf(f.color, '#F95C63');
      if (!rgb) return bad(type, '"color" must be a CSS colour');
      const mode = f.mode ?? 'multiply';
      if (!(BLEND_COLOR_MODES as readonly unknown[]).includes(mode)) return bad(type, `"mode" must be one of ${BLEND_COLOR_MODES.join(', ')}`);
      const alpha = numIn(f.alpha, 0, 1, 1);
      if (alpha === null) return bad(type, '"alpha" must be a number from 0 to 1');
      return { ok: true, filter: { type: 'blendColor', rgb, mode: mode as BlendColorMode, alpha } };
    }
    case 'RemoveColor': {
      const rgb = rgbOf(f.color, '#FFFFFF');
      if (!rgb) return bad(type, '"color" must be a CSS colour');
      const distance = numIn(f.distance, 0, 1, 0.02);
      if (distance === null) return bad(type, '"distance" must be a number from 0 to 1');
      return { ok: true, filter: { type: 'removeColor', rgb, distance } };
    }
    case 'Blur': {
      // Fabric 5's Canvas 2D blur offsets each of its 62 passes by Math.random(); 6 and 7 sample deterministically.
      if (major < 6)
        return bad(
          type,
          'Fabric 5 draws it with random sub-pixel jitter (Math.random in every pass), so it cannot be reproduced; save the template with Fabric 6 or later, or bake the blur into the image',
        );
      const b = numIn(f.blur, 0, 1, 0);
      if (b === null) return bad(type, '"blur" must be a number from 0 to 1');
      if (b === 0) return { ok: true, filter: null };
      return { ok: true, filter: { type: 'blur', blur: b } };
    }
    case 'BlendImage': {
      const img = f.image;
      if (!isObj(img) || typeof img.src !== 'string' || img.src === '') return bad(type, '"image" must be an image object with a "src"');
      if (Array.isArray(img.filters) && img.filters.length > 0) return bad(type, 'the blend image cannot have filters of its own');
      const mode = f.mode ?? 'multiply';
      if (mode !== 'multiply' && mode !== 'mask') return bad(type, '"mode" must be multiply or mask');
      const scaleX = numIn(img.scaleX, -1e4, 1e4, 1);
      const scaleY = numIn(img.scaleY, -1e4, 1e4, 1);
      const left = numIn(img.left, -1e6, 1e6, 0);
      const top = numIn(img.top, -1e6, 1e6, 0);
      if (scaleX === null || scaleY === null || left === null || top === null) return bad(type, "the blend image's scaleX/scaleY/left/top must be finite numbers");
      return { ok: true, filter: { type: 'blendImage', src: img.src, mode, scaleX, scaleY, left, top } };
    }
    case 'Resize': {
      const resizeType = f.resizeType ?? 'hermite';
      if (resizeType === 'sliceHack') return bad(type, 'resizeType "sliceHack" is not drawn yet; use "hermite", "bilinear" or "lanczos"');
      if (resizeType !== 'hermite' && resizeType !== 'bilinear' && resizeType !== 'lanczos') return bad(type, '"resizeType" must be "hermite", "bilinear" or "lanczos"');
      // Downscaling only: Fabric's kernels are made for it, and an upscale would multiply the pixels to filter.
      const scaleX = numIn(f.scaleX, 0.01, 1, 1);
      const scaleY = numIn(f.scaleY, 0.01, 1, 1);
      if (scaleX === null || scaleY === null) return bad(type, '"scaleX" and "scaleY" must be numbers from 0.01 to 1');
      const lanczosLobes = f.lanczosLobes ?? 3;
      if (typeof lanczosLobes !== 'number' || !Number.isInteger(lanczosLobes) || lanczosLobes < 1 || lanczosLobes > 5)
        return bad(type, '"lanczosLobes" must be a whole number from 1 to 5');
      if (scaleX === 1 && scaleY === 1) return { ok: true, filter: null };
      return { ok: true, filter: { type: 'resize', resizeType, scaleX, scaleY, lanczosLobes } };
    }
    case 'Pixelate': {
      const b = f.blocksize ?? 4;
      if (typeof b !== 'number' || !Number.isInteger(b) || b < 1 || b > 1000) return bad(type, '"blocksize" must be a whole number from 1 to 1000');
      if (b === 1) return { ok: true, filter: null };
      return { ok: true, filter: { type: 'pixelate', blocksize: b } };
    }
    case 'Convolute': {
      const m = f.matrix ?? [0, 0, 0, 0, 1, 0, 0, 0, 0];
      const sides: readonly number[] = CONVOLUTE_SIDES;
      if (!Array.isArray(m) || !sides.includes(Math.sqrt(m.length)) || !m.every((x) => typeof x === 'number' && Number.isFinite(x) && Math.abs(x) <= 1000)) {
        return bad(type, '"matrix" must be 9, 25 or 49 numbers (a 3×3, 5×5 or 7×7 kernel) from -1000 to 1000');
      }
      if (f.opaque !== undefined && typeof f.opaque !== 'boolean') return bad(type, '"opaque" must be a boolean');
      return { ok: true, filter: { type: 'convolute', matrix: [...m], opaque: f.opaque === true } };
    }
    default:
      if (Object.keys(COLOR_MATRIX_PRESETS).includes(type)) {
        const colorsOnly = f.colorsOnly === undefined ? major < 6 : f.colorsOnly;
        if (typeof colorsOnly !== 'boolean') return bad(type, '"colorsOnly" must be a boolean');
        return { ok: true, filter: { type: 'colorMatrix', matrix: [...COLOR_MATRIX_PRESETS[type]], colorsOnly, oneStepAlpha: major < 6 } };
      }
      return { ok: false, error: `filter type ${JSON.stringify(type.slice(0, 40))} is not a Fabric filter Imprint draws` };
  }
}

export type ParsedFilters = { ok: true; filters: ImageFilter[] } | { ok: false; errors: string[] };

/** An image's `filters` as Fabric saved it; neutral filters are dropped like Fabric's applyFilters does. */
export function parseImageFilters(value: unknown, major: number): ParsedFilters {
  if (value === undefined || value === null) return { ok: true, filters: [] };
  if (!Array.isArray(value)) return { ok: false, errors: ['"filters" must be an array'] };
  if (value.length > MAX_FILTERS) return { ok: false, errors: [`at most ${MAX_FILTERS} filters per image`] };
  const filters: ImageFilter[] = [];
  const errors: string[] = [];
  // Fabric drops null entries (`filter && !filter.isNeutralState()`).
  value.forEach((f, i) => {
    if (f === null) return;
    const p = parseFilter(f, major);
    if (!p.ok) errors.push(`filters[${i}]: ${p.error}`);
    else if (p.filter) filters.push(p.filter);
  });
  return errors.length ? { ok: false, errors } : { ok: true, filters };
}
