/**
 * Parsed-template cache. `cacheKey` names a template revision, but the
 * document a caller passes may carry per-request overrides, so a hit also
 * requires the serialised document to be identical (serialising is far
 * cheaper than re-measuring text).
 */
import { LRUCache } from 'lru-cache';
import { normalizeDocument } from './normalize-document.js';
const cache = new LRUCache({ max: 500 });
/**
 * Returns the normalised document; `prepare` runs once per fresh
 * normalisation (text layout), so cached entries come back prepared.
 */
export function normalizeCached(document, cacheKey, prepare) {
    if (cacheKey === undefined) {
        const doc = normalizeDocument(document);
        prepare(doc);
        return doc;
    }
    const json = JSON.stringify(document);
    const hit = cache.get(cacheKey);
    if (hit && hit.json === json)
        return hit.doc;
    const doc = normalizeDocument(document);
    prepare(doc);
    cache.set(cacheKey, { json, doc });
    return doc;
}
export function clearDocumentCache() {
    cache.clear();
}
//# sourceMappingURL=document-cache.js.map