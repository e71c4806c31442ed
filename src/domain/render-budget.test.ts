import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FabricObject, TemplateDocument } from './template.js';
import { DEFAULT_RENDER_BUDGET, describeExcess, estimateRenderBudget, MIN_RENDER_SCALE } from './render-budget.js';

const rect = (o: Partial<FabricObject> = {}): FabricObject => ({ type: 'rect', left: 0, top: 0, width: 100, height: 100, fill: '#f00', ...o });
const docOf = (width: number, height: number, objects: FabricObject[]): TemplateDocument => ({ width, height, objects });

/** The attack that ran for more than 9 minutes: 200 canvas-sized rectangles with a large shadow blur on an 8192² canvas. */
function shadowFlood(): TemplateDocument {
  return docOf(
    8192,
    8192,
    Array.from({ length: 200 }, (_, i) => rect({ name: `r${i}`, width: 8192, height: 8192, shadow: { color: 'rgba(0,0,0,0.5)', blur: 1000, offsetX: 5, offsetY: 5 } })),
  );
}

const dims = (doc: TemplateDocument, scale = 1) => estimateRenderBudget(doc, scale).excess.map((e) => e.dimension);

test('an ordinary card is within budget even at scale 4', () => {
  const card = docOf(1200, 630, [
    rect({ width: 1200, height: 630 }),
    rect({ name: 'card', left: 100, top: 100, width: 1000, height: 430, shadow: { color: '#0004', blur: 30, offsetX: 0, offsetY: 10 } }),
    { type: 'textbox', name: 'title', width: 900, height: 120, text: 'Hello', fontSize: 48, shadow: { color: '#0006', blur: 8 } },
    { type: 'circle', radius: 40, stroke: '#000', strokeWidth: 2, strokeDashArray: [6, 4] },
  ]);
  const report = estimateRenderBudget(card, 4);
  assert.deepEqual(report.excess, []);
  assert.equal(report.usage.objects, 4);
  assert.ok(report.usage.megapixels > 12 && report.usage.megapixels < 12.2);
});

test('pixels: the output area after scale', () => {
  const big = docOf(8192, 8192, []);
  assert.deepEqual(dims(big), ['pixels']);
  assert.deepEqual(dims(big, 0.5), []);
  const e = estimateRenderBudget(docOf(4000, 4000, []), 2).excess[0];
  assert.equal(e.limit, DEFAULT_RENDER_BUDGET.maxMegapixels);
  assert.equal(e.actual, 64);
  assert.match(e.message, /8000×8000 at scale 2\) is 64 MP, over the limit of 40 MP by 24 MP/);
});

test("blur area: the issue's 200 shadowed 8192² rectangles are over budget even at the smallest scale", () => {
  const report = estimateRenderBudget(shadowFlood(), MIN_RENDER_SCALE);
  const blur = report.excess.find((e) => e.dimension === 'blurArea');
  assert.ok(blur, JSON.stringify(report));
  // 200 × 819.2² px at scale 0.1: each blurred box is clipped to the canvas.
  assert.ok(Math.abs(blur.actual - (200 * 819 * 819) / 1e6) < 1, String(blur.actual));
  assert.equal(blur.element, 'r0');
  assert.equal(blur.path, 'objects[0]');
  assert.match(blur.message, /over the limit of 40 MP by/);
});

test('blur area: clipped to the canvas, so one shadow never counts more than the output', () => {
  const one = docOf(2000, 2000, [rect({ width: 1e5, height: 1e5, shadow: { blur: 500 } })]);
  assert.equal(estimateRenderBudget(one).usage.blurMegapixels, 4);
  // Many canvas-sized shadows add up: 11 × 4 MP > 40 MP.
  const many = docOf(
    2000,
    2000,
    Array.from({ length: 11 }, () => rect({ width: 2000, height: 2000, shadow: { blur: 20 } })),
  );
  assert.deepEqual(dims(many), ['blurArea']);
  assert.deepEqual(dims(docOf(2000, 2000, many.objects.slice(0, 9))), []);
});

test('blur area follows group scale and the output scale', () => {
  const grouped = docOf(4000, 4000, [
    { type: 'group', width: 100, height: 100, scaleX: 10, scaleY: 10, objects: Array.from({ length: 30 }, () => rect({ width: 100, height: 100, shadow: { blur: 10 } })) },
  ]);
  // Each child: (100 + 1 stroke) × 10 + 2 × 1.5 × 100 blur padding = 1310 px square.
  const usage = estimateRenderBudget(grouped).usage;
  assert.ok(Math.abs(usage.blurMegapixels - (30 * 1310 * 1310) / 1e6) < 0.01, String(usage.blurMegapixels));
  assert.deepEqual(dims(grouped), ['blurArea']);
  assert.deepEqual(dims(grouped, 0.5), []);
});

test('blur radius: relative to the canvas, so it does not depend on scale', () => {
  const wide = docOf(1000, 1000, [rect({ name: 'haze', shadow: { blur: 600 } })]);
  const e = estimateRenderBudget(wide).excess.find((x) => x.dimension === 'blurRadius');
  assert.ok(e);
  assert.equal(e.element, 'haze');
  assert.deepEqual(dims(wide, 4).includes('blurRadius'), true);
  assert.deepEqual(dims(wide, MIN_RENDER_SCALE).includes('blurRadius'), true);
  assert.deepEqual(dims(docOf(1000, 1000, [rect({ shadow: { blur: 400 } })])), []);
  // nonScaling shadows keep their blur whatever the object's scale.
  assert.deepEqual(dims(docOf(1000, 1000, [rect({ scaleX: 20, scaleY: 20, shadow: { blur: 40, nonScaling: true } })])), []);
  assert.deepEqual(dims(docOf(1000, 1000, [rect({ scaleX: 20, scaleY: 20, shadow: { blur: 40 } })])), ['blurRadius']);
});

test('paint area: many canvas-sized objects', () => {
  const layers = (n: number) =>
    docOf(
      4000,
      4000,
      Array.from({ length: n }, () => rect({ width: 4000, height: 4000 })),
    );
  // 16 MP each: 35 are 560 MP, 30 are 480 MP.
  assert.deepEqual(dims(layers(35)), ['paintArea']);
  assert.deepEqual(dims(layers(30)), []);
  assert.deepEqual(dims(layers(35), 0.5), []);
});

test('paint area: a text counts the box its glyphs can cover, not the width and height it stores', () => {
  const block = (o: Partial<FabricObject>): FabricObject => ({ type: 'text', text: '\u2588', fontFamily: 'Inter', fontSize: 10_000, left: 0, top: -2000, ...o });
  const many = (o: Partial<FabricObject>, n = 280) =>
    docOf(
      2000,
      2000,
      Array.from({ length: n }, () => block(o)),
    );
  // Each glyph covers the whole 2000² canvas, 4 MP: 280 of them are 1,120 MP, claimed box or not
  // (and each a full-size cache canvas, so the cache memory is over too).
  const both = ['paintArea', 'cacheMemory'];
  assert.deepEqual(dims(many({})), both);
  assert.deepEqual(dims(many({ width: 1, height: 1 })), both);
  assert.deepEqual(dims(many({ type: 'textbox', width: 1, height: 1, splitByGrapheme: true })), both);
  // A per-character style draws bigger than the object's own fontSize.
  const styled = { fontSize: 10, width: 1, height: 1, styles: [{ start: 0, end: 1, style: { fontSize: 10_000 } }] };
  assert.deepEqual(dims(many(styled)), both);
  assert.deepEqual(dims(many({ ...styled, styles: { 0: { 0: { fontSize: 10_000 } } } })), both);
  // A textbox wraps at its width, except a word wider than the box: a 3,000-letter word at 100 px spans the canvas.
  const paint = (text: string) => estimateRenderBudget(docOf(2000, 2000, [block({ type: 'textbox', text, fontSize: 100, width: 10, height: 10 })]), 1).usage.paintMegapixels;
  assert.ok(paint('x'.repeat(3000)) >= 0.4, `a long word: ${paint('x'.repeat(3000))} MP`);
  assert.ok(paint('x '.repeat(3)) < 0.2, `three short words: ${paint('x '.repeat(3))} MP`);
});

test('paint area: ordinary texts count about their real size', () => {
  // A calendar page at print size: 31 day numbers, their 31 labels and a title on A4 at 300 dpi.
  const day = (i: number): FabricObject => ({ type: 'textbox', text: String(i + 1), fontSize: 120, width: 300, height: 140, left: 0, top: 0 });
  const label = (): FabricObject => ({ type: 'textbox', text: 'Birthday: remember the cake', fontSize: 40, width: 300, height: 100, left: 0, top: 0 });
  const title = { type: 'text', text: 'December 2026', fontSize: 200, left: 0, top: 0 } as FabricObject;
  const page = docOf(2480, 3508, [title, ...Array.from({ length: 31 }, (_, i) => day(i)), ...Array.from({ length: 31 }, label)]);
  const { usage } = estimateRenderBudget(page, 1);
  assert.ok(usage.paintMegapixels < 40, `${usage.paintMegapixels} MP`);
});

test('paint area: a pattern counts as a box, a stroke whose pattern or gradient has its own transform as nine', () => {
  const tile = { type: 'pattern', source: 'https://a.test/tile.png', repeat: 'repeat' };
  const paint = (o: Partial<FabricObject>) => estimateRenderBudget(docOf(1000, 1000, [rect({ width: 990, height: 990, strokeWidth: 10, ...o })])).usage.paintMegapixels;
  assert.equal(paint({ fill: tile }), paint({ fill: '#f00' }));
  assert.equal(paint({ stroke: tile }), 1);
  assert.equal(paint({ stroke: { ...tile, patternTransform: [2, 0, 0, 2, 0, 0] } }), 9);
  assert.equal(paint({ stroke: { type: 'linear', coords: { x1: 0, y1: 0, x2: 1, y2: 0 }, colorStops: [], gradientUnits: 'percentage' } }), 9);
  assert.equal(paint({ stroke: { ...tile, patternTransform: [2, 0, 0, 2, 0, 0] }, strokeWidth: 0 }), 0.9801);
});

test('paint area: a rotated parent makes children count their diagonal, and off-canvas size is clipped', () => {
  const flat = estimateRenderBudget(docOf(1000, 1000, [{ type: 'group', width: 100, height: 100, objects: [rect({ width: 300, height: 100, strokeWidth: 0 })] }]));
  const turned = estimateRenderBudget(docOf(1000, 1000, [{ type: 'group', angle: 30, width: 100, height: 100, objects: [rect({ width: 300, height: 100, strokeWidth: 0 })] }]));
  assert.ok(turned.usage.paintMegapixels > flat.usage.paintMegapixels);
  const huge = estimateRenderBudget(docOf(1000, 1000, [rect({ width: 1e5, height: 1e5, scaleX: 1e4, scaleY: 1e4 })]));
  assert.equal(huge.usage.paintMegapixels, 1);
});

test('objects: group children and clip paths count', () => {
  const children = Array.from({ length: 2600 }, () => rect({ width: 1, height: 1, clipPath: rect({ width: 1, height: 1 }) }));
  const report = estimateRenderBudget(docOf(100, 100, [{ type: 'group', width: 100, height: 100, objects: children }]));
  assert.equal(report.usage.objects, 1 + 2600 * 2);
  assert.deepEqual(
    report.excess.map((e) => e.dimension),
    ['objects'],
  );
  assert.deepEqual(dims(docOf(100, 100, children.slice(0, 2400))), []);
});

test('dash segments: a tiny dash on a long stroke', () => {
  const dashed = (dash: number[]) => docOf(2000, 2000, [{ type: 'circle', name: 'ring', radius: 500, fill: null, stroke: '#00f', strokeWidth: 2, strokeDashArray: dash }]);
  const e = estimateRenderBudget(dashed([0.001, 0.001])).excess.find((x) => x.dimension === 'dashSegments');
  assert.ok(e);
  assert.equal(e.element, 'ring');
  assert.deepEqual(dims(dashed([5, 5])), []);
  // An all-zero pattern disables dashing; no stroke, no dashes.
  assert.deepEqual(dims(dashed([0, 0])), []);
  assert.deepEqual(dims(docOf(2000, 2000, [{ type: 'circle', radius: 500, stroke: null, strokeDashArray: [0.001] }])), []);
});

test('dash segments: path length from its commands, including relative ones', () => {
  const zigzag: unknown[][] = [['M', 0, 0]];
  for (let i = 0; i < 1000; i++) zigzag.push(['l', 1000, i % 2 ? 1000 : -1000]);
  const path = docOf(1000, 1000, [{ type: 'path', path: zigzag, stroke: '#000', strokeWidth: 1, strokeDashArray: [1, 1] }]);
  // ~1.41 M units of stroke at one segment per unit.
  const usage = estimateRenderBudget(path).usage;
  assert.ok(usage.dashSegments > 1_400_000 && usage.dashSegments < 1_420_000, String(usage.dashSegments));
  assert.deepEqual(dims(path), ['dashSegments']);
});

test('dash segments: the path a text follows is drawn and counted too', () => {
  const zigzag: unknown[][] = [['M', 0, 0]];
  for (let i = 0; i < 1000; i++) zigzag.push(['l', 1000, i % 2 ? 1000 : -1000]);
  const guide = { type: 'Path', path: zigzag, fill: '', stroke: '#000', strokeDashArray: [1, 1] };
  const doc = docOf(1000, 1000, [{ type: 'i-text', text: 'along', fontFamily: 'Inter', path: guide }]);
  assert.deepEqual(dims(doc), ['dashSegments']);
  assert.equal(estimateRenderBudget(doc).usage.objects, 2);
});

test('limits are configurable, and every dimension is reported at once', () => {
  const doc = docOf(3000, 3000, [rect({ width: 3000, height: 3000, shadow: { blur: 2000 } })]);
  const report = estimateRenderBudget(doc, 1, { ...DEFAULT_RENDER_BUDGET, maxMegapixels: 5, maxBlurMegapixels: 5 });
  assert.deepEqual(report.excess.map((e) => e.dimension).sort(), ['blurArea', 'blurRadius', 'pixels']);
});

/** `n` cubics whose points jump across a `w`×`h` box, so every segment spans most of the rows and crosses the others. */
function zigzagPath(n: number, w: number, h: number): unknown[][] {
  const path: unknown[][] = [['M', 0, 0]];
  for (let i = 0; i < n; i++) path.push(['C', (i * 7) % w, (i * 13) % h, (i * 3) % w, (i * 11) % h, (i * 5) % w, (i * 17) % h]);
  return path;
}

test('path complexity: a stroked path of long crossing segments is refused at any scale, naming it', () => {
  // 20,000 such cubics stroked 100 px wide ran 9.6 s on Skia; 30,000 ran 46–55 s, past the render timeout.
  const stroked = docOf(2000, 1000, [{ type: 'Path', name: 'scribble', path: zigzagPath(20_000, 2000, 1000), fill: '', stroke: '#00f', strokeWidth: 100 }]);
  for (const scale of [1, MIN_RENDER_SCALE]) {
    const e = estimateRenderBudget(stroked, scale).excess.find((x) => x.dimension === 'pathComplexity');
    assert.ok(e, `scale ${scale}`);
    assert.equal(e.element, 'scribble');
  }
  // Filled and not stroked, it is a tenth of the work and within budget (10,000 of them filled: 1.7 s).
  assert.deepEqual(dims(docOf(2000, 1000, [{ type: 'Path', path: zigzagPath(20_000, 2000, 1000), fill: '#f00' }])), []);
});

test('path complexity: many short segments, as in real artwork, stay far below the limit', () => {
  // A coastline of 50,000 points around a 900 px radius, stroked 2 px: 0.5 s on Skia.
  const coast: unknown[][] = [];
  for (let i = 0; i < 50_000; i++) {
    const t = (i / 50_000) * Math.PI * 2;
    const r = 900 + 20 * Math.sin(i * 0.37) + 6 * Math.sin(i * 2.1) + 40 * Math.sin(t * 13);
    coast.push([i === 0 ? 'M' : 'L', 1000 + r * Math.cos(t), 1000 + r * Math.sin(t)]);
  }
  const usage = estimateRenderBudget(docOf(2000, 2000, [{ type: 'Path', path: coast, fill: '#8c8', stroke: '#000', strokeWidth: 2 }])).usage;
  assert.ok(usage.pathComplexity > 0 && usage.pathComplexity < DEFAULT_RENDER_BUDGET.maxPathComplexity / 10, String(usage.pathComplexity));
});

test('path complexity: polylines, polygons and string paths count, a path with neither fill nor stroke does not', () => {
  const points = Array.from({ length: 30_000 }, (_, i) => ({ x: (i * 7) % 2000, y: i % 2 ? 0 : 1000 }));
  assert.deepEqual(dims(docOf(2000, 1000, [{ type: 'polyline', points, fill: '', stroke: '#000', strokeWidth: 4 }])), ['pathComplexity']);
  assert.deepEqual(dims(docOf(2000, 1000, [{ type: 'polygon', points, stroke: '#000', strokeWidth: 4 }])), ['pathComplexity']);
  const text = `M 0 0 ${Array.from({ length: 30_000 }, (_, i) => `L ${(i * 7) % 2000} ${i % 2 ? 0 : 1000}`).join(' ')}`;
  assert.deepEqual(dims(docOf(2000, 1000, [{ type: 'path', path: text, width: 2000, height: 1000, fill: '', stroke: '#000', strokeWidth: 4 }])), ['pathComplexity']);
  assert.deepEqual(dims(docOf(2000, 1000, [{ type: 'polyline', points, fill: '', stroke: null }])), []);
});

test('a figure past a trillion is written as a power of ten, not hundreds of digits', () => {
  const dashed = docOf(400, 300, [rect({ stroke: 'black', strokeWidth: 5, strokeDashArray: [1e-300] })]);
  const message = describeExcess(estimateRenderBudget(dashed, 1).excess);
  assert.match(message, /is 4\.00×10\^302, over the limit of 1,000,000 by 4\.00×10\^302/);
  assert.ok(message.length < 200, message);
});

test("cache memory: every drawn object's cache canvas, up to Fabric's 2 MP limit, counts until the paint is read", () => {
  const layers = (n: number) =>
    docOf(
      2000,
      2000,
      Array.from({ length: n }, () => rect({ width: 1990, height: 1990, opacity: 0.5 })),
    );
  // 124 of them are 492 MP of paint, under its 500 MP, but 124 × 8 MB of cache canvases: a render took 1.2 GB.
  assert.deepEqual(dims(layers(124)), ['cacheMemory']);
  assert.match(describeExcess(estimateRenderBudget(layers(124), 1).excess), /the memory of the objects' cache canvases is 992 MB, over the limit of 512 MB/);
  assert.deepEqual(dims(layers(60)), []);
  // Images are not cached, and small objects count their own size.
  const images = docOf(
    2000,
    2000,
    Array.from({ length: 124 }, () => ({ type: 'image', src: 'https://example.com/a.png', left: 0, top: 0, width: 1990, height: 1990 })),
  );
  assert.equal(estimateRenderBudget(images, 1).usage.cacheMegabytes, 0);
  assert.ok(estimateRenderBudget(docOf(1200, 630, [rect(), rect()]), 1).usage.cacheMegabytes < 0.1);
});
