import pg from 'pg';
import { SqlStore } from './sql-store.js';
import { StoreConflictError } from './store-errors.js';
import type { SqlDriver, SqlParam, TxBody } from './sql-driver.js';

const UNIQUE_VIOLATION = '23505';
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** Rewrites `?` placeholders to `$1…$n`, leaving quoted literals and identifiers alone. */
export function toNumberedPlaceholders(sql: string): string {
  let n = 0;
  let quote: string | null = null;
  let out = '';
  for (const ch of sql) {
    if (quote) {
      if (ch === quote) quote = null;
      out += ch;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
      out += ch;
    } else {
      out += ch === '?' ? `$${++n}` : ch;
    }
  }
  return out;
}

/**
 * Moves the URL's start-up `options` (e.g. `-c timezone=…`) next to our
 * search_path: pg lets parameters in the connection string override the
 * config object, so an `options` left in the URL would silently drop ours.
 */
function withSearchPath(connectionString: string, schema: string): { connectionString: string; options: string } {
  let url: URL;
  try {
    url = new URL(connectionString);
  } catch {
    return { connectionString, options: `-c search_path=${schema}` };
  }
  const existing = url.searchParams.get('options') ?? '';
  url.searchParams.delete('options');
  return { connectionString: url.toString(), options: `${existing} -c search_path=${schema}`.trim() };
}

function translate(error: unknown): unknown {
  if ((error as { code?: unknown } | null)?.code === UNIQUE_VIOLATION) {
    return new StoreConflictError((error as Error).message, { cause: error });
  }
  return error;
}

class PostgresDriver implements SqlDriver {
  readonly dialect = 'postgres' as const;
  private readonly rewritten = new Map<string, string>();

  constructor(private readonly pool: pg.Pool) {}

  private text(sql: string): string {
    let text = this.rewritten.get(sql);
    if (text === undefined) {
      text = toNumberedPlaceholders(sql);
      this.rewritten.set(sql, text);
    }
    return text;
  }

  async all<R>(sql: string, params: SqlParam[] = []): Promise<R[]> {
    try {
      return (await this.pool.query(this.text(sql), params)).rows as R[];
    } catch (error) {
      throw translate(error);
    }
  }

  async run(sql: string, params: SqlParam[] = []): Promise<number> {
    try {
      return (await this.pool.query(this.text(sql), params)).rowCount ?? 0;
    } catch (error) {
      throw translate(error);
    }
  }

  async transaction<T>(body: () => TxBody<T>): Promise<T> {
    const client = await this.pool.connect();
    let broken = false;
    try {
      await client.query('BEGIN');
      const steps = body();
      let step = steps.next();
      while (!step.done) {
        const op = step.value;
        const result = await client.query(this.text(op.sql), op.params);
        step = steps.next(op.kind === 'all' ? result.rows : (result.rowCount ?? 0));
      }
      await client.query('COMMIT');
      return step.value;
    } catch (error) {
      try {
        await client.query('ROLLBACK');
      } catch {
        // The connection itself failed; don't hand it back to the pool.
        broken = true;
      }
      throw translate(error);
    } finally {
      client.release(broken);
    }
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

export interface PostgresStoreOptions {
  /**
   * Schema to create (on migrate) and use on every pooled connection via
   * search_path. Lets tests, or several deployments, share one database.
   */
  schema?: string;
  /** Pool size; default 10. */
  max?: number;
  /** Give up connecting after this long; default 10 s, so a dead database fails fast. */
  connectionTimeoutMillis?: number;
}

/** PostgreSQL for several nodes sharing one database. */
export class PostgresStore extends SqlStore {
  constructor(connectionString: string, options: PostgresStoreOptions = {}) {
    const { schema } = options;
    if (schema !== undefined && !SCHEMA_NAME.test(schema)) {
      throw new RangeError(`invalid schema name: ${schema} (lower-case letters, digits and _)`);
    }
    const pool = new pg.Pool({
      connectionString,
      // Set at connection start-up, so no query can ever run on the wrong schema.
      ...(schema ? withSearchPath(connectionString, schema) : {}),
      max: options.max ?? 10,
      connectionTimeoutMillis: options.connectionTimeoutMillis ?? 10_000,
    });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    super(new PostgresDriver(pool), schema ?? null);
  }
}
