/**
 * Worker-thread side of RenderPool. The worker's RenderCaches (parsed
 * objects, decoded images, output canvases, object caches) and the
 * registered fonts live as long as the worker, so each is paid once per
 * worker. The encoded bytes are transferred back, not copied.
 */
import { parentPort } from 'node:worker_threads';
import { ensureBundledFonts } from './fonts/font-registry.js';
import { createRenderCaches } from './render-caches.js';
import { RenderError, renderDocument } from './render-document.js';
import type { WorkerReply, WorkerRequest } from './render-worker-protocol.js';

const port = parentPort;
if (!port) throw new Error('render-worker must run in a worker thread');

ensureBundledFonts();
const caches = createRenderCaches();
port.postMessage({ ready: true } satisfies WorkerReply);

port.on('message', async (msg: WorkerRequest) => {
  let reply: WorkerReply;
  const transfer: ArrayBuffer[] = [];
  try {
    const out = await renderDocument(msg.input, caches);
    // sharp's output Buffer may share a pooled ArrayBuffer; copy only in that case.
    const own = out.data.byteOffset === 0 && out.data.byteLength === out.data.buffer.byteLength;
    const data = own ? new Uint8Array(out.data.buffer) : new Uint8Array(out.data);
    transfer.push(data.buffer as ArrayBuffer);
    reply = { id: msg.id, ok: true, output: { ...out, data } };
  } catch (err) {
    reply =
      err instanceof RenderError
        ? { id: msg.id, ok: false, error: { kind: 'render', message: err.message, element: err.element } }
        : { id: msg.id, ok: false, error: { kind: 'internal', message: (err as Error)?.message ?? String(err) } };
  }
  port.postMessage(reply, transfer);
});
