import { randomUUID } from 'node:crypto';
import { DEFAULT_DELIVERY_OPTIONS, deliverWebhook, type DeliveryOptions } from './deliver-webhooks.js';
import { jobLeaseMs, runJob } from './run-job.js';
import type { ServiceDeps } from './service-deps.js';

export interface JobRunnerOptions {
  /** Jobs this node runs at once (JOB_CONCURRENCY). */
  concurrency: number;
  /** How often it looks for due jobs and deliveries when nothing wakes it (JOB_POLL_MS). */
  pollMs: number;
  /** Webhook retry schedule, jitter and timeout; the published defaults when absent. */
  delivery?: Partial<DeliveryOptions>;
  /** Deliveries in flight at once; default 16 (they mostly wait on receivers). */
  deliveryConcurrency?: number;
  /**
   * Deliveries one account may have in flight, on all nodes together; default a quarter of
   * deliveryConcurrency. A receiver that hangs holds its slot for the whole timeout: 64 jobs of one
   * account whose webhooks hung delayed another account's first attempt by 57 s.
   */
  deliveriesPerAccount?: number;
  onError(error: unknown): void;
}

export interface JobRunner {
  /** Looks for work now (a job was just queued or a redelivery asked for). */
  wake(): void;
  /**
   * Claims nothing more and waits up to `timeoutMs` for the jobs and deliveries
   * running; true when they all finished. What is cut short stays claimed
   * until its lease ends, and then another node (or this one restarted) runs it.
   */
  stop(timeoutMs: number): Promise<boolean>;
}

/**
 * The background loop every node runs: claims due jobs up to its concurrency,
 * runs them, and sends due webhooks. Claims go through the store, so any
 * number of nodes can share one database and each job runs once.
 */
export function startJobRunner(deps: ServiceDeps, opts: JobRunnerOptions): JobRunner {
  const delivery: DeliveryOptions = { ...DEFAULT_DELIVERY_OPTIONS, ...opts.delivery };
  const deliveryConcurrency = opts.deliveryConcurrency ?? 16;
  const deliveriesPerAccount = opts.deliveriesPerAccount ?? Math.max(1, Math.floor(deliveryConcurrency / 4));
  const jobs = new Set<Promise<void>>();
  const deliveries = new Set<Promise<void>>();
  let stopped = false;
  let ticking: Promise<void> | null = null;
  let again = false;

  // The next claim waits for the event loop's next turn. A job that fails before any render (a data: URL
  // that is no image, an unknown element) runs on this thread from claim to finish without any I/O, and
  // SQLite's calls are synchronous: chained straight on, a batch of such items was one unbroken run of
  // promises, and every other request and /readyz waited for the whole batch (1.4 s per 1,000 items).
  let nextTurn: NodeJS.Immediate | null = null;
  const wakeNextTurn = () => {
    nextTurn ??= setImmediate(() => {
      nextTurn = null;
      wake();
    });
  };
  const track = (set: Set<Promise<void>>, work: Promise<void>) => {
    const done = work.catch(opts.onError).finally(() => {
      set.delete(done);
      wakeNextTurn();
    });
    set.add(done);
  };

  const tick = async () => {
    const now = deps.now();
    const freeJobs = opts.concurrency - jobs.size;
    if (freeJobs > 0) {
      const claimId = randomUUID();
      const leaseUntil = new Date(Date.parse(now) + jobLeaseMs(deps)).toISOString();
      for (const job of await deps.store.claimJobs({ claimId, now, leaseUntil, limit: freeJobs })) track(jobs, runJob(deps, job, claimId, opts.onError));
    }
    const freeDeliveries = deliveryConcurrency - deliveries.size;
    if (freeDeliveries > 0 && !stopped) {
      // Past the receiver's timeout plus a margin: a node dying mid-delivery frees it then.
      const leaseUntil = new Date(Date.parse(deps.now()) + delivery.timeoutMs + 30_000).toISOString();
      for (const claim of await deps.store.claimWebhookDeliveries({ now: deps.now(), leaseUntil, limit: freeDeliveries, perAccount: deliveriesPerAccount })) {
        track(deliveries, deliverWebhook(deps, claim, delivery));
      }
    }
  };

  function wake(): void {
    if (stopped) return;
    if (ticking) {
      // One more pass after the current one: what woke us may have come after its claim.
      again = true;
      return;
    }
    ticking = tick()
      .catch(opts.onError)
      .finally(() => {
        ticking = null;
        if (again) {
          again = false;
          wakeNextTurn();
        }
      });
  }

  const timer = setInterval(wake, opts.pollMs);
  timer.unref();
  wake();
  deps.wakeJobs = wake;

  return {
    wake,
    async stop(timeoutMs) {
      stopped = true;
      clearInterval(timer);
      if (nextTurn) clearImmediate(nextTurn);
      if (deps.wakeJobs === wake) deps.wakeJobs = undefined;
      let timeout: NodeJS.Timeout | undefined;
      const all = (async () => {
        await ticking;
        await Promise.all([...jobs, ...deliveries]);
        return true;
      })();
      const expired = new Promise<boolean>((resolve) => {
        timeout = setTimeout(() => resolve(false), timeoutMs);
      });
      const finished = await Promise.race([all, expired]);
      clearTimeout(timeout);
      return finished;
    },
  };
}
