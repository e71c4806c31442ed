import { readFileSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { findRepoRoot } from './repo-root.js';
/**
 * Corpus documents reference images by realistic URLs
 * (`https://assets.imprint.test/photo.jpg`). Both renderers must see the
 * same bytes, so the golden generator (via page.route) and the fidelity test
 * (via RenderInput.images) both resolve a URL to test/corpus/assets/<basename>.
 */
export const CORPUS_ASSET_HOST = 'assets.imprint.test';
export function corpusDir() {
    return join(findRepoRoot(), 'test', 'corpus');
}
export function goldenDir() {
    return join(findRepoRoot(), 'test', 'golden');
}
/** Absolute paths of every corpus document, sorted by name. */
export function listCorpusDocuments() {
    const dir = corpusDir();
    return readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .sort()
        .map((f) => join(dir, f));
}
export function readCorpusDocument(path) {
    return JSON.parse(readFileSync(path, 'utf8'));
}
/** Bytes of a corpus asset URL, or undefined when the URL is not a corpus asset. */
export function readCorpusAsset(url) {
    let parsed;
    try {
        parsed = new URL(url);
    }
    catch {
        return undefined;
    }
    if (parsed.hostname !== CORPUS_ASSET_HOST)
        return undefined;
    const name = basename(decodeURIComponent(parsed.pathname));
    return new Uint8Array(readFileSync(join(corpusDir(), 'assets', name)));
}
/** Every image `src` in a document: objects, nested groups and clipPaths. */
export function collectDocumentImageSrcs(doc) {
    const found = new Set();
    const visit = (value) => {
        if (Array.isArray(value)) {
            for (const v of value)
                visit(v);
            return;
        }
        if (value === null || typeof value !== 'object')
            return;
        const obj = value;
        if (typeof obj.type === 'string' && obj.type.toLowerCase() === 'image' && typeof obj.src === 'string') {
            found.add(obj.src);
        }
        for (const key of ['objects', 'clipPath', 'backgroundImage', 'overlayImage']) {
            if (key in obj)
                visit(obj[key]);
        }
    };
    visit(doc);
    return [...found];
}
function decodeDataUrl(src) {
    const m = /^data:[^,]*?(;base64)?,(.*)$/s.exec(src);
    if (!m)
        return undefined;
    return m[1] ? new Uint8Array(Buffer.from(m[2], 'base64')) : new TextEncoder().encode(decodeURIComponent(m[2]));
}
/**
 * src → bytes for every image in a corpus document, ready for
 * RenderInput.images. data: URLs are decoded too, so the map is complete
 * whichever way the renderer treats them. Throws on an unknown URL: a corpus
 * document must never depend on the network.
 */
export function loadCorpusImages(doc) {
    const images = new Map();
    for (const src of collectDocumentImageSrcs(doc)) {
        const bytes = src.startsWith('data:') ? decodeDataUrl(src) : readCorpusAsset(src);
        if (!bytes)
            throw new Error(`corpus image ${src} is neither a data: URL nor https://${CORPUS_ASSET_HOST}/<file>`);
        images.set(src, bytes);
    }
    return images;
}
//# sourceMappingURL=corpus-images.js.map