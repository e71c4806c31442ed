import { randomUUID } from 'node:crypto';
import { one, run } from './sql-driver.js';
/**
 * Credit movements. Every one changes `accounts.credits` and appends the
 * matching ledger row in the same transaction, so the balance always equals
 * SUM(ledger.delta). The balance update comes first: on PostgreSQL it takes
 * the account's row lock, which orders concurrent movements on one account.
 */
function* appendLedger(accountId, delta, balanceAfter, reason, reference, now) {
    const id = randomUUID();
    yield* run('INSERT INTO ledger (id, account_id, delta, balance_after, reason, reference, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)', [id, accountId, delta, balanceAfter, reason, reference, now]);
    return id;
}
export function* grantTx(accountId, amount, note, now) {
    const row = yield* one('UPDATE accounts SET credits = credits + ? WHERE id = ? AND credits + ? >= 0 RETURNING credits', [amount, accountId, amount]);
    if (!row) {
        const exists = yield* one('SELECT credits FROM accounts WHERE id = ?', [accountId]);
        if (!exists)
            throw new Error(`account not found: ${accountId}`);
        throw new RangeError(`cannot remove ${-amount} credits: balance is ${Number(exists.credits)}`);
    }
    const balance = Number(row.credits);
    yield* appendLedger(accountId, amount, balance, 'grant', note, now);
    return balance;
}
export function* debitTx(accountId, amount, reference, now) {
    const row = yield* one('UPDATE accounts SET credits = credits - ? WHERE id = ? AND credits >= ? RETURNING credits', [amount, accountId, amount]);
    if (!row) {
        const current = yield* one('SELECT credits FROM accounts WHERE id = ?', [accountId]);
        return { ok: false, balance: current ? Number(current.credits) : 0 };
    }
    const remaining = Number(row.credits);
    const entryId = yield* appendLedger(accountId, -amount, remaining, 'generate', reference, now);
    return { ok: true, entryId, previousCredits: remaining + amount, remainingCredits: remaining };
}
export function* refundTx(accountId, debitEntryId, now) {
    const debit = yield* one("SELECT delta, reference FROM ledger WHERE id = ? AND account_id = ? AND reason = 'generate'", [debitEntryId, accountId]);
    if (!debit)
        throw new Error(`no debit ${debitEntryId} for account ${accountId}`);
    const amount = -Number(debit.delta);
    // Claim the refund first: the UNIQUE refund_of makes a concurrent second
    // refund wait for this one and then insert nothing, so it can never double-credit.
    const refundId = randomUUID();
    const claimed = yield* run(`INSERT INTO ledger (id, account_id, delta, balance_after, reason, reference, refund_of, created_at)
     VALUES (?, ?, ?, 0, 'refund', ?, ?, ?) ON CONFLICT (refund_of) DO NOTHING`, [refundId, accountId, amount, debitEntryId, debitEntryId, now]);
    if (claimed === 0) {
        const current = yield* one('SELECT credits FROM accounts WHERE id = ?', [accountId]);
        return Number(current?.credits ?? 0);
    }
    const row = yield* one('UPDATE accounts SET credits = credits + ? WHERE id = ? RETURNING credits', [amount, accountId]);
    const balance = Number(row?.credits);
    yield* run('UPDATE ledger SET balance_after = ? WHERE id = ?', [balance, refundId]);
    return balance;
}
//# sourceMappingURL=credit-transactions.js.map