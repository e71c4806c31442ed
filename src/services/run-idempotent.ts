import { createHash } from 'node:crypto';
import { canonicalJson } from '../domain/canonical-json.js';
import { ApiError, type ErrorCode } from '../domain/errors.js';
import type { ServiceDeps } from './service-deps.js';

/** Stripe's window: a key may be replayed for 24 hours. */
const RETENTION_MS = 24 * 60 * 60 * 1000;

type Stored = { kind: 'success'; body: unknown } | { kind: 'error'; code: ErrorCode; message: string };

export interface IdempotentOutcome<T> {
  body: T;
  replayed: boolean;
}

/**
 * Stripe's semantics for `Idempotency-Key`: the first request's outcome is
 * stored and replayed for the same body; a different body is a client bug
 * (422); a retry racing the original gets 409 instead of a second charge.
 * Outcomes that say nothing about the request's effect are not stored:
 * validation failures (400) and server-side failures (5xx) leave the key free
 * so a corrected or later retry can run.
 */
export async function runIdempotent<T>(
  deps: Pick<ServiceDeps, 'store' | 'now'>,
  accountId: string,
  key: string,
  requestBody: unknown,
  run: () => Promise<T>,
): Promise<IdempotentOutcome<T>> {
  const now = deps.now();
  const hash = createHash('sha256').update(canonicalJson(requestBody)).digest('hex');
  const expiresBefore = new Date(Date.parse(now) - RETENTION_MS).toISOString();
  const claim = await deps.store.beginIdempotency(accountId, key, hash, now, expiresBefore);
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
  try {
    const body = await run();
    await deps.store.completeIdempotency(accountId, key, 200, { kind: 'success', body } satisfies Stored, deps.now());
    return { body, replayed: false };
  } catch (error) {
    if (error instanceof ApiError && error.statusCode !== 400 && error.statusCode !== 429 && error.statusCode < 500) {
      await deps.store.completeIdempotency(accountId, key, error.statusCode, { kind: 'error', code: error.code, message: error.message } satisfies Stored, deps.now());
    } else {
      await deps.store.abandonIdempotency(accountId, key);
    }
    throw error;
  }
}
