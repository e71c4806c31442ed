import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { TemplateDocument } from '../src/domain/template.js';
import { loadCorpusImages } from './corpus-images.js';
import type { RawImage } from './pixel-diff.js';
import { findRepoRoot } from './repo-root.js';

type RenderToRaw = (input: { document: TemplateDocument; images: ReadonlyMap<string, Uint8Array> }) => Promise<{ pixels: Uint8Array; width: number; height: number }>;

/**
 * Imprint's renderToRaw, loaded by path so these tools run under tsx while
 * src/render/render-document.ts is still being written (it is not a static
 * dependency of scripts/).
 */
export async function renderWithImprint(doc: TemplateDocument): Promise<RawImage> {
  const root = findRepoRoot();
  const ts = join(root, 'src', 'render', 'render-document.ts');
  const js = join(root, 'dist', 'src', 'render', 'render-document.js');
  const file = existsSync(ts) ? ts : js;
  const mod = (await import(pathToFileURL(file).href)) as { renderToRaw: RenderToRaw };
  const { pixels, width, height } = await mod.renderToRaw({ document: doc, images: loadCorpusImages(doc) });
  return { pixels, width, height };
}
