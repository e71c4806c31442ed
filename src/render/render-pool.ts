/**
 * A fixed pool of worker threads, each running render-worker (fonts
 * registered and images decoded once per worker). The queue is bounded:
 * when every worker is busy and `maxQueue` renders wait, `render` rejects
 * at once with RenderQueueFullError (the service turns it into a 503 with
 * Retry-After) instead of piling up work.
 *
 * A worker holds up to `perWorker` renders (2 by default). Its thread only
 * paints; the PNG encode runs in libuv's pool, and while one render is
 * encoding there the thread paints the next instead of idling. With one
 * render per worker, a 2-core machine left about a third of its CPU unused
 * under load (paint ~2 ms, encode ~6 ms of the reference card).
 */
import { existsSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { RenderError } from './render-error.js';
import type { RenderInput, RenderOutput } from './render-document.js';
import type { WorkerReply, WorkerRequest } from './render-worker-protocol.js';

export class RenderQueueFullError extends Error {
  constructor() {
    super('render queue is full');
    this.name = 'RenderQueueFullError';
  }
}

interface Job {
  id: number;
  input: RenderInput;
  resolve: (out: RenderOutput) => void;
  reject: (err: Error) => void;
}

interface Slot {
  worker: Worker;
  jobs: Map<number, Job>;
}

/** The worker next to this module: .js when compiled, .ts when running from source under tsx. */
function workerUrl(): URL {
  const js = new URL('./render-worker.js', import.meta.url);
  if (existsSync(fileURLToPath(js))) return js;
  return new URL('./render-worker.ts', import.meta.url);
}

export class RenderPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private readonly maxQueue: number;
  private readonly size: number;
  private readonly perWorker: number;
  private nextId = 1;
  private closed = false;

  constructor(opts: { size?: number; maxQueue?: number; perWorker?: number } = {}) {
    this.size = Math.max(1, opts.size ?? os.availableParallelism());
    this.maxQueue = Math.max(0, opts.maxQueue ?? 64);
    this.perWorker = Math.max(1, opts.perWorker ?? 2);
    for (let i = 0; i < this.size; i++) this.slots.push(this.spawn());
  }

  private spawn(): Slot {
    const url = workerUrl();
    // From TS source (tests, tsx) the worker must load the tsx loader before
    // importing the .ts worker; compiled builds start the .js file directly.
    const worker = url.pathname.endsWith('.ts')
      ? new Worker(
          `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((m) => { m.register(); return import(${JSON.stringify(url.href)}); });`,
          { eval: true },
        )
      : new Worker(url);
    const slot: Slot = { worker, jobs: new Map() };
    worker.on('message', (msg: WorkerReply) => this.onReply(slot, msg));
    worker.on('error', (err) => this.onCrash(slot, err));
    worker.on('exit', (code) => {
      if (!this.closed) this.onCrash(slot, new Error(`render worker exited with code ${code}`));
    });
    worker.unref();
    return slot;
  }

  render(input: RenderInput): Promise<RenderOutput> {
    if (this.closed) return Promise.reject(new Error('render pool is closed'));
    return new Promise<RenderOutput>((resolve, reject) => {
      const job: Job = { id: this.nextId++, input, resolve, reject };
      const free = this.leastBusy();
      if (free) return this.dispatch(free, job);
      if (this.queue.length >= this.maxQueue) return reject(new RenderQueueFullError());
      this.queue.push(job);
    });
  }

  /** Renders running or waiting; the service can expose it as a gauge. */
  get pending(): number {
    return this.queue.length + this.slots.reduce((n, s) => n + s.jobs.size, 0);
  }

  /** An idle worker first, so renders spread over the cores before any worker takes a second. */
  private leastBusy(): Slot | undefined {
    let best: Slot | undefined;
    for (const s of this.slots) if (s.jobs.size < this.perWorker && (!best || s.jobs.size < best.jobs.size)) best = s;
    return best;
  }

  private dispatch(slot: Slot, job: Job): void {
    slot.jobs.set(job.id, job);
    const msg: WorkerRequest = { id: job.id, input: job.input };
    slot.worker.ref();
    // Image bytes are structured-cloned: the caller keeps its buffers (an
    // image cache usually owns them), so they are not transferred.
    slot.worker.postMessage(msg);
  }

  private onReply(slot: Slot, msg: WorkerReply): void {
    const job = slot.jobs.get(msg.id);
    if (!job) return;
    slot.jobs.delete(msg.id);
    if (msg.ok) {
      const d = msg.output.data;
      job.resolve({ ...msg.output, data: Buffer.from(d.buffer, d.byteOffset, d.byteLength) });
    } else {
      const err = msg.error.kind === 'render' ? new RenderError(msg.error.message, msg.error.element) : new Error(msg.error.message);
      job.reject(err);
    }
    this.next(slot);
  }

  private next(slot: Slot): void {
    while (slot.jobs.size < this.perWorker && this.queue.length) this.dispatch(slot, this.queue.shift() as Job);
    if (slot.jobs.size === 0) slot.worker.unref();
  }

  private onCrash(slot: Slot, err: Error): void {
    const idx = this.slots.indexOf(slot);
    if (idx < 0) return;
    const jobs = [...slot.jobs.values()];
    slot.jobs.clear();
    void slot.worker.terminate();
    if (this.closed) return;
    const fresh = this.spawn();
    this.slots[idx] = fresh;
    for (const job of jobs) job.reject(err);
    this.next(fresh);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const err = new Error('render pool is closed');
    for (const job of this.queue.splice(0)) job.reject(err);
    for (const s of this.slots) for (const job of s.jobs.values()) job.reject(err);
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }
}
