/**
 * Worker-thread side of RenderPool. Module state (fonts, decoded images,
 * parsed templates) lives for the worker's lifetime, so each is paid once
 * per worker. The encoded bytes are transferred back, not copied.
 */
import { parentPort } from 'node:worker_threads';
import { ensureBundledFonts } from './fonts/font-registry.js';
import { RenderError, renderDocument } from './render-document.js';
const port = parentPort;
if (!port)
    throw new Error('render-worker must run in a worker thread');
ensureBundledFonts();
port.on('message', async (msg) => {
    let reply;
    const transfer = [];
    try {
        const out = await renderDocument(msg.input);
        // sharp's output Buffer may share a pooled ArrayBuffer; copy only in that case.
        const own = out.data.byteOffset === 0 && out.data.byteLength === out.data.buffer.byteLength;
        const data = own ? new Uint8Array(out.data.buffer) : new Uint8Array(out.data);
        transfer.push(data.buffer);
        reply = { id: msg.id, ok: true, output: { ...out, data } };
    }
    catch (err) {
        reply =
            err instanceof RenderError
                ? { id: msg.id, ok: false, error: { kind: 'render', message: err.message, element: err.element } }
                : { id: msg.id, ok: false, error: { kind: 'internal', message: err?.message ?? String(err) } };
    }
    port.postMessage(reply, transfer);
});
//# sourceMappingURL=render-worker.js.map