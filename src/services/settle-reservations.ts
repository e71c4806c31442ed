import type { ServiceDeps } from './service-deps.js';
import { DEFAULT_IDEMPOTENCY_LEASE_MS, idempotencyCutoffs } from './run-idempotent.js';
import { CREDITS_PER_IMAGE } from '../domain/credits.js';

type Deps = Pick<ServiceDeps, 'store' | 'now' | 'leases' | 'metrics'>;

export interface SweepResult {
  committed: number;
  refunded: number;
  purgedIdempotencyKeys: number;
}

/**
 * One sweep: settles every reservation whose lease has ended (its request's
 * process died, or it is still running past its lease and will be told 503),
 * and purges idempotency rows that can no longer be replayed or whose claim
 * lapsed. Several processes may sweep at once; the store settles each row once.
 */
export async function settleReservations(deps: Deps): Promise<SweepResult> {
  const now = deps.now();
  const { committed, refunded } = await deps.store.settleExpiredReservations(now);
  // Every reservation is one generate's CREDITS_PER_IMAGE.
  deps.metrics?.reservationsSwept({ committed, refunded });
  deps.metrics?.creditsCommitted(committed * CREDITS_PER_IMAGE, 'sweeper');
  deps.metrics?.creditsRefunded(refunded * CREDITS_PER_IMAGE, 'sweeper');
  const purgedIdempotencyKeys = await deps.store.purgeIdempotency(idempotencyCutoffs(now, deps.leases?.idempotencyMs ?? DEFAULT_IDEMPOTENCY_LEASE_MS));
  return { committed, refunded, purgedIdempotencyKeys };
}

export interface ReservationSweeper {
  /** Stops the timer and waits for a sweep in progress, so the store can be closed after it. */
  stop(): Promise<void>;
}

/**
 * Sweeps now (awaited, so a restarted server gives back a crashed process's
 * credits before it takes new requests) and then every `intervalMs`. The
 * timer is unref'd: it never keeps a process alive on its own.
 */
export async function startReservationSweeper(
  deps: Deps,
  opts: { intervalMs: number; onSwept?(result: SweepResult): void; onError(error: unknown): void },
): Promise<ReservationSweeper> {
  let running: Promise<void> | null = null;
  const sweep = () => {
    // Never two sweeps at once from one process: a slow database must not pile them up.
    running ??= settleReservations(deps)
      .then((result) => opts.onSwept?.(result), opts.onError)
      .finally(() => {
        running = null;
      });
    return running;
  };
  await sweep();
  const timer = setInterval(() => void sweep(), opts.intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
