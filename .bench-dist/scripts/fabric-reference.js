/**
 * Renders one template document with real Fabric.js in headless Chromium.
 *   node --import tsx scripts/fabric-reference.ts <doc.json> <out.png>
 * The document's `version` picks Fabric 5, 6 or 7 (none → 7). Images at
 * https://assets.imprint.test/<file> come from test/corpus/assets/<file>.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { FabricBrowser, fabricMajorOf } from './fabric-browser.js';
const [docPath, outPath] = process.argv.slice(2);
if (!docPath || !outPath) {
    console.error('usage: node --import tsx scripts/fabric-reference.ts <doc.json> <out.png>');
    process.exit(2);
}
const doc = JSON.parse(readFileSync(docPath, 'utf8'));
const browser = await FabricBrowser.launch();
try {
    const png = await browser.render(doc);
    writeFileSync(outPath, png);
    console.log(`${outPath}: ${doc.width}x${doc.height}, Fabric ${fabricMajorOf(doc)}, fonts from ${browser.fontSource}`);
}
finally {
    await browser.close();
}
//# sourceMappingURL=fabric-reference.js.map