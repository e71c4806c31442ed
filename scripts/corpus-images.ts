import { readFileSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { imageSources } from '../src/domain/image-sources.js';
import type { TemplateDocument } from '../src/domain/template.js';
import { findRepoRoot } from './repo-root.js';

/**
 * Corpus documents reference images by realistic URLs
 * (`https://assets.imprint.test/photo.jpg`). Both renderers must see the
 * same bytes, so the golden generator (via page.route) and the fidelity test
 * (via RenderInput.images) both resolve a URL to test/corpus/assets/<basename>.
 */
export const CORPUS_ASSET_HOST = 'assets.imprint.test';

export function corpusDir(): string {
  return join(findRepoRoot(), 'test', 'corpus');
}

export function goldenDir(): string {
  return join(findRepoRoot(), 'test', 'golden');
}

/** Absolute paths of every corpus document, sorted by name. */
export function listCorpusDocuments(): string[] {
  const dir = corpusDir();
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => join(dir, f));
}

export function readCorpusDocument(path: string): TemplateDocument {
  return JSON.parse(readFileSync(path, 'utf8')) as TemplateDocument;
}

/** Bytes of a corpus asset URL, or undefined when the URL is not a corpus asset. */
export function readCorpusAsset(url: string): Uint8Array | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.hostname !== CORPUS_ASSET_HOST) return undefined;
  const name = basename(decodeURIComponent(parsed.pathname));
  return new Uint8Array(readFileSync(join(corpusDir(), 'assets', name)));
}

function decodeDataUrl(src: string): Uint8Array | undefined {
  const m = /^data:[^,]*?(;base64)?,(.*)$/s.exec(src);
  if (!m) return undefined;
  return m[1] ? new Uint8Array(Buffer.from(m[2], 'base64')) : new TextEncoder().encode(decodeURIComponent(m[2]));
}

/**
 * src → bytes for every image in a corpus document, ready for
 * RenderInput.images. data: URLs are decoded too, so the map is complete
 * whichever way the renderer treats them. Throws on an unknown URL: a corpus
 * document must never depend on the network.
 */
export function loadCorpusImages(doc: TemplateDocument): Map<string, Uint8Array> {
  const images = new Map<string, Uint8Array>();
  for (const src of imageSources(doc).keys()) {
    const bytes = src.startsWith('data:') ? decodeDataUrl(src) : readCorpusAsset(src);
    if (!bytes) throw new Error(`corpus image ${src} is neither a data: URL nor https://${CORPUS_ASSET_HOST}/<file>`);
    images.set(src, bytes);
  }
  return images;
}
