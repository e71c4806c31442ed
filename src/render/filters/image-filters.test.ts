import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createCanvas } from '@napi-rs/canvas';
import sharp from 'sharp';
import { COLOR_MATRIX_PRESETS, hueRotationMatrix, parseImageFilters } from '../../domain/image-filters.js';
import type { FabricObject } from '../../domain/template.js';
import { RenderError, renderDocument } from '../render-document.js';
import { runImageFilters } from './apply-image-filters.js';
import { blendColor, brightness, colorMatrix, contrast, gamma, grayscale, invert, removeColor, saturation, vibrance } from './color-filters.js';
import { convolute, pixelate } from './convolution-filters.js';
import { FilteredImageCache } from './filtered-image-cache.js';
import { resize } from './resize-filters.js';

const px = (...v: number[]) => new Uint8ClampedArray(v);

test('brightness adds round(b × 255) and clamps, alpha untouched', () => {
  const d = px(100, 0, 250, 77);
  brightness(d, 0.1); // round(25.5) = 26
  assert.deepEqual([...d], [126, 26, 255, 77]);
});

test('contrast uses floor(c × 255) and rounds the result like ImageData', () => {
  const d = px(100, 128, 200, 255);
  contrast(d, 0.5); // c = 127, f = 259·382 / (255·132) = 2.93934…
  assert.deepEqual([...d], [46, 128, 255, 255]); // 2.93934·(−28)+128 = 45.698
});

test('saturation and vibrance move non-max channels towards/away from the max', () => {
  const d = px(200, 100, 50, 255);
  saturation(d, 0.5); // adjust −0.5: g 100 − 50, b 50 − 75 → clamped
  assert.deepEqual([...d], [200, 50, 0, 255]);
  const v = px(200, 100, 50, 255);
  vibrance(v, 0.5); // avg 116.67, amt = (83.33·2/255)·−0.5 = −0.326797
  assert.deepEqual([...v], [200, 67, 1, 255]); // 100 − 32.68 = 67.32; 50 − 49.02 = 0.98
});

test('grayscale modes round half to even, as Uint8ClampedArray does', () => {
  const lightness = px(1, 2, 2, 255, 2, 3, 3, 255);
  grayscale(lightness, 'lightness'); // 1.5 → 2, 2.5 → 2
  assert.deepEqual([...lightness], [2, 2, 2, 255, 2, 2, 2, 255]);
  const lum = px(10, 20, 30, 255);
  grayscale(lum, 'luminosity'); // 2.1 + 14.4 + 2.1 = 18.6
  assert.deepEqual([...lum], [19, 19, 19, 255]);
  const avg = px(1, 2, 2, 9);
  grayscale(avg, 'average'); // 5/3
  assert.deepEqual([...avg], [2, 2, 2, 9]);
});

test('invert, with and without alpha', () => {
  const d = px(0, 100, 255, 40);
  invert(d, false);
  assert.deepEqual([...d], [255, 155, 0, 40]);
  invert(d, true);
  assert.deepEqual([...d], [0, 100, 255, 215]);
});

test('gamma tables truncate (Uint8Array) instead of rounding', () => {
  const d = px(128, 128, 128, 255);
  gamma(d, [2, 1, 0.5]); // (128/255)^(1/2)·255 = 180.66 → 180; 128; (128/255)^2·255 = 64.25 → 64
  assert.deepEqual([...d], [180, 128, 64, 255]);
});

test('colour matrices: Sepia, and the alpha column rounded once (5) or twice (6/7)', () => {
  const d = px(100, 100, 100, 255);
  colorMatrix(d, COLOR_MATRIX_PRESETS.Sepia, false, false); // 135.1, 120.3, 93.7
  assert.deepEqual([...d], [135, 120, 94, 255]);
  const m = [1, 0, 0, 0.002, 0.0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0];
  const two = px(10.4, 0, 0, 255);
  colorMatrix(two, m, false, false); // 10 → 10 + 0.51 = 10.51 → 11
  const one = px(10, 0, 0, 255);
  colorMatrix(one, m, false, true); // 10 + 0.51 → 11 as well; the difference shows at clamping:
  assert.deepEqual([two[0], one[0]], [11, 11]);
  const clampTwo = px(255, 0, 0, 255);
  const clampOne = px(255, 0, 0, 255);
  const neg = [1, 0, 0, -0.5, 0.5, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0];
  colorMatrix(clampTwo, neg, false, false); // 255 + 127.5 → 255, then − 127.5 → 127.5 → 128
  colorMatrix(clampOne, neg, false, true); // 255 − 127.5 + 127.5 = 255
  assert.deepEqual([clampTwo[0], clampOne[0]], [128, 255]);
});

test('hue rotation by 1 (π) uses Fabric’s exact cos −1 and sin 0', () => {
  const m = hueRotationMatrix(1);
  assert.equal(m[0], -1 + 2 / 3);
  assert.equal(m[1], (1 / 3) * 2);
});

test('blend colour premultiplies the colour by alpha; tint keeps (1 − alpha) of the pixel', () => {
  const d = px(100, 100, 100, 255);
  blendColor(d, [255, 0, 0], 'multiply', 1);
  assert.deepEqual([...d], [100, 0, 0, 255]);
  const t = px(100, 100, 100, 255);
  blendColor(t, [200, 0, 0], 'tint', 0.5); // 100 + 50, 0 + 50
  assert.deepEqual([...t], [150, 50, 50, 255]);
  const o = px(100, 100, 100, 255);
  blendColor(o, [255, 100, 0], 'overlay', 1); // t ≥ 128: 255 − 2·155·0/255 = 255; t < 128: 2·100·100/255 = 78.43; 0
  assert.deepEqual([...o], [255, 78, 0, 255]);
});

test('remove colour clears alpha strictly inside the distance cube', () => {
  const d = px(252, 252, 252, 255, 249, 255, 255, 255);
  removeColor(d, [255, 255, 255], 0.02); // distance 5.1: 252 > 249.9 yes; 249 no
  assert.deepEqual([...d], [252, 252, 252, 0, 249, 255, 255, 255]);
});

test('pixelate copies each block’s top-left pixel, partial blocks at the edges', () => {
  const data = new Uint8ClampedArray(3 * 3 * 4);
  for (let i = 0; i < 9; i++) data.set([i, i, i, 255], i * 4);
  pixelate({ data, width: 3, height: 3 }, 2);
  assert.deepEqual(
    Array.from({ length: 9 }, (_, i) => data[i * 4]),
    [0, 0, 2, 0, 0, 2, 6, 6, 8],
  );
});

test('convolute skips pixels outside the image and keeps source alpha when opaque', () => {
  const data = new Uint8ClampedArray(3 * 1 * 4);
  data.set([30, 30, 30, 255, 60, 60, 60, 255, 90, 90, 90, 128]);
  const box = [0, 0, 0, 1 / 3, 1 / 3, 1 / 3, 0, 0, 0];
  const out = convolute({ data, width: 3, height: 1 }, box, true);
  assert.deepEqual([...out.data], [30, 30, 30, 255, 60, 60, 60, 255, 50, 50, 50, 128]);
  const alpha = convolute({ data, width: 3, height: 1 }, box, false);
  assert.equal(alpha.data[11], Math.round((255 + 128) / 3)); // 127.67 → 128
});

test('the pipeline runs filters in order, a convolution replacing the buffer', () => {
  const parsed = parseImageFilters([{ type: 'Invert' }, { type: 'Convolute', matrix: [0, 0, 0, 0, 2, 0, 0, 0, 0] }, { type: 'Brightness', brightness: 0 }], 7);
  assert.ok(parsed.ok);
  assert.equal(parsed.filters.length, 2, 'the neutral brightness is dropped, as Fabric’s applyFilters does');
  const out = runImageFilters({ data: px(200, 100, 0, 100), width: 1, height: 1 }, parsed.filters);
  assert.deepEqual([...out.data], [110, 255, 255, 200]);
});

test('filter lists are bounded and Noise is refused with the reason', () => {
  const noise = parseImageFilters([{ type: 'Noise', noise: 100 }], 7);
  assert.ok(!noise.ok && /random/.test(noise.errors[0]));
  const many = parseImageFilters(Array(11).fill({ type: 'Sepia' }), 7);
  assert.ok(!many.ok && /at most 10/.test(many.errors[0]));
  const kernel = parseImageFilters([{ type: 'Convolute', matrix: Array(81).fill(0) }], 7);
  assert.ok(!kernel.ok && /7×7/.test(kernel.errors[0]));
  const bright = parseImageFilters([{ type: 'Brightness', brightness: 3 }], 7);
  assert.ok(!bright.ok && /from -1 to 1/.test(bright.errors[0]));
  const v5 = parseImageFilters([{ type: 'Invert', alpha: true }], 5);
  assert.ok(v5.ok && v5.filters[0].type === 'invert' && v5.filters[0].alpha === false, 'Fabric 5 has no alpha option');
});

test('blur: 6/7 sample deterministically; Fabric 5’s random jitter is refused with the reason', () => {
  const v5 = parseImageFilters([{ type: 'Blur', blur: 0.2 }], 5);
  assert.ok(!v5.ok && /Math\.random/.test(v5.errors[0]));
  const v7 = parseImageFilters([{ type: 'Blur', blur: 0.2 }], 7);
  assert.ok(v7.ok && v7.filters[0].type === 'blur');
  // Uniform opaque 20×10 image: the horizontal pass keeps every row uniform except where Fabric's
  // off-by-one reads past the end (last row, right part), whose NaN sum assigns 0.
  const make = () => {
    const data = new Uint8ClampedArray(20 * 10 * 4);
    for (let i = 0; i < data.length; i += 4) data.set([100, 150, 200, 255], i);
    return { data, width: 20, height: 10 };
  };
  const a = runImageFilters(make(), v7.filters);
  const b = runImageFilters(make(), v7.filters);
  assert.deepEqual(a.data, b.data);
  assert.deepEqual([...a.data.subarray(0, 4)], [100, 150, 200, 255], 'top-left stays the colour');
});

test('a filtered image is computed once per (image, filter list) and then reused', () => {
  const source = createCanvas(4, 4);
  const sctx = source.getContext('2d');
  sctx.fillStyle = '#336699';
  sctx.fillRect(0, 0, 4, 4);
  const cache = new FilteredImageCache();
  const sepia = parseImageFilters([{ type: 'Sepia' }], 7);
  const gray = parseImageFilters([{ type: 'Grayscale' }], 7);
  assert.ok(sepia.ok && gray.ok);
  const first = cache.get(source, sepia.filters, 'sepia');
  assert.equal(cache.get(source, sepia.filters, 'sepia'), first);
  assert.notEqual(cache.get(source, gray.filters, 'gray'), first);
  assert.notEqual(cache.get(createCanvas(4, 4), sepia.filters, 'sepia'), first, 'another image is another entry');
  // #336699 = (51, 102, 153) through Sepia: 51·.393+102·.769+153·.189 = 127.4 → 127, 113.3 → 113, 88.3 → 88.
  assert.deepEqual([...first.getContext('2d').getImageData(0, 0, 1, 1).data], [127, 113, 88, 255]);
});

test('a filter list too expensive for the decoded image fails that render with a clear message', async () => {
  const png = await sharp({ create: { width: 2000, height: 2000, channels: 3, background: '#888888' } })
    .png()
    .toBuffer();
  const src = 'https://example.com/big.png';
  const doc = (filters: unknown[]) => ({
    version: '7.4.0',
    width: 50,
    height: 50,
    objects: [{ type: 'Image', name: 'photo', src, left: 0, top: 0, scaleX: 0.01, scaleY: 0.01, filters }],
  });
  // 4 MP × Blur (16 passes) = 64 megapixel-passes.
  await assert.rejects(renderDocument({ document: doc([{ type: 'Blur', blur: 0.1 }]), images: new Map([[src, png]]) }), (err: Error) => {
    assert.ok(err instanceof RenderError);
    assert.match(err.message, /filters on "photo" would cost 64\.0 megapixel-passes, more than the 50 allowed/);
    return true;
  });
  // 4 MP × Sepia = 4 passes: drawn.
  const ok = await renderDocument({ document: doc([{ type: 'Sepia' }]), images: new Map([[src, png]]) });
  assert.equal(ok.width, 50);
});

test("a render's filtering is bounded in all, not only per image; a filtered image drawn twice is filtered once", async () => {
  const png = await sharp({ create: { width: 1400, height: 1400, channels: 3, background: '#888888' } })
    .png()
    .toBuffer();
  const src = 'https://example.com/two-mp.png';
  const image = (name: string, blur: number): FabricObject => ({ type: 'Image', name, src, left: 0, top: 0, scaleX: 0.02, scaleY: 0.02, filters: [{ type: 'Blur', blur }] });
  const doc = (objects: FabricObject[]) => ({ version: '7.4.0', width: 50, height: 50, objects });
  // 1.96 MP × Blur (16 passes) = 31.4 megapixel-passes each: under the limit alone, 62.7 for two different blurs.
  await assert.rejects(renderDocument({ document: doc([image('one', 0.1), image('two', 0.2)]), images: new Map([[src, png]]) }), (err: Error) => {
    assert.ok(err instanceof RenderError);
    assert.match(err.message, /filters of this render would cost 62\.7 megapixel-passes together \(reaching "two"\), more than the 50 a render may do/);
    return true;
  });
  const same = await renderDocument({ document: doc([image('one', 0.1), image('two', 0.1)]), images: new Map([[src, png]]) });
  assert.equal(same.width, 50, 'the same filtered image twice costs one filtering');
});

test('blend image multiplies every channel (alpha too) or takes the blend alpha as a mask', () => {
  const run = (mode: 'multiply' | 'mask') => {
    const parsed = parseImageFilters([{ type: 'BlendImage', mode, image: { src: 'b' } }], 7);
    assert.ok(parsed.ok);
    return [...runImageFilters({ data: px(200, 100, 50, 255), width: 1, height: 1 }, parsed.filters, () => px(128, 255, 0, 64)).data];
  };
  assert.deepEqual(run('multiply'), [100, 100, 0, 64]); // 200·128/255 = 100.39
  assert.deepEqual(run('mask'), [200, 100, 50, 64]);
});

test("Resize: Fabric's output size and kernels, quirks included", () => {
  const flat = (w: number, h: number, rgba: number[]) => ({ data: new Uint8ClampedArray(Array.from({ length: w * h }, () => rgba).flat()), width: w, height: h });
  const out = resize(flat(10, 7, [200, 100, 50, 255]), 'hermite', 0.5, 0.5, 3);
  assert.deepEqual([out.width, out.height], [5, 4]);
  // A uniform opaque image stays uniform inside; the last row's window reaches past the buffer, and the NaN sum is stored as 0.
  assert.deepEqual([...out.data.slice(0, 4)], [200, 100, 50, 255]);
  assert.deepEqual([...out.data.slice(4 * 15, 4 * 16)], [0, 0, 0, 0]);
  // Hermite weighs colour by alpha / 250, not / 255: a half-transparent uniform image keeps its colour but not exactly.
  const half = resize(flat(8, 8, [200, 100, 50, 128]), 'hermite', 0.5, 0.5, 3);
  assert.deepEqual([...half.data.slice(0, 4)], [200, 100, 50, 128]);
  const lanczos = resize(flat(9, 9, [10, 20, 30, 255]), 'lanczos', 1 / 3, 1 / 3, 3);
  assert.deepEqual([lanczos.width, lanczos.height, ...lanczos.data.slice(16, 20)], [3, 3, 10, 20, 30, 255]);
  const bilinear = resize(flat(6, 6, [90, 90, 90, 255]), 'bilinear', 0.5, 0.5, 3);
  assert.deepEqual([...bilinear.data.slice(0, 4)], [90, 90, 90, 255]);
});
