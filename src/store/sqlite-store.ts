import { closeSync, openSync } from 'node:fs';
import Database from 'better-sqlite3';
import { SqlStore } from './sql-store.js';
import { StoreConflictError } from './store-errors.js';
import type { SqlDriver, SqlOp, SqlParam, TxBody } from './sql-driver.js';

const BUSY_TIMEOUT_MS = 5000;

function translate(error: unknown): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    return new StoreConflictError((error as Error).message, { cause: error });
  }
  return error;
}

class SqliteDriver implements SqlDriver {
  readonly dialect = 'sqlite' as const;
  private readonly statements = new Map<string, Database.Statement>();

  constructor(private readonly db: Database.Database) {}

  private prepare(sql: string): Database.Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  private exec(op: SqlOp): unknown {
    const statement = this.prepare(op.sql);
    if (op.kind === 'all') return statement.reader ? statement.all(...op.params) : (statement.run(...op.params), []);
    return statement.reader ? statement.all(...op.params).length : statement.run(...op.params).changes;
  }

  async all<R>(sql: string, params: SqlParam[] = []): Promise<R[]> {
    try {
      return this.exec({ kind: 'all', sql, params }) as R[];
    } catch (error) {
      throw translate(error);
    }
  }

  async run(sql: string, params: SqlParam[] = []): Promise<number> {
    try {
      return this.exec({ kind: 'run', sql, params }) as number;
    } catch (error) {
      throw translate(error);
    }
  }

  /**
   * Runs the whole body synchronously: no other code on this thread can
   * interleave, and BEGIN IMMEDIATE waits (busy_timeout) for writers in other
   * connections or processes instead of failing half-way through.
   */
  async transaction<T>(body: () => TxBody<T>): Promise<T> {
    this.db.exec('BEGIN IMMEDIATE');
    try {
      const steps = body();
      let step = steps.next();
      while (!step.done) step = steps.next(this.exec(step.value));
      this.db.exec('COMMIT');
      return step.value;
    } catch (error) {
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
      throw translate(error);
    }
  }

  /**
   * SQLite's online backup API: copies page by page while other connections
   * (the running server) keep reading and writing, restarting the copy of
   * any page written meanwhile, so the result is one consistent moment.
   */
  async backup(file: string): Promise<{ pages: number }> {
    const { totalPages } = await this.db.backup(file);
    const copy = new Database(file, { fileMustExist: true });
    try {
      // The copy inherits WAL mode; a backup is one self-contained file, with no -wal or -shm beside it.
      copy.pragma('journal_mode = DELETE');
      const verdict = copy.pragma('integrity_check', { simple: true });
      if (verdict !== 'ok') throw new Error(`the backup in ${file} fails SQLite's integrity check: ${String(verdict)}`);
    } finally {
      copy.close();
    }
    return { pages: totalPages };
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}

/** The embedded default: one file (or `:memory:`) per data directory, in WAL mode. */
export class SqliteStore extends SqlStore {
  constructor(filename: string) {
    // Owner-only: SQLite would create the file 0644 (under the usual umask), and it
    // gives its -wal and -shm files the mode of the database file, so creating the
    // file 0600 before SQLite opens it covers all three. An existing file keeps its mode.
    if (filename !== ':memory:' && filename !== '') closeSync(openSync(filename, 'a', 0o600));
    const db = new Database(filename, { timeout: BUSY_TIMEOUT_MS });
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    db.pragma('journal_mode = WAL');
    // In WAL mode NORMAL syncs the log at checkpoints, not at every COMMIT.
    // A committed transaction still survives the process dying (kill -9,
    // OOM): it is in the OS's page cache, and the crash tests rely on that.
    // Only a power loss or kernel crash can roll back the last commits, and
    // then the charge goes together with its image row (one transaction), so
    // nobody pays for an image that is not recorded. FULL fsynced on the event
    // loop (better-sqlite3 is synchronous): 4.0–4.2 ms p50, 15–33 ms p99 per
    // COMMIT on this VM's disk against 0.02 ms, twice per generate
    // (docs/decisions/0043).
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    super(new SqliteDriver(db));
    this.db = db;
  }

  private readonly db: Database.Database;

  /** One pragma's value on the server's own connection (most pragmas are per connection), for tests and diagnostics. */
  pragma(name: string): unknown {
    return this.db.pragma(name, { simple: true });
  }
}
