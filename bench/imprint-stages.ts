/**
 * Where an Imprint render's time goes, measured in-process (one thread, no
 * pool) with the renderer's own stages: the input clone a worker message
 * costs, the parsed-template cache lookup (and, for reference, what a miss
 * costs: normalize and text layout), the decoded-image lookup, Skia
 * painting, reading pixels and the sharp encode. Internal modules are used
 * directly; the bench only reads them, it never changes render behaviour.
 */
import { performance } from 'node:perf_hooks';
import type { Image } from '@napi-rs/canvas';
import sharp from 'sharp';
import type { FabricObject } from '../src/domain/template.js';
import { normalizeCached } from '../src/render/document-cache.js';
import { canvasToRaw, encodeCanvas, PNG_COMPRESSION_LEVEL } from '../src/render/encode.js';
import { decodeImage } from '../src/render/image-cache.js';
import { normalizeDocument } from '../src/render/normalize-document.js';
import { paintDocument } from '../src/render/paint-document.js';
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

async function p50Of(n: number, fn: (i: number) => unknown): Promise<number> {
  for (let i = 0; i < 5; i++) await fn(i);
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn(i);
    samples.push(performance.now() - t0);
  }
  return percentile(samples.sort((a, b) => a - b), 50);
}

export async function profileImprintStages(input: RenderInput, n: number): Promise<StageTiming[]> {
  if (!input.cacheKey) throw new Error('profileImprintStages needs a cacheKey');
  await renderDocument(input); // fonts registered, template parsed and cached, image decoded
  const doc = normalizeCached(input.document, input.cacheKey, () => {
    throw new Error('expected a parsed-template cache hit');
  });
  const images = new Map<string, Image>();
  for (const [src, bytes] of input.images) images.set(src, await decodeImage(bytes, src));
  // A worker receives a fresh copy of the image bytes with every message, so
  // the WeakMap misses and the bytes are hashed; reproduce that with copies.
  const copies = Array.from({ length: n }, () => [...input.images.values()].map((b) => new Uint8Array(b)));
  const canvas = paintDocument(doc, images, 1);
  const { width, height } = canvas;
  const uncachedInput: RenderInput = { ...input, cacheKey: undefined };

  const rows: StageTiming[] = [];
  const add = async (stage: string, note: string, fn: (i: number) => unknown): Promise<void> => {
    rows.push({ stage, note, p50: await p50Of(n, fn) });
  };
  await add('structured clone of input', 'what postMessage to a worker copies', () => structuredClone(input));
  await add('template cache lookup', 'JSON.stringify + compare (cache hit)', () =>
    normalizeCached(input.document, input.cacheKey, () => undefined),
  );
  await add('normalize (uncached)', 'normalizeDocument: defaults, origins, paints', () => normalizeDocument(input.document));
  await add('text prepare (uncached)', 'prepareText for every text object: wrap + measure', () => {
    for (const src of textSources(doc.objects)) prepareText(src, input.fonts ? { fonts: input.fonts } : {});
  });
  await add('image lookup', 'sha256 of the bytes + LRU hit', (i) => Promise.all(copies[i].map((b) => decodeImage(b, 'photo'))));
  // Skia records draw calls and rasterises lazily, so part of the drawing
  // cost lands in the first pixel read; paint + data() together is the
  // renderer's drawing cost.
  await add('paint (Skia)', 'paintDocument: records, partly rasterises', () => paintDocument(doc, images, 1));
  await add('paint + canvas.data()', 'rasterised and copied to a fresh 3 MB Buffer', () => paintDocument(doc, images, 1).data());
  await add('canvas.data() again', 'the copy alone (already rasterised)', () => canvas.data());
  await add('getImageData', 'unpremultiplied copy (renderToRaw only)', () => canvasToRaw(canvas));
  await add('encodeCanvas (PNG)', 'data() + sharp told premultiplied: unpremultiplies', () => encodeCanvas(canvas, { format: 'png', quality: 90 }));
  const raw = canvas.data();
  const pngOptions = { compressionLevel: PNG_COMPRESSION_LEVEL, adaptiveFiltering: false };
  await add('sharp PNG, premultiplied: true', 'same buffer each time, with unpremultiply', () =>
    sharp(raw, { raw: { width, height, channels: 4, premultiplied: true } }).png(pngOptions).toBuffer(),
  );
  await add('sharp PNG, premultiplied: false', 'what an opaque canvas needs (= the floor)', () =>
    sharp(raw, { raw: { width, height, channels: 4 } }).png(pngOptions).toBuffer(),
  );
  await add('renderDocument, cached', 'everything above in one call', () => renderDocument(input));
  await add('renderDocument, no cacheKey', 'adds normalize + text layout', () => renderDocument(uncachedInput));
  return rows;
}
