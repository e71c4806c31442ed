import { ApiError, errorBodyOf } from '../domain/errors.js';
import type { JobRecord } from '../store/store.js';
import { DEFAULT_RESERVATION_LEASE_MS, generateImage, type GenerateInput } from './generate-image.js';
import { DEFAULT_IDEMPOTENCY_LEASE_MS, runIdempotent } from './run-idempotent.js';
import type { ServiceDeps } from './service-deps.js';
import { CREDITS_PER_IMAGE } from '../domain/credits.js';

/** A job that failed on our side this many times (crashed nodes included) fails for good. */
export const MAX_JOB_RUNS = 8;
const MAX_BACKOFF_MS = 60_000;

/**
 * How long a claim holds a job. What makes a job charged at most once is its
 * idempotency claim (below), which the charge commits with; this lease only
 * decides when a re-run may start. Longer than the reservation's lease and the
 * idempotency claim's, so a node re-claiming the job of a dead one usually
 * finds the old claim lapsed and takes the key over at once.
 */
export function jobLeaseMs(deps: Pick<ServiceDeps, 'leases'>): number {
  return Math.max(deps.leases?.reservationMs ?? DEFAULT_RESERVATION_LEASE_MS, deps.leases?.idempotencyMs ?? DEFAULT_IDEMPOTENCY_LEASE_MS) + 1_000;
}

/**
 * Each job's run goes through the Idempotency-Key machinery under a key of
 * its own, which the charge commits with in one transaction. A re-run after a
 * crash then replays the committed outcome instead of paying twice. A newline
 * can never be in a header, so no client key can collide with it.
 */
export function jobIdempotencyKey(jobId: string): string {
  return `\njob:${jobId}`;
}

type Outcome = { state: 'succeeded' | 'failed'; result: unknown } | { state: 'retry'; afterMs: number };

/** Our side failed (5xx, the database, a crash): worth running again. The request's own failures (4xx) are final. */
function outcomeOf(deps: Pick<ServiceDeps, 'now' | 'leases'>, job: JobRecord, error: unknown): Outcome {
  const now = deps.now();
  if (error instanceof ApiError && error.code === 'idempotency_key_in_use') {
    // An earlier run (a node that died) still holds the key: retry once its claim has lapsed.
    return { state: 'retry', afterMs: (deps.leases?.idempotencyMs ?? DEFAULT_IDEMPOTENCY_LEASE_MS) / 4 };
  }
  if (error instanceof ApiError && error.statusCode < 500) return { state: 'failed', result: errorBodyOf(error, job.id, now) };
  if (job.runs < MAX_JOB_RUNS) return { state: 'retry', afterMs: Math.min(MAX_BACKOFF_MS, 1000 * 2 ** (job.runs - 1)) };
  const final = error instanceof ApiError ? error : new ApiError('internal_error', `The job failed ${job.runs} times on the server's side and was given up.`);
  return { state: 'failed', result: errorBodyOf(final, job.id, now) };
}

/**
 * A run before this one died (or stalls) holding a reservation under the job's id. It can no longer be
 * charged: this run holds the job's idempotency key now, and a charge commits only under its own claim of
 * it. So its credit comes back here, not when its lease ends and a sweep finds it: meanwhile it held the
 * credit this run needs, and an account with one credit got a 402 and the job failed for good.
 */
async function releaseEarlierRuns(deps: ServiceDeps, accountId: string, jobId: string): Promise<void> {
  const released = await deps.store.releasePendingReservations(accountId, jobId, deps.now());
  if (released > 0) deps.metrics?.creditsRefunded(released * CREDITS_PER_IMAGE, 'request');
}

/**
 * Runs one claimed job through the synchronous generate (same checks, same
 * reserve/commit, the job id as the ledger reference) and records its outcome
 * if the claim still holds.
 */
export async function runJob(deps: ServiceDeps, job: JobRecord, claimId: string, onError: (error: unknown) => void = () => {}): Promise<void> {
  const startedAt = performance.now();
  let outcome: Outcome;
  try {
    const account = await deps.store.getAccount(job.accountId);
    if (!account) throw new ApiError('not_found', 'The account of this job no longer exists.');
    const input = job.request as GenerateInput;
    const { body } = await runIdempotent(deps, account.id, jobIdempotencyKey(job.id), input, async (claim) => {
      if (job.runs > 1) await releaseEarlierRuns(deps, account.id, job.id);
      return generateImage(deps, account, input, job.id, startedAt, claim);
    });
    outcome = { state: 'succeeded', result: body };
  } catch (error) {
    if (!(error instanceof ApiError) || error.statusCode >= 500) onError(error);
    outcome = outcomeOf(deps, job, error);
  }
  const now = deps.now();
  if (outcome.state === 'retry') {
    await deps.store.requeueJob({ id: job.id, claimId, runAt: new Date(Date.parse(now) + outcome.afterMs).toISOString(), now });
  } else {
    if (await deps.store.finishJob({ id: job.id, claimId, state: outcome.state, result: outcome.result, now })) {
      deps.metrics?.jobFinished(outcome.state, job.batchId === null ? 'job' : 'batch_item');
    }
  }
}
