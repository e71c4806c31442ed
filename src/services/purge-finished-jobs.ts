import type { ServiceDeps } from './service-deps.js';

/**
 * How long a finished async job or batch stays readable (GET /jobs/{id}, GET /batches/{id}). Each keeps
 * its outcome, about 400 bytes, and at the submit limits one account's failing items added about 20 MB
 * a minute for good. A month covers any integration's polling and a webhook's whole retry schedule;
 * the images themselves stay in the account's history.
 */
export const DEFAULT_JOB_RETENTION_DAYS = 30;

/** Rows one transaction deletes: a purge never holds the write lock for long. */
const PURGE_BATCH = 1_000;

/** Deletes what finished more than `retentionDays` ago (none when 0); returns the rows deleted. `stopping`: end between two batches. */
export async function purgeFinishedJobs(deps: Pick<ServiceDeps, 'store' | 'now'>, retentionDays: number, stopping: () => boolean = () => false): Promise<number> {
  if (retentionDays <= 0) return 0;
  const before = new Date(Date.parse(deps.now()) - retentionDays * 86_400_000).toISOString();
  let total = 0;
  while (!stopping()) {
    const deleted = await deps.store.purgeFinishedJobs(before, PURGE_BATCH);
    total += deleted;
    if (deleted === 0) return total;
    // Requests go between two batches.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return total;
}
