import type { LedgerReportRow } from '../store/store.js';
import type { ServiceDeps } from './service-deps.js';

export interface AccountLedgerCheck extends LedgerReportRow {
  /** grants − committed − pending: what the balance must be. */
  expectedBalance: number;
  problems: string[];
}

export interface LedgerCheck {
  ok: boolean;
  checkedAt: string;
  /** A pending reservation older than this is stuck: lease + one sweep interval. */
  stalePendingAfterSeconds: number;
  accounts: AccountLedgerCheck[];
}

/**
 * The ledger's invariants, per account, over its rows:
 *   balance = grants − committed − pending
 * where grants is the signed sum of grant rows and committed/pending/refunded
 * are the credits of generate rows in that state; refund rows must exactly
 * repay the refunded charges (so balance also equals the sum of all deltas),
 * and no reservation may stay pending longer than its lease plus one sweep.
 */
export async function checkLedger(deps: Pick<ServiceDeps, 'store' | 'now'>, opts: { stalePendingMs: number }): Promise<LedgerCheck> {
  const checkedAt = deps.now();
  const staleBefore = Date.parse(checkedAt) - opts.stalePendingMs;
  const accounts = (await deps.store.ledgerReport()).map((row): AccountLedgerCheck => {
    const expectedBalance = row.grants - row.committed - row.pending;
    const problems: string[] = [];
    if (row.balance !== expectedBalance) {
      problems.push(`balance ${row.balance} ≠ grants ${row.grants} − committed ${row.committed} − pending ${row.pending} = ${expectedBalance}`);
    }
    if (row.refunds !== row.refundedCharges) {
      problems.push(`refund rows total ${row.refunds} but refunded charges total ${row.refundedCharges}`);
    }
    if (row.strayRefunds > 0) problems.push(`${row.strayRefunds} refund row(s) repay a charge that is not refunded`);
    if (row.oldestPendingAt !== null && Date.parse(row.oldestPendingAt) < staleBefore) {
      problems.push(`a reservation has been pending since ${row.oldestPendingAt}, longer than the lease plus one sweep (${opts.stalePendingMs / 1000} s)`);
    }
    return { ...row, expectedBalance, problems };
  });
  return {
    ok: accounts.every((a) => a.problems.length === 0),
    checkedAt,
    stalePendingAfterSeconds: opts.stalePendingMs / 1000,
    accounts,
  };
}
