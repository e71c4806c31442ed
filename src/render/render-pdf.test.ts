import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { createCanvas } from '@napi-rs/canvas';
import { corpusDir, loadCorpusImages, readCorpusDocument } from '../../scripts/corpus-images.js';
import { decodePng, diffImages, type RawImage } from '../../scripts/pixel-diff.js';
import { imageSources } from '../domain/elements.js';
import { applyOverrides } from '../domain/overrides.js';
import type { TemplateDocument } from '../domain/template.js';
import { createImageFetcher } from '../fetch/image-fetcher.js';
import { loadStarters, starterDirs } from '../services/starter-gallery.js';
import { bundledFontFamilies } from './fonts/font-registry.js';
import { createRenderCaches } from './render-caches.js';
import { MAX_PDF_BYTES, type RenderInput, RenderError, renderDocument, renderPdf } from './render-document.js';

/**
 * The PDF output checked with poppler-utils (.ci/run installs it), as a reader
 * of the file would see it: its text layer, its fonts, its images, and its
 * pixels at 72 dpi (1 pt = 1 px) against the PNG of the same template.
 */
const PDF_PIXEL_BUDGET_PERCENT = 1;

const dir = mkdtempSync(path.join(os.tmpdir(), 'imprint-pdf-'));
after(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

function tool(name: string, args: string[], pdf: Uint8Array): string {
  const file = path.join(dir, `${++files}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync(name, [...args, file, ...(name === 'pdftotext' ? ['-'] : [])], { encoding: 'utf8' });
}

/** The page at 72 dpi, as pdftoppm rasterises it (on white paper). */
function pageToPng(pdf: Uint8Array, page = 1): Buffer {
  const file = path.join(dir, `${++files}.pdf`);
  writeFileSync(file, pdf);
  const out = path.join(dir, `${files}-page`);
  execFileSync('pdftoppm', ['-r', '72', '-png', '-singlefile', '-f', String(page), '-l', String(page), file, out]);
  return readFileSync(`${out}.png`);
}

/** The PNG as a PDF viewer shows a page: composited on white paper. */
function onWhite(img: RawImage): RawImage {
  const p = img.pixels;
  for (let i = 0; i < p.length; i += 4) {
    const a = p[i + 3] / 255;
    for (let c = 0; c < 3; c++) p[i + c] = Math.round(255 + (p[i + c] - 255) * a);
    p[i + 3] = 255;
  }
  return img;
}

const words = (s: string) => s.split(/\s+/).filter(Boolean).join(' ');
/**
 * The text layer in drawing order (`pdftotext -raw`), without whitespace: a letter-spaced text
 * (charSpacing) is drawn a grapheme at a time, and pdftotext guesses its word gaps from the positions.
 */
const textLayer = (pdf: Uint8Array, page = 1) => tool('pdftotext', ['-raw', '-f', String(page), '-l', String(page)], pdf).replace(/\s+/g, '');
const glyphs = (texts: string[]) => texts.join('').replace(/\s+/g, '');

/** Every text object's text, in drawing order. */
function textsOf(doc: TemplateDocument): string[] {
  const out: string[] = [];
  const walk = (objects: unknown) => {
    for (const o of (objects as Array<{ text?: unknown; objects?: unknown }>) ?? []) {
      if (typeof o.text === 'string') out.push(o.text);
      walk(o.objects);
    }
  };
  walk(doc.objects);
  return out;
}

const starters = loadStarters(starterDirs(), bundledFontFamilies());
const fetcher = createImageFetcher({ allowPrivate: false, connectTimeoutMs: 1000, totalTimeoutMs: 3000 });

async function inputFor(document: TemplateDocument, output: RenderInput['output']): Promise<RenderInput> {
  const images = new Map<string, Uint8Array>();
  for (const src of imageSources(document).keys()) images.set(src, (await fetcher.fetchImage(src)).bytes);
  return { document, images, output };
}

function starter(id: string): TemplateDocument {
  const found = starters.find((s) => s.id === id);
  assert.ok(found, id);
  return found.template;
}

describe('PDF output', () => {
  for (const s of starters) {
    test(`${s.id}: the PDF page at 72 dpi is within ${PDF_PIXEL_BUDGET_PERCENT}% of the PNG`, async () => {
      const caches = createRenderCaches();
      const png = await renderDocument(await inputFor(s.template, { format: 'png' }), caches);
      const pdf = await renderDocument(await inputFor(s.template, { format: 'pdf' }), caches);
      assert.equal(pdf.format, 'pdf');
      assert.deepEqual([pdf.width, pdf.height], [s.width, s.height], 'a page of width × height points');
      assert.deepEqual(tool('pdfinfo', [], pdf.data).match(/Page size:\s+(.*) pts/)?.[1], `${s.width} x ${s.height}`);
      const { percent, mismatched } = diffImages(onWhite(decodePng(png.data)), decodePng(pageToPng(pdf.data)));
      console.log(`${s.id.padEnd(20)} ${String(mismatched).padStart(7)} px  ${percent.toFixed(3)}%`);
      assert.ok(percent <= PDF_PIXEL_BUDGET_PERCENT, `${percent.toFixed(3)}% of the pixels differ`);
    });
  }

  // Corpus documents for what a page draws differently from a raster; each failed before its fix
  // (group opacity 1.77%, composites in groups 9.1%, text shadows missing 4.7%, pattern-stroked text 49.7%). The stroked
  // text's tiles are resampled by the viewer (1.5%), hence its own bar.
  for (const [name, budget] of [
    ['group-opacity-shadow-v6', PDF_PIXEL_BUDGET_PERCENT],
    ['composite-modes-in-groups-v6', PDF_PIXEL_BUDGET_PERCENT],
    ['clip-path-inverted', PDF_PIXEL_BUDGET_PERCENT],
    ['clip-path-plain', PDF_PIXEL_BUDGET_PERCENT],
    ['shadow-shapes-affectstroke', PDF_PIXEL_BUDGET_PERCENT],
    ['shadow-text-and-scaled', PDF_PIXEL_BUDGET_PERCENT],
    ['pattern-text-headline', 2],
  ] as const) {
    test(`corpus ${name}: the page is within ${budget}% of the PNG`, async () => {
      const document = readCorpusDocument(path.join(corpusDir(), `${name}.json`));
      const images = loadCorpusImages(document);
      const png = await renderDocument({ document, images, output: { format: 'png' } });
      const pdf = await renderDocument({ document, images, output: { format: 'pdf' } });
      const { percent } = diffImages(onWhite(decodePng(png.data)), decodePng(pageToPng(pdf.data)));
      assert.ok(percent <= budget, `${percent.toFixed(3)}% of the pixels differ`);
    });
  }

  test('the text layer holds the template’s text, with an override, once', async () => {
    const applied = applyOverrides(starter('social-card'), {
      title: { text: 'Vector text you can select' },
      subtitle: { text: 'Replaced through the API' },
    });
    assert.ok(applied.ok);
    const texts = textsOf(applied.document);
    assert.ok(texts.includes('Vector text you can select') && texts.includes('Replaced through the API'));
    const pdf = await renderDocument(await inputFor(applied.document, { format: 'pdf' }));
    assert.equal(textLayer(pdf.data), glyphs(texts));
    // Read by layout, as a viewer selects it: the words keep their spaces.
    const read = words(tool('pdftotext', [], pdf.data));
    for (const line of ['Vector text you can select', 'Replaced through the API', 'Imprint Journal']) assert.ok(read.includes(line), read);
  });

  test('a ligature is text too (no "Certi cate")', async () => {
    const pdf = await renderDocument(await inputFor(starter('certificate'), { format: 'pdf' }));
    assert.equal(textLayer(pdf.data), glyphs(textsOf(starter('certificate'))));
    assert.match(tool('pdftotext', [], pdf.data), /Certificate of Completion/);
  });

  test('text with a shadow is in the text layer once (its shadow is a raster under it)', async () => {
    const doc = starter('youtube-thumbnail');
    const pdf = await renderDocument(await inputFor(doc, { format: 'pdf' }));
    const text = words(tool('pdftotext', [], pdf.data));
    const title = (doc.objects as Array<{ name?: string; text?: string; shadow?: unknown }>).find((o) => o.name === 'title');
    assert.ok(title?.shadow && title.text);
    assert.equal(text.split(words(title.text)).length - 1, 1, text);
  });

  test('every font is embedded as a subset', async () => {
    const pdf = await renderDocument(await inputFor(starter('social-card'), { format: 'pdf' }));
    const rows = tool('pdffonts', [], pdf.data).trim().split('\n').slice(2);
    assert.ok(rows.length >= 2, 'the card uses more than one font');
    for (const row of rows) {
      // name, type (may contain one space), encoding, emb, sub, uni, object, generation
      const cols = row.trim().split(/\s+/);
      const [emb, sub] = cols.slice(-5, -3);
      assert.deepEqual([emb, sub], ['yes', 'yes'], row);
      assert.match(cols[0], /^[A-Z]{6}\+/, 'a subset font name');
    }
    assert.ok(rows.some((r) => /\+Poppins/.test(r)) && rows.some((r) => /\+Inter/.test(r)));
  });

  test('an image is embedded at its source resolution, not at the size it is drawn at', async () => {
    const big = createCanvas(800, 600);
    const bctx = big.getContext('2d');
    const gradient = bctx.createLinearGradient(0, 0, 800, 600);
    gradient.addColorStop(0, '#0ea5e9');
    gradient.addColorStop(1, '#f97316');
    bctx.fillStyle = gradient;
    bctx.fillRect(0, 0, 800, 600);
    const src = 'https://assets.example.test/photo.png';
    const document = {
      version: '7.0.0',
      width: 400,
      height: 300,
      background: '#ffffff',
      objects: [
        // Drawn at 100 × 75, and clipped to a circle the way the demo avatars are.
        {
          type: 'Image',
          name: 'photo',
          left: 20,
          top: 20,
          width: 800,
          height: 600,
          scaleX: 0.125,
          scaleY: 0.125,
          src,
          clipPath: { type: 'Circle', radius: 300, left: -300, top: -300, originX: 'left', originY: 'top' },
        },
      ],
    } as unknown as TemplateDocument;
    const pdf = await renderDocument({ document, images: new Map([[src, big.toBuffer('image/png')]]), output: { format: 'pdf' } });
    const list = tool('pdfimages', ['-list'], pdf.data).trim().split('\n').slice(2);
    const images = list.map((r) => r.trim().split(/\s+/)).filter((c) => c[2] === 'image');
    assert.deepEqual(
      images.map((c) => [Number(c[3]), Number(c[4])]),
      [[800, 600]],
      list.join('\n'),
    );
    // Drawn 8× smaller than its pixels: 8 × 72 dpi.
    assert.equal(Number(images[0][12]), 576);

    // So a PDF's bytes follow its image files, not its page: over the bound, a RenderError naming both sizes.
    assert.ok(pdf.data.length > 1024 && pdf.data.length < MAX_PDF_BYTES);
    await assert.rejects(renderPdf([{ document, images: new Map([[src, big.toBuffer('image/png')]]) }], undefined, 1024), (err: Error) => {
      assert.ok(err instanceof RenderError, String(err));
      assert.match(err.message, /the PDF came to [\d.]+ MB, over the 0\.00098 MB a PDF may be: it keeps each image's own pixels/);
      return true;
    });
  });

  test('renderPdf puts several documents into one PDF, a page each, in order, each at its own size and scale', async () => {
    const ids = ['social-card', 'quote-card', 'certificate'];
    const pages = await Promise.all(ids.map(async (id, i) => inputFor(starter(id), { scale: i === 2 ? 0.5 : 1 })));
    const pdf = await renderPdf(pages);
    const info = tool('pdfinfo', ['-f', '1', '-l', '3'], pdf.data);
    assert.match(info, /Pages:\s+3\n/);
    const sizes = [...info.matchAll(/Page\s+\d size:\s+([\d.]+) x ([\d.]+) pts/g)].map((m) => [Number(m[1]), Number(m[2])]);
    const expected = ids.map((id, i) => {
      const s = starters.find((x) => x.id === id)!;
      return i === 2 ? [Math.round(s.width / 2), Math.round(s.height / 2)] : [s.width, s.height];
    });
    assert.deepEqual(sizes, expected);
    assert.deepEqual(
      pdf.pages.map((p) => [p.width, p.height]),
      expected,
    );
    for (const [i, id] of ids.entries()) assert.equal(textLayer(pdf.data, i + 1), glyphs(textsOf(starter(id))), id);
  });

  test('renderPdf refuses an empty list of pages', async () => {
    await assert.rejects(renderPdf([]), /at least one page/);
  });
});
