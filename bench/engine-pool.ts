/**
 * A minimal pool of engine-worker threads for the competitors, shaped like
 * RenderPool (fixed size, FIFO queue) so throughput figures compare like
 * with like. `start` resolves to a reason string when the engine cannot
 * load (e.g. node-canvas not built) instead of throwing.
 */
import { Worker } from 'node:worker_threads';
import type { EngineWorkerData, EngineWorkerReply } from './engine-worker.js';

interface Pending {
  id: number;
  resolve: (png: Buffer) => void;
  reject: (err: Error) => void;
}

interface Slot {
  worker: Worker;
  job: Pending | null;
}

export class EnginePool {
  private readonly queue: Pending[] = [];
  private nextId = 1;

  private constructor(private readonly slots: Slot[]) {
    for (const slot of slots) {
      slot.worker.on('message', (msg: EngineWorkerReply) => this.onReply(slot, msg));
      slot.worker.on('error', (err) => this.failAll(err));
    }
  }

  static async start(data: EngineWorkerData, size: number): Promise<EnginePool | string> {
    const url = new URL('./engine-worker.js', import.meta.url);
    const workers = Array.from({ length: size }, () => new Worker(url, { workerData: data }));
    const first = await Promise.all(
      workers.map(
        (w) =>
          new Promise<EngineWorkerReply>((resolve) => {
            w.once('message', resolve);
            w.once('error', (err) => resolve({ kind: 'unavailable', reason: err.message }));
          }),
      ),
    );
    const bad = first.find((r) => r.kind !== 'ready');
    if (bad) {
      await Promise.all(workers.map((w) => w.terminate()));
      return bad.kind === 'unavailable' ? bad.reason : 'worker did not start';
    }
    return new EnginePool(workers.map((worker) => ({ worker, job: null })));
  }

  render(): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      const job: Pending = { id: this.nextId++, resolve, reject };
      const free = this.slots.find((s) => s.job === null);
      if (free) this.dispatch(free, job);
      else this.queue.push(job);
    });
  }

  private dispatch(slot: Slot, job: Pending): void {
    slot.job = job;
    slot.worker.postMessage({ id: job.id });
  }

  private onReply(slot: Slot, msg: EngineWorkerReply): void {
    const job = slot.job;
    if (!job || (msg.kind !== 'done' && msg.kind !== 'failed') || msg.id !== job.id) return;
    slot.job = null;
    if (msg.kind === 'done') job.resolve(Buffer.from(msg.png.buffer, msg.png.byteOffset, msg.png.byteLength));
    else job.reject(new Error(msg.message));
    const next = this.queue.shift();
    if (next) this.dispatch(slot, next);
  }

  private failAll(err: Error): void {
    for (const s of this.slots) {
      s.job?.reject(err);
      s.job = null;
    }
    for (const j of this.queue.splice(0)) j.reject(err);
  }

  async close(): Promise<void> {
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }
}
