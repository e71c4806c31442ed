import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Store } from './store.js';
import { SqliteStore } from './sqlite-store.js';

/**
 * Picks the database from `DATABASE_URL`: postgres(ql):// → PostgreSQL,
 * `sqlite::memory:`/`:memory:` → a throwaway in-memory SQLite, empty or
 * unset → SQLite at `$DATA_DIR/imprint.db`; any other value is an error. Migrates before returning.
 */
export async function openStore(opts: { databaseUrl?: string; dataDir: string }): Promise<Store> {
  const url = opts.databaseUrl?.trim() || undefined;
  let store: Store;
  if (url && /^postgres(ql)?:\/\//i.test(url)) {
    // pg is loaded only when PostgreSQL is configured: a SQLite node's start need not pay for it.
    const { PostgresStore } = await import('./postgres-store.js');
    store = new PostgresStore(url);
  } else if (url === 'sqlite::memory:' || url === ':memory:') {
    store = new SqliteStore(':memory:');
  } else if (url) {
    // Falling back to SQLite here would silently split data from the intended database.
    throw new Error(`unsupported DATABASE_URL "${url.replace(/\/\/[^@/]*@/, '//***@')}": use postgres://… or postgresql://…, or leave it unset for SQLite`);
  } else {
    // Owner-only, like the database file itself (see SqliteStore): it holds key hashes, templates and the ledger.
    mkdirSync(opts.dataDir, { recursive: true, mode: 0o700 });
    store = new SqliteStore(join(opts.dataDir, 'imprint.db'));
  }
  try {
    await store.migrate();
  } catch (error) {
    await store.close().catch(() => {});
    throw error;
  }
  return store;
}
