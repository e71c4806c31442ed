/**
 * Fabric's neighbourhood filters in Canvas 2D: Convolute (a square kernel,
 * pixels outside the image skipped, not clamped) and Pixelate (each block
 * takes its top-left pixel). Same buffer semantics as color-filters.ts.
 */
import type { Pixels } from './color-filters.js';

export interface PixelBuffer {
  data: Pixels;
  width: number;
  height: number;
}

/** Returns a new buffer, like Fabric's createImageData; `opaque` keeps the source alpha. */
export function convolute(src: PixelBuffer, weights: readonly number[], opaque: boolean): PixelBuffer {
  const { data, width: sw, height: sh } = src;
  const side = Math.round(Math.sqrt(weights.length));
  const half = Math.floor(side / 2);
  const dst = new Uint8ClampedArray(data.length);
  for (let y = 0; y < sh; y++) {
    for (let x = 0; x < sw; x++) {
      const o = (y * sw + x) * 4;
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let cy = 0; cy < side; cy++) {
        const sy = y + cy - half;
        if (sy < 0 || sy >= sh) continue;
        for (let cx = 0; cx < side; cx++) {
          const sx = x + cx - half;
          if (sx < 0 || sx >= sw) continue;
          const s = (sy * sw + sx) * 4;
          const w = weights[cy * side + cx];
          r += data[s] * w;
          g += data[s + 1] * w;
          b += data[s + 2] * w;
          if (!opaque) a += data[s + 3] * w;
        }
      }
      dst[o] = r;
      dst[o + 1] = g;
      dst[o + 2] = b;
      dst[o + 3] = opaque ? data[o + 3] : a;
    }
  }
  return { data: dst, width: sw, height: sh };
}

export function pixelate(buf: PixelBuffer, blocksize: number): void {
  const { data, width, height } = buf;
  for (let i = 0; i < height; i += blocksize) {
    for (let j = 0; j < width; j += blocksize) {
      const k = (i * width + j) * 4;
      const r = data[k];
      const g = data[k + 1];
      const b = data[k + 2];
      const a = data[k + 3];
      const yEnd = Math.min(i + blocksize, height);
      const xEnd = Math.min(j + blocksize, width);
      for (let y = i; y < yEnd; y++) {
        for (let x = j; x < xEnd; x++) {
          const o = (y * width + x) * 4;
          data[o] = r;
          data[o + 1] = g;
          data[o + 2] = b;
          data[o + 3] = a;
        }
      }
    }
  }
}

/**
 * Fabric 6/7's Canvas 2D Blur: 29 weighted samples along a row, then along a column, over a distance of
 * blur × 0.12 of the image's shorter side. Kept as Fabric wrote it, quirks included: the horizontal pass
 * may read the first pixel of the next row (and past the end on the last row, where the NaN sum
 * assigns 0), and a fully transparent neighbourhood gives 0/0 = NaN → 0.
 */
export function blur(buf: PixelBuffer, amount: number): void {
  const { data, width, height } = buf;
  const aspect = width / height;
  const samples = 15;
  const bytesInRow = 4 * width;
  const tmp = new Uint8ClampedArray(data);
  const pass = (src: ArrayLike<number>, dst: Pixels, blurValue: number, step: number, horizontal: boolean): void => {
    for (let i = 0; i < src.length; i += 4) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      let totalA = 0;
      const min = horizontal ? i - (i % bytesInRow) : i % bytesInRow;
      const max = horizontal ? min + bytesInRow : src.length - bytesInRow + min;
      for (let j = -samples + 1; j < samples; j++) {
        const percent = j / samples;
        const weight = 1 - Math.abs(percent);
        let s = i + Math.floor(blurValue * percent) * step;
        if (s < min) s = min;
        else if (s > max) s = max;
        const localAlpha = src[s + 3] * weight;
        r += src[s] * localAlpha;
        g += src[s + 1] * localAlpha;
        b += src[s + 2] * localAlpha;
        a += localAlpha;
        totalA += weight;
      }
      dst[i] = r / a;
      dst[i + 1] = g / a;
      dst[i + 2] = b / a;
      dst[i + 3] = a / totalA;
    }
  };
  const scaleH = aspect > 1 ? 1 / aspect : 1;
  const scaleV = Math.min(aspect, 1);
  pass(data, tmp, scaleH * amount * 0.12 * width, 4, true);
  pass(tmp, data, scaleV * amount * 0.12 * height, bytesInRow, false);
}
