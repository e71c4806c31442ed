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

export class NodeCache {
  // Counted in objects, not bytes: a node is small next to the canvases
  // ObjectCacheStore bounds by size.
  private readonly nodes: LRUCache<string, RenderNode>;

  constructor(maxObjects = 5000) {
    this.nodes = new LRUCache({ max: Math.max(1, maxObjects) });
  }

  /**
   * The normalised document; `prepare` runs on the freshly normalised nodes
   * only (text layout), before they are cached, so a failure caches nothing.
   */
  normalize(document: TemplateDocument, fontsKey: string, prepare: (fresh: RenderNode[]) => void): NormalizedDocument {
    const fresh: Array<[string, RenderNode]> = [];
    const doc = normalizeDocument(document, (obj, ctx, label) => {
      // Hashed: a data: URL or a long path can make an object's JSON megabytes.
      const key = createHash('sha256')
        .update(`${ctx.major}\u0000${fontsKey}\u0000${label}\u0000${JSON.stringify(obj)}`)
        .digest('base64');
      const hit = this.nodes.get(key);
      if (hit) return hit;
      const node = normalizeObject(obj, ctx, label);
      fresh.push([key, node]);
      return node;
    });
    prepare(fresh.map(([, n]) => n));
    for (const [key, node] of fresh) this.nodes.set(key, node);
    return doc;
  }
}
