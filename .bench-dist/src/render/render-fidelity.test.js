import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { test } from 'node:test';
import { goldenDir, listCorpusDocuments, loadCorpusImages, readCorpusDocument } from '../../scripts/corpus-images.js';
import { decodePng, diffImages, MISMATCH_BUDGET_PERCENT } from '../../scripts/pixel-diff.js';
import { renderToRaw } from './render-document.js';
function printTable(rows) {
    const w = Math.max(8, ...rows.map((r) => r.template.length));
    const lines = [
        `${'template'.padEnd(w)}  ${'mismatched'.padStart(10)}  ${'%'.padStart(7)}  budget  result`,
        ...rows.map((r) => `${r.template.padEnd(w)}  ${String(r.mismatched).padStart(10)}  ${Number.isFinite(r.percent) ? r.percent.toFixed(3).padStart(7) : '    n/a'}  ${MISMATCH_BUDGET_PERCENT.toFixed(1)}%    ${r.pass ? 'pass' : 'FAIL'}`),
        `${rows.filter((r) => r.pass).length}/${rows.length} templates within budget`,
    ];
    console.log(`\nRender fidelity vs Fabric.js goldens\n${lines.join('\n')}`);
}
test('every corpus template renders within the pixel budget of its Fabric golden', async (t) => {
    const docs = listCorpusDocuments().filter((p) => existsSync(join(goldenDir(), `${basename(p, '.json')}.png`)));
    // Guards against a corpus or golden directory that silently went missing.
    assert.ok(docs.length >= 40, `expected at least 40 templates with goldens, found ${docs.length}`);
    const rows = [];
    for (const path of docs) {
        const template = basename(path, '.json');
        await t.test(template, async () => {
            const golden = decodePng(readFileSync(join(goldenDir(), `${template}.png`)));
            let row;
            try {
                const document = readCorpusDocument(path);
                const out = await renderToRaw({ document, images: loadCorpusImages(document) });
                const d = diffImages(golden, { pixels: out.pixels, width: out.width, height: out.height });
                row = { template, mismatched: d.mismatched, percent: d.percent, pass: d.percent <= MISMATCH_BUDGET_PERCENT };
            }
            catch (err) {
                row = { template, mismatched: `error: ${err.message.slice(0, 60)}`, percent: Number.NaN, pass: false };
            }
            rows.push(row);
            assert.ok(row.pass, `${template}: ${row.mismatched} mismatched pixels (${row.percent.toFixed(3)}%) > ${MISMATCH_BUDGET_PERCENT}%`);
        });
    }
    printTable(rows);
});
//# sourceMappingURL=render-fidelity.test.js.map