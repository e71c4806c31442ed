/**
 * Fabric's per-pixel colour filters, as their Canvas 2D `applyTo2d` computes
 * them. Every function writes into a Uint8ClampedArray of unpremultiplied
 * RGBA, like ImageData.data in the browser: each assignment clamps to 0..255
 * and rounds half to even, which is exactly the rounding Fabric's output gets,
 * including the intermediate rounding where Fabric assigns twice (ColorMatrix
 * alpha column in 6/7, `+=` updates).
 */
import type { BlendColorMode } from '../../domain/image-filters.js';

export type Pixels = Uint8ClampedArray;

export function brightness(data: Pixels, amount: number): void {
  const b = Math.round(amount * 255);
  for (let i = 0; i < data.length; i += 4) {
    data[i] += b;
    data[i + 1] += b;
    data[i + 2] += b;
  }
}

export function contrast(data: Pixels, amount: number): void {
  const c = Math.floor(amount * 255);
  const f = (259 * (c + 255)) / (255 * (259 - c));
  for (let i = 0; i < data.length; i += 4) {
    data[i] = f * (data[i] - 128) + 128;
    data[i + 1] = f * (data[i + 1] - 128) + 128;
    data[i + 2] = f * (data[i + 2] - 128) + 128;
  }
}

/** Saturation and Vibrance: each non-max channel moves away from the max by (max − c) × factor. */
function scaleFromMax(data: Pixels, factor: (max: number, r: number, g: number, b: number) => number): void {
  for (let i = 0; i < data.length; i += 4) {
    const r = data[i];
    const g = data[i + 1];
    const b = data[i + 2];
    const max = Math.max(r, g, b);
    const k = factor(max, r, g, b);
    data[i] += max !== r ? (max - r) * k : 0;
    data[i + 1] += max !== g ? (max - g) * k : 0;
    data[i + 2] += max !== b ? (max - b) * k : 0;
  }
}

export function saturation(data: Pixels, amount: number): void {
  const adjust = -amount;
  scaleFromMax(data, () => adjust);
}

export function vibrance(data: Pixels, amount: number): void {
  const adjust = -amount;
  scaleFromMax(data, (max, r, g, b) => ((Math.abs(max - (r + g + b) / 3) * 2) / 255) * adjust);
}

export function grayscale(data: Pixels, mode: 'average' | 'lightness' | 'luminosity'): void {
  for (let i = 0; i < data.length; i += 4) {
    const r = data[i];
    const g = data[i + 1];
    const b = data[i + 2];
    const v = mode === 'average' ? (r + g + b) / 3 : mode === 'lightness' ? (Math.min(r, g, b) + Math.max(r, g, b)) / 2 : 0.21 * r + 0.72 * g + 0.07 * b;
    data[i] = v;
    data[i + 1] = v;
    data[i + 2] = v;
  }
}

export function invert(data: Pixels, alpha: boolean): void {
  for (let i = 0; i < data.length; i += 4) {
    data[i] = 255 - data[i];
    data[i + 1] = 255 - data[i + 1];
    data[i + 2] = 255 - data[i + 2];
    if (alpha) data[i + 3] = 255 - data[i + 3];
  }
}

/** Fabric builds its lookup tables in a Uint8Array: values truncate, they do not round. */
export function gamma(data: Pixels, g: readonly [number, number, number]): void {
  const tables = g.map((v) => {
    const t = new Uint8Array(256);
    for (let i = 0; i < 256; i++) t[i] = (i / 255) ** (1 / v) * 255;
    return t;
  });
  const [tr, tg, tb] = tables;
  for (let i = 0; i < data.length; i += 4) {
    data[i] = tr[data[i]];
    data[i + 1] = tg[data[i + 1]];
    data[i + 2] = tb[data[i + 2]];
  }
}

/**
 * Fabric's ColorMatrix (and every preset and HueRotation). 6/7 assign the
 * colour part first and add the alpha column afterwards (two roundings);
 * Fabric 5 computes each channel in one expression.
 */
export function colorMatrix(data: Pixels, m: readonly number[], colorsOnly: boolean, oneStepAlpha: boolean): void {
  for (let i = 0; i < data.length; i += 4) {
    const r = data[i];
    const g = data[i + 1];
    const b = data[i + 2];
    if (colorsOnly) {
      data[i] = r * m[0] + g * m[1] + b * m[2] + m[4] * 255;
      data[i + 1] = r * m[5] + g * m[6] + b * m[7] + m[9] * 255;
      data[i + 2] = r * m[10] + g * m[11] + b * m[12] + m[14] * 255;
      continue;
    }
    const a = data[i + 3];
    if (oneStepAlpha) {
      data[i] = r * m[0] + g * m[1] + b * m[2] + a * m[3] + m[4] * 255;
      data[i + 1] = r * m[5] + g * m[6] + b * m[7] + a * m[8] + m[9] * 255;
      data[i + 2] = r * m[10] + g * m[11] + b * m[12] + a * m[13] + m[14] * 255;
    } else {
      data[i] = r * m[0] + g * m[1] + b * m[2] + m[4] * 255;
      data[i + 1] = r * m[5] + g * m[6] + b * m[7] + m[9] * 255;
      data[i + 2] = r * m[10] + g * m[11] + b * m[12] + m[14] * 255;
      data[i] += a * m[3];
      data[i + 1] += a * m[8];
      data[i + 2] += a * m[13];
    }
    data[i + 3] = r * m[15] + g * m[16] + b * m[17] + a * m[18] + m[19] * 255;
  }
}

function blendChannel(mode: BlendColorMode, c: number, t: number, alpha1: number): number {
  switch (mode) {
    case 'multiply':
      return (c * t) / 255;
    case 'screen':
      return 255 - ((255 - c) * (255 - t)) / 255;
    case 'add':
      return c + t;
    case 'difference':
      return Math.abs(c - t);
    case 'subtract':
      return c - t;
    case 'darken':
      return Math.min(c, t);
    case 'lighten':
      return Math.max(c, t);
    case 'overlay':
      return t < 128 ? (2 * c * t) / 255 : 255 - (2 * (255 - c) * (255 - t)) / 255;
    case 'exclusion':
      return t + c - (2 * t * c) / 255;
    case 'tint':
      return t + c * alpha1;
  }
}

/** BlendColor: the colour is premultiplied by `alpha` once, as Fabric does (tr = r × alpha). */
export function blendColor(data: Pixels, rgb: readonly [number, number, number], mode: BlendColorMode, alpha: number): void {
  const tr = rgb[0] * alpha;
  const tg = rgb[1] * alpha;
  const tb = rgb[2] * alpha;
  const alpha1 = 1 - alpha;
  for (let i = 0; i < data.length; i += 4) {
    data[i] = blendChannel(mode, data[i], tr, alpha1);
    data[i + 1] = blendChannel(mode, data[i + 1], tg, alpha1);
    data[i + 2] = blendChannel(mode, data[i + 2], tb, alpha1);
  }
}

/** RemoveColor: pixels strictly inside the cube of half-side distance × 255 become transparent. */
export function removeColor(data: Pixels, rgb: readonly [number, number, number], distance: number): void {
  const d = distance * 255;
  const lo = [rgb[0] - d, rgb[1] - d, rgb[2] - d];
  const hi = [rgb[0] + d, rgb[1] + d, rgb[2] + d];
  for (let i = 0; i < data.length; i += 4) {
    const r = data[i];
    const g = data[i + 1];
    const b = data[i + 2];
    if (r > lo[0] && g > lo[1] && b > lo[2] && r < hi[0] && g < hi[1] && b < hi[2]) data[i + 3] = 0;
  }
}

/** BlendImage: `blend` is the blend image already drawn at the filtered image's size (see apply-image-filters). */
export function blendImage(data: Pixels, blend: Pixels, mode: 'multiply' | 'mask'): void {
  for (let i = 0; i < data.length; i += 4) {
    if (mode === 'mask') {
      data[i + 3] = blend[i + 3];
      continue;
    }
    data[i] = (data[i] * blend[i]) / 255;
    data[i + 1] = (data[i + 1] * blend[i + 1]) / 255;
    data[i + 2] = (data[i + 2] * blend[i + 2]) / 255;
    data[i + 3] = (data[i + 3] * blend[i + 3]) / 255;
  }
}
