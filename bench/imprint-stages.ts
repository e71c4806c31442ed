/**
 * Where an Imprint render's time goes, measured in-process (one thread, no
 * pool) with the renderer's own stages: the input clone a worker message
 * costs, the parsed-object cache, a cold normalise and text layout, the
 * decoded-image lookup, painting with and without what a worker keeps
 * between renders (the reused output canvas and Fabric's object caches),
 * and the sharp encode. Internal modules are used directly; the bench only
 * reads them, it never changes render behaviour.
 */
import { performance } from 'node:perf_hooks';
import type { Image } from '@napi-rs/canvas';
import type { FabricObject } from '../src/domain/template.js';
import { encodePixels } from '../src/render/encode.js';
import { normalizeDocument } from '../src/render/normalize-document.js';
import { ObjectCacheStore } from '../src/render/object-cache-store.js';
import { paintDocument } from '../src/render/paint-document.js';
import { createRenderCaches } from '../src/render/render-caches.js';
import type { RenderNode } from '../src/render/render-node.js';
import { prepareText } from '../src/render/text/text-object.js';
import { renderDocument, type RenderInput } from '../src/render/render-document.js';
import { percentile } from './measure.js';

export interface StageTiming {
  stage: string;
  p50: number;
  note: string;
}

function textSources(nodes: readonly RenderNode[]): FabricObject[] {
  return nodes.flatMap((n) => [...(n.textSource ? [n.textSource] : []), ...textSources(n.children)]);
}

/**
 * One event-loop turn between samples, as a worker has between messages: the
 * canvas addon frees a read-back only from a finaliser that runs then, and a
 * loop without turns piles up 3 MB per paint and measures page faults.
 */
const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

async function p50Of(n: number, fn: (i: number) => unknown): Promise<number> {
  for (let i = 0; i < 5; i++) await fn(i);
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    await nextTurn();
    const t0 = performance.now();
    await fn(i);
    samples.push(performance.now() - t0);
  }
  return percentile(
    samples.sort((a, b) => a - b),
    50,
  );
}

export async function profileImprintStages(input: RenderInput, n: number): Promise<StageTiming[]> {
  const caches = createRenderCaches();
  await renderDocument(input, caches); // fonts registered, objects parsed, image decoded, object caches drawn
  const doc = caches.nodes.normalize(input.document, '', () => undefined);
  const images = new Map<string, Image>();
  for (const [src, bytes] of input.images) images.set(src, await caches.images.decode(bytes, src));
  // A worker receives a fresh copy of the image bytes with every message, so
  // the WeakMap misses and the bytes are hashed; reproduce that with copies.
  const copies = Array.from({ length: n + 5 }, () => [...input.images.values()].map((b) => new Uint8Array(b)));
  const painted = paintDocument(doc, images, 1, { surfaces: caches.surfaces, objectCaches: caches.objectCaches });

  const rows: StageTiming[] = [];
  const add = async (stage: string, note: string, fn: (i: number) => unknown): Promise<void> => {
    rows.push({ stage, note, p50: await p50Of(n, fn) });
  };
  await add('structured clone of input', 'what postMessage to a worker copies', () => structuredClone(input));
  await add('parsed objects, cache hit', "hash of each object's JSON + LRU hit", () => caches.nodes.normalize(input.document, '', () => undefined));
  await add('normalize (uncached)', 'normalizeDocument: defaults, origins, paints', () => normalizeDocument(input.document));
  await add('text prepare (uncached)', 'prepareText for every text object: wrap + measure', () => {
    for (const src of textSources(doc.objects)) prepareText(src, {});
  });
  await add('image lookup', 'sha256 of the bytes + LRU hit', (i) => Promise.all(copies[i].map((b) => caches.images.decode(b, 'photo'))));
  await add('paint + read, as a worker does', 'reused canvas, object caches reused', () =>
    paintDocument(doc, images, 1, { surfaces: caches.surfaces, objectCaches: caches.objectCaches }),
  );
  await add('paint + read, object caches redrawn', 'reused canvas, every object cache drawn afresh', () =>
    paintDocument(doc, images, 1, { surfaces: caches.surfaces, objectCaches: new ObjectCacheStore() }),
  );
  await add('paint + read, nothing reused', 'a fresh output canvas too', () => paintDocument(doc, images, 1));
  await add('encodePixels (PNG)', "sharp: the encode floor's own work", () => encodePixels(painted, { format: 'png', quality: 90 }));
  await add('renderDocument, worker caches', 'everything above in one call', () => renderDocument(input, caches));
  await add('renderDocument, cold caches', 'adds normalize, text layout, decode', () => renderDocument(input));
  return rows;
}
