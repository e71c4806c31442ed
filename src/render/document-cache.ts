/**
 * Parsed-template cache. `cacheKey` names a template revision, but the
 * document a caller passes may carry per-request overrides, so a hit also
 * requires the serialised document to be identical (serialising is far
 * cheaper than re-measuring text).
 */
import { LRUCache } from 'lru-cache';
import type { TemplateDocument } from '../domain/template.js';
import { normalizeDocument, type NormalizedDocument } from './normalize-document.js';

interface Entry {
  json: string;
  doc: NormalizedDocument;
}

const cache = new LRUCache<string, Entry>({ max: 500 });

/**
 * Returns the normalised document; `prepare` runs once per fresh
 * normalisation (text layout), so cached entries come back prepared.
 */
export function normalizeCached(
  document: TemplateDocument,
  cacheKey: string | undefined,
  prepare: (doc: NormalizedDocument) => void,
): NormalizedDocument {
  if (cacheKey === undefined) {
    const doc = normalizeDocument(document);
    prepare(doc);
    return doc;
  }
  const json = JSON.stringify(document);
  const hit = cache.get(cacheKey);
  if (hit && hit.json === json) return hit.doc;
  const doc = normalizeDocument(document);
  prepare(doc);
  cache.set(cacheKey, { json, doc });
  return doc;
}

export function clearDocumentCache(): void {
  cache.clear();
}
