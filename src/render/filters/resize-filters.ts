/**
 * Fabric's Resize filter on the Canvas 2D backend (Resize.applyTo2d, the same
 * arithmetic in Fabric 5, 6 and 7): the image becomes round(w × scaleX) ×
 * round(h × scaleY) pixels through one of three kernels. Every quirk is kept,
 * since the editor shows them: hermite's support guard never fires (weights
 * past the kernel's edge that come out positive still count) and its colour
 * weights shrink under alpha by /250; bilinear reads its lower-left neighbour
 * one pixel to the left; lanczos skips negative lobes and caches its weights
 * by distances truncated to 1/1000 px. Reads past the buffer give NaN, which
 * the Uint8ClampedArray stores as 0, as ImageData does.
 */
import type { PixelBuffer } from './convolution-filters.js';

export type ResizeType = 'hermite' | 'bilinear' | 'lanczos';

function hermite(src: PixelBuffer, scaleX: number, scaleY: number, dW: number, dH: number): Uint8ClampedArray {
  const { data, width: oW } = src;
  const ratioW = 1 / scaleX;
  const ratioH = 1 / scaleY;
  const halfW = Math.ceil(ratioW / 2);
  const halfH = Math.ceil(ratioH / 2);
  const out = new Uint8ClampedArray(dW * dH * 4);
  for (let j = 0; j < dH; j++) {
    for (let i = 0; i < dW; i++) {
      let weights = 0;
      let weightsAlpha = 0;
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      const centerY = (j + 0.5) * ratioH;
      for (let yy = Math.floor(j * ratioH); yy < (j + 1) * ratioH; yy++) {
        const dy = Math.abs(centerY - (yy + 0.5)) / halfH;
        const centerX = (i + 0.5) * ratioW;
        const w0 = dy * dy;
        for (let xx = Math.floor(i * ratioW); xx < (i + 1) * ratioW; xx++) {
          const dx = Math.abs(centerX - (xx + 0.5)) / halfW;
          const w = Math.sqrt(w0 + dx * dx);
          let weight = 2 * w * w * w - 3 * w * w + 1;
          if (weight > 0) {
            const p = 4 * (xx + yy * oW);
            a += weight * data[p + 3];
            weightsAlpha += weight;
            if (data[p + 3] < 255) weight = (weight * data[p + 3]) / 250;
            r += weight * data[p];
            g += weight * data[p + 1];
            b += weight * data[p + 2];
            weights += weight;
          }
        }
      }
      const o = (i + j * dW) * 4;
      out[o] = r / weights;
      out[o + 1] = g / weights;
      out[o + 2] = b / weights;
      out[o + 3] = a / weightsAlpha;
    }
  }
  return out;
}

function bilinear(src: PixelBuffer, scaleX: number, scaleY: number, dW: number, dH: number): Uint8ClampedArray {
  const { data, width: oW } = src;
  const ratioX = 1 / scaleX;
  const ratioY = 1 / scaleY;
  const w4 = 4 * (oW - 1);
  const out = new Uint8ClampedArray(dW * dH * 4);
  let o = 0;
  for (let i = 0; i < dH; i++) {
    for (let j = 0; j < dW; j++) {
      const x = Math.floor(ratioX * j);
      const y = Math.floor(ratioY * i);
      const xDiff = ratioX * j - x;
      const yDiff = ratioY * i - y;
      const p = 4 * (y * oW + x);
      for (let c = 0; c < 4; c++) {
        const a = data[p + c];
        const b = data[p + 4 + c];
        const cc = data[p + w4 + c];
        const d = data[p + w4 + 4 + c];
        out[o++] = a * (1 - xDiff) * (1 - yDiff) + b * xDiff * (1 - yDiff) + cc * yDiff * (1 - xDiff) + d * xDiff * yDiff;
      }
    }
  }
  return out;
}

/** Fabric's lanczosCreate: sinc(x)·sinc(x / lobes) inside ±lobes, with its own evaluation order. */
function lanczosKernel(lobes: number): (x: number) => number {
  return (x) => {
    if (x >= lobes || x <= -lobes) return 0;
    if (x < 1.1920929e-7 && x > -1.1920929e-7) return 1;
    const px = x * Math.PI;
    const xx = px / lobes;
    return ((Math.sin(px) / px) * Math.sin(xx)) / xx;
  };
}

function lanczos(src: PixelBuffer, scaleX: number, scaleY: number, dW: number, dH: number, lobes: number): Uint8ClampedArray {
  const { data, width: oW, height: oH } = src;
  const kernel = lanczosKernel(lobes);
  const ratioX = 1 / scaleX;
  const ratioY = 1 / scaleY;
  const rcpRatioX = 2 / ratioX;
  const rcpRatioY = 2 / ratioY;
  const rangeX = Math.ceil((ratioX * lobes) / 2);
  const rangeY = Math.ceil((ratioY * lobes) / 2);
  const cache = new Map<number, number>();
  const out = new Uint8ClampedArray(dW * dH * 4);
  for (let u = 0; u < dW; u++) {
    const cx = (u + 0.5) * ratioX;
    const icx = Math.floor(cx);
    for (let v = 0; v < dH; v++) {
      const cy = (v + 0.5) * ratioY;
      const icy = Math.floor(cy);
      let a = 0;
      let r = 0;
      let g = 0;
      let b = 0;
      let al = 0;
      for (let i = icx - rangeX; i <= icx + rangeX; i++) {
        if (i < 0 || i >= oW) continue;
        const fX = Math.floor(1e3 * Math.abs(i - cx));
        for (let j = icy - rangeY; j <= icy + rangeY; j++) {
          if (j < 0 || j >= oH) continue;
          const fY = Math.floor(1e3 * Math.abs(j - cy));
          const key = fX * 1e7 + fY;
          let weight = cache.get(key);
          if (weight === undefined) {
            weight = kernel(Math.sqrt((fX * rcpRatioX) ** 2 + (fY * rcpRatioY) ** 2) / 1e3);
            cache.set(key, weight);
          }
          if (weight > 0) {
            const p = (j * oW + i) * 4;
            a += weight;
            r += weight * data[p];
            g += weight * data[p + 1];
            b += weight * data[p + 2];
            al += weight * data[p + 3];
          }
        }
      }
      const o = (v * dW + u) * 4;
      out[o] = r / a;
      out[o + 1] = g / a;
      out[o + 2] = b / a;
      out[o + 3] = al / a;
    }
  }
  return out;
}

/** Resize.applyTo2d: a new buffer of round(width × scaleX) × round(height × scaleY) pixels. */
export function resize(src: PixelBuffer, type: ResizeType, scaleX: number, scaleY: number, lobes: number): PixelBuffer {
  const dW = Math.round(src.width * scaleX);
  const dH = Math.round(src.height * scaleY);
  const data =
    type === 'hermite' ? hermite(src, scaleX, scaleY, dW, dH) : type === 'bilinear' ? bilinear(src, scaleX, scaleY, dW, dH) : lanczos(src, scaleX, scaleY, dW, dH, lobes);
  return { data, width: dW, height: dH };
}
