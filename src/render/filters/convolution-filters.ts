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
