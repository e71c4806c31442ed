import { randomUUID } from 'node:crypto';
import type { CommitInput, CommitResult, ReserveResult } from './store.js';
import { one, run, type TxBody } from './sql-driver.js';
import { ClaimLost, completeIdempotencyTx } from './idempotency-transactions.js';
import { IMAGE_COLUMNS } from './rows.js';

/**
 * Credit movements. Every one changes `accounts.credits` and appends the
 * matching ledger row in the same transaction, so the balance always equals
 * SUM(ledger.delta). The balance update comes first: on PostgreSQL it takes
 * the account's row lock, which orders concurrent movements on one account.
 */

function* appendLedger(
  accountId: string,
  delta: number,
  balanceAfter: number,
  reason: 'grant' | 'generate' | 'refund',
  reference: string | null,
  now: string,
  expiresAt: string | null = null,
): TxBody<string> {
  const id = randomUUID();
  // A generate row starts as a pending reservation; grants have no state.
  yield* run('INSERT INTO ledger (id, account_id, delta, balance_after, reason, reference, state, expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)', [
    id,
    accountId,
    delta,
    balanceAfter,
    reason,
    reference,
    reason === 'generate' ? 'pending' : null,
    expiresAt,
    now,
  ]);
  return id;
}

export function* grantTx(accountId: string, amount: number, note: string | null, now: string): TxBody<number> {
  const row = yield* one<{ credits: number | string }>('UPDATE accounts SET credits = credits + ? WHERE id = ? AND credits + ? >= 0 RETURNING credits', [
    amount,
    accountId,
    amount,
  ]);
  if (!row) {
    const exists = yield* one<{ credits: number | string }>('SELECT credits FROM accounts WHERE id = ?', [accountId]);
    if (!exists) throw new Error(`account not found: ${accountId}`);
    throw new RangeError(`cannot remove ${-amount} credits: balance is ${Number(exists.credits)}`);
  }
  const balance = Number(row.credits);
  yield* appendLedger(accountId, amount, balance, 'grant', note, now);
  return balance;
}

export function* reserveTx(accountId: string, amount: number, reference: string, now: string, expiresAt: string): TxBody<ReserveResult> {
  const row = yield* one<{ credits: number | string }>('UPDATE accounts SET credits = credits - ? WHERE id = ? AND credits >= ? RETURNING credits', [amount, accountId, amount]);
  if (!row) {
    const current = yield* one<{ credits: number | string }>('SELECT credits FROM accounts WHERE id = ?', [accountId]);
    return { ok: false, balance: current ? Number(current.credits) : 0 };
  }
  const remaining = Number(row.credits);
  const reservationId = yield* appendLedger(accountId, -amount, remaining, 'generate', reference, now, expiresAt);
  return { ok: true, reservationId, previousCredits: remaining + amount, remainingCredits: remaining };
}

export function* commitTx(input: CommitInput, now: string, createdAt: string): TxBody<CommitResult> {
  const { accountId, reservationId, image, idempotency } = input;
  // The lease is checked here too, not only by the sweeper: a request that
  // outlived its lease is never charged, even if no sweeper has run yet.
  const marked = yield* run(
    `UPDATE ledger SET state = 'committed'
     WHERE id = ? AND account_id = ? AND reason = 'generate' AND state = 'pending' AND expires_at > ?`,
    [reservationId, accountId, now],
  );
  if (marked === 0) return 'lapsed';
  yield* run(`INSERT INTO images (${IMAGE_COLUMNS}, reservation_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`, [
    image.id,
    image.accountId,
    image.templateId,
    image.blobKey,
    image.format,
    image.width,
    image.height,
    createdAt,
    reservationId,
  ]);
  if (input.signedRender) {
    yield* run('INSERT INTO signed_renders (account_id, cache_key, image_id, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (account_id, cache_key) DO NOTHING', [
      accountId,
      input.signedRender.cacheKey,
      image.id,
      now,
    ]);
  }
  if (idempotency) {
    const stored = yield* completeIdempotencyTx(accountId, idempotency.key, idempotency.claimId, idempotency.statusCode, idempotency.body, now);
    if (stored === 0) throw new ClaimLost();
  }
  return 'committed';
}

/**
 * pending → refunded, then the refund. The conditional state change is the
 * claim: of a request's own release and any number of sweepers, exactly one
 * moves the row and pays the refund; the others change nothing. It takes the
 * ledger row's lock before the account's, the order every path uses, so a
 * release and a sweeper cannot deadlock on PostgreSQL.
 */
function* refundPendingTx(accountId: string, reservationId: string, now: string, expiredBy: string | null): TxBody<{ released: boolean; balance: number }> {
  const pending = `UPDATE ledger SET state = 'refunded' WHERE id = ? AND account_id = ? AND reason = 'generate' AND state = 'pending'`;
  const released = expiredBy === null ? yield* run(pending, [reservationId, accountId]) : yield* run(`${pending} AND expires_at <= ?`, [reservationId, accountId, expiredBy]);
  if (released === 0) {
    const current = yield* one<{ credits: number | string }>('SELECT credits FROM accounts WHERE id = ?', [accountId]);
    if (!current) throw new Error(`account not found: ${accountId}`);
    return { released: false, balance: Number(current.credits) };
  }
  const reservation = yield* one<{ delta: number | string }>('SELECT delta FROM ledger WHERE id = ?', [reservationId]);
  const amount = -Number(reservation!.delta);
  const row = yield* one<{ credits: number | string }>('UPDATE accounts SET credits = credits + ? WHERE id = ? RETURNING credits', [amount, accountId]);
  const balance = Number(row!.credits);
  // UNIQUE refund_of stays as a second guard: a refund can never be paid twice.
  yield* run(
    `INSERT INTO ledger (id, account_id, delta, balance_after, reason, reference, refund_of, created_at)
     VALUES (?, ?, ?, ?, 'refund', ?, ?, ?)`,
    [randomUUID(), accountId, amount, balance, reservationId, reservationId, now],
  );
  return { released: true, balance };
}

export function* releaseTx(accountId: string, reservationId: string, now: string): TxBody<number> {
  return (yield* refundPendingTx(accountId, reservationId, now, null)).balance;
}

/** 1 when this call refunded the reservation, 0 when it was no longer pending. */
export function* releaseIfPendingTx(accountId: string, reservationId: string, now: string): TxBody<number> {
  return (yield* refundPendingTx(accountId, reservationId, now, null)).released ? 1 : 0;
}

/** Settles one expired reservation; returns what became of it, or null if someone else settled it first. */
export function* settleTx(accountId: string, reservationId: string, now: string): TxBody<'committed' | 'refunded' | null> {
  const recorded = yield* one<{ id: string }>('SELECT id FROM images WHERE reservation_id = ?', [reservationId]);
  if (recorded) {
    const committed = yield* run(`UPDATE ledger SET state = 'committed' WHERE id = ? AND state = 'pending' AND expires_at <= ?`, [reservationId, now]);
    return committed === 1 ? 'committed' : null;
  }
  return (yield* refundPendingTx(accountId, reservationId, now, now)).released ? 'refunded' : null;
}
