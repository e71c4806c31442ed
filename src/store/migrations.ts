import { all, one, run, type Dialect, type TxBody } from './sql-driver.js';

export interface Migration {
  version: number;
  name: string;
  /** DDL statements, run in order inside the migration transaction. */
  statements(dialect: Dialect): string[];
}

/** The few column types that differ between the two databases. */
function types(dialect: Dialect) {
  return dialect === 'postgres'
    ? {
        // timestamptz keeps ordering chronological; the core converts back with toISOString().
        ts: 'TIMESTAMPTZ',
        seqPk: 'BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY',
      }
    : {
        // ISO-8601 UTC strings of fixed width sort lexicographically in time order.
        ts: 'TEXT',
        seqPk: 'INTEGER PRIMARY KEY AUTOINCREMENT',
      };
}

/**
 * Append-only: never edit a released migration, add a new version instead.
 * Document and response bodies are TEXT, not jsonb, so they round-trip
 * byte-for-byte (jsonb would reorder keys and drop duplicates).
 */
export const MIGRATIONS: Migration[] = [
  {
    version: 1,
    name: 'initial schema',
    statements(dialect) {
      const t = types(dialect);
      return [
        `CREATE TABLE accounts (
          id TEXT PRIMARY KEY,
          name TEXT NOT NULL UNIQUE,
          credits INTEGER NOT NULL CHECK (credits >= 0),
          created_at ${t.ts} NOT NULL
        )`,
        `CREATE TABLE api_keys (
          id TEXT PRIMARY KEY,
          account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
          hash TEXT NOT NULL UNIQUE,
          prefix TEXT NOT NULL,
          last4 TEXT NOT NULL,
          created_at ${t.ts} NOT NULL,
          last_used_at ${t.ts},
          revoked_at ${t.ts}
        )`,
        `CREATE INDEX api_keys_account ON api_keys (account_id, created_at)`,
        `CREATE TABLE templates (
          id TEXT PRIMARY KEY,
          account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
          name TEXT NOT NULL,
          document TEXT NOT NULL,
          revision INTEGER NOT NULL,
          created_at ${t.ts} NOT NULL,
          updated_at ${t.ts} NOT NULL
        )`,
        `CREATE INDEX templates_account_created ON templates (account_id, created_at, id)`,
        `CREATE INDEX templates_account_updated ON templates (account_id, updated_at, id)`,
        // seq breaks ties between rows written in the same millisecond and keys the cursor;
        // refund_of is UNIQUE so a debit can be refunded at most once, whatever the race.
        `CREATE TABLE ledger (
          seq ${t.seqPk},
          id TEXT NOT NULL UNIQUE,
          account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
          delta INTEGER NOT NULL,
          balance_after INTEGER NOT NULL CHECK (balance_after >= 0),
          reason TEXT NOT NULL CHECK (reason IN ('grant', 'generate', 'refund')),
          reference TEXT,
          refund_of TEXT UNIQUE REFERENCES ledger(id),
          created_at ${t.ts} NOT NULL
        )`,
        `CREATE INDEX ledger_account_time ON ledger (account_id, created_at, seq)`,
        // No FK to templates: an image outlives the template that produced it.
        `CREATE TABLE images (
          id TEXT PRIMARY KEY,
          account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
          template_id TEXT NOT NULL,
          blob_key TEXT NOT NULL,
          format TEXT NOT NULL,
          width INTEGER NOT NULL,
          height INTEGER NOT NULL,
          created_at ${t.ts} NOT NULL
        )`,
        `CREATE INDEX images_account ON images (account_id, created_at)`,
        `CREATE TABLE idempotency (
          account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
          key TEXT NOT NULL,
          request_hash TEXT NOT NULL,
          state TEXT NOT NULL CHECK (state IN ('in_flight', 'completed')),
          status_code INTEGER,
          body TEXT,
          created_at ${t.ts} NOT NULL,
          completed_at ${t.ts},
          PRIMARY KEY (account_id, key)
        )`,
        `CREATE INDEX idempotency_created ON idempotency (created_at)`,
        `CREATE TABLE fonts (
          id TEXT PRIMARY KEY,
          account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
          family TEXT NOT NULL,
          weight INTEGER NOT NULL,
          style TEXT NOT NULL CHECK (style IN ('normal', 'italic')),
          format TEXT NOT NULL,
          blob_key TEXT NOT NULL,
          created_at ${t.ts} NOT NULL
        )`,
        `CREATE INDEX fonts_account ON fonts (account_id, family)`,
      ];
    },
  },
  {
    version: 2,
    name: 'reservations with a lease',
    statements(dialect) {
      const t = types(dialect);
      return [
        // NULL on grant and refund rows; a generate row is a reservation.
        `ALTER TABLE ledger ADD COLUMN state TEXT CHECK (state IN ('pending', 'committed', 'refunded'))`,
        `ALTER TABLE ledger ADD COLUMN expires_at ${t.ts}`,
        // Rows from before reservations were settled at once: refunded if a refund points at them.
        `UPDATE ledger SET state = CASE WHEN EXISTS (SELECT 1 FROM ledger r WHERE r.refund_of = ledger.id)
           THEN 'refunded' ELSE 'committed' END
         WHERE reason = 'generate'`,
        // The sweeper's scan: small, because only in-flight requests are pending.
        `CREATE INDEX ledger_pending ON ledger (expires_at) WHERE state = 'pending'`,
        // The reservation whose commit recorded the image, so a sweeper can tell "made" from "lost".
        `ALTER TABLE images ADD COLUMN reservation_id TEXT`,
        `CREATE INDEX images_reservation ON images (reservation_id) WHERE reservation_id IS NOT NULL`,
        // Which claim holds the key: a request whose claim was taken over must not store its outcome.
        `ALTER TABLE idempotency ADD COLUMN claim_id TEXT`,
      ];
    },
  },
  {
    version: 3,
    name: 'users, sessions and one-time tokens',
    statements(dialect) {
      const t = types(dialect);
      return [
        // One user owns one account. email is stored lower-cased, so UNIQUE is case-insensitive.
        `CREATE TABLE users (
          id TEXT PRIMARY KEY,
          account_id TEXT NOT NULL UNIQUE REFERENCES accounts(id) ON DELETE CASCADE,
          email TEXT NOT NULL UNIQUE,
          password_hash TEXT NOT NULL,
          created_at ${t.ts} NOT NULL,
          password_changed_at ${t.ts} NOT NULL
        )`,
        // id_hash: SHA-256 of the cookie's token, so a copy of the database cannot sign anyone in.
        `CREATE TABLE sessions (
          id_hash TEXT PRIMARY KEY,
          user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
          csrf_token TEXT NOT NULL,
          created_at ${t.ts} NOT NULL,
          last_seen_at ${t.ts} NOT NULL,
          expires_at ${t.ts} NOT NULL
        )`,
        `CREATE INDEX sessions_user ON sessions (user_id)`,
        `CREATE INDEX sessions_expiry ON sessions (expires_at)`,
        // Invites (no user) and password resets (a user), hashed like sessions; used_at makes them single-use.
        `CREATE TABLE auth_tokens (
          token_hash TEXT PRIMARY KEY,
          kind TEXT NOT NULL CHECK (kind IN ('invite', 'reset')),
          user_id TEXT REFERENCES users(id) ON DELETE CASCADE,
          created_at ${t.ts} NOT NULL,
          expires_at ${t.ts} NOT NULL,
          used_at ${t.ts}
        )`,
      ];
    },
  },
  {
    version: 4,
    name: 'api key names',
    statements() {
      // NULL for keys made before names existed and for keys created without one.
      return [`ALTER TABLE api_keys ADD COLUMN name TEXT`];
    },
  },
  {
    version: 5,
    name: 'account assets',
    statements(dialect) {
      const t = types(dialect);
      return [
        // id hashes the account with the bytes: the same file uploaded twice is one row, and never shared between accounts.
        `CREATE TABLE assets (
          id TEXT PRIMARY KEY,
          account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
          blob_key TEXT NOT NULL,
          content_type TEXT NOT NULL,
          width INTEGER NOT NULL,
          height INTEGER NOT NULL,
          bytes INTEGER NOT NULL CHECK (bytes > 0),
          created_at ${t.ts} NOT NULL
        )`,
        `CREATE INDEX assets_account_created ON assets (account_id, created_at, id)`,
      ];
    },
  },
  {
    version: 6,
    name: 'signed image URLs',
    statements(dialect) {
      const t = types(dialect);
      return [
        // The secret is kept as issued: verifying an HMAC needs it, so a hash would not do (decision 0036).
        `CREATE TABLE url_keys (
          id TEXT PRIMARY KEY,
          account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
          secret TEXT NOT NULL,
          name TEXT,
          created_at ${t.ts} NOT NULL,
          last_used_at ${t.ts},
          revoked_at ${t.ts}
        )`,
        `CREATE INDEX url_keys_account ON url_keys (account_id, created_at)`,
        // Every saved document, so a URL pinned to a revision renders that revision after later edits.
        `CREATE TABLE template_revisions (
          template_id TEXT NOT NULL REFERENCES templates(id) ON DELETE CASCADE,
          revision INTEGER NOT NULL,
          document TEXT NOT NULL,
          created_at ${t.ts} NOT NULL,
          PRIMARY KEY (template_id, revision)
        )`,
        // Templates saved before this migration keep their current revision; older ones were never stored.
        `INSERT INTO template_revisions (template_id, revision, document, created_at) SELECT id, revision, document, updated_at FROM templates`,
        // A signed URL's content (template revision, format, overrides) → the image it rendered, so repeats are free.
        `CREATE TABLE signed_renders (
          account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
          cache_key TEXT NOT NULL,
          image_id TEXT NOT NULL REFERENCES images(id) ON DELETE CASCADE,
          created_at ${t.ts} NOT NULL,
          PRIMARY KEY (account_id, cache_key)
        )`,
      ];
    },
  },
  {
    version: 7,
    name: 'async jobs and webhooks',
    statements(dialect) {
      const t = types(dialect);
      return [
        // One render request run in the background. batch_id groups the jobs of a batch (none yet).
        // run_at: when it may next be claimed; while running that is the end of the claim's lease, so a
        // job whose node died is claimable again then. claim_id: the claim that may finish it.
        // webhook_*: the delivery of its outcome, scheduled on the row so a claim is one conditional UPDATE.
        `CREATE TABLE jobs (
          id TEXT PRIMARY KEY,
          account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
          batch_id TEXT,
          state TEXT NOT NULL CHECK (state IN ('queued', 'running', 'succeeded', 'failed')),
          request TEXT NOT NULL,
          result TEXT,
          runs INTEGER NOT NULL DEFAULT 0,
          run_at ${t.ts} NOT NULL,
          claim_id TEXT,
          webhook_url TEXT,
          webhook_state TEXT CHECK (webhook_state IN ('pending', 'delivered', 'failed')),
          webhook_due_at ${t.ts},
          webhook_claim_id TEXT,
          webhook_attempts INTEGER NOT NULL DEFAULT 0,
          webhook_round INTEGER NOT NULL DEFAULT 0,
          created_at ${t.ts} NOT NULL,
          updated_at ${t.ts} NOT NULL,
          finished_at ${t.ts}
        )`,
        `CREATE INDEX jobs_account ON jobs (account_id, created_at)`,
        `CREATE INDEX jobs_batch ON jobs (batch_id) WHERE batch_id IS NOT NULL`,
        // The runners' scans stay small: only unfinished jobs and undelivered webhooks are indexed.
        `CREATE INDEX jobs_runnable ON jobs (run_at) WHERE state IN ('queued', 'running')`,
        `CREATE INDEX jobs_webhook_due ON jobs (webhook_due_at) WHERE webhook_state = 'pending'`,
        // The delivery log: one row per attempt, status_code or error.
        `CREATE TABLE webhook_attempts (
          job_id TEXT NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
          attempt INTEGER NOT NULL,
          attempted_at ${t.ts} NOT NULL,
          status_code INTEGER,
          error TEXT,
          duration_ms INTEGER NOT NULL,
          PRIMARY KEY (job_id, attempt)
        )`,
        // HMAC keys must be kept readable to sign; the previous one signs too until it expires (rotation).
        `CREATE TABLE webhook_secrets (
          account_id TEXT PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
          secret TEXT NOT NULL,
          previous_secret TEXT,
          previous_until ${t.ts},
          created_at ${t.ts} NOT NULL
        )`,
      ];
    },
  },
  {
    version: 8,
    name: 'batches',
    statements() {
      return [
        // A batch is a set of jobs sharing batch_id. batch_row numbers them from 1 (the CSV's data rows, or
        // the JSON items in order); row 0 is the batch's own head row, never run, which carries the batch's
        // one webhook through the jobs' delivery path. One unique index serves the lookups and keeps rows distinct.
        'ALTER TABLE jobs ADD COLUMN batch_row INTEGER',
        'DROP INDEX jobs_batch',
        'CREATE UNIQUE INDEX jobs_batch_row ON jobs (batch_id, batch_row) WHERE batch_id IS NOT NULL',
      ];
    },
  },
  {
    version: 9,
    name: 'fair job and webhook claims',
    statements(dialect) {
      const t = types(dialect);
      return [
        // Claims take turns between accounts: these indexes list the accounts with unfinished jobs, or with
        // webhooks to send (a loose scan, one probe per account), and give each one's next due rows in order.
        `CREATE INDEX jobs_account_runnable ON jobs (account_id, run_at, created_at, batch_row) WHERE state IN ('queued', 'running')`,
        `CREATE INDEX jobs_account_webhook_due ON jobs (account_id, webhook_due_at) WHERE webhook_state = 'pending'`,
        // When each account last had a job (or a webhook) claimed: among accounts whose turn is equal, the
        // one served longest ago goes first, which is what makes the turns go round.
        `CREATE TABLE claim_turns (
          account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
          kind TEXT NOT NULL,
          claimed_at ${t.ts} NOT NULL,
          PRIMARY KEY (account_id, kind)
        )`,
      ];
    },
  },
  {
    version: 10,
    name: 'template storage',
    statements(dialect) {
      const octets = (column: string) => (dialect === 'postgres' ? `octet_length(${column})` : `length(CAST(${column} AS BLOB))`);
      return [
        // What each revision takes, so pruning knows what it frees; and per template the total, in a narrow
        // table, so an account's quota is a sum over small rows instead of a walk through every document.
        'ALTER TABLE template_revisions ADD COLUMN bytes INTEGER NOT NULL DEFAULT 0',
        `UPDATE template_revisions SET bytes = ${octets('document')}`,
        // bytes: the kept revisions; current_bytes: the template's own copy of its current document.
        `CREATE TABLE template_storage (
          template_id TEXT PRIMARY KEY REFERENCES templates(id) ON DELETE CASCADE,
          account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
          bytes INTEGER NOT NULL,
          current_bytes INTEGER NOT NULL
        )`,
        'CREATE INDEX template_storage_account ON template_storage (account_id)',
        `INSERT INTO template_storage (template_id, account_id, bytes, current_bytes)
         SELECT t.id, t.account_id, COALESCE(SUM(r.bytes), 0), MAX(${octets('t.document')})
         FROM templates t LEFT JOIN template_revisions r ON r.template_id = t.id
         GROUP BY t.id, t.account_id`,
      ];
    },
  },
  {
    version: 11,
    name: 'finished job retention',
    statements() {
      // The purge of finished jobs reads only them, oldest first.
      return [`CREATE INDEX jobs_finished ON jobs (finished_at) WHERE state IN ('succeeded', 'failed')`];
    },
  },
];

/** Any constant works; it only has to be the same in every Imprint process. */
const MIGRATION_LOCK_KEY = 0x696d7072;

/**
 * Applies pending migrations in one transaction. Concurrent migrators queue
 * up: SQLite through BEGIN IMMEDIATE (the driver's transaction), PostgreSQL
 * through a transaction-scoped advisory lock. Whoever comes second re-reads
 * schema_migrations and finds nothing left to do.
 */
export function* migrateTx(dialect: Dialect, pgSchema: string | null): TxBody<void> {
  if (dialect === 'postgres') {
    yield* all('SELECT pg_advisory_xact_lock(?)', [MIGRATION_LOCK_KEY]);
    if (pgSchema) {
      yield* run(`CREATE SCHEMA IF NOT EXISTS "${pgSchema}"`);
      // Refuse to create tables anywhere else if search_path did not take.
      const current = yield* one<{ schema: string | null }>('SELECT current_schema() AS schema');
      if (current?.schema !== pgSchema) {
        throw new Error(`search_path resolves to ${current?.schema ?? 'no schema'}, expected ${pgSchema}`);
      }
    }
  }
  yield* run(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at TEXT NOT NULL
  )`);
  const rows = yield* all<{ version: number | string }>('SELECT version FROM schema_migrations');
  const applied = new Set(rows.map((r) => Number(r.version)));
  // In version order whatever the array order: branches add versions independently, so a merge may list them out of order.
  for (const migration of [...MIGRATIONS].sort((a, b) => a.version - b.version)) {
    if (applied.has(migration.version)) continue;
    for (const statement of migration.statements(dialect)) yield* run(statement);
    yield* run('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)', [migration.version, migration.name, new Date().toISOString()]);
  }
}
