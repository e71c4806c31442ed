/**
 * The tiny adapter the shared SQL core talks to. Queries are written once with
 * `?` placeholders; each driver executes them its own way.
 *
 * Transaction bodies are generators rather than async functions: the body
 * `yield*`s each statement and the driver feeds the result back. That lets
 * SQLite run a whole transaction synchronously between BEGIN IMMEDIATE and
 * COMMIT. With an async body, a second store instance in the same process
 * could start its own BEGIN IMMEDIATE while the first awaits, and
 * better-sqlite3's busy wait would then block the very event loop the first
 * transaction needs to commit — a self-deadlock that surfaces as SQLITE_BUSY.
 */
export type Dialect = 'sqlite' | 'postgres';

export type SqlParam = string | number | null;

export interface SqlOp {
  kind: 'all' | 'run';
  sql: string;
  params: SqlParam[];
}

/** A transaction body: yields statements, receives their results. */
export type TxBody<T> = Generator<SqlOp, T, unknown>;

/** Rows of a statement (a SELECT, or a write with RETURNING). */
export function* all<R>(sql: string, params: SqlParam[] = []): Generator<SqlOp, R[], unknown> {
  return (yield { kind: 'all', sql, params }) as R[];
}

/** First row of a statement, or null. */
export function* one<R>(sql: string, params: SqlParam[] = []): Generator<SqlOp, R | null, unknown> {
  const rows = yield* all<R>(sql, params);
  return rows[0] ?? null;
}

/** Executes a write; returns the number of rows it changed. */
export function* run(sql: string, params: SqlParam[] = []): Generator<SqlOp, number, unknown> {
  return (yield { kind: 'run', sql, params }) as number;
}

export interface SqlDriver {
  readonly dialect: Dialect;
  all<R>(sql: string, params?: SqlParam[]): Promise<R[]>;
  run(sql: string, params?: SqlParam[]): Promise<number>;
  /**
   * Runs `body` in one write transaction (SQLite: BEGIN IMMEDIATE; PostgreSQL:
   * READ COMMITTED on one pooled connection). Any error rolls back and is rethrown.
   */
  transaction<T>(body: () => TxBody<T>): Promise<T>;
  /** An online copy into `file`, checked; absent where the database's own tools do it (PostgreSQL). */
  backup?(file: string): Promise<{ pages: number }>;
  close(): Promise<void>;
}
