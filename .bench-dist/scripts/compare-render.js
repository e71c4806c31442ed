/**
 * Renders documents with real Fabric (Chromium) and with Imprint, and diffs them.
 *   node --import tsx scripts/compare-render.ts <doc.json>...
 * Prints the pixelmatch mismatch (threshold 0.1, AA ignored, budget 0.5%) and
 * writes /tmp/compare/<name>-fabric.png, -imprint.png and -diff.png.
 * With --golden, compares against test/golden/<name>.png instead of launching Chromium.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { goldenDir } from './corpus-images.js';
import { renderWithImprint } from './imprint-renderer.js';
import { decodePng, diffImages, encodePng, MISMATCH_BUDGET_PERCENT } from './pixel-diff.js';
const args = process.argv.slice(2);
const useGolden = args.includes('--golden');
const docs = args.filter((a) => !a.startsWith('--'));
if (docs.length === 0) {
    console.error('usage: node --import tsx scripts/compare-render.ts [--golden] <doc.json>...');
    process.exit(2);
}
const outDir = '/tmp/compare';
mkdirSync(outDir, { recursive: true });
let browser;
if (!useGolden)
    browser = await (await import('./fabric-browser.js')).FabricBrowser.launch();
let failures = 0;
try {
    for (const path of docs) {
        const name = basename(path, '.json');
        try {
            const doc = JSON.parse(readFileSync(path, 'utf8'));
            let fabricPng;
            if (browser)
                fabricPng = await browser.render(doc);
            else {
                const golden = join(goldenDir(), `${name}.png`);
                if (!existsSync(golden))
                    throw new Error(`no golden ${golden}`);
                fabricPng = readFileSync(golden);
            }
            writeFileSync(join(outDir, `${name}-fabric.png`), fabricPng);
            const imprint = await renderWithImprint(doc);
            writeFileSync(join(outDir, `${name}-imprint.png`), encodePng(imprint));
            const d = diffImages(decodePng(fabricPng), imprint);
            writeFileSync(join(outDir, `${name}-diff.png`), encodePng(d.diff));
            const ok = d.percent <= MISMATCH_BUDGET_PERCENT;
            if (!ok)
                failures++;
            console.log(`${ok ? 'PASS' : 'FAIL'} ${name.padEnd(40)} ${String(d.mismatched).padStart(7)} px ${d.percent.toFixed(3).padStart(7)}%`);
        }
        catch (err) {
            failures++;
            console.log(`ERROR ${name}: ${err.stack ?? err}`);
        }
    }
}
finally {
    await browser?.close();
}
console.log(`images in ${outDir}/<name>-{fabric,imprint,diff}.png`);
process.exitCode = failures ? 1 : 0;
//# sourceMappingURL=compare-render.js.map