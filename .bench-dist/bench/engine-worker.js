/**
 * Worker thread for a competitor engine, so fabric/node and satori run
 * under the same model as Imprint's RenderPool: N threads, one render at a
 * time each, PNG bytes transferred back to the caller.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createFabricRenderer } from './fabric-node-engine.js';
import { createSatoriRenderer } from './satori-engine.js';
const port = parentPort;
if (!port)
    throw new Error('engine-worker must run in a worker thread');
const data = workerData;
let render;
try {
    render = data.engine === 'fabric' ? await createFabricRenderer(data.setup) : await createSatoriRenderer(data.setup);
    port.postMessage({ kind: 'ready' });
    port.on('message', async (msg) => {
        try {
            const png = await render();
            const copy = new Uint8Array(png);
            port.postMessage({ kind: 'done', id: msg.id, png: copy }, [copy.buffer]);
        }
        catch (err) {
            port.postMessage({ kind: 'failed', id: msg.id, message: err?.message ?? String(err) });
        }
    });
}
catch (err) {
    port.postMessage({ kind: 'unavailable', reason: err?.message ?? String(err) });
}
//# sourceMappingURL=engine-worker.js.map