import { randomBytes } from 'node:crypto';
import pg from 'pg';

// CI provides PostgreSQL; an unreachable server must fail the tests that use it, never skip them.
export const PG_URL = process.env.PG_TEST_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Read-only SQL with `?` placeholders on a test's database, to count what it really holds. */
export type Query = (sql: string, params?: unknown[]) => Promise<Array<Record<string, unknown>>>;

export interface PgSchema {
  name: string;
  /** PG_URL with this schema as search_path: a DATABASE_URL for server processes and the CLI. */
  url: string;
  /** SQL on the schema (search_path set), through one admin connection. */
  query: Query;
  /** Drops the schema and closes the admin connection. */
  drop(): Promise<void>;
}

/**
 * A schema no other test or run uses, on the shared PostgreSQL: each test
 * starts from an empty database without creating one (which needs rights
 * and is slow), and drops it when done.
 */
export async function freshPgSchema(label: string): Promise<PgSchema> {
  const name = `imprint_${label}_${randomBytes(4).toString('hex')}`;
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 10_000 });
  await client.connect();
  await client.query(`CREATE SCHEMA "${name}"`);
  await client.query(`SET search_path TO "${name}"`);
  const url = new URL(PG_URL);
  url.searchParams.set('options', `-c search_path=${name}`);
  return {
    name,
    url: url.toString(),
    async query(sql, params = []) {
      let n = 0;
      return (
        await client.query(
          sql.replace(/\?/g, () => `$${++n}`),
          params,
        )
      ).rows;
    },
    async drop() {
      await client.query(`DROP SCHEMA IF EXISTS "${name}" CASCADE`).catch(() => {});
      await client.end();
    },
  };
}
