import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadCorpusImages } from './corpus-images.js';
import { findRepoRoot } from './repo-root.js';
/**
 * Imprint's renderToRaw, loaded by path so these tools run under tsx while
 * src/render/render-document.ts is still being written (it is not a static
 * dependency of scripts/).
 */
export async function renderWithImprint(doc) {
    const root = findRepoRoot();
    const ts = join(root, 'src', 'render', 'render-document.ts');
    const js = join(root, 'dist', 'src', 'render', 'render-document.js');
    const file = existsSync(ts) ? ts : js;
    const mod = (await import(pathToFileURL(file).href));
    const { pixels, width, height } = await mod.renderToRaw({ document: doc, images: loadCorpusImages(doc) });
    return { pixels, width, height };
}
//# sourceMappingURL=imprint-renderer.js.map