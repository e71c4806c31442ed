/**
 * Regenerates test/corpus/*.json from corpus-specs.ts with real Fabric (5, 6 or 7 per spec), so every
 * document is what that Fabric's canvas.toJSON(['name']) writes, plus top-level width/height.
 *   node --import tsx scripts/build-corpus.ts [name-substring...]
 * Then run `npm run goldens`. Needs Debian's chromium; the committed corpus does not.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TemplateDocument } from '../src/domain/template.js';
import { corpusDir } from './corpus-images.js';
import { CORPUS as BASE_CORPUS } from './corpus-specs.js';
import { PATTERN_CORPUS } from './corpus-specs-patterns.js';
import { TEXT_CORPUS } from './corpus-specs-text.js';
import { TEXT_PATH_CORPUS } from './corpus-specs-text-path.js';
import { FabricBrowser } from './fabric-browser.js';

const CORPUS = [...BASE_CORPUS, ...TEXT_CORPUS, ...TEXT_PATH_CORPUS, ...PATTERN_CORPUS];
const filters = process.argv.slice(2);
const specs = CORPUS.filter((s) => filters.length === 0 || filters.some((f) => s.name.includes(f)));
const names = new Set<string>();
for (const s of CORPUS) {
  if (names.has(s.name)) throw new Error(`duplicate corpus name ${s.name}`);
  names.add(s.name);
}
const browser = await FabricBrowser.launch();
try {
  for (const spec of specs) {
    const input: TemplateDocument = {
      version: `${spec.version}.0.0`,
      width: spec.width,
      height: spec.height,
      background: spec.background,
      objects: spec.objects as TemplateDocument['objects'],
      ...spec.canvas,
    };
    const { version, ...json } = await browser.serialize(input, spec.minimal);
    const doc: Record<string, unknown> = { version, width: spec.width, height: spec.height, ...json };
    spec.post?.(doc);
    const text = JSON.stringify(doc, null, 1);
    writeFileSync(join(corpusDir(), `${spec.name}.json`), `${text}\n`);
    console.log(`${spec.name.padEnd(44)} fabric ${version}  ${(text.length / 1024).toFixed(1)} KB`);
  }
} finally {
  await browser.close();
}
