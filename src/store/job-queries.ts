import { randomUUID } from 'node:crypto';
import { ClaimLost, completeIdempotencyTx, isClaimLost } from './idempotency-transactions.js';
import {
  type BatchRecord,
  type IdempotencyOutcomeWrite,
  type JobRecord,
  type NewBatch,
  type NewJob,
  WEBHOOK_ATTEMPTS_KEPT,
  type WebhookAttempt,
  type WebhookClaim,
  type WebhookSecrets,
} from './store.js';
import { all, one, run, type SqlDriver, type TxBody } from './sql-driver.js';
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

export async function createJob(driver: SqlDriver, job: NewJob): Promise<JobRecord | null> {
  const now = iso(job.now);
  try {
    const row = await driver.transaction(function* () {
      const created = yield* one<JobRow>(
        `INSERT INTO jobs (id, account_id, batch_id, state, request, run_at, webhook_url, created_at, updated_at)
         VALUES (?, ?, ?, 'queued', ?, ?, ?, ?, ?) RETURNING ${JOB_COLUMNS}`,
        [job.id, job.accountId, job.batchId ?? null, JSON.stringify(job.request), now, job.webhookUrl, now, now],
      );
      yield* storeOutcome(job.accountId, job.idempotency, now);
      return created;
    });
    return toJob(row!);
  } catch (error) {
    if (isClaimLost(error)) return null;
    throw error;
  }
}

/** Stores a claim's outcome inside the transaction that queues its work; a claim lost meanwhile rolls the work back. */
function* storeOutcome(accountId: string, idempotency: IdempotencyOutcomeWrite | undefined, now: string): TxBody<void> {
  if (!idempotency) return;
  const stored = yield* completeIdempotencyTx(accountId, idempotency.key, idempotency.claimId, idempotency.statusCode, idempotency.body, now);
  if (stored === 0) throw new ClaimLost();
}

const DONE = "state IN ('succeeded', 'failed') AND (webhook_state IS NULL OR webhook_state <> 'pending')";

export async function purgeFinishedJobs(driver: SqlDriver, before: string, limit: number): Promise<number> {
  const at = iso(before);
  // The outer condition is checked again on each row as it is deleted: under PostgreSQL's READ COMMITTED
  // a redelivery committed meanwhile (webhook_state back to pending) would otherwise be deleted unsent.
  return driver.transaction(function* () {
    const single = yield* run(`DELETE FROM jobs WHERE id IN (SELECT id FROM jobs WHERE ${DONE} AND finished_at < ? AND batch_id IS NULL LIMIT ?) AND ${DONE}`, [at, limit]);
    // A batch goes whole, once its head row has finished (after its last item) and delivered its webhook.
    const heads = yield* all<{ batch_id: string }>(
      `DELETE FROM jobs WHERE id IN (SELECT id FROM jobs WHERE ${DONE} AND finished_at < ? AND batch_row = 0 LIMIT ?) AND ${DONE} RETURNING batch_id`,
      [at, Math.max(1, Math.floor(limit / 500))],
    );
    let items = 0;
    for (const head of heads) items += yield* run('DELETE FROM jobs WHERE batch_id = ?', [head.batch_id]);
    return single + heads.length + items;
  });
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

export async function countUnfinishedJobs(driver: SqlDriver, accountId: string): Promise<number> {
  const [row] = await driver.all<{ n: number | string }>(`SELECT COUNT(*) AS n FROM jobs WHERE account_id = ? AND state IN ('queued', 'running') AND ${NOT_A_BATCH_HEAD}`, [
    accountId,
  ]);
  return Number(row?.n ?? 0);
}

export async function createBatch(driver: SqlDriver, batch: NewBatch): Promise<boolean> {
  const now = iso(batch.now);
  try {
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
      yield* storeOutcome(batch.accountId, batch.idempotency, now);
    });
  } catch (error) {
    if (isClaimLost(error)) return false;
    throw error;
  }
  return true;
}

export async function getBatch(driver: SqlDriver, accountId: string, id: string): Promise<BatchRecord | null> {
  const rows = await driver.all<JobRow>(`SELECT ${JOB_COLUMNS} FROM jobs WHERE batch_id = ? AND account_id = ? ORDER BY batch_row`, [id, accountId]);
  const [head, ...items] = rows.map(toJob);
  return head?.batchRow === 0 ? { head, items } : null;
}

/**
 * Which due rows a claim takes, fairly between accounts: the jobs to run, or
 * the webhooks to send. Each due row's turn is its place in its account's own
 * queue plus the rows that account already has under a live lease on any
 * node, so one account's batch of a thousand items (or a thousand webhooks to
 * a receiver that hangs) cannot make another account's single one wait behind
 * it. Among accounts whose turn is equal, the one whose last claim is oldest
 * goes first (claim_turns), then the row due longest: ordered by due time
 * alone, three accounts' batches, older than a fourth account's job, won
 * every tie while they held the two slots in turn, and the job waited 100 s
 * for all 1,200 items. With no `cap`, the claim is work-conserving (decision
 * 0068): an account alone gets every slot.
 *
 * Ranking every due row would cost a sort of the whole queue on each claim
 * (43 ms with 20,000 due items on SQLite, on the event loop). Instead the
 * accounts with such rows are listed by a loose scan of an index that starts
 * with account_id, one probe each, and only each account's first `limit` due
 * rows are ranked.
 *
 * Claims are taken one at a time, on PostgreSQL under a transaction-scoped
 * advisory lock (SQLite has one writer anyway). Turns need the claims before
 * them committed: two nodes ranking the same snapshot at once would both pick
 * the same first rows, and the one that finds them locked would go without.
 * A claim takes a few milliseconds, so one at a time is hundreds a second.
 *
 * PostgreSQL refuses FOR UPDATE in a query with window functions, so the turns
 * are CTEs joined to the row that is locked; `due` is tested again on that
 * row, which is what PostgreSQL re-checks when another node changed it after
 * this statement's snapshot. That test is wrapped in IS TRUE so no index can
 * serve it: with statistics older than the queue (no ANALYZE since it grew
 * to 140,000 rows), the planner read every due row through the partial index
 * to join them with the few ranked ones (56 ms a claim), instead of looking
 * those few up by id.
 *
 * Parameters, in order: `held`'s now, `due`'s now, the per-account limit,
 * `due`'s now again, the cap if any, the limit.
 */
function turnsQuery(driver: SqlDriver, q: { kind: ClaimKind; waiting: string; held: string; due: (table: string) => string; order: readonly string[]; cap: boolean }): string {
  const next = (columns: string) => `SELECT ${columns} FROM jobs
      WHERE jobs.account_id = busy.account_id AND ${q.due('jobs')}
      ORDER BY ${q.order.join(', ')} LIMIT ?`;
  // The same rows either way: SQLite has no LATERAL, and PostgreSQL plans the IN form as a scan of every job.
  const firstDue = driver.dialect === 'postgres' ? `CROSS JOIN LATERAL (${next(['id', 'account_id', ...q.order].join(', '))}) jobs` : `JOIN jobs ON jobs.id IN (${next('id')})`;
  const qualified = (prefix: string) => q.order.map((column) => `${prefix}.${column}`).join(', ');
  return `WITH RECURSIVE waiting (account_id) AS (
      SELECT MIN(account_id) FROM jobs WHERE ${q.waiting}
      UNION ALL
      SELECT (SELECT MIN(account_id) FROM jobs WHERE ${q.waiting} AND account_id > waiting.account_id)
      FROM waiting WHERE waiting.account_id IS NOT NULL
    ), busy AS (
      SELECT account_id, (SELECT COUNT(*) FROM jobs WHERE jobs.account_id = waiting.account_id AND ${q.held}) AS held
      FROM waiting WHERE account_id IS NOT NULL
    ), due AS (
      SELECT jobs.id, jobs.account_id, ROW_NUMBER() OVER (PARTITION BY jobs.account_id ORDER BY ${qualified('jobs')}) AS place
      FROM busy ${firstDue}
    )
    SELECT j.id FROM jobs j JOIN due ON due.id = j.id JOIN busy ON busy.account_id = due.account_id
      LEFT JOIN claim_turns last ON last.account_id = due.account_id AND last.kind = '${q.kind}'
    WHERE (${q.due('j')}) IS TRUE${q.cap ? ' AND due.place + busy.held <= ?' : ''}
    ORDER BY due.place + busy.held, last.claimed_at IS NOT NULL, last.claimed_at, ${qualified('j')}
    LIMIT ?${driver.dialect === 'postgres' ? ' FOR UPDATE OF j SKIP LOCKED' : ''}`;
}

const UNFINISHED = "state IN ('queued', 'running')";

type ClaimKind = 'job' | 'webhook';

/** Notes when each account that got rows in this claim was last served, for the next claims' ties. */
function* noteTurns(kind: ClaimKind, accountIds: Iterable<string>, now: string): TxBody<void> {
  for (const accountId of new Set(accountIds)) {
    yield* run(
      `INSERT INTO claim_turns (account_id, kind, claimed_at) VALUES (?, ?, ?)
       ON CONFLICT (account_id, kind) DO UPDATE SET claimed_at = excluded.claimed_at`,
      [accountId, kind, now],
    );
  }
}

/** Jobs: queued and due, or running with a lapsed lease (run_at is the due time or the lease's end). */
function claimOrder(driver: SqlDriver): string {
  return turnsQuery(driver, {
    kind: 'job',
    waiting: UNFINISHED,
    held: `${UNFINISHED} AND run_at > ? AND ${NOT_A_BATCH_HEAD}`,
    due: (t) => `${t}.state IN ('queued', 'running') AND ${t}.run_at <= ? AND (${t}.batch_row IS NULL OR ${t}.batch_row > 0)`,
    order: ['run_at', 'created_at', 'batch_row'],
    cap: false,
  });
}

/** Webhooks: pending and due. One in flight holds a claim and is due only when its lease ends. */
function deliveryOrder(driver: SqlDriver): string {
  return turnsQuery(driver, {
    kind: 'webhook',
    waiting: "webhook_state = 'pending'",
    held: "webhook_state = 'pending' AND webhook_claim_id IS NOT NULL AND webhook_due_at > ?",
    due: (t) => `${t}.webhook_state = 'pending' AND ${t}.webhook_due_at <= ?`,
    order: ['webhook_due_at'],
    cap: true,
  });
}

/** Any constant works; it only has to be the same in every Imprint process (and not the migrations' key). */
const CLAIM_LOCK_KEY = 0x696d7073;
const DELIVERY_LOCK_KEY = 0x696d7074;

export async function claimJobs(driver: SqlDriver, input: { claimId: string; now: string; leaseUntil: string; limit: number }): Promise<JobRecord[]> {
  const now = iso(input.now);
  const until = iso(input.leaseUntil);
  // Queued and due, or running with a lapsed lease: run_at is the due time or the lease's end.
  const rows = await driver.transaction(function* () {
    if (driver.dialect === 'postgres') yield* all('SELECT pg_advisory_xact_lock(?)', [CLAIM_LOCK_KEY]);
    const claimed = yield* all<JobRow>(
      `UPDATE jobs SET state = 'running', claim_id = ?, run_at = ?, runs = runs + 1, updated_at = ?
       WHERE id IN (${claimOrder(driver)}) RETURNING ${JOB_COLUMNS}`,
      [input.claimId, until, now, now, now, input.limit, now, input.limit],
    );
    yield* noteTurns(
      'job',
      claimed.map((row) => row.account_id),
      now,
    );
    return claimed;
  });
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
    // A finished job's request is never read again, and may be megabytes (data: URLs): only its outcome is kept.
    const changed = yield* run(`${finish}, request = '{}' WHERE id = ? AND state = 'running' AND claim_id = ?`, [
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

export async function claimWebhookDeliveries(driver: SqlDriver, input: { now: string; leaseUntil: string; limit: number; perAccount: number }): Promise<WebhookClaim[]> {
  const now = iso(input.now);
  const until = iso(input.leaseUntil);
  const claimId = randomUUID();
  // The claim moves the due time to the lease's end: a node dying mid-delivery leaves it due again then.
  const rows = await driver.transaction(function* () {
    if (driver.dialect === 'postgres') yield* all('SELECT pg_advisory_xact_lock(?)', [DELIVERY_LOCK_KEY]);
    const claimed = yield* all<JobRow>(
      `UPDATE jobs SET webhook_due_at = ?, webhook_claim_id = ?
       WHERE id IN (${deliveryOrder(driver)}) RETURNING ${JOB_COLUMNS}`,
      [until, claimId, now, now, input.limit, now, input.perAccount, input.limit],
    );
    yield* noteTurns(
      'webhook',
      claimed.map((row) => row.account_id),
      now,
    );
    return claimed;
  });
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
    const attempt = Number(row.webhook_attempts);
    yield* run('INSERT INTO webhook_attempts (job_id, attempt, attempted_at, status_code, error, duration_ms) VALUES (?, ?, ?, ?, ?, ?)', [
      input.jobId,
      attempt,
      at,
      input.attempt.statusCode,
      input.attempt.error,
      Math.max(0, Math.round(input.attempt.durationMs)),
    ]);
    yield* run('DELETE FROM webhook_attempts WHERE job_id = ? AND attempt <= ?', [input.jobId, attempt - WEBHOOK_ATTEMPTS_KEPT]);
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

/**
 * Makes a finished job's webhook due now with a fresh round of retries. A
 * delivery in flight is left alone (null): making it due again would let a
 * second claim send the same webhook at the same time, and a burst of
 * redeliveries would become as many concurrent requests to the receiver.
 */
export async function redeliverWebhook(driver: SqlDriver, accountId: string, jobId: string, now: string): Promise<JobRecord | null> {
  const at = iso(now);
  const row = await driver.transaction(() =>
    one<JobRow>(
      `UPDATE jobs SET webhook_state = 'pending', webhook_due_at = ?, webhook_round = 0, updated_at = ?
       WHERE id = ? AND account_id = ? AND webhook_url IS NOT NULL AND state IN ('succeeded', 'failed') AND webhook_claim_id IS NULL
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
