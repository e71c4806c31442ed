/**
 * Parsed-object cache: the "parse once" of issue 3, per object rather than
 * per document. A generate call overrides a few elements of a stored
 * template, so whole-document caching would miss on every real request and
 * re-measure every text. Keyed by the object's own JSON (plus the document's
 * Fabric major version, which picks the defaults, and the account's fonts,
 * which answer text measurement), an unchanged element comes back as the very
 * same prepared RenderNode, text layout included. That stable identity is
 * also what lets ObjectCacheStore keep the element's Fabric object cache.
 */
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { TemplateDocument } from '../domain/template.js';
import { normalizeDocument, normalizeObject, type NormalizedDocument } from './normalize-document.js';
import type { RenderNode } from './render-node.js';

/**
 * Heap bytes a cached node holds per byte of its object's JSON. Measured on
 * the bench's reference card with a new title per render: 11.4 KB of heap per
 * distinct 955-byte textbox (the normalised object, its text layout and the
 * key), so 12× with a little margin. Counting bytes instead of objects matters
 * because a long text's layout grows with it: 5,000 long paragraphs were
 * hundreds of MB in one worker.
 */
export const NODE_BYTES_PER_JSON_BYTE = 12;

/** The estimated heap size of a cached node whose object serialises to `jsonLength` bytes. */
export function nodeCacheSize(jsonLength: number): number {
  return Math.max(1, jsonLength * NODE_BYTES_PER_JSON_BYTE);
}

export class NodeCache {
  private readonly nodes: LRUCache<string, RenderNode>;

  /** `maxBytes` bounds the estimated heap held (nodeCacheSize); a node larger than that is not kept. */
  constructor(maxBytes = 8 * 1024 * 1024) {
    this.nodes = new LRUCache({ maxSize: Math.max(1, maxBytes) });
  }

  /** Estimated bytes held, for tests and diagnostics. */
  get bytes(): number {
    return this.nodes.calculatedSize;
  }

  get size(): number {
    return this.nodes.size;
  }

  /**
   * The normalised document; `prepare` runs on the freshly normalised nodes
   * only (text layout), before they are cached, so a failure caches nothing.
   */
  normalize(document: TemplateDocument, fontsKey: string, prepare: (fresh: RenderNode[]) => void): NormalizedDocument {
    const fresh: Array<[string, RenderNode, number]> = [];
    const doc = normalizeDocument(document, (obj, ctx, label) => {
      // Hashed: a data: URL or a long path can make an object's JSON megabytes.
      const json = JSON.stringify(obj);
      const key = createHash('sha256').update(`${ctx.major}\u0000${fontsKey}\u0000${label}\u0000${json}`).digest('base64');
      const hit = this.nodes.get(key);
      if (hit) return hit;
      const node = normalizeObject(obj, ctx, label);
      fresh.push([key, node, nodeCacheSize(json.length)]);
      return node;
    });
    prepare(fresh.map(([, n]) => n));
    // lru-cache refuses (and does not store) an entry over maxSize, which is what we want.
    for (const [key, node, size] of fresh) this.nodes.set(key, node, { size });
    return doc;
  }
}
