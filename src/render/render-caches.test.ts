import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Image } from '@napi-rs/canvas';
import sharp from 'sharp';
import type { TemplateDocument } from '../domain/template.js';
import { NodeCache, nodeCacheSize } from './node-cache.js';
import { ObjectCacheStore } from './object-cache-store.js';
import { isOpaqueBackground } from './paint-document.js';
import { createRenderCaches, releasePixelCaches, renderCacheLimits } from './render-caches.js';
import { renderDocument, renderToRaw } from './render-document.js';
import type { GradientDef } from './render-node.js';

const card = (title: string): TemplateDocument => ({
  version: '7.4.0',
  width: 320,
  height: 160,
  background: '#f8fafc',
  objects: [
    { type: 'Rect', left: 10, top: 10, width: 300, height: 140, rx: 12, ry: 12, fill: '#1e293b', originX: 'left', originY: 'top' },
    { type: 'Textbox', name: 'title', text: title, left: 20, top: 20, width: 280, fontSize: 28, fontFamily: 'Inter', fill: '#fff', originX: 'left', originY: 'top' },
    { type: 'Circle', left: 270, top: 110, radius: 20, fill: '#38bdf8', originX: 'center', originY: 'center' },
  ],
});

test('unchanged objects come back as the same prepared node; a changed one is parsed afresh', () => {
  const cache = new NodeCache();
  let prepared = 0;
  const count = (fresh: unknown[]) => (prepared += fresh.length);
  const a = cache.normalize(card('Hello'), '', count);
  const b = cache.normalize(card('Hello'), '', count);
  const c = cache.normalize(card('Goodbye'), '', count);
  const d = cache.normalize(card('Hello'), 'acct-font-1', count);
  assert.deepEqual(a.objects, b.objects);
  assert.ok(
    a.objects.every((n, i) => n === b.objects[i]),
    'same document: every node reused',
  );
  assert.equal(c.objects[0], a.objects[0]);
  assert.equal(c.objects[2], a.objects[2]);
  assert.notEqual(c.objects[1], a.objects[1], 'the overridden title is a new node');
  assert.ok(
    d.objects.every((n, i) => n !== a.objects[i]),
    'another font set re-measures everything',
  );
  assert.equal(prepared, 3 + 0 + 1 + 3);
});

test('a prepare that throws caches nothing', () => {
  const cache = new NodeCache();
  assert.throws(
    () =>
      cache.normalize(card('x'), '', () => {
        throw new Error('layout failed');
      }),
    /layout failed/,
  );
  let fresh = 0;
  cache.normalize(card('x'), '', (nodes) => (fresh = nodes.length));
  assert.equal(fresh, 3);
});

test('an object cache is only reused for the same node, key and decoded image', async () => {
  const store = new ObjectCacheStore();
  const nodes = new NodeCache().normalize({ width: 10, height: 10, objects: [{ type: 'image', src: 'logo', width: 4, height: 4 }] }, '', () => undefined);
  const node = nodes.objects[0];
  const png = (c: string) =>
    sharp({ create: { width: 4, height: 4, channels: 3, background: c } })
      .png()
      .toBuffer();
  const load = async (c: string) => {
    const img = new Image();
    img.src = await png(c);
    return img;
  };
  const red = new Map([['logo', await load('#f00')]]);
  const blue = new Map([['logo', await load('#00f')]]);
  const canvas = { width: 4, height: 4 } as never;
  store.set(node, store.keyFor(node, [1, 2], red), canvas);
  assert.equal(store.get(node, store.keyFor(node, [1, 2], red)), canvas);
  assert.equal(store.get(node, store.keyFor(node, [1, 3], red)), undefined, 'other cache geometry');
  assert.equal(store.get(node, store.keyFor(node, [1, 2], blue)), undefined, 'other image bytes behind the same src');
});

test('renders through shared caches match renders without them, in any order', async () => {
  const caches = createRenderCaches();
  const fresh = async (doc: TemplateDocument) => (await renderToRaw({ document: doc, images: new Map() })).pixels;
  const shared = async (doc: TemplateDocument) => (await renderToRaw({ document: doc, images: new Map() }, caches)).pixels;
  const [hello, bye] = [card('Hello there'), card('A much longer title that wraps onto a second line')];
  const wantHello = await fresh(hello);
  const wantBye = await fresh(bye);
  assert.ok(!wantHello.equals(wantBye));
  for (const [doc, want] of [
    [hello, wantHello],
    [bye, wantBye],
    [hello, wantHello],
    [bye, wantBye],
  ] as const) {
    assert.ok((await shared(doc)).equals(want));
  }
});

test("an overridden element's old cache canvas is recycled, never while its paint is under way", () => {
  const store = new ObjectCacheStore();
  const title = (text: string) => new NodeCache().normalize(card(text), '', () => undefined).objects[1];
  const [a, b, c, d] = [title('A'), title('B'), title('C'), title('D')];
  const images = new Map();
  const key = (n: typeof a) => store.keyFor(n, [300, 80, 1, 1], images);
  const canvases = [store.canvas(300, 80), store.canvas(300, 80), store.canvas(300, 80)];
  store.set(a, key(a), canvases[0]);
  store.set(b, key(b), canvases[1]);
  store.set(c, key(c), canvases[2]);
  assert.ok(
    [a, b, c].every((n, i) => store.get(n, key(n)) === canvases[i]),
    'all used in the paint under way: all kept',
  );
  store.endPaint();
  store.get(a, key(a));
  store.endPaint();
  store.set(d, key(d), store.canvas(300, 80));
  assert.equal(store.get(a, key(a)), canvases[0], 'the most recently used one stays');
  assert.equal(store.get(b, key(b)) ?? store.get(c, key(c)), undefined, 'the others made room for D');
  const freed = store.canvas(300, 80);
  assert.ok(!canvases.includes(freed), 'not reusable before the paint has read its pixels');
  store.endPaint();
  const reused = store.canvas(300, 80);
  assert.ok(reused === canvases[1] || reused === canvases[2], 'then reused for a cache of its size');
  assert.ok(!canvases.includes(store.canvas(300, 81)));
});

test('cache canvases dropped after a paint give their pixels back at once; the kept ones stay whole', () => {
  // Room for one spare 300×80 canvas (96 KB), not two.
  const store = new ObjectCacheStore(64 * 1024 * 1024, 100_000);
  const nodes = ['A', 'B', 'C', 'D', 'E', 'F'].map((text) => new NodeCache().normalize(card(text), '', () => undefined).objects[1]);
  const images = new Map();
  const key = (n: (typeof nodes)[number]) => store.keyFor(n, [300, 80, 1, 1], images);
  const canvases = nodes.slice(0, 5).map((n) => {
    const c = store.canvas(300, 80);
    store.set(n, key(n), c);
    return c;
  });
  store.endPaint();
  // Each slot keeps two: with F, the three titles this paint did not use go to the spare list once it has read its pixels.
  store.get(nodes[3], key(nodes[3]));
  store.get(nodes[4], key(nodes[4]));
  store.set(nodes[5], key(nodes[5]), store.canvas(300, 80));
  store.endPaint();
  const released = canvases.filter((c) => c.width === 1 && c.height === 1);
  const whole = canvases.filter((c) => c.width === 300 && c.height === 80);
  assert.equal(released.length, 2, 'two of the three dropped ones are past the spare budget');
  assert.equal(whole.length, 3, 'the two titles this paint used, and one spare');
  assert.equal(store.get(nodes[3], key(nodes[3])), canvases[3]);
  store.clear();
  assert.ok(
    canvases.every((c) => c.width === 1),
    'clear releases the spare ones and the cached ones',
  );
});

test('recycled cache canvases draw exactly what fresh ones do', async () => {
  const caches = createRenderCaches();
  const titles = ['Hello there', 'Hello where', 'Hi there, you', 'Hello there', 'A much longer title that wraps onto a second line', 'Hello where'];
  for (const title of titles) {
    const input = { document: card(title), images: new Map() };
    const want = (await renderToRaw(input)).pixels;
    assert.ok((await renderToRaw(input, caches)).pixels.equals(want), title);
  }
});

test('only a background that paints every pixel opaque counts as opaque', () => {
  const linear = (stops: string[], coords = { x1: 0, y1: 0, x2: 100, y2: 0, r1: 0, r2: 0 }): GradientDef => ({
    type: 'linear',
    coords,
    colorStops: stops.map((color, i) => ({ offset: i, color })),
    gradientUnits: 'pixels',
    gradientTransform: null,
    offsetX: 0,
    offsetY: 0,
  });
  assert.equal(isOpaqueBackground('#0F172A'), true);
  assert.equal(isOpaqueBackground('white'), true);
  assert.equal(isOpaqueBackground('rgba(0,0,0,0.5)'), false);
  assert.equal(isOpaqueBackground('#ffffff80'), false);
  assert.equal(isOpaqueBackground('transparent'), false);
  assert.equal(isOpaqueBackground(null), false);
  assert.equal(isOpaqueBackground(linear(['#000', '#fff'])), true);
  assert.equal(isOpaqueBackground(linear(['#000', 'rgba(255,255,255,0.9)'])), false);
  assert.equal(isOpaqueBackground(linear(['#000', '#fff'], { x1: 5, y1: 5, x2: 5, y2: 5, r1: 0, r2: 0 })), false, 'equal end points paint nothing');
  assert.equal(isOpaqueBackground({ ...linear(['#000', '#fff']), type: 'radial' }), false);
});

test('an opaque render is encoded as RGB, a translucent one keeps alpha, both losslessly', async () => {
  for (const [background, channels] of [
    ['#336699', 3],
    ['rgba(51,102,153,0.5)', 4],
  ] as const) {
    const input = { document: { ...card('Pixels'), background }, images: new Map() };
    const raw = await renderToRaw(input);
    const png = await renderDocument(input);
    const meta = await sharp(png.data).metadata();
    assert.equal(meta.channels, channels, background);
    const decoded = await sharp(png.data).ensureAlpha().raw().toBuffer();
    assert.ok(decoded.equals(raw.pixels), `${background}: PNG pixels equal the painted pixels`);
  }
});

test('one worker budget is split over the caches and bounds each by bytes', async () => {
  const limits = renderCacheLimits(8);
  // Every share, so that a cache added later cannot take memory beyond the budget.
  const total = Object.values(limits).reduce((sum, bytes) => sum + bytes, 0);
  assert.ok(total <= 8 * 1024 * 1024 && total > 7.9 * 1024 * 1024, `the shares add up to the budget: ${total}`);
  // A 1 MiB decoded-image budget holds one 400×400 image (640 KB of RGBA), not two: the first is evicted.
  const caches = createRenderCaches({ ...limits, decodedImagesBytes: 1024 * 1024 });
  const png = (r: number) =>
    sharp({ create: { width: 400, height: 400, channels: 3, background: { r, g: 0, b: 0 } } })
      .png()
      .toBuffer();
  const [first, second] = await Promise.all([png(10), png(20)]);
  const a = await caches.images.decode(first, 'a');
  assert.equal(await caches.images.decode(Buffer.from(first), 'a'), a, 'equal bytes hit');
  await caches.images.decode(second, 'b');
  assert.notEqual(await caches.images.decode(Buffer.from(first), 'a'), a, 'evicted by bytes, not by count');
});

test('parsed objects are bounded by estimated bytes, not by count', () => {
  // Room for the card's shape nodes and exactly two title nodes: a third distinct title evicts the oldest.
  const [shape, oneTitle, circle] = card('title 1').objects.map((o) => nodeCacheSize(JSON.stringify(o).length));
  const budget = shape + circle + oneTitle * 2;
  const cache = new NodeCache(budget);
  const first = cache.normalize(card('title 1'), '', () => undefined).objects[1];
  cache.normalize(card('title 2'), '', () => undefined);
  assert.equal(cache.bytes, budget);
  assert.equal(cache.normalize(card('title 1'), '', () => undefined).objects[1], first, 'still cached');
  cache.normalize(card('title 3'), '', () => undefined);
  assert.equal(cache.size, 4, 'title 2 made room for title 3');
  cache.normalize(card('title 4'), '', () => undefined);
  assert.notEqual(cache.normalize(card('title 1'), '', () => undefined).objects[1], first, 'evicted by bytes');
  // A node larger than the whole budget is not kept.
  const tiny = new NodeCache(10);
  const a = tiny.normalize(card('x'), '', () => undefined).objects[1];
  assert.notEqual(tiny.normalize(card('x'), '', () => undefined).objects[1], a);
  assert.equal(tiny.bytes, 0);
});

test('releasing the pixel caches keeps parsed objects and decoded images, and the next renders are the same pixels', async () => {
  const caches = createRenderCaches();
  const titles = ['Before the release', 'A second title', 'Before the release'];
  const before = [];
  for (const title of titles) before.push((await renderToRaw({ document: card(title), images: new Map() }, caches)).pixels);
  assert.ok(caches.surfaces.bytes > 0 && caches.objectCaches.bytes > 0 && caches.outputs.bytes > 0, 'the renders filled the pixel caches');
  const nodes = caches.nodes.size;
  releasePixelCaches(caches);
  assert.equal(caches.surfaces.bytes, 0);
  assert.equal(caches.objectCaches.bytes, 0);
  assert.equal(caches.outputs.bytes, 0);
  assert.equal(caches.nodes.size, nodes, 'parsed objects stay');
  for (const [i, title] of titles.entries()) {
    const after = (await renderToRaw({ document: card(title), images: new Map() }, caches)).pixels;
    assert.ok(after.equals(before[i]), `${title}: the same pixels after the release`);
  }
  assert.ok(caches.surfaces.bytes > 0 && caches.objectCaches.bytes > 0, 'the caches fill again');
});
