import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, test } from 'node:test';
import pg from 'pg';
import { PG_URL } from '../pg-schema.test-helper.js';
import { MIGRATIONS } from './migrations.js';
import { openStore } from './open-store.js';
import { PostgresStore, toNumberedPlaceholders } from './postgres-store.js';
import { runStoreContract } from './store-contract.js';
import { at } from './store-contract-helpers.js';

const RUN = `imprint_test_${randomBytes(4).toString('hex')}`;
const schemas: string[] = [];

function freshSchema(): string {
  const schema = `${RUN}_${schemas.length}`;
  schemas.push(schema);
  return schema;
}

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

after(async () => {
  if (schemas.length === 0) return;
  await admin(async (client) => {
    for (const schema of schemas) await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  });
});

test('PostgreSQL is reachable', async () => {
  const version = await admin((client) => client.query<{ server_version_num: string }>('SHOW server_version_num'));
  assert.ok(Number(version.rows[0].server_version_num) >= 120000);
});

runStoreContract(
  'postgres',
  async () => {
    const store = new PostgresStore(PG_URL, { schema: freshSchema() });
    await store.migrate();
    return store;
  },
  async () => {
    const schema = freshSchema();
    const stores: [PostgresStore, PostgresStore] = [new PostgresStore(PG_URL, { schema }), new PostgresStore(PG_URL, { schema })];
    await Promise.all(stores.map((s) => s.migrate()));
    return stores;
  },
);

test('two stores migrating one schema at once apply each migration once', async (t) => {
  const schema = freshSchema();
  const stores = [new PostgresStore(PG_URL, { schema }), new PostgresStore(PG_URL, { schema }), new PostgresStore(PG_URL, { schema })];
  t.after(() => Promise.all(stores.map((s) => s.close())));
  await Promise.all(stores.map((s) => s.migrate()));
  const rows = await admin((client) => client.query(`SELECT version FROM "${schema}".schema_migrations ORDER BY version`));
  assert.deepEqual(
    rows.rows.map((r) => r.version),
    MIGRATIONS.map((m) => m.version),
  );
  // The schema is really used: a write through one store is visible through another, not in public.
  await stores[0].createAccount({ id: 'a', name: 'shared', credits: 2, now: at(0) });
  assert.equal((await stores[2].findAccountByName('shared'))?.credits, 2);
});

test('timestamps come back in toISOString form whatever the session time zone', async (t) => {
  const schema = freshSchema();
  const url = new URL(PG_URL);
  url.searchParams.set('options', '-c timezone=Pacific/Chatham');
  const store = new PostgresStore(url.toString(), { schema });
  t.after(() => store.close());
  await store.migrate();
  const account = await store.createAccount({ id: 'a', name: 'tz', credits: 0, now: '2025-07-01T23:59:59.999Z' });
  assert.equal(account.createdAt, '2025-07-01T23:59:59.999Z');
  assert.equal((await store.getAccount('a'))?.createdAt, '2025-07-01T23:59:59.999Z');
  // The URL's own options must not displace the schema's search_path.
  const stored = await admin((client) => client.query(`SELECT name FROM "${schema}".accounts`));
  assert.deepEqual(stored.rows, [{ name: 'tz' }]);
});

test('openStore picks PostgreSQL for postgres:// and postgresql:// URLs', async () => {
  const schema = freshSchema();
  await admin((client) => client.query(`CREATE SCHEMA "${schema}"`));
  for (const scheme of ['postgres:', 'postgresql:']) {
    const url = new URL(PG_URL);
    url.protocol = scheme;
    url.searchParams.set('options', `-c search_path=${schema}`);
    const store = await openStore({ databaseUrl: url.toString(), dataDir: '/nonexistent/never-created' });
    try {
      assert.equal(store.dialect, 'postgres');
      await store.ping();
      assert.deepEqual(await store.listAccounts(), []);
    } finally {
      await store.close();
    }
  }
  const tables = await admin((client) => client.query(`SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name`, [schema]));
  assert.deepEqual(
    tables.rows.map((r) => r.table_name),
    [
      'accounts',
      'api_keys',
      'assets',
      'auth_tokens',
      'claim_turns',
      'fonts',
      'idempotency',
      'images',
      'jobs',
      'ledger',
      'schema_migrations',
      'sessions',
      'signed_renders',
      'template_revisions',
      'template_storage',
      'templates',
      'url_keys',
      'users',
      'webhook_attempts',
      'webhook_secrets',
    ],
  );
});

test('placeholders are numbered outside quotes only', () => {
  assert.equal(toNumberedPlaceholders(`SELECT '?' AS q, "a?b" FROM t WHERE x = ? AND y IN (?, ?)`), `SELECT '?' AS q, "a?b" FROM t WHERE x = $1 AND y IN ($2, $3)`);
});

test('rejects a schema name that is not a plain identifier', () => {
  assert.throws(() => new PostgresStore(PG_URL, { schema: 'x; DROP TABLE accounts' }), RangeError);
});
