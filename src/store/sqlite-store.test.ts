import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { openStore } from './open-store.js';
import { MIGRATIONS } from './migrations.js';
import { SqliteStore } from './sqlite-store.js';
import { runStoreContract } from './store-contract.js';
import { at } from './store-contract-helpers.js';

const pairDirs: string[] = [];
after(() => pairDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

runStoreContract(
  'sqlite :memory:',
  async () => {
    const store = new SqliteStore(':memory:');
    await store.migrate();
    return store;
  },
  async () => {
    // Two connections on one file, as two processes sharing a DATA_DIR would have.
    const dir = mkdtempSync(join(tmpdir(), 'imprint-sqlite-pair-'));
    pairDirs.push(dir);
    const stores: [SqliteStore, SqliteStore] = [new SqliteStore(join(dir, 'pair.db')), new SqliteStore(join(dir, 'pair.db'))];
    await Promise.all(stores.map((s) => s.migrate()));
    return stores;
  },
);

function tempDir(t: { after(fn: () => void): void }): string {
  const dir = mkdtempSync(join(tmpdir(), 'imprint-sqlite-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

test('five connections on one file: 50 parallel debits on 10 credits, exactly 10 succeed', async (t) => {
  const file = join(tempDir(t), 'shared.db');
  const stores = Array.from({ length: 5 }, () => new SqliteStore(file));
  t.after(() => Promise.all(stores.map((s) => s.close())));
  // Concurrent migrators must agree on one schema without errors.
  await Promise.all(stores.map((s) => s.migrate()));

  const account = await stores[0].createAccount({ id: 'acc', name: 'shared', credits: 10, now: at(0) });
  const results = await Promise.all(Array.from({ length: 50 }, (_, i) => stores[i % 5].reserveCredits(account.id, 1, `req_${i}`, at(i + 1), at(600))));
  assert.equal(results.filter((r) => r.ok).length, 10);
  for (const store of stores) {
    assert.equal((await store.getAccount(account.id))?.credits, 0);
    assert.equal(await store.ledgerSum(account.id), 0);
  }
});

/**
 * Starts a sibling module in a worker thread, from source (tsx does not reach
 * workers through execArgv on Node 20, so register it inside) or from dist/.
 */
function spawnWorker(relative: string, workerData: unknown): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL(`${relative}.js`, import.meta.url), { workerData });
  const url = JSON.stringify(new URL(`${relative}.ts`, import.meta.url).href);
  const boot = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${url}); })`;
  return new Worker(boot, { eval: true, workerData });
}

test('four threads on one file contend for the write lock without errors', async (t) => {
  const file = join(tempDir(t), 'threads.db');
  const setup = new SqliteStore(file);
  await setup.migrate();
  const account = await setup.createAccount({ id: 'acc', name: 'threads', credits: 60, now: at(0) });
  await setup.close();

  const workers = Array.from({ length: 4 }, (_, worker) => spawnWorker('./sqlite-contention-worker', { file, accountId: account.id, attempts: 25, worker }));
  t.after(() => Promise.all(workers.map((w) => w.terminate())));
  const finished = workers.map(
    (w) =>
      new Promise<{ ok: number; errors: number }>((resolve, reject) => {
        w.on('message', (m) => m !== 'ready' && resolve(m));
        w.once('error', reject);
      }),
  );
  await Promise.all(workers.map((w) => new Promise((resolve) => w.once('message', resolve))));
  for (const w of workers) w.postMessage('go');
  const results = await Promise.all(finished);

  assert.deepEqual(
    results.map((r) => r.errors),
    [0, 0, 0, 0],
  );
  assert.equal(
    results.reduce((n, r) => n + r.ok, 0),
    60,
  );
  const check = new SqliteStore(file);
  t.after(() => check.close());
  assert.equal((await check.getAccount(account.id))?.credits, 0);
  assert.equal(await check.ledgerSum(account.id), 0);
  assert.equal((await check.listLedger(account.id, { limit: 500 })).items.length, 61);
});

test('openStore: SQLite file in the data dir, WAL, migrated; memory and bad URLs', async (t) => {
  const dataDir = join(tempDir(t), 'nested', 'data');
  const store = await openStore({ dataDir });
  assert.equal(store.dialect, 'sqlite');
  await store.createAccount({ id: 'a', name: 'persisted', credits: 1, now: at(0) });
  await store.close();
  const raw = new Database(join(dataDir, 'imprint.db'), { readonly: true });
  assert.equal(raw.pragma('journal_mode', { simple: true }), 'wal');
  raw.close();

  const again = new SqliteStore(join(dataDir, 'imprint.db'));
  t.after(() => again.close());
  // NORMAL (1), not the default FULL (2): no fsync per COMMIT in WAL mode.
  assert.equal(again.pragma('synchronous'), 1);
  assert.equal(again.pragma('foreign_keys'), 1);
  assert.equal((await again.findAccountByName('persisted'))?.credits, 1);

  for (const databaseUrl of ['sqlite::memory:', ':memory:']) {
    const memory = await openStore({ databaseUrl, dataDir: join(dataDir, 'unused') });
    assert.equal(memory.dialect, 'sqlite');
    assert.deepEqual(await memory.listAccounts(), []);
    await memory.close();
  }
  await assert.rejects(openStore({ databaseUrl: 'mysql://u:secret@host/db', dataDir }), (error: Error) => {
    assert.match(error.message, /unsupported DATABASE_URL/);
    assert.doesNotMatch(error.message, /secret/);
    return true;
  });
});

test('migration 2 marks charges made before reservations as committed or refunded', async (t) => {
  const file = join(tempDir(t), 'v1.db');
  const db = new Database(file);
  db.exec('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)');
  for (const statement of MIGRATIONS[0].statements('sqlite')) db.exec(statement);
  db.prepare("INSERT INTO schema_migrations VALUES (1, 'initial schema', ?)").run(at(0));
  db.prepare("INSERT INTO accounts (id, name, credits, created_at) VALUES ('acc', 'old', 9, ?)").run(at(0));
  const ledger = db.prepare('INSERT INTO ledger (id, account_id, delta, balance_after, reason, reference, refund_of, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
  ledger.run('g0', 'acc', 10, 10, 'grant', null, null, at(0));
  ledger.run('d1', 'acc', -1, 9, 'generate', 'req_1', null, at(1));
  ledger.run('d2', 'acc', -1, 8, 'generate', 'req_2', null, at(2));
  ledger.run('r2', 'acc', 1, 9, 'refund', 'd2', 'd2', at(3));
  db.close();

  const store = new SqliteStore(file);
  t.after(() => store.close());
  await store.migrate();
  const states = Object.fromEntries((await store.listLedger('acc', { limit: 10 })).items.map((e) => [e.id, e.state]));
  assert.deepEqual(states, { g0: null, d1: 'committed', d2: 'refunded', r2: null });
  const [report] = await store.ledgerReport();
  assert.deepEqual([report.balance, report.grants, report.committed, report.pending, report.refunds, report.refundedCharges], [9, 10, 1, 0, 1, 1]);
});

/** A SQLite file migrated up to `version` only, as a server of that time left it, for its data to be written raw. */
function databaseAt(file: string, version: number): Database.Database {
  const db = new Database(file);
  db.exec('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)');
  for (const migration of MIGRATIONS.filter((m) => m.version <= version)) {
    for (const statement of migration.statements('sqlite')) db.exec(statement);
    db.prepare('INSERT INTO schema_migrations VALUES (?, ?, ?)').run(migration.version, migration.name, at(0));
  }
  return db;
}

test('migration 10 counts the bytes of the revisions saved before it, per template and account', async (t) => {
  const file = join(tempDir(t), 'v9.db');
  const db = databaseAt(file, 9);
  db.prepare("INSERT INTO accounts (id, name, credits, created_at) VALUES ('acc', 'old', 0, ?)").run(at(0));
  // Two revisions of one template (a non-ASCII name: bytes, not characters), one of another.
  const one = '{"width":5,"height":6,"objects":[],"title":"été"}';
  const two = '{"width":7,"height":6,"objects":[]}';
  db.prepare("INSERT INTO templates (id, account_id, name, document, revision, created_at, updated_at) VALUES ('t1', 'acc', 'Card', ?, 2, ?, ?)").run(two, at(0), at(1));
  db.prepare("INSERT INTO templates (id, account_id, name, document, revision, created_at, updated_at) VALUES ('t2', 'acc', 'Empty', ?, 1, ?, ?)").run(one, at(0), at(1));
  const revision = db.prepare('INSERT INTO template_revisions (template_id, revision, document, created_at) VALUES (?, ?, ?, ?)');
  revision.run('t1', 1, one, at(0));
  revision.run('t1', 2, two, at(1));
  revision.run('t2', 1, one, at(1));
  db.close();

  const store = new SqliteStore(file);
  t.after(() => store.close());
  await store.migrate();
  // t1: revisions one and two, and its current two; t2: revision one, and its current one.
  assert.equal(await store.templateBytes('acc'), 3 * Buffer.byteLength(one) + 2 * Buffer.byteLength(two));
  await store.deleteTemplate('acc', 't1');
  assert.equal(await store.templateBytes('acc'), 2 * Buffer.byteLength(one));
});

test('migration 6 keeps the current revision of templates saved before it, so they can be pinned', async (t) => {
  const file = join(tempDir(t), 'v5.db');
  const db = databaseAt(file, 5);
  db.prepare("INSERT INTO accounts (id, name, credits, created_at) VALUES ('acc', 'old', 0, ?)").run(at(0));
  db.prepare("INSERT INTO templates (id, account_id, name, document, revision, created_at, updated_at) VALUES ('t1', 'acc', 'Card', ?, 3, ?, ?)").run(
    '{"width":5,"height":6,"objects":[]}',
    at(0),
    at(1),
  );
  db.close();

  const store = new SqliteStore(file);
  t.after(() => store.close());
  await store.migrate();
  assert.deepEqual((await store.getTemplateRevision('acc', 't1', 3))?.document, { width: 5, height: 6, objects: [] });
  assert.equal(await store.getTemplateRevision('acc', 't1', 2), null, 'older revisions were never stored');
  await store.updateTemplate('acc', 't1', { document: { width: 7, height: 6, objects: [] } }, at(2));
  assert.equal((await store.getTemplateRevision('acc', 't1', 4))?.document.width, 7);
});
