/**
 * Fabric's Canvas2dFilterBackend.applyFilters: the decoded image is drawn at
 * its natural size onto a canvas, read back as unpremultiplied RGBA, run
 * through each filter in order and put back; the canvas then stands in for
 * the image when the object is drawn.
 */
import { type Canvas, createCanvas, type Image } from '@napi-rs/canvas';
import type { ImageFilter } from '../../domain/image-filters.js';
import { blendColor, blendImage, brightness, colorMatrix, contrast, gamma, grayscale, invert, removeColor, saturation, vibrance } from './color-filters.js';
import { RenderError } from '../render-error.js';
import { blur, convolute, type PixelBuffer, pixelate } from './convolution-filters.js';
import { resize } from './resize-filters.js';

/** BlendImage's second image, as RGBA of the filtered image's size; supplied by whoever has the pixels. */
export type BlendPixels = (filter: Extract<ImageFilter, { type: 'blendImage' }>, width: number, height: number) => Uint8ClampedArray;

const noBlendImages: BlendPixels = () => {
  throw new Error('BlendImage needs its image');
};

/** Runs the filters over the buffer; returns the (possibly new) buffer, as Fabric's pipeline state does. */
export function runImageFilters(input: PixelBuffer, filters: readonly ImageFilter[], blendPixels: BlendPixels = noBlendImages): PixelBuffer {
  let buf = input;
  for (const f of filters) {
    const d = buf.data;
    switch (f.type) {
      case 'brightness':
        brightness(d, f.brightness);
        break;
      case 'contrast':
        contrast(d, f.contrast);
        break;
      case 'saturation':
        saturation(d, f.saturation);
        break;
      case 'vibrance':
        vibrance(d, f.vibrance);
        break;
      case 'grayscale':
        grayscale(d, f.mode);
        break;
      case 'invert':
        invert(d, f.alpha);
        break;
      case 'gamma':
        gamma(d, f.gamma);
        break;
      case 'colorMatrix':
        colorMatrix(d, f.matrix, f.colorsOnly, f.oneStepAlpha);
        break;
      case 'blendColor':
        blendColor(d, f.rgb, f.mode, f.alpha);
        break;
      case 'removeColor':
        removeColor(d, f.rgb, f.distance);
        break;
      case 'pixelate':
        pixelate(buf, f.blocksize);
        break;
      case 'convolute':
        buf = convolute(buf, f.matrix, f.opaque);
        break;
      case 'blur':
        blur(buf, f.blur);
        break;
      case 'blendImage':
        blendImage(d, blendPixels(f, buf.width, buf.height), f.mode);
        break;
      case 'resize':
        buf = resize(buf, f.resizeType, f.scaleX, f.scaleY, f.lanczosLobes);
        break;
    }
  }
  return buf;
}

/**
 * Work of a filter list per image pixel, in "passes": one per-pixel filter is 1 (~40–80 ns per pixel with
 * the read-back, measured on 1 MP), a k×k convolution 1 + k²/12 (7×7: 250 ms per MP), a blur 16 (870 ms per MP).
 */
export function filterWorkPerPixel(filters: readonly ImageFilter[]): number {
  return filters.reduce(
    (sum, f) => sum + (f.type === 'convolute' ? 1 + f.matrix.length / 12 : f.type === 'blur' ? 16 : f.type === 'blendImage' ? 2 : f.type === 'resize' ? resizeWork(f) : 1),
    0,
  );
}

/** Hermite and bilinear read each source pixel about once; lanczos about lobes² times (its window spans lobes / scale source pixels each way). */
function resizeWork(f: Extract<ImageFilter, { type: 'resize' }>): number {
  return f.resizeType === 'lanczos' ? 1 + f.lanczosLobes * f.lanczosLobes : 2;
}

/** Fabric's BlendImage.applyTo2d: setTransform(scaleX, 0, 0, scaleY, left, top), then the image stretched to w × h. */
function drawBlendImage(blendImages: ReadonlyMap<string, Image | Canvas>): BlendPixels {
  return (f, w, h) => {
    const img = blendImages.get(f.src);
    if (!img) throw new Error(`blend image ${f.src} is missing`);
    const ctx = createCanvas(w, h).getContext('2d');
    ctx.setTransform(f.scaleX, 0, 0, f.scaleY, f.left, f.top);
    ctx.drawImage(img, 0, 0, w, h);
    return ctx.getImageData(0, 0, w, h).data;
  };
}

export function filterImage(img: Image | Canvas, filters: readonly ImageFilter[], blendImages: ReadonlyMap<string, Image | Canvas> = new Map()): Canvas {
  const w = img.width;
  const h = img.height;
  const canvas = createCanvas(w, h);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(img, 0, 0, w, h);
  const imageData = ctx.getImageData(0, 0, w, h);
  const out = runImageFilters({ data: imageData.data, width: w, height: h }, filters, drawBlendImage(blendImages));
  if (out.width !== w || out.height !== h) {
    // Canvas2dFilterBackend resizes the target canvas to a Resize filter's output before putting it back.
    if (out.width < 1 || out.height < 1) throw new RenderError('a Resize filter scales the image to less than one pixel');
    const resized = createCanvas(out.width, out.height);
    const rctx = resized.getContext('2d');
    const data = rctx.createImageData(out.width, out.height);
    data.data.set(out.data);
    rctx.putImageData(data, 0, 0);
    return resized;
  }
  if (out.data !== imageData.data) imageData.data.set(out.data);
  ctx.putImageData(imageData, 0, 0);
  return canvas;
}
