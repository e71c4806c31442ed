/**
 * Worker thread for a competitor engine, so fabric/node and satori run
 * under the same model as Imprint's RenderPool: N threads, one render at a
 * time each, PNG bytes transferred back to the caller.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createFabricRenderer, type FabricSetup } from './fabric-node-engine.js';
import { createSatoriRenderer, type SatoriSetup } from './satori-engine.js';

export type EngineWorkerData = { engine: 'fabric'; setup: FabricSetup } | { engine: 'satori'; setup: SatoriSetup };
export type EngineWorkerReply =
  | { kind: 'ready' }
  | { kind: 'unavailable'; reason: string }
  | { kind: 'done'; id: number; png: Uint8Array }
  | { kind: 'failed'; id: number; message: string };

const port = parentPort;
if (!port) throw new Error('engine-worker must run in a worker thread');
const data = workerData as EngineWorkerData;

let render: () => Promise<Buffer>;
try {
  render = data.engine === 'fabric' ? await createFabricRenderer(data.setup) : await createSatoriRenderer(data.setup);
  port.postMessage({ kind: 'ready' } satisfies EngineWorkerReply);
  port.on('message', async (msg: { id: number }) => {
    try {
      const png = await render();
      const copy = new Uint8Array(png);
      port.postMessage({ kind: 'done', id: msg.id, png: copy } satisfies EngineWorkerReply, [copy.buffer]);
    } catch (err) {
      port.postMessage({ kind: 'failed', id: msg.id, message: (err as Error)?.message ?? String(err) } satisfies EngineWorkerReply);
    }
  });
} catch (err) {
  port.postMessage({ kind: 'unavailable', reason: (err as Error)?.message ?? String(err) } satisfies EngineWorkerReply);
}
