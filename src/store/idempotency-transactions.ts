import { randomUUID } from 'node:crypto';
import type { IdempotencyBegin, IdempotencyCutoffs } from './store.js';
import { one, run, type TxBody } from './sql-driver.js';

interface IdempotencyRow {
  request_hash: string;
  state: string;
  status_code: number | string | null;
  body: string | null;
}

/**
 * Claims (account, key). Race safety comes from the primary key, not from a
 * read-then-write: INSERT … ON CONFLICT DO NOTHING lets exactly one of two
 * concurrent callers insert, and the expired-row takeover is a conditional
 * UPDATE that only one caller can win.
 */
export function* beginIdempotencyTx(accountId: string, key: string, requestHash: string, now: string, cutoffs: IdempotencyCutoffs): TxBody<IdempotencyBegin> {
  const claimId = randomUUID();
  // A row can vanish between the conflict and the read (abandoned by its
  // owner); then the key is free again, so try once more.
  for (let attempt = 0; attempt < 3; attempt++) {
    const inserted = yield* run(
      `INSERT INTO idempotency (account_id, key, request_hash, state, claim_id, created_at)
       VALUES (?, ?, ?, 'in_flight', ?, ?) ON CONFLICT (account_id, key) DO NOTHING`,
      [accountId, key, requestHash, claimId, now],
    );
    if (inserted === 1) return { state: 'started', claimId };

    // A claim whose owner crashed (or stalled past its lease) is free, as is any row past the replay window.
    const takenOver = yield* run(
      `UPDATE idempotency SET request_hash = ?, state = 'in_flight', status_code = NULL, body = NULL,
         claim_id = ?, created_at = ?, completed_at = NULL
       WHERE account_id = ? AND key = ? AND ((state = 'in_flight' AND created_at < ?) OR created_at < ?)`,
      [requestHash, claimId, now, accountId, key, cutoffs.inFlightBefore, cutoffs.completedBefore],
    );
    if (takenOver === 1) return { state: 'started', claimId };

    const row = yield* one<IdempotencyRow>('SELECT request_hash, state, status_code, body FROM idempotency WHERE account_id = ? AND key = ?', [accountId, key]);
    if (!row) continue;
    if (row.request_hash !== requestHash) return { state: 'mismatch' };
    if (row.state !== 'completed') return { state: 'in_flight' };
    return {
      state: 'replay',
      statusCode: Number(row.status_code),
      body: row.body === null ? null : JSON.parse(row.body),
    };
  }
  // Claimed and released repeatedly under us: report it as busy rather than spin.
  return { state: 'in_flight' };
}

/** Thrown inside a transaction to roll it back when the idempotency claim is no longer ours. */
export class ClaimLost extends Error {}

export function isClaimLost(error: unknown): boolean {
  return error instanceof ClaimLost;
}

/** Returns 1 when stored, 0 when the claim is no longer this request's (taken over after its lease). */
export function* completeIdempotencyTx(accountId: string, key: string, claimId: string, statusCode: number, body: unknown, now: string): TxBody<number> {
  const text = body === undefined ? null : JSON.stringify(body);
  return yield* run(
    `UPDATE idempotency SET state = 'completed', status_code = ?, body = ?, completed_at = ?
     WHERE account_id = ? AND key = ? AND claim_id = ?`,
    [statusCode, text, now, accountId, key, claimId],
  );
}
