import assert from 'node:assert/strict';
import { test } from 'node:test';
import { validateTemplate } from './template-schema.js';

const opts = { fontFamilies: ['Inter'] };
const doc = (filters: unknown, type = 'image') => ({
  version: '7.4.0',
  width: 100,
  height: 100,
  objects: [{ type, name: 'photo', src: 'https://example.com/a.png', width: 10, height: 10, filters }],
});

test('a template with Fabric filters as an editor saves them is accepted', () => {
  const filters = [
    { type: 'Brightness', brightness: 0.1 },
    { type: 'Sepia', colorsOnly: false },
    { type: 'BlendColor', color: '#F95C63', mode: 'tint', alpha: 0.5 },
    { type: 'Convolute', opaque: false, matrix: [0, -1, 0, -1, 5, -1, 0, -1, 0] },
    null,
  ];
  assert.equal(validateTemplate(doc(filters), opts).ok, true);
  assert.equal(validateTemplate(doc([]), opts).ok, true);
});

test('Noise, unknown filters and out-of-range parameters are refused with a precise message', () => {
  const r = validateTemplate(doc([{ type: 'Noise', noise: 100 }, { type: 'Pixelate', blocksize: 0 }, { type: 'Sharpen' }]), opts);
  assert.equal(r.ok, false);
  const messages = r.ok ? [] : r.issues.map((i) => i.message);
  assert.match(messages[0], /objects\[0\] \("photo"\): filters\[0\]: the Noise filter draws random noise/);
  assert.match(messages[1], /filters\[1\]: Pixelate filter: "blocksize" must be a whole number from 1 to 1000/);
  assert.match(messages[2], /filters\[2\]: filter type "Sharpen" is not a Fabric filter Imprint draws/);
  assert.equal(r.ok ? '' : r.issues[0].path, 'objects[0].filters');
});

test('filters on a non-image object are not a Fabric property', () => {
  assert.equal(validateTemplate(doc([{ type: 'Sepia' }], 'rect'), opts).ok, false);
});

test('a BlendImage image gets the same src rules as an image object', () => {
  const blend = (src: string) => doc([{ type: 'BlendImage', mode: 'multiply', image: { type: 'image', src } }]);
  assert.equal(validateTemplate(blend('https://example.com/texture.png'), opts).ok, true);
  const local = validateTemplate(blend('./texture.png'), opts);
  assert.equal(local.ok, false);
  assert.equal(local.ok ? '' : local.issues[0].path, 'objects[0].filters[0].image.src');
});

test('Resize is accepted as Fabric writes it (hermite, bilinear, lanczos), bounded, and sliceHack is refused with the reason', () => {
  const ok = (f: unknown) => validateTemplate(doc([f]), opts);
  assert.equal(ok({ type: 'Resize', resizeType: 'hermite', scaleX: 0.6, scaleY: 0.6, lanczosLobes: 3 }).ok, true);
  assert.equal(ok({ type: 'Resize', resizeType: 'lanczos', scaleX: 0.3, scaleY: 0.5, lanczosLobes: 2 }).ok, true);
  const message = (f: unknown) => {
    const r = ok(f);
    return r.ok ? '' : r.issues[0].message;
  };
  assert.match(message({ type: 'Resize', resizeType: 'sliceHack', scaleX: 0.5, scaleY: 0.5 }), /resizeType "sliceHack" is not drawn yet/);
  assert.match(message({ type: 'Resize', scaleX: 2, scaleY: 2 }), /"scaleX" and "scaleY" must be numbers from 0.01 to 1/);
  assert.match(message({ type: 'Resize', resizeType: 'lanczos', scaleX: 0.5, scaleY: 0.5, lanczosLobes: 12 }), /"lanczosLobes" must be a whole number from 1 to 5/);
});

test('resizeFilter is accepted as Image#toObject writes it; other shapes and sliceHack are refused', () => {
  const withResize = (resizeFilter: unknown) => ({ ...doc([]), objects: [{ ...doc([]).objects[0], resizeFilter }] });
  assert.equal(validateTemplate(withResize({ type: 'Resize', resizeType: 'hermite', scaleX: 0.3, scaleY: 0.3, lanczosLobes: 3 }), opts).ok, true);
  assert.equal(validateTemplate(withResize(null), opts).ok, true);
  const r = validateTemplate(withResize({ type: 'Resize', resizeType: 'sliceHack' }), opts);
  assert.equal(r.ok, false);
  assert.match(r.ok ? '' : r.issues[0].message, /property "resizeFilter" must be null or a Resize filter/);
});
