/**
 * A fixed pool of worker threads, each running render-worker (images
 * decoded once per worker; the bundled fonts once per process, shared). The queue is bounded:
 * when every worker is busy and `maxQueue` renders wait, `render` rejects
 * at once with RenderQueueFullError (the service turns it into a 503 with
 * Retry-After) instead of piling up work.
 *
 * A worker holds up to `perWorker` renders (2 by default). Its thread only
 * paints; the PNG encode runs in libuv's pool, and while one render is
 * encoding there the thread paints the next instead of idling. With one
 * render per worker, a 2-core machine left about a third of its CPU unused
 * under load (paint ~2 ms, encode ~6 ms of the reference card).
 *
 * Hostile renders: every render has a wall-clock budget (`timeoutMs`); one
 * over it is stopped by terminating its worker, which is replaced, and the
 * other render that shared the worker is queued again, not failed. Workers
 * run under V8 `resourceLimits`, so a render that exhausts the heap kills
 * only its worker. Skia's pixel memory is native and invisible to those
 * limits; the static budget's pixel-area cap is what bounds it.
 *
 * Terminating a worker does not stop the native call it is in (Skia replays
 * a whole recorded paint inside one call when pixels are read), so a
 * stopped worker can burn a core for a while; it still counts against its
 * tenant's heavy renders (below) until its thread has exited.
 *
 * Tenants: waiting renders sit in one FIFO per tenant, served round-robin,
 * so one tenant's flood cannot push another's render to the back of a long
 * line. While others wait, a tenant may occupy at most `tenantWorkers`
 * workers, and no tenant may fill more than three quarters of the waiting
 * room. Within a tenant the line is first come, first served, except that a
 * heavy render that has to wait lets the tenant's light renders behind it go. A worker never mixes tenants: its thread paints one render at a
 * time, so a second render placed next to a slow one waits for that whole
 * paint. A render whose estimated cost (from the static budget) is at least
 * `heavyMs`, or any render of a tenant whose last render took that long
 * (the budget cannot see an image's decode or a font's load before the
 * bytes arrive), gets a worker to itself, and one tenant's heavy renders (with
 * its stopped-but-still-running workers) hold at most `tenantWorkers`
 * workers even when nobody else is waiting yet: renders cannot be
 * preempted, so a tenant that arrives later would otherwise wait for
 * seconds-long renders on every worker. With few workers (one per two
 * cores by default) that last rule cannot leave a worker free, so a tenant
 * kept waiting by another tenant's heavy renders gets a spare worker,
 * started then and stopped once it has been idle for 30 s: its memory
 * (~90 MB) is paid only while someone is sending heavy renders. A spare
 * takes light renders only, so however many tenants send heavy ones, a
 * light render never waits behind them.
 */
import { existsSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { fontAliasPrefix } from './fonts/font-faces.js';
import { sharedFontClaims } from './fonts/font-registry.js';
import { RenderError } from './render-error.js';
import type { ElementProperties } from '../domain/elements.js';
import type { TemplateDocument } from '../domain/template.js';
import type { AccountFont, RenderInput, RenderOutput } from './render-document.js';
import type { SaveOutput } from './saved-output.js';
import type { ReleasePixelsRequest, RenderWorkerData, WorkerReply, WorkerRequest } from './render-worker-protocol.js';

export class RenderQueueFullError extends Error {
  constructor() {
    super('render queue is full');
    this.name = 'RenderQueueFullError';
  }
}

/**
 * A render dropped before it reached a worker because its caller gave up (the HTTP client hung up):
 * nobody would see the image, and the queue slot and the worker's time go to renders someone waits for.
 */
export class RenderAbandonedError extends Error {
  constructor() {
    super('the render was abandoned before it started');
    this.name = 'RenderAbandonedError';
  }
}

/** What a caller tells the pool about one render. */
export interface RenderJobOptions {
  /** Whoever pays for the render (the account id); renders without one share the tenant ''. */
  tenant?: string;
  /** The static budget's estimate, in ms. */
  cost?: number;
  /** Where the worker writes the encoded image itself (saveOutput). */
  save?: SaveOutput;
  /**
   * Aborted while the render still waits in the queue: it is taken out and rejected with
   * RenderAbandonedError. Once on a worker it runs to the end (a native paint cannot be interrupted).
   */
  signal?: AbortSignal;
}

/** A render stopped for exceeding the time budget or its worker's heap limit. */
export class RenderTooComplexError extends Error {
  constructor(
    readonly reason: 'timeout' | 'memory',
    message: string,
  ) {
    super(message);
    this.name = 'RenderTooComplexError';
  }
}

export interface RenderPoolOptions {
  size?: number;
  maxQueue?: number;
  perWorker?: number;
  /** Wall-clock budget of one render from dispatch to reply. */
  timeoutMs?: number;
  /** V8 old-generation limit of each worker, in MB. */
  heapMb?: number;
  /** Each worker's cache budget in MB (render-caches.ts splits it); default DEFAULT_RENDER_CACHE_MB. */
  cacheMb?: number;
  /** Workers one tenant may occupy while another tenant waits, and at any time with heavy renders; default half the pool, at least 1. */
  tenantWorkers?: number;
  /** Estimated cost (ms) from which a render counts as heavy. */
  heavyMs?: number;
  /** Extra workers started only while heavy renders hold the workers another tenant would need; default 1. */
  spareWorkers?: number;
  /** How long a spare worker may sit idle before it is stopped. */
  spareIdleMs?: number;
}

/** Tenants the pool remembers as slow; past it the longest-remembered is forgotten. */
const MAX_SLOW_TENANTS = 10_000;

interface Job {
  id: number;
  tenant: string;
  input: RenderInput;
  save?: SaveOutput;
  task?: 'elements';
  /** With the render's output, or for an `elements` task its record. */
  resolve: (out: never) => void;
  reject: (err: Error) => void;
  timer?: NodeJS.Timeout;
  /** Was on a worker that died with other renders: it runs alone next time, so a second death is its own. */
  suspect: boolean;
  heavy: boolean;
  /** When its clock started, if it was alone on its worker: the time its reply took tells whether the tenant's renders are heavy. */
  startedAt?: number;
  /** Detaches the caller's abort listener: called once the job leaves the queue for a worker, or is settled. */
  unlisten?: () => void;
}

interface Slot {
  worker: Worker;
  jobs: Map<number, Job>;
  /** The tenant whose renders the worker holds; meaningful while `jobs` is not empty. */
  tenant: string;
  exclusive: boolean;
  /** Holds a heavy render (exclusive). */
  heavy: boolean;
  /** Fonts registered: from here on, a render's time is its own (a cold start can take a second or more on a busy machine). */
  ready: boolean;
  /** Started for a tenant kept waiting by heavy renders; stopped after `spareIdleMs` without work. */
  spare: boolean;
  idleTimer?: NodeJS.Timeout;
}

/** The worker next to this module: .js when compiled, .ts when running from source under tsx. */
function workerUrl(): URL {
  const js = new URL('./render-worker.js', import.meta.url);
  if (existsSync(fileURLToPath(js))) return js;
  return new URL('./render-worker.ts', import.meta.url);
}

export class RenderPool {
  private readonly slots: Slot[] = [];
  /** Per-tenant FIFOs; Map order is the round-robin order (a served tenant moves to the back). */
  private readonly queues = new Map<string, Job[]>();
  private queued = 0;
  private readonly maxQueue: number;
  private readonly size: number;
  private readonly perWorker: number;
  private readonly timeoutMs: number;
  private readonly heapMb: number | undefined;
  private readonly cacheMb: number | undefined;
  private readonly tenantWorkers: number;
  private readonly heavyMs: number;
  /**
   * Tenants whose last render took at least `heavyMs` on its worker. Their next renders count as heavy
   * whatever the budget estimated: ten 9 MB images drawn as thumbnails are cheap to the budget and take
   * seconds to decode, and without this one account's stream of them held every worker. One render
   * that finishes fast clears the mark. Oldest first, bounded.
   */
  private readonly slowTenants = new Set<string>();
  private readonly spareWorkers: number;
  private readonly spareIdleMs: number;
  /** Per tenant, workers stopped for a timeout whose thread has not exited yet. */
  private readonly zombies = new Map<string, number>();
  private nextId = 1;
  private closed = false;
  /** Workers of the first spawn that have not said ready yet; replacements after a crash do not make the node unready. */
  private coldStart: number;
  private readonly warmWaiters: Array<() => void> = [];

  constructor(opts: RenderPoolOptions = {}) {
    this.size = Math.max(1, opts.size ?? os.availableParallelism());
    this.maxQueue = Math.max(0, opts.maxQueue ?? 64);
    this.perWorker = Math.max(1, opts.perWorker ?? 2);
    this.timeoutMs = Math.max(1, opts.timeoutMs ?? 15_000);
    this.heapMb = opts.heapMb;
    this.cacheMb = opts.cacheMb;
    this.tenantWorkers = Math.max(1, opts.tenantWorkers ?? Math.floor(this.size / 2));
    this.heavyMs = opts.heavyMs ?? 250;
    this.spareWorkers = Math.max(0, opts.spareWorkers ?? 1);
    this.spareIdleMs = Math.max(0, opts.spareIdleMs ?? 30_000);
    this.coldStart = this.size;
    for (let i = 0; i < this.size; i++) this.slots.push(this.spawn(true));
  }

  /** Every worker of the first spawn has its fonts registered and its warm-up render done. */
  get warm(): boolean {
    return this.coldStart === 0;
  }

  /**
   * Asks every worker to let its pixel caches go (a render under way only misses them): after the
   * start-up warm-up, whose pixels are of templates this node may never serve again.
   */
  releasePixelCaches(): void {
    for (const slot of this.slots) slot.worker.postMessage({ releasePixels: true } satisfies ReleasePixelsRequest);
  }

  /** Resolves once `warm` (or at once if the pool is closed, so a caller never waits on a pool that will not warm). */
  whenWarm(): Promise<void> {
    if (this.warm || this.closed) return Promise.resolve();
    // The workers are unref'd, so nothing else may keep the process alive until they answer.
    const keepAlive = setInterval(() => undefined, 60_000);
    return new Promise<void>((resolve) => this.warmWaiters.push(resolve)).finally(() => clearInterval(keepAlive));
  }

  private settleColdStart(): void {
    this.coldStart = Math.max(0, this.coldStart - 1);
    if (this.coldStart === 0) for (const resolve of this.warmWaiters.splice(0)) resolve();
  }

  private spawn(firstSpawn = false, spare = false): Slot {
    const url = workerUrl();
    const resourceLimits = this.heapMb ? { maxOldGenerationSizeMb: this.heapMb } : undefined;
    const workerData: RenderWorkerData = { cacheMb: this.cacheMb, fontClaims: sharedFontClaims(), fontAliasPrefix: fontAliasPrefix() };
    // From TS source (tests, tsx) the worker must load the tsx loader before
    // importing the .ts worker; compiled builds start the .js file directly.
    const worker = url.pathname.endsWith('.ts')
      ? new Worker(`import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((m) => { m.register(); return import(${JSON.stringify(url.href)}); });`, {
          eval: true,
          resourceLimits,
          workerData,
        })
      : new Worker(url, { resourceLimits, workerData });
    const slot: Slot = { worker, jobs: new Map(), tenant: '', exclusive: false, heavy: false, ready: false, spare };
    worker.on('message', (msg: WorkerReply) => {
      if ('ready' in msg) {
        slot.ready = true;
        if (firstSpawn) this.settleColdStart();
        for (const job of slot.jobs.values()) this.startClock(slot, job);
      } else {
        this.onReply(slot, msg);
      }
    });
    worker.on('error', (err) => this.onCrash(slot, err));
    worker.on('exit', (code) => {
      // A first worker that died before its warm-up finished must not keep the node unready forever: its replacement serves unwarmed.
      if (firstSpawn && !slot.ready) this.settleColdStart();
      if (!this.closed) this.onCrash(slot, new Error(`render worker exited with code ${code}`));
    });
    worker.unref();
    return slot;
  }

  render(input: RenderInput, opts: RenderJobOptions = {}): Promise<RenderOutput> {
    return this.submit<RenderOutput>(input, opts);
  }

  /**
   * `GET /templates/{id}/elements`' answer (layoutElements), laid out on a worker: the text layout
   * of a hostile document is a render's work, under a render's timeout and the account's share of
   * the workers, not on the thread that answers every account's requests.
   */
  elements(document: TemplateDocument, fonts: readonly AccountFont[], opts: RenderJobOptions = {}): Promise<Record<string, ElementProperties>> {
    return this.submit<Record<string, ElementProperties>>({ document, images: new Map(), fonts }, opts, 'elements');
  }

  private submit<T>(input: RenderInput, opts: RenderJobOptions, task?: 'elements'): Promise<T> {
    if (this.closed) return Promise.reject(new Error('render pool is closed'));
    if (opts.signal?.aborted) return Promise.reject(new RenderAbandonedError());
    return new Promise<T>((resolve, reject) => {
      const tenant = opts.tenant ?? '';
      const heavy = (opts.cost ?? 0) >= this.heavyMs || this.slowTenants.has(tenant);
      const job: Job = { id: this.nextId++, tenant, input, save: opts.save, task, resolve: resolve as (out: never) => void, reject, suspect: false, heavy };
      // Fast path: nobody waits, so no cap applies; a free worker takes it now.
      if (this.queued === 0) {
        const free = this.slotFor(job, false);
        if (free) return this.dispatch(free, job);
      }
      // A quarter of the waiting room is always left to other tenants, so a flood cannot turn everyone else's renders into 503s.
      const share = this.maxQueue - Math.floor(this.maxQueue / 4);
      if (this.queued >= this.maxQueue || (this.queues.get(tenant)?.length ?? 0) >= share) return reject(new RenderQueueFullError());
      const { signal } = opts;
      if (signal) {
        const abandon = () => this.abandon(job);
        signal.addEventListener('abort', abandon, { once: true });
        job.unlisten = () => signal.removeEventListener('abort', abandon);
      }
      this.enqueue(job, false);
      this.pump();
    });
  }

  /** Takes a job its caller gave up on out of the waiting room; one already on a worker is left to finish. */
  private abandon(job: Job): void {
    const q = this.queues.get(job.tenant);
    const at = q?.indexOf(job) ?? -1;
    if (!q || at < 0) return;
    q.splice(at, 1);
    if (q.length === 0) this.queues.delete(job.tenant);
    this.queued--;
    job.unlisten = undefined;
    job.reject(new RenderAbandonedError());
    // The job at a tenant's head can be what held the others back (a heavy render over its cap).
    this.pump();
  }

  /** Renders running or waiting; the service can expose it as a gauge. */
  get pending(): number {
    return this.queued + this.slots.reduce((n, s) => n + s.jobs.size, 0);
  }

  /** For the /metrics gauges: renders waiting for a worker, workers holding a render, and the pool's size. */
  get waiting(): number {
    return this.queued;
  }

  get busyWorkers(): number {
    return this.slots.reduce((n, s) => n + (s.jobs.size > 0 ? 1 : 0), 0);
  }

  get workers(): number {
    return this.slots.length;
  }

  private enqueue(job: Job, front: boolean): void {
    const q = this.queues.get(job.tenant);
    if (q) {
      if (front) q.unshift(job);
      else q.push(job);
    } else {
      this.queues.set(job.tenant, [job]);
    }
    this.queued++;
  }

  private heavyHeld(tenant: string): number {
    let n = this.zombies.get(tenant) ?? 0;
    for (const s of this.slots) if (s.heavy && s.jobs.size > 0 && s.tenant === tenant) n++;
    return n;
  }

  private workersHeld(tenant: string): number {
    let n = 0;
    for (const s of this.slots) if (s.jobs.size > 0 && s.tenant === tenant) n++;
    return n;
  }

  /**
   * A worker for `job`: the least busy among idle ones and those already
   * holding only this tenant's renders, so renders spread over the cores
   * before any worker takes a second. `capped` keeps the tenant on the
   * workers it already holds.
   */
  private slotFor(job: Job, capped: boolean): Slot | undefined {
    if (job.heavy && this.heavyHeld(job.tenant) >= this.tenantWorkers) return undefined;
    let best: Slot | undefined;
    for (const s of this.slots) {
      const n = s.jobs.size;
      if (n === 0) {
        // A spare exists for the renders heavy ones keep waiting: a heavy render on it would leave them
        // waiting again (three accounts' heavy renders filled two workers and the spare, and a fourth
        // account's 10 ms preview waited 6–24 s).
        if (capped || (job.heavy && s.spare)) continue;
      } else if (job.suspect || job.heavy || s.exclusive || s.tenant !== job.tenant || n >= this.perWorker) {
        continue;
      }
      if (!best || n < best.jobs.size) best = s;
    }
    return best;
  }

  /**
   * The render of `q` to start now, and where: its head when a worker fits it. A heavy head that must
   * wait (its tenant's heavy renders are at their cap, or no worker is free for it alone) lets the first
   * light render behind it go first: a one-second render queued by an account must not hold back that
   * account's 10 ms renders for as long as its own wait. The heavy head keeps its place and takes the
   * first worker that fits it, since a freed worker is offered to the head first.
   */
  private placeable(q: readonly Job[], capped: boolean): { at: number; slot: Slot } | undefined {
    const head = this.slotFor(q[0], capped);
    if (head) return { at: 0, slot: head };
    if (!q[0].heavy) return undefined;
    const at = q.findIndex((job) => !job.heavy);
    const slot = at > 0 ? this.slotFor(q[at], capped) : undefined;
    return slot ? { at, slot } : undefined;
  }

  /** Dispatch waiting renders, one tenant at a time in round-robin order, until no free worker fits any of them. */
  private pump(): void {
    while (this.queued > 0) {
      let served = false;
      for (const [tenant, q] of this.queues) {
        const capped = this.queues.size > 1 && this.workersHeld(tenant) >= this.tenantWorkers;
        const next = this.placeable(q, capped);
        if (!next) continue;
        const [job] = q.splice(next.at, 1);
        const { slot } = next;
        this.queued--;
        this.queues.delete(tenant);
        if (q.length) this.queues.set(tenant, q);
        this.dispatch(slot, job);
        served = true;
        break;
      }
      if (!served && !this.addSpare()) return;
    }
  }

  /**
   * Starts a spare worker when a waiting render is held back only by heavy
   * renders of other tenants: with one worker (RENDER_WORKERS=1), or with
   * every worker taken by different tenants' heavy renders, a tenant would
   * otherwise wait seconds for them. The spare costs a worker's memory only
   * while that lasts.
   */
  private addSpare(): boolean {
    if (this.slots.filter((s) => s.spare).length >= this.spareWorkers) return false;
    for (const [tenant, q] of this.queues) {
      // Only a light render can use a spare: the tenant's first, which placeable() lets past a heavy head.
      if (!q.some((job) => !job.heavy)) continue;
      if (this.queues.size > 1 && this.workersHeld(tenant) >= this.tenantWorkers) continue;
      // Only when heavy renders of others hold every worker: a worker busy with light renders frees up within
      // milliseconds, and a spare started for it would cost a cold start and ~90 MB for nothing.
      if (!this.slots.every((s) => s.spare || (s.heavy && s.jobs.size > 0 && s.tenant !== tenant))) continue;
      const spare = this.spawn(false, true);
      this.slots.push(spare);
      this.retireWhenIdle(spare);
      return true;
    }
    return false;
  }

  private retireWhenIdle(slot: Slot): void {
    clearTimeout(slot.idleTimer);
    slot.idleTimer = setTimeout(() => {
      const idx = this.slots.indexOf(slot);
      if (idx < 0 || slot.jobs.size > 0) return;
      // Out of `slots` first: its exit is then not taken for a crash to replace.
      this.slots.splice(idx, 1);
      void slot.worker.terminate();
    }, this.spareIdleMs);
    slot.idleTimer.unref();
  }

  private dispatch(slot: Slot, job: Job): void {
    job.unlisten?.();
    job.unlisten = undefined;
    clearTimeout(slot.idleTimer);
    if (slot.jobs.size === 0) {
      slot.tenant = job.tenant;
      slot.exclusive = job.suspect || job.heavy;
      slot.heavy = job.heavy;
    }
    slot.jobs.set(job.id, job);
    if (slot.ready) this.startClock(slot, job);
    // The owner keeps one account's region repaints from ever starting from another account's output.
    const msg: WorkerRequest = { id: job.id, input: { ...job.input, owner: job.tenant }, save: job.save, task: job.task };
    slot.worker.ref();
    // Image bytes are structured-cloned: the caller keeps its buffers (an
    // image cache usually owns them), so they are not transferred.
    slot.worker.postMessage(msg);
  }

  private startClock(slot: Slot, job: Job): void {
    // Timed only alone on its worker: a render placed next to another waits for that one's paint.
    if (slot.jobs.size === 1) job.startedAt = performance.now();
    job.timer = setTimeout(() => this.onTimeout(slot, job), this.timeoutMs);
    job.timer.unref();
  }

  private onReply(slot: Slot, msg: Exclude<WorkerReply, { ready: true }>): void {
    const job = slot.jobs.get(msg.id);
    if (!job) return;
    slot.jobs.delete(msg.id);
    clearTimeout(job.timer);
    if (job.startedAt !== undefined) this.noteDuration(job.tenant, performance.now() - job.startedAt);
    if (msg.ok && 'elements' in msg) {
      (job.resolve as (out: Record<string, ElementProperties>) => void)(msg.elements);
    } else if (msg.ok) {
      const d = msg.output.data;
      (job.resolve as (out: RenderOutput) => void)({ ...msg.output, data: Buffer.from(d.buffer, d.byteOffset, d.byteLength) });
    } else {
      const err = msg.error.kind === 'render' ? new RenderError(msg.error.message, msg.error.element) : new Error(msg.error.message);
      job.reject(err);
    }
    if (slot.jobs.size === 0) {
      slot.exclusive = slot.heavy = false;
      slot.worker.unref();
      if (slot.spare) this.retireWhenIdle(slot);
    }
    this.pump();
  }

  private noteDuration(tenant: string, ms: number): void {
    this.slowTenants.delete(tenant);
    if (ms < this.heavyMs) return;
    this.slowTenants.add(tenant);
    if (this.slowTenants.size > MAX_SLOW_TENANTS) this.slowTenants.delete(this.slowTenants.values().next().value as string);
  }

  /** Take the worker out of service and put a fresh one in its place; returns the renders it held. */
  private replace(slot: Slot): Job[] | null {
    const idx = this.slots.indexOf(slot);
    if (idx < 0) return null;
    const jobs = [...slot.jobs.values()];
    for (const job of jobs) clearTimeout(job.timer);
    slot.jobs.clear();
    clearTimeout(slot.idleTimer);
    void slot.worker.terminate();
    if (this.closed) return null;
    this.slots[idx] = this.spawn(false, slot.spare);
    if (slot.spare) this.retireWhenIdle(this.slots[idx]);
    return jobs;
  }

  private onTimeout(slot: Slot, job: Job): void {
    if (slot.jobs.get(job.id) !== job) return;
    this.noteDuration(job.tenant, this.timeoutMs);
    const tenant = slot.tenant;
    const old = slot.worker;
    const others = this.replace(slot);
    if (!others) return;
    this.zombies.set(tenant, (this.zombies.get(tenant) ?? 0) + 1);
    old.once('exit', () => {
      const left = (this.zombies.get(tenant) ?? 1) - 1;
      if (left > 0) this.zombies.set(tenant, left);
      else this.zombies.delete(tenant);
      if (!this.closed) this.pump();
    });
    job.reject(new RenderTooComplexError('timeout', `the render took longer than ${this.timeoutMs} ms and was stopped`));
    // The neighbours only shared the thread; they start again at the head of their tenant's line.
    for (const other of others.reverse()) if (other !== job) this.enqueue(other, true);
    this.pump();
  }

  private onCrash(slot: Slot, err: Error): void {
    const jobs = this.replace(slot);
    if (!jobs) return;
    const oom = (err as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY';
    if (jobs.length === 1 || jobs.some((j) => j.suspect)) {
      // Alone on the worker (or a suspect that was kept alone): the death is its own.
      const fail = oom ? new RenderTooComplexError('memory', 'the render ran out of memory and was stopped') : err;
      for (const job of jobs) job.reject(fail);
    } else {
      // Several renders shared the dead worker and any of them may be the cause: each runs again alone.
      for (const job of jobs.reverse()) {
        job.suspect = true;
        this.enqueue(job, true);
      }
    }
    this.pump();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const err = new Error('render pool is closed');
    for (const q of this.queues.values()) {
      for (const job of q) {
        job.unlisten?.();
        job.reject(err);
      }
    }
    this.queues.clear();
    this.queued = 0;
    for (const s of this.slots) {
      for (const job of s.jobs.values()) {
        clearTimeout(job.timer);
        job.reject(err);
      }
    }
    for (const resolve of this.warmWaiters.splice(0)) resolve();
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }
}
