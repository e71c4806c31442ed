/**
 * A fixed pool of worker threads, each running render-worker (fonts
 * registered and images decoded once per worker). The queue is bounded:
 * when every worker is busy and `maxQueue` renders wait, `render` rejects
 * at once with RenderQueueFullError (the service turns it into a 503 with
 * Retry-After) instead of piling up work.
 */
import { existsSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { RenderError } from './render-error.js';
export class RenderQueueFullError extends Error {
    constructor() {
        super('render queue is full');
        this.name = 'RenderQueueFullError';
    }
}
/** The worker next to this module: .js when compiled, .ts when running from source under tsx. */
function workerUrl() {
    const js = new URL('./render-worker.js', import.meta.url);
    if (existsSync(fileURLToPath(js)))
        return js;
    return new URL('./render-worker.ts', import.meta.url);
}
export class RenderPool {
    slots = [];
    queue = [];
    maxQueue;
    size;
    nextId = 1;
    closed = false;
    constructor(opts = {}) {
        this.size = Math.max(1, opts.size ?? os.availableParallelism());
        this.maxQueue = Math.max(0, opts.maxQueue ?? 64);
        for (let i = 0; i < this.size; i++)
            this.slots.push(this.spawn());
    }
    spawn() {
        const url = workerUrl();
        // From TS source (tests, tsx) the worker must load the tsx loader before
        // importing the .ts worker; compiled builds start the .js file directly.
        const worker = url.pathname.endsWith('.ts')
            ? new Worker(`import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((m) => { m.register(); return import(${JSON.stringify(url.href)}); });`, { eval: true })
            : new Worker(url);
        const slot = { worker, job: null };
        worker.on('message', (msg) => this.onReply(slot, msg));
        worker.on('error', (err) => this.onCrash(slot, err));
        worker.on('exit', (code) => {
            if (!this.closed)
                this.onCrash(slot, new Error(`render worker exited with code ${code}`));
        });
        worker.unref();
        return slot;
    }
    render(input) {
        if (this.closed)
            return Promise.reject(new Error('render pool is closed'));
        return new Promise((resolve, reject) => {
            const job = { id: this.nextId++, input, resolve, reject };
            const free = this.slots.find((s) => s.job === null);
            if (free)
                return this.dispatch(free, job);
            if (this.queue.length >= this.maxQueue)
                return reject(new RenderQueueFullError());
            this.queue.push(job);
        });
    }
    /** Renders running or waiting; the service can expose it as a gauge. */
    get pending() {
        return this.queue.length + this.slots.filter((s) => s.job).length;
    }
    dispatch(slot, job) {
        slot.job = job;
        const msg = { id: job.id, input: job.input };
        slot.worker.ref();
        // Image bytes are structured-cloned: the caller keeps its buffers (an
        // image cache usually owns them), so they are not transferred.
        slot.worker.postMessage(msg);
    }
    onReply(slot, msg) {
        const job = slot.job;
        if (!job || job.id !== msg.id)
            return;
        slot.job = null;
        if (msg.ok) {
            const d = msg.output.data;
            job.resolve({ ...msg.output, data: Buffer.from(d.buffer, d.byteOffset, d.byteLength) });
        }
        else {
            const err = msg.error.kind === 'render' ? new RenderError(msg.error.message, msg.error.element) : new Error(msg.error.message);
            job.reject(err);
        }
        this.next(slot);
    }
    next(slot) {
        const job = this.queue.shift();
        if (job)
            this.dispatch(slot, job);
        else
            slot.worker.unref();
    }
    onCrash(slot, err) {
        const idx = this.slots.indexOf(slot);
        if (idx < 0)
            return;
        const job = slot.job;
        slot.job = null;
        void slot.worker.terminate();
        if (this.closed)
            return;
        const fresh = this.spawn();
        this.slots[idx] = fresh;
        job?.reject(err);
        this.next(fresh);
    }
    async close() {
        if (this.closed)
            return;
        this.closed = true;
        const err = new Error('render pool is closed');
        for (const job of this.queue.splice(0))
            job.reject(err);
        for (const s of this.slots)
            s.job?.reject(err);
        await Promise.all(this.slots.map((s) => s.worker.terminate()));
    }
}
//# sourceMappingURL=render-pool.js.map