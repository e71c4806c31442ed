import { createHash } from 'node:crypto';
import { canonicalJson } from '../domain/canonical-json.js';
import { ApiError, type ErrorCode } from '../domain/errors.js';
import type { ServiceDeps } from './service-deps.js';

/** Stripe's window: a key may be replayed for 24 hours. */
export const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60 * 1000;
/** How long an in-flight claim holds its key when the server running it dies. */
export const DEFAULT_IDEMPOTENCY_LEASE_MS = 120_000;

type Stored = { kind: 'success'; body: unknown } | { kind: 'error'; code: ErrorCode; message: string };

/**
 * The claim a running request holds. The paid use case stores its success
 * outcome in the same transaction as its charge, so a crash between the two
 * can never leave a charge whose retry would pay again.
 */
export interface IdempotencyClaim {
  key: string;
  claimId: string;
  /** The stored form of a 200 whose body is `body`. */
  successOutcome(body: unknown): { statusCode: number; body: unknown };
}

export function idempotencyCutoffs(now: string, leaseMs: number): { inFlightBefore: string; completedBefore: string } {
  const at = Date.parse(now);
  return {
    inFlightBefore: new Date(at - leaseMs).toISOString(),
    completedBefore: new Date(at - IDEMPOTENCY_RETENTION_MS).toISOString(),
  };
}

export interface IdempotentOutcome<T> {
  body: T;
  replayed: boolean;
}

/**
 * Stripe's semantics for `Idempotency-Key`: the first request's outcome is
 * stored and replayed for the same body; a different body is a client bug
 * (422); a retry racing the original gets 409 instead of a second charge.
 * Outcomes that say nothing about the request's effect are not stored:
 * validation failures (400), rate limits (429), a request dropped because its
 * client hung up (499) and server-side failures (5xx) leave the key free so a
 * corrected or later retry can run.
 */
export async function runIdempotent<T>(
  deps: Pick<ServiceDeps, 'store' | 'now' | 'leases'>,
  accountId: string,
  key: string,
  requestBody: unknown,
  run: (claim: IdempotencyClaim) => Promise<T>,
  /** false: a failure never stores its outcome, so the next request runs again (signed URLs, whose failures may be transient). */
  keepErrors = true,
): Promise<IdempotentOutcome<T>> {
  const now = deps.now();
  const hash = createHash('sha256').update(canonicalJson(requestBody)).digest('hex');
  const leaseMs = deps.leases?.idempotencyMs ?? DEFAULT_IDEMPOTENCY_LEASE_MS;
  const claim = await deps.store.beginIdempotency(accountId, key, hash, now, idempotencyCutoffs(now, leaseMs));
  if (claim.state === 'in_flight') {
    throw new ApiError('idempotency_key_in_use', 'A request with this Idempotency-Key is still being processed. Retry after it completes.');
  }
  if (claim.state === 'mismatch') {
    throw new ApiError('idempotency_key_reused', 'This Idempotency-Key was already used with a different request body. Use a new key for a new request.');
  }
  if (claim.state === 'replay') {
    const stored = claim.body as Stored;
    if (stored.kind === 'error') throw new ApiError(stored.code, stored.message, { headers: { 'Idempotent-Replayed': 'true' } });
    return { body: stored.body as T, replayed: true };
  }
  const { claimId } = claim;
  const held: IdempotencyClaim = {
    key,
    claimId,
    successOutcome: (body) => ({ statusCode: 200, body: { kind: 'success', body } satisfies Stored }),
  };
  try {
    const body = await run(held);
    // Usually already stored with the charge; storing it again is the same write, for runs that charge nothing.
    await deps.store.completeIdempotency(accountId, key, claimId, 200, { kind: 'success', body } satisfies Stored, deps.now());
    return { body, replayed: false };
  } catch (error) {
    if (keepErrors && error instanceof ApiError && error.statusCode !== 400 && error.statusCode !== 429 && error.statusCode < 499) {
      await deps.store.completeIdempotency(accountId, key, claimId, error.statusCode, { kind: 'error', code: error.code, message: error.message } satisfies Stored, deps.now());
    } else {
      await deps.store.abandonIdempotency(accountId, key, claimId);
    }
    throw error;
  }
}
