import assert from 'node:assert/strict';
import { test } from 'node:test';
import sharp from 'sharp';
import { loadReferenceCard, retitled } from '../../bench/reference-card.js';
import { listCorpusDocuments, loadCorpusImages, readCorpusDocument } from '../../scripts/corpus-images.js';
import type { FabricObject, TemplateDocument } from '../domain/template.js';
import { createRenderCaches } from './render-caches.js';
import { type RenderInput, renderDocument, renderToRaw } from './render-document.js';
import { PaintMemory } from './paint-memory.js';

/**
 * A render that repaints only the region its changes touch (PaintMemory) must give exactly the
 * bytes of a cold full paint. Every corpus template goes through a sequence of edits a generate
 * call makes, through one set of caches per template as a worker keeps them, and each step is
 * compared byte for byte with a render that shares nothing.
 */

const withObjects = (doc: TemplateDocument, edit: (o: FabricObject, i: number) => FabricObject): TemplateDocument => ({
  ...doc,
  objects: doc.objects.map((o, i) => edit(o, i)),
});

const isText = (o: FabricObject): boolean => typeof o.text === 'string';

/** As stored; each text changed on its own; all at once; a colour; a move; as stored again. */
function edits(doc: TemplateDocument): Array<[string, TemplateDocument]> {
  const steps: Array<[string, TemplateDocument]> = [['as stored', doc]];
  doc.objects.forEach((o, i) => {
    if (isText(o)) steps.push([`text ${i}`, withObjects(doc, (p, j) => (j === i ? { ...p, text: `Edition ${i + 7}: ${p.text}` } : p))]);
  });
  if (doc.objects.filter(isText).length > 1) {
    steps.push(['every text', withObjects(doc, (p) => (isText(p) ? { ...p, text: `Ünïcode ✓ ${String(p.text).slice(0, 12)}` } : p))]);
  }
  const coloured = doc.objects.findIndex((o) => typeof o.fill === 'string' && o.fill !== '' && !isText(o));
  if (coloured >= 0) steps.push(['colour', withObjects(doc, (p, j) => (j === coloured ? { ...p, fill: '#3a7bd5' } : p))]);
  const moved = doc.objects.length - 1;
  if (moved >= 0) {
    steps.push(['moved', withObjects(doc, (p, j) => (j === moved ? { ...p, left: Number(p.left ?? 0) + 13.25, top: Number(p.top ?? 0) + 5.5 } : p))]);
  }
  steps.push(['as stored again', doc]);
  return steps;
}

type Painted = Awaited<ReturnType<typeof renderToRaw>>;

async function assertSameAsCold(input: RenderInput, caches: ReturnType<typeof createRenderCaches>, what: string, known?: Painted): Promise<void> {
  const warm = await renderToRaw(input, caches);
  const cold = known ?? (await renderToRaw(structuredClone(input)));
  assert.equal(warm.opaque, cold.opaque, `${what}: opacity claim differs from a full paint`);
  if (warm.pixels.equals(cold.pixels)) return;
  let first = -1;
  let count = 0;
  for (let i = 0; i < cold.pixels.length; i++) {
    if (warm.pixels[i] !== cold.pixels[i]) {
      if (first < 0) first = i;
      count++;
    }
  }
  const px = first >> 2;
  assert.fail(`${what}: ${count} bytes differ from a full paint, the first at (${px % cold.width}, ${Math.floor(px / cold.width)})`);
}

test('repainting only the changed region gives the bytes of a full paint for every corpus template', async () => {
  const docs = listCorpusDocuments();
  assert.ok(docs.length >= 40, `expected the corpus, found ${docs.length} documents`);
  let region = 0;
  let renders = 0;
  for (const path of docs) {
    const document = readCorpusDocument(path);
    const images = loadCorpusImages(document);
    const caches = createRenderCaches();
    for (const [step, doc] of edits(document)) {
      // Errors a template raises on purpose (the corpus holds some) are the full paint's too.
      const input: RenderInput = { document: doc, images };
      const cold = await renderToRaw(structuredClone(input)).catch((err: Error) => err);
      if (cold instanceof Error) continue;
      await assertSameAsCold(input, caches, `${path.split('/').pop()} / ${step}`, cold);
      renders++;
    }
    region += caches.outputs.painted.region;
  }
  console.log(`${renders} corpus renders compared, ${region} of them repainted a region only`);
  // The comparison must exercise the region path, not only full paints.
  assert.ok(region >= 50, `only ${region} renders repainted a region`);
});

test("a stroked image's whole stroke is inside its painted bounds: the next render of the same shape keeps none of it", async () => {
  // The pixels a region repaint does not touch come from the previous render of the same shape, which
  // may be another account's: a stroke reaching past its object's bounds would stay in that output.
  const src = 'img://green';
  const images = new Map([
    [
      src,
      await sharp({ create: { width: 8, height: 8, channels: 4, background: '#00ff00' } })
        .png()
        .toBuffer(),
    ],
  ]);
  const page = (first: FabricObject): TemplateDocument => ({
    width: 800,
    height: 800,
    background: '#ffffff',
    objects: [first, { type: 'Rect', left: 700, top: 700, width: 10, height: 10, fill: '#000000' }],
  });
  const stroked = { type: 'Image', src, left: 300, top: 300, width: 100, height: 100, stroke: '#ff0000', strokeWidth: 30, objectCaching: false, strokeMiterLimit: 10 };
  const variants: Array<[string, FabricObject]> = [
    ['plain', stroked],
    ['uniform, skewX, flat', { ...stroked, scaleY: 0.2, skewX: 60, strokeUniform: true }],
    ['uniform, skewY, narrow', { ...stroked, scaleX: 0.1, skewY: 70, strokeUniform: true, angle: 20 }],
    ['uniform, both skews, flipped', { ...stroked, scaleX: 3, scaleY: 0.3, skewX: -45, skewY: 30, flipX: true, strokeUniform: true }],
    ['skewed, not uniform', { ...stroked, scaleY: 0.2, skewX: 60 }],
    ['uniform, scaled, rotated', { ...stroked, scaleX: 0.2, scaleY: 2, angle: 33, strokeUniform: true }],
  ];
  const elsewhere: FabricObject = { type: 'Image', src, left: 20, top: 20, width: 8, height: 8, objectCaching: false };
  for (const [name, first] of variants) {
    const caches = createRenderCaches();
    await renderToRaw({ document: page(first), images }, caches);
    await assertSameAsCold({ document: page(elsewhere), images }, caches, `${name}, then another image in its place`);
  }
});

test("a render starts a region repaint only from its own owner's last output, never another account's", async () => {
  const card = await loadReferenceCard();
  const caches = createRenderCaches();
  const images = new Map([[card.photoSrc, card.photo]]);
  await renderToRaw({ document: card.document, images, owner: 'acc_a' }, caches);
  await assertSameAsCold({ document: retitled(card.document, 'Another account: '), images, owner: 'acc_b' }, caches, 'account b');
  assert.deepEqual(caches.outputs.painted, { full: 2, region: 0 }, "account b's render is painted in full");
  await assertSameAsCold({ document: retitled(card.document, 'Back to a: '), images, owner: 'acc_a' }, caches, 'account a');
  assert.deepEqual(caches.outputs.painted, { full: 2, region: 1 }, "account a's next render repaints its title only");
});

test('the reference card with 50 titles: each repaints the title region only, byte for byte a full paint', async () => {
  const card = await loadReferenceCard();
  const caches = createRenderCaches();
  const images = new Map([[card.photoSrc, card.photo]]);
  await renderToRaw({ document: card.document, images }, caches);
  for (let i = 1; i <= 50; i++) {
    const prefix = i % 7 === 0 ? `Ünïcode ✓ 你好 ${i}: ` : `Edition ${i}${'!'.repeat(i % 5)}: `;
    await assertSameAsCold({ document: retitled(card.document, prefix), images }, caches, `title ${i}`);
  }
  assert.equal(caches.outputs.painted.region, 50);
});

test('encoded PNGs of repainted titles equal cold renders, two renders in flight reusing output buffers', async () => {
  const card = await loadReferenceCard();
  const caches = createRenderCaches();
  const images = new Map([[card.photoSrc, card.photo]]);
  const input = (i: number): RenderInput => ({ document: retitled(card.document, `Batch ${i}: `), images });
  await renderDocument(input(0), caches);
  for (let i = 1; i <= 12; i += 2) {
    // As a worker does: the second render paints while the first one's pixels are still being encoded.
    const [a, b] = await Promise.all([renderDocument(input(i), caches), renderDocument(input(i + 1), caches)]);
    assert.ok(a.data.equals((await renderDocument(input(i))).data), `title ${i}: PNG differs from a cold render`);
    assert.ok(b.data.equals((await renderDocument(input(i + 1))).data), `title ${i + 1}: PNG differs from a cold render`);
  }
  assert.equal(caches.outputs.painted.region, 12);
});

test('PaintMemory keeps outputs within its byte bound and recycles only the buffers it lent', () => {
  const memory = new PaintMemory(10);
  const state = { nodes: [], images: [], bounds: [], cuts: [] };
  memory.remember('a', Buffer.alloc(4, 1), state);
  memory.remember('b', Buffer.alloc(4, 2), state);
  assert.equal(memory.bytes, 8);
  memory.remember('c', Buffer.alloc(4, 3), state);
  assert.equal(memory.get('a'), undefined, 'the least recently used output goes first');
  assert.equal(memory.bytes, 8);
  memory.remember('d', Buffer.alloc(12), state);
  assert.equal(memory.get('d'), undefined, 'an output larger than the bound is not kept');
  const kept = memory.get('c')?.pixels;
  memory.remember('c', Buffer.alloc(4, 9), state);
  assert.equal(memory.get('c')?.pixels, kept, 'a shape remembered again reuses its buffer');
  assert.deepEqual([...(kept ?? [])], [9, 9, 9, 9]);
  const kept2 = memory.get('c');
  assert.ok(kept2);
  const whole = { x: 0, y: 0, width: 1, height: 1 };
  const lent = memory.output(kept2, whole, 1);
  memory.recycle(lent);
  memory.recycle(Buffer.alloc(4));
  assert.equal(memory.output(kept2, whole, 1), lent, 'a recycled buffer serves the next output');
  assert.notEqual(memory.output(kept2, whole, 1), lent, 'and is lent once');
});

test('a recycled output buffer gets the rectangles repainted since it was lent, or a full copy', () => {
  const memory = new PaintMemory(1024);
  const width = 4;
  const state = { nodes: [], images: [], bounds: [], cuts: [] };
  memory.remember('s', Buffer.alloc(4 * 4 * 4, 0), state);
  const kept = memory.get('s');
  assert.ok(kept);
  const paint = (rect: { x: number; y: number; width: number; height: number }, value: number): Buffer => {
    for (let y = rect.y; y < rect.y + rect.height; y++) kept.pixels.fill(value, (y * width + rect.x) * 4, (y * width + rect.x + rect.width) * 4);
    return memory.output(kept, rect, width);
  };
  const a = paint({ x: 0, y: 0, width: 2, height: 2 }, 1);
  assert.ok(a.equals(kept.pixels), 'a fresh buffer is a full copy');
  // A second buffer is lent while `a` is still encoding, so `a` misses two repaints.
  const b = paint({ x: 2, y: 1, width: 2, height: 2 }, 2);
  assert.notEqual(b, a);
  memory.recycle(a);
  const c = paint({ x: 1, y: 3, width: 3, height: 1 }, 3);
  assert.equal(c, a, 'the spare holding this state is reused');
  assert.ok(c.equals(kept.pixels), 'with every rectangle repainted since it was lent');
  memory.recycle(b);
  memory.recycle(c);
  const behind = paint({ x: 3, y: 3, width: 1, height: 1 }, 4);
  assert.equal(behind, c, 'the spare with the latest version is taken');
  memory.recycle(b);
  for (let i = 0; i < 10; i++) paint({ x: i % 4, y: 0, width: 1, height: 1 }, 10 + i);
  memory.recycle(behind);
  const d = paint({ x: 0, y: 2, width: 1, height: 1 }, 50);
  assert.equal(d, behind);
  assert.ok(d.equals(kept.pixels), 'a buffer further behind than the history is copied in full');
  memory.remember('s', Buffer.alloc(4 * 4 * 4, 7), state);
  const fresh = memory.get('s');
  assert.ok(fresh);
  memory.recycle(d);
  fresh.pixels.fill(8, 0, 4);
  const e = memory.output(fresh, { x: 0, y: 0, width: 1, height: 1 }, width);
  assert.ok(e.equals(fresh.pixels), 'a buffer of an earlier state (a full paint since) is copied in full');
});
