/**
 * Worker-thread side of RenderPool. The worker's RenderCaches (parsed
 * objects, decoded images, output canvases, object caches) live as long as
 * the worker, so each is paid once per worker; the bundled fonts go into the
 * process's one font collection, registered once between all workers. The
 * encoded bytes are transferred back, not copied.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { adoptFontAliasPrefix } from './fonts/font-faces.js';
import { adoptFontClaims, ensureBundledFonts } from './fonts/font-registry.js';
import { collectGarbage, PixelScavenger } from './pixel-scavenger.js';
import { createRenderCaches, releasePixelCaches, renderCacheLimits } from './render-caches.js';
import { RenderError, renderDocument } from './render-document.js';
import type { ReleasePixelsRequest, RenderWorkerData, WorkerReply, WorkerRequest } from './render-worker-protocol.js';
import { saveOutput } from './saved-output.js';
import { layoutElements } from './text/text-dimensions.js';
import { warmUpInput } from './warm-up-input.js';

const port = parentPort;
if (!port) throw new Error('render-worker must run in a worker thread');

const data = workerData as RenderWorkerData | null;
if (data?.fontAliasPrefix) adoptFontAliasPrefix(data.fontAliasPrefix);
if (data?.fontClaims) adoptFontClaims(data.fontClaims);
ensureBundledFonts();
const caches = createRenderCaches(renderCacheLimits(data?.cacheMb));
const scavenger = new PixelScavenger();
/** Renders this thread has started and not answered yet (RenderPool sends up to two). */
let inFlight = 0;
// A worker's first render pays for V8 compiling the paint and layout code, Skia's
// first glyph rasterisation and sharp's first encode: several hundred ms that
// would land on the first paying request and inside its time budget, which
// starts at 'ready'. So each worker, replacements included, renders a small
// card before it says ready. The listener is attached at once so that no
// request posted meanwhile can be missed; it waits for the warm-up.
const warmedUp = renderDocument(warmUpInput(), caches).then(
  () => undefined,
  () => undefined, // a failed warm-up only leaves the worker cold; real renders report their own errors
);
void warmedUp.then(() => port.postMessage({ ready: true } satisfies WorkerReply));

port.on('message', async (msg: WorkerRequest | ReleasePixelsRequest) => {
  await warmedUp;
  if ('releasePixels' in msg) {
    releasePixelCaches(caches);
    // The canvases' pixels are native memory, freed only when their wrappers are collected.
    collectGarbage();
    return;
  }
  if (msg.task === 'elements') {
    let reply: WorkerReply;
    try {
      reply = { id: msg.id, ok: true, elements: layoutElements(msg.input.document, msg.input.fonts ?? []) };
    } catch (err) {
      reply = failureReply(msg.id, err);
    }
    port.postMessage(reply);
    return;
  }
  let reply: WorkerReply;
  const transfer: ArrayBuffer[] = [];
  let readBack = 0;
  inFlight++;
  try {
    const rendered = await renderDocument(msg.input, caches, () => {
      if (inFlight === 1) scavenger.whileEncodingAlone();
    });
    const out = msg.save ? saveOutput(rendered, msg.save) : rendered;
    // The RGBA read-back is unreachable once the encode has finished. A pdf
    // has none, and its size is in points.
    if (out.format !== 'pdf') readBack = out.width * out.height * 4;
    // sharp's output Buffer may share a pooled ArrayBuffer; copy only in that case.
    const own = out.data.byteOffset === 0 && out.data.byteLength === out.data.buffer.byteLength;
    const data = own ? new Uint8Array(out.data.buffer) : new Uint8Array(out.data);
    if (data.byteLength > 0) transfer.push(data.buffer as ArrayBuffer);
    reply = { id: msg.id, ok: true, output: { ...out, data } };
  } catch (err) {
    reply = failureReply(msg.id, err);
  }
  inFlight--;
  port.postMessage(reply, transfer);
  scavenger.released(readBack);
});

/** A failure as the pool rebuilds it: a RenderError keeps its element, anything else is internal. */
function failureReply(id: number, err: unknown): WorkerReply {
  return err instanceof RenderError
    ? { id, ok: false, error: { kind: 'render', message: err.message, element: err.element } }
    : { id, ok: false, error: { kind: 'internal', message: (err as Error)?.message ?? String(err) } };
}
