import { one, run } from './sql-driver.js';
/**
 * Claims (account, key). Race safety comes from the primary key, not from a
 * read-then-write: INSERT … ON CONFLICT DO NOTHING lets exactly one of two
 * concurrent callers insert, and the expired-row takeover is a conditional
 * UPDATE that only one caller can win.
 */
export function* beginIdempotencyTx(accountId, key, requestHash, now, expiresBefore) {
    // A row can vanish between the conflict and the read (abandoned by its
    // owner); then the key is free again, so try once more.
    for (let attempt = 0; attempt < 3; attempt++) {
        const inserted = yield* run(`INSERT INTO idempotency (account_id, key, request_hash, state, created_at)
       VALUES (?, ?, ?, 'in_flight', ?) ON CONFLICT (account_id, key) DO NOTHING`, [accountId, key, requestHash, now]);
        if (inserted === 1)
            return { state: 'started' };
        const takenOver = yield* run(`UPDATE idempotency SET request_hash = ?, state = 'in_flight', status_code = NULL, body = NULL,
         created_at = ?, completed_at = NULL
       WHERE account_id = ? AND key = ? AND created_at < ?`, [requestHash, now, accountId, key, expiresBefore]);
        if (takenOver === 1)
            return { state: 'started' };
        const row = yield* one('SELECT request_hash, state, status_code, body FROM idempotency WHERE account_id = ? AND key = ?', [accountId, key]);
        if (!row)
            continue;
        if (row.request_hash !== requestHash)
            return { state: 'mismatch' };
        if (row.state !== 'completed')
            return { state: 'in_flight' };
        return {
            state: 'replay',
            statusCode: Number(row.status_code),
            body: row.body === null ? null : JSON.parse(row.body),
        };
    }
    // Claimed and released repeatedly under us: report it as busy rather than spin.
    return { state: 'in_flight' };
}
export function* completeIdempotencyTx(accountId, key, statusCode, body, now) {
    const text = body === undefined ? null : JSON.stringify(body);
    yield* run(`UPDATE idempotency SET state = 'completed', status_code = ?, body = ?, completed_at = ?
     WHERE account_id = ? AND key = ?`, [statusCode, text, now, accountId, key]);
}
//# sourceMappingURL=idempotency-transactions.js.map