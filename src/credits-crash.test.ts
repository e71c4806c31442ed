import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import pg from 'pg';
import { exited, freePort, seedAccount, spawnServer } from './server-process.test-helper.js';

/**
 * A crash loses no credit: a real server process takes 400 concurrent paid
 * requests, is killed with SIGKILL mid-run (no shutdown hook runs), restarted,
 * three times; after one lease every credit is an image or a refund.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const js = existsSync(path.join(here, 'main.js'));
const cliEntry = path.join(here, 'cli', js ? 'cli.js' : 'cli.ts');
const PG_URL = process.env.PG_TEST_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const CREDITS = 1000;
const REQUESTS = 400;
const ROUNDS = 3;
// Long enough that most requests of a 400-request burst on 2 workers finish inside it, short enough to wait for.
const LEASE_S = 8;
const SWEEP_S = 1;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Read-only SQL on the server's database, to count what it really holds. */
type Query = (sql: string, params: unknown[]) => Promise<Array<Record<string, unknown>>>;

interface TestDatabase {
  env: Record<string, string>;
  query: Query;
}

interface Sent {
  body: Record<string, unknown>;
  key: string | null;
}

async function crashScenario(label: string, dataDir: string, db: TestDatabase): Promise<void> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    ...db.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: base,
    LOG_LEVEL: 'fatal',
    SEED_DEMO: '0',
    RENDER_WORKERS: '2',
    RENDER_QUEUE: '1000',
    RATE_LIMIT_GENERATE: '1000000',
    RATE_LIMIT_READ: '1000000',
    RESERVATION_LEASE_S: String(LEASE_S),
    RESERVATION_SWEEP_S: String(SWEEP_S),
    IDEMPOTENCY_LEASE_S: String(LEASE_S),
  };

  // Seed through the services against the same database, before any server runs.
  const { account, template, auth } = await seedAccount({ databaseUrl: db.env.DATABASE_URL, dataDir }, 'crash', CREDITS);
  const start = () => spawnServer(env);
  const generate = (sent: Sent) =>
    fetch(`${base}/image/generate`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json', ...(sent.key ? { 'idempotency-key': sent.key } : {}) },
      body: JSON.stringify(sent.body),
    });

  const counts = async () => {
    const [charged] = await db.query(`SELECT COUNT(*) AS n FROM ledger WHERE account_id = ? AND reason = 'generate'`, [account.id]);
    const [refunded] = await db.query(`SELECT COUNT(*) AS n FROM ledger WHERE account_id = ? AND reason = 'refund'`, [account.id]);
    const [images] = await db.query('SELECT COUNT(*) AS n FROM images WHERE account_id = ?', [account.id]);
    const [balance] = await db.query('SELECT credits AS n FROM accounts WHERE id = ?', [account.id]);
    return { charged: Number(charged.n), refunded: Number(refunded.n), images: Number(images.n), balance: Number(balance.n) };
  };

  const keyed: Sent[] = [];
  const imageUrls: string[] = [];
  let answered200 = 0;
  for (let round = 1; round <= ROUNDS; round++) {
    const server = start();
    await server.listening;
    let answered = 0;
    let ok = 0;
    const statuses = new Map<string, number>();
    // Kill once a fifth of the answers are back: hundreds of paid requests are then queued or rendering.
    const killAt = Math.round(REQUESTS / 5);
    const requests = Array.from({ length: REQUESTS }, async (_, i) => {
      const sent: Sent = {
        body: { templateId: template.id, elements: { title: { text: `${label} round ${round} request ${i}` } } },
        key: i % 4 === 0 ? `${label}-${round}-${i}` : null,
      };
      if (sent.key) keyed.push(sent);
      try {
        const res = await generate(sent);
        const body = (await res.json()) as { imageURL?: string; code?: string };
        const tag = res.status === 200 ? '200' : `${res.status} ${body.code}`;
        statuses.set(tag, (statuses.get(tag) ?? 0) + 1);
        if (res.status === 200) {
          ok++;
          answered200++;
          imageUrls.push(body.imageURL!);
        }
      } catch {
        statuses.set('killed', (statuses.get('killed') ?? 0) + 1);
      }
      if (++answered === killAt) server.child.kill('SIGKILL');
    });
    await Promise.all(requests);
    await exited(server.child);
    const after = await counts();
    console.log(`# ${label} round ${round}: ${ok} × 200 received; responses ${JSON.stringify(Object.fromEntries(statuses))}; after the kill: ${JSON.stringify(after)}`);
  }

  const final = start();
  try {
    await final.listening;
    // One lease from the last kill, plus a sweep and a margin for the sweep itself.
    await sleep((LEASE_S + SWEEP_S) * 1000 + 1500);

    // No key stays in flight: re-sending each keyed request never answers 409.
    const resent = new Map<string, number>();
    await Promise.all(
      keyed.map(async (sent) => {
        const res = await generate(sent);
        const body = (await res.json()) as { imageURL?: string; code?: string };
        resent.set(String(res.status), (resent.get(String(res.status)) ?? 0) + 1);
        assert.notEqual(res.status, 409, `${sent.key} is still in flight: ${JSON.stringify(body)}`);
        if (res.status === 200) {
          answered200++;
          imageUrls.push(body.imageURL!);
        }
      }),
    );
    console.log(`# ${label} re-sent ${keyed.length} Idempotency-Keys: ${JSON.stringify(Object.fromEntries(resent))}`);

    // Every 200 the client received has its image.
    let missing = 0;
    for (const url of new Set(imageUrls)) {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.status !== 200) missing++;
    }
    assert.equal(missing, 0, `${missing} of ${imageUrls.length} answered images are missing`);
  } finally {
    final.child.kill('SIGTERM');
    await exited(final.child);
  }

  // Every credit is either a committed image or a refund.
  const end = await counts();
  const committed = end.charged - end.refunded;
  console.log(`# ${label} final: ${JSON.stringify({ ...end, committed })}`);
  assert.equal(end.images, committed, 'each charge that was not refunded recorded exactly one image');
  assert.equal(end.balance + committed, CREDITS, 'balance + committed images = the credits granted');
  assert.ok(committed >= new Set(imageUrls).size, 'every 200 is a committed charge');
  console.log(`# ${label}: ${answered200} × 200 in all (${new Set(imageUrls).size} distinct images), ${committed} committed`);

  const check = spawn(process.execPath, [...process.execArgv, cliEntry, 'ledger', 'check', '--json'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let report = '';
  check.stdout.on('data', (d) => (report += d));
  check.stderr.on('data', (d) => (report += d));
  const code = await new Promise((resolve) => check.once('exit', resolve));
  assert.equal(code, 0, `ledger check failed:\n${report}`);
}

test('SQLite: kill -9 mid-run three times loses no credit and leaves no key in flight', { timeout: 180_000 }, async () => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'imprint-crash-'));
  let sqlite: Database.Database | null = null;
  try {
    await crashScenario('sqlite', dataDir, {
      env: { DATABASE_URL: '' },
      query: async (sql, params) => {
        sqlite ??= new Database(path.join(dataDir, 'imprint.db'), { readonly: true });
        return sqlite.prepare(sql).all(...params) as Array<Record<string, unknown>>;
      },
    });
  } finally {
    (sqlite as Database.Database | null)?.close();
    await rm(dataDir, { recursive: true, force: true });
  }
});

test('PostgreSQL: kill -9 mid-run three times loses no credit and leaves no key in flight', { timeout: 180_000 }, async () => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'imprint-crash-pg-'));
  const schema = `imprint_crash_${randomBytes(4).toString('hex')}`;
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA "${schema}"`);
    await client.query(`SET search_path TO "${schema}"`);
    const url = new URL(PG_URL);
    url.searchParams.set('options', `-c search_path=${schema}`);
    await crashScenario('postgres', dataDir, {
      env: { DATABASE_URL: url.toString() },
      query: async (sql, params) => {
        let n = 0;
        return (
          await client.query(
            sql.replace(/\?/g, () => `$${++n}`),
            params,
          )
        ).rows;
      },
    });
  } finally {
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => {});
    await client.end();
    await rm(dataDir, { recursive: true, force: true });
  }
});
