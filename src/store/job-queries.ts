import { randomUUID } from 'node:crypto';
import type { BatchRecord, JobRecord, NewBatch, NewJob, WebhookAttempt, WebhookClaim, WebhookSecrets } from './store.js';
import { all, one, run, type SqlDriver } from './sql-driver.js';
import { iso, ts } from './rows.js';

/**
 * The jobs queue and its webhook deliveries, in SQL written once. Every claim
 * is a single conditional UPDATE … RETURNING: PostgreSQL adds FOR UPDATE SKIP
 * LOCKED so concurrent nodes take different rows without waiting on each
 * other; SQLite's one writer (BEGIN IMMEDIATE) makes the same statement atomic.
 */

const JOB_COLUMNS =
  'id, account_id, batch_id, batch_row, state, request, result, runs, claim_id, webhook_url, webhook_state, webhook_due_at, webhook_attempts, webhook_round, created_at, updated_at, finished_at';

type Ts = string | Date;

interface JobRow {
  id: string;
  account_id: string;
  batch_id: string | null;
  batch_row: number | string | null;
  state: JobRecord['state'];
  request: string;
  result: string | null;
  runs: number | string;
  claim_id: string | null;
  webhook_url: string | null;
  webhook_state: JobRecord['webhookState'];
  webhook_due_at: Ts | null;
  webhook_attempts: number | string;
  webhook_round: number | string;
  created_at: Ts;
  updated_at: Ts;
  finished_at: Ts | null;
}

function toJob(row: JobRow): JobRecord {
  return {
    id: row.id,
    accountId: row.account_id,
    batchId: row.batch_id,
    batchRow: row.batch_row === null ? null : Number(row.batch_row),
    state: row.state,
    request: JSON.parse(row.request),
    result: row.result === null ? null : JSON.parse(row.result),
    runs: Number(row.runs),
    claimId: row.claim_id,
    webhookUrl: row.webhook_url,
    webhookState: row.webhook_state,
    webhookDueAt: row.webhook_due_at === null ? null : ts(row.webhook_due_at),
    webhookAttempts: Number(row.webhook_attempts),
    webhookRound: Number(row.webhook_round),
    createdAt: ts(row.created_at),
    updatedAt: ts(row.updated_at),
    finishedAt: row.finished_at === null ? null : ts(row.finished_at),
  };
}

/** `FOR UPDATE SKIP LOCKED` where the database has it: a busy row is left to the node holding it. */
function skipLocked(driver: SqlDriver): string {
  return driver.dialect === 'postgres' ? ' FOR UPDATE SKIP LOCKED' : '';
}

export async function createJob(driver: SqlDriver, job: NewJob): Promise<JobRecord> {
  const now = iso(job.now);
  const row = await driver.transaction(() =>
    one<JobRow>(
      `INSERT INTO jobs (id, account_id, batch_id, state, request, run_at, webhook_url, created_at, updated_at)
       VALUES (?, ?, ?, 'queued', ?, ?, ?, ?, ?) RETURNING ${JOB_COLUMNS}`,
      [job.id, job.accountId, job.batchId ?? null, JSON.stringify(job.request), now, job.webhookUrl, now, now],
    ),
  );
  return toJob(row!);
}

/** A batch's head row is no job: it is never claimed, and GET /jobs/{id} does not show it. */
const NOT_A_BATCH_HEAD = '(batch_row IS NULL OR batch_row > 0)';

/**
 * The head row waits in `running` with its due time at the end of time: a
 * node that does not know batches (during a rolling upgrade) never claims it
 * either, and the runnable index still only holds unfinished rows.
 */
const BATCH_HEAD_RUN_AT = '9999-12-31T23:59:59.999Z';

export async function getJob(driver: SqlDriver, accountId: string, id: string): Promise<JobRecord | null> {
  const [row] = await driver.all<JobRow>(`SELECT ${JOB_COLUMNS} FROM jobs WHERE id = ? AND account_id = ? AND ${NOT_A_BATCH_HEAD}`, [id, accountId]);
  return row ? toJob(row) : null;
}

export async function createBatch(driver: SqlDriver, batch: NewBatch): Promise<void> {
  const now = iso(batch.now);
  await driver.transaction(function* () {
    yield* run(
      `INSERT INTO jobs (id, account_id, batch_id, batch_row, state, request, run_at, webhook_url, created_at, updated_at)
       VALUES (?, ?, ?, 0, 'running', ?, ?, ?, ?, ?)`,
      [batch.id, batch.accountId, batch.id, JSON.stringify(batch.request), iso(BATCH_HEAD_RUN_AT), batch.webhookUrl, now, now],
    );
    for (const [index, request] of batch.items.entries()) {
      yield* run(
        `INSERT INTO jobs (id, account_id, batch_id, batch_row, state, request, run_at, webhook_url, created_at, updated_at)
         VALUES (?, ?, ?, ?, 'queued', ?, ?, NULL, ?, ?)`,
        [`${batch.id}_${index + 1}`, batch.accountId, batch.id, index + 1, JSON.stringify(request), now, now, now],
      );
    }
  });
}

export async function getBatch(driver: SqlDriver, accountId: string, id: string): Promise<BatchRecord | null> {
  const rows = await driver.all<JobRow>(`SELECT ${JOB_COLUMNS} FROM jobs WHERE batch_id = ? AND account_id = ? ORDER BY batch_row`, [id, accountId]);
  const [head, ...items] = rows.map(toJob);
  return head?.batchRow === 0 ? { head, items } : null;
}

export async function claimJobs(driver: SqlDriver, input: { claimId: string; now: string; leaseUntil: string; limit: number }): Promise<JobRecord[]> {
  const now = iso(input.now);
  const until = iso(input.leaseUntil);
  // Queued and due, or running with a lapsed lease: run_at is the due time or the lease's end.
  const rows = await driver.transaction(() =>
    all<JobRow>(
      `UPDATE jobs SET state = 'running', claim_id = ?, run_at = ?, runs = runs + 1, updated_at = ?
       WHERE id IN (
         SELECT id FROM jobs WHERE state IN ('queued', 'running') AND run_at <= ? AND ${NOT_A_BATCH_HEAD}
         ORDER BY run_at, created_at, batch_row LIMIT ?${skipLocked(driver)}
       ) RETURNING ${JOB_COLUMNS}`,
      [input.claimId, until, now, now, input.limit],
    ),
  );
  // A batch's items share their creation time: they run in row order.
  return rows.map(toJob).sort((a, b) => a.createdAt.localeCompare(b.createdAt) || (a.batchRow ?? 0) - (b.batchRow ?? 0));
}

export async function finishJob(driver: SqlDriver, input: { id: string; claimId: string; state: 'succeeded' | 'failed'; result: unknown; now: string }): Promise<boolean> {
  const now = iso(input.now);
  // Finishing sets the outcome and, with a webhook URL, makes its delivery due now.
  const finish = `UPDATE jobs SET state = ?, result = ?, finished_at = ?, updated_at = ?, claim_id = NULL,
       webhook_state = CASE WHEN webhook_url IS NULL THEN NULL ELSE 'pending' END,
       webhook_due_at = CASE WHEN webhook_url IS NULL THEN webhook_due_at ELSE ? END`;
  return driver.transaction(function* () {
    const batch = yield* one<{ batch_id: string | null }>('SELECT batch_id FROM jobs WHERE id = ?', [input.id]);
    const batchId = batch?.batch_id ?? null;
    // Items finishing at once on several nodes queue on the head row's lock, so the last one's check below
    // (a fresh snapshot per statement under READ COMMITTED) sees every other item settled: the batch ends once.
    if (batchId !== null) yield* run('UPDATE jobs SET updated_at = updated_at WHERE id = ? AND batch_row = 0', [batchId]);
    const changed = yield* run(`${finish} WHERE id = ? AND state = 'running' AND claim_id = ?`, [
      input.state,
      JSON.stringify(input.result),
      now,
      now,
      now,
      input.id,
      input.claimId,
    ]);
    if (changed === 1 && batchId !== null) {
      yield* run(
        `${finish} WHERE id = ? AND batch_row = 0 AND state = 'running'
           AND NOT EXISTS (SELECT 1 FROM jobs WHERE batch_id = ? AND batch_row > 0 AND state IN ('queued', 'running'))`,
        ['succeeded', null, now, now, now, batchId, batchId],
      );
    }
    return changed === 1;
  });
}

export async function requeueJob(driver: SqlDriver, input: { id: string; claimId: string; runAt: string; now: string }): Promise<boolean> {
  const runAt = iso(input.runAt);
  const now = iso(input.now);
  const changed = await driver.transaction(() =>
    run(`UPDATE jobs SET state = 'queued', run_at = ?, claim_id = NULL, updated_at = ? WHERE id = ? AND state = 'running' AND claim_id = ?`, [runAt, now, input.id, input.claimId]),
  );
  return changed === 1;
}

export async function claimWebhookDeliveries(driver: SqlDriver, input: { now: string; leaseUntil: string; limit: number }): Promise<WebhookClaim[]> {
  const now = iso(input.now);
  const until = iso(input.leaseUntil);
  const claimId = randomUUID();
  // The claim moves the due time to the lease's end: a node dying mid-delivery leaves it due again then.
  const rows = await driver.transaction(() =>
    all<JobRow>(
      `UPDATE jobs SET webhook_due_at = ?, webhook_claim_id = ?
       WHERE id IN (
         SELECT id FROM jobs WHERE webhook_state = 'pending' AND webhook_due_at <= ?
         ORDER BY webhook_due_at LIMIT ?${skipLocked(driver)}
       ) RETURNING ${JOB_COLUMNS}`,
      [until, claimId, now, input.limit],
    ),
  );
  return rows.map((row) => ({ job: toJob(row), claimId }));
}

export async function recordWebhookAttempt(
  driver: SqlDriver,
  input: {
    jobId: string;
    claimId: string;
    attempt: Omit<WebhookAttempt, 'attempt'>;
    next: { state: 'pending'; dueAt: string } | { state: 'delivered' | 'failed' };
  },
): Promise<boolean> {
  const at = iso(input.attempt.at);
  const dueAt = input.next.state === 'pending' ? iso(input.next.dueAt) : null;
  return driver.transaction(function* () {
    const row = yield* one<{ webhook_attempts: number | string }>(
      `UPDATE jobs SET webhook_attempts = webhook_attempts + 1, webhook_round = webhook_round + 1,
         webhook_state = ?, webhook_due_at = ?, webhook_claim_id = NULL, updated_at = ?
       WHERE id = ? AND webhook_claim_id = ? RETURNING webhook_attempts`,
      [input.next.state, dueAt, at, input.jobId, input.claimId],
    );
    if (!row) return false;
    yield* run('INSERT INTO webhook_attempts (job_id, attempt, attempted_at, status_code, error, duration_ms) VALUES (?, ?, ?, ?, ?, ?)', [
      input.jobId,
      Number(row.webhook_attempts),
      at,
      input.attempt.statusCode,
      input.attempt.error,
      Math.max(0, Math.round(input.attempt.durationMs)),
    ]);
    return true;
  });
}

export async function listWebhookAttempts(driver: SqlDriver, jobId: string): Promise<WebhookAttempt[]> {
  const rows = await driver.all<{ attempt: number | string; attempted_at: Ts; status_code: number | string | null; error: string | null; duration_ms: number | string }>(
    'SELECT attempt, attempted_at, status_code, error, duration_ms FROM webhook_attempts WHERE job_id = ? ORDER BY attempt',
    [jobId],
  );
  return rows.map((r) => ({
    attempt: Number(r.attempt),
    at: ts(r.attempted_at),
    statusCode: r.status_code === null ? null : Number(r.status_code),
    error: r.error,
    durationMs: Number(r.duration_ms),
  }));
}

export async function redeliverWebhook(driver: SqlDriver, accountId: string, jobId: string, now: string): Promise<JobRecord | null> {
  const at = iso(now);
  const row = await driver.transaction(() =>
    one<JobRow>(
      `UPDATE jobs SET webhook_state = 'pending', webhook_due_at = ?, webhook_round = 0, updated_at = ?
       WHERE id = ? AND account_id = ? AND webhook_url IS NOT NULL AND state IN ('succeeded', 'failed')
       RETURNING ${JOB_COLUMNS}`,
      [at, at, jobId, accountId],
    ),
  );
  return row ? toJob(row) : null;
}

interface SecretRow {
  secret: string;
  previous_secret: string | null;
  previous_until: Ts | null;
  created_at: Ts;
}

function toSecrets(row: SecretRow, now: string): WebhookSecrets {
  const previousLive = row.previous_secret !== null && row.previous_until !== null && ts(row.previous_until) > now;
  return { secret: row.secret, previous: previousLive ? row.previous_secret : null, createdAt: ts(row.created_at) };
}

export async function rotateWebhookSecret(driver: SqlDriver, input: { accountId: string; secret: string; previousUntil: string; now: string }): Promise<WebhookSecrets> {
  const now = iso(input.now);
  const until = iso(input.previousUntil);
  const row = await driver.transaction(() =>
    one<SecretRow>(
      `INSERT INTO webhook_secrets (account_id, secret, created_at) VALUES (?, ?, ?)
       ON CONFLICT (account_id) DO UPDATE SET previous_secret = webhook_secrets.secret, previous_until = ?,
         secret = excluded.secret, created_at = excluded.created_at
       RETURNING secret, previous_secret, previous_until, created_at`,
      [input.accountId, input.secret, now, until],
    ),
  );
  return toSecrets(row!, now);
}

export async function getWebhookSecrets(driver: SqlDriver, accountId: string, now: string): Promise<WebhookSecrets | null> {
  const [row] = await driver.all<SecretRow>('SELECT secret, previous_secret, previous_until, created_at FROM webhook_secrets WHERE account_id = ?', [accountId]);
  return row ? toSecrets(row, iso(now)) : null;
}
