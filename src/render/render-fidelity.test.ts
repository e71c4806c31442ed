import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { test } from 'node:test';
import { goldenDir, listCorpusDocuments, loadCorpusImages, readCorpusDocument } from '../../scripts/corpus-images.js';
import { decodePng, diffImages, MISMATCH_BUDGET_PERCENT } from '../../scripts/pixel-diff.js';
import { createRenderCaches } from './render-caches.js';
import { renderToRaw } from './render-document.js';

/**
 * Imprint against the goldens real Fabric.js drew in Chromium (`npm run goldens`). Needs no browser:
 * the goldens are committed PNGs. Rule from issue 3: pixelmatch threshold 0.1, anti-aliased pixels
 * ignored, at most 0.5% mismatched pixels per template.
 *
 * Every template is also rendered through one set of caches shared by the whole corpus, as a worker
 * keeps them: once on an output canvas another template left behind, once more with its parsed
 * objects and object caches warm. Both must give exactly the bytes of a render with no caches.
 * A render that claims to be opaque (so the encoder drops alpha) must have no pixel below 255.
 */
interface Row {
  template: string;
  mismatched: number | string;
  percent: number;
  pass: boolean;
}

/** A document that leaves every pixel of a reused canvas non-blank, half-transparent and striped. */
function scribble(width: number, height: number) {
  return {
    width,
    height,
    background: 'rgba(200,30,30,0.6)',
    objects: [{ type: 'rect', left: width / 4, top: height / 4, width: width / 2, height: height / 2, fill: '#00ff00', angle: 30 }],
  };
}

function isOpaque(rgba: Buffer): boolean {
  for (let i = 3; i < rgba.length; i += 4) if (rgba[i] !== 255) return false;
  return true;
}

function printTable(rows: Row[]): void {
  const w = Math.max(8, ...rows.map((r) => r.template.length));
  const lines = [
    `${'template'.padEnd(w)}  ${'mismatched'.padStart(10)}  ${'%'.padStart(7)}  budget  result`,
    ...rows.map(
      (r) =>
        `${r.template.padEnd(w)}  ${String(r.mismatched).padStart(10)}  ${Number.isFinite(r.percent) ? r.percent.toFixed(3).padStart(7) : '    n/a'}  ${MISMATCH_BUDGET_PERCENT.toFixed(1)}%    ${r.pass ? 'pass' : 'FAIL'}`,
    ),
    `${rows.filter((r) => r.pass).length}/${rows.length} templates within budget`,
  ];
  console.log(`\nRender fidelity vs Fabric.js goldens\n${lines.join('\n')}`);
}

test('every corpus template renders within the pixel budget of its Fabric golden', async (t) => {
  const docs = listCorpusDocuments().filter((p) => existsSync(join(goldenDir(), `${basename(p, '.json')}.png`)));
  // Guards against a corpus or golden directory that silently went missing.
  assert.ok(docs.length >= 40, `expected at least 40 templates with goldens, found ${docs.length}`);
  const rows: Row[] = [];
  let opaqueClaims = 0;
  const shared = createRenderCaches();
  for (const path of docs) {
    const template = basename(path, '.json');
    await t.test(template, async () => {
      const golden = decodePng(readFileSync(join(goldenDir(), `${template}.png`)));
      let row: Row;
      try {
        const document = readCorpusDocument(path);
        const input = { document, images: loadCorpusImages(document) };
        const cold = await renderToRaw(input);
        // Through caches shared by the whole corpus: first on an output canvas just left covered in
        // other pixels, then again with this template's parsed objects and object caches warm.
        await renderToRaw({ document: scribble(document.width, document.height), images: new Map() }, shared);
        const reused = await renderToRaw(input, shared);
        const out = await renderToRaw(input, shared);
        assert.ok(reused.pixels.equals(cold.pixels), `${template}: a render on a reused canvas differs from a fresh one`);
        assert.ok(out.pixels.equals(cold.pixels), `${template}: a render through warm object caches differs from a fresh one`);
        if (out.opaque) opaqueClaims++;
        if (out.opaque) assert.ok(isOpaque(out.pixels), `${template}: claimed opaque but has a pixel with alpha < 255`);
        const d = diffImages(golden, { pixels: out.pixels, width: out.width, height: out.height });
        row = { template, mismatched: d.mismatched, percent: d.percent, pass: d.percent <= MISMATCH_BUDGET_PERCENT };
      } catch (err) {
        row = { template, mismatched: `error: ${(err as Error).message.slice(0, 60)}`, percent: Number.NaN, pass: false };
      }
      rows.push(row);
      assert.ok(row.pass, `${template}: ${row.mismatched} mismatched pixels (${row.percent.toFixed(3)}%) > ${MISMATCH_BUDGET_PERCENT}%`);
    });
  }
  printTable(rows);
  console.log(`${opaqueClaims}/${rows.length} renders known opaque (encoded without alpha), each checked pixel by pixel`);
  // Both encoder paths must be exercised by real templates.
  assert.ok(opaqueClaims > 0 && opaqueClaims < rows.length, `opaque claims: ${opaqueClaims}/${rows.length}`);
});
