/**
 * Goldens: renders every test/corpus/*.json with real Fabric.js into test/golden/<name>.png.
 *   npm run goldens                      # all documents
 *   npm run goldens -- text-charspacing  # only names containing these substrings
 *
 * - Fabric: the document's `version` picks fabric5 (5.x), fabric6 (6.x) or fabric (7.x, also when absent),
 *   each its own browser bundle (UMD, global `fabric`) in one reused page per major version.
 * - Chromium: Debian's /usr/bin/chromium via playwright-core, deviceScaleFactor 1; flags in fabric-browser.ts.
 *   --disable-gpu keeps canvas raster in software Skia (as in @napi-rs/canvas); --force-color-profile=srgb
 *   stops colour management of image pixels; --disable-web-security keeps canvases untainted by the fake
 *   image origin. Text: no flag changed Chromium's canvas glyph pixels (hinting, LCD, subpixel positioning,
 *   contrast/gamma all measured identical); vs @napi-rs/canvas fillText with the same Inter file the residue
 *   is 0.22% non-AA pixels on dense 11–48px text, mostly small sizes (Chromium's Skia text gamma/contrast).
 * - Fonts: @font-face for every bundledFontFaces() entry (src/render/fonts/font-registry.ts), the very files
 *   Imprint registers; every family/weight/style a document uses is loaded with its own text (so
 *   unicode-range subsets load) BEFORE loadFromJSON, because Fabric measures text when objects are created.
 *   bundledFontFaces() also lists the emoji/CJK/Arabic/Hebrew fallback files under every family name, so
 *   Chromium falls back to the same files as Skia; system fonts are only reached for characters none cover.
 * - Images: https://assets.imprint.test/<file> is served from test/corpus/assets/<file> (page.route); every
 *   other request is refused. The fidelity test gets the same bytes from loadCorpusImages().
 * - Pixels: the StaticCanvas's own element after renderAll(), Fabric defaults otherwise (object caching on,
 *   as in an editor).
 * Compare with Imprint:  node --import tsx scripts/compare-render.ts test/corpus/<name>.json   (--golden: no Chromium)
 * One document:          node --import tsx scripts/fabric-reference.ts <doc.json> <out.png>
 * Corpus:                node --import tsx scripts/build-corpus.ts   (specs in corpus-specs.ts, real Fabric toJSON)
 * Assets:                node --import tsx scripts/make-corpus-assets.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { goldenDir, listCorpusDocuments, readCorpusDocument } from './corpus-images.js';
import { FabricBrowser, fabricMajorOf } from './fabric-browser.js';
const filters = process.argv.slice(2);
const docs = listCorpusDocuments().filter((p) => filters.length === 0 || filters.some((f) => basename(p).includes(f)));
const outDir = goldenDir();
mkdirSync(outDir, { recursive: true });
const browser = await FabricBrowser.launch();
console.log(`fonts from ${browser.fontSource}; ${docs.length} documents → ${outDir}`);
let failed = 0;
try {
    for (const path of docs) {
        const name = basename(path, '.json');
        try {
            const doc = readCorpusDocument(path);
            const png = await browser.render(doc);
            writeFileSync(join(outDir, `${name}.png`), png);
            console.log(`ok   ${name.padEnd(44)} fabric ${fabricMajorOf(doc)}  ${doc.width}x${doc.height}  ${(png.length / 1024).toFixed(1)} KB`);
        }
        catch (err) {
            failed++;
            console.log(`FAIL ${name}: ${err.message}`);
        }
    }
}
finally {
    await browser.close();
}
if (failed) {
    console.error(`${failed} document(s) failed`);
    process.exitCode = 1;
}
//# sourceMappingURL=goldens.js.map