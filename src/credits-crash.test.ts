import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { creditCounts, postGenerate, replyTag, runLedgerCheck, type Sent } from './crash-audit.test-helper.js';
import { sampleTemplate } from './http/test-app.js';
import { freshPgSchema, type Query } from './pg-schema.test-helper.js';
import { bundledFontFamilies } from './render/fonts/font-registry.js';
import { createAccount } from './services/manage-accounts.js';
import { createTemplate } from './services/manage-templates.js';
import { openStore } from './store/open-store.js';
import { freePort, startServerProcess } from './server-process.test-helper.js';

/**
 * A crash loses no credit: a real server process takes 400 concurrent paid
 * requests, is killed with SIGKILL mid-run (no shutdown hook runs), restarted,
 * three times; after one lease every credit is an image or a refund.
 */

const CREDITS = 1000;
const REQUESTS = 400;
const ROUNDS = 3;
// Long enough that most requests of a 400-request burst on 2 workers finish inside it, short enough to wait for.
const LEASE_S = 8;
const SWEEP_S = 1;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface TestDatabase {
  env: Record<string, string>;
  query: Query;
}

async function crashScenario(label: string, dataDir: string, db: TestDatabase): Promise<void> {
  const port = await freePort();
  const env = {
    ...db.env,
    LOG_LEVEL: 'fatal',
    SEED_DEMO: '0',
    RENDER_WORKERS: '2',
    RENDER_QUEUE: '1000',
    RESERVATION_LEASE_S: String(LEASE_S),
    RESERVATION_SWEEP_S: String(SWEEP_S),
    IDEMPOTENCY_LEASE_S: String(LEASE_S),
  };
  // One port and one DATA_DIR for every restart: the same node coming back, SQLite file and all.
  const start = () => startServerProcess(env, { port, dataDir });

  // Seed through the services against the same database, before any server runs.
  const store = await openStore({ databaseUrl: db.env.DATABASE_URL, dataDir });
  const deps = { store, now: () => new Date().toISOString(), fontFamilies: async () => bundledFontFamilies() };
  const { account, key } = await createAccount(deps, { name: 'crash', credits: CREDITS });
  const template = await createTemplate(deps, account.id, { name: 'small', template: sampleTemplate() });
  await store.close();
  const auth = { authorization: `Bearer ${key.plaintext}` };
  const base = `http://127.0.0.1:${port}`;

  const keyed: Sent[] = [];
  const imageUrls: string[] = [];
  let answered200 = 0;
  for (let round = 1; round <= ROUNDS; round++) {
    const server = await start();
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
        const reply = await postGenerate(base, auth, sent);
        statuses.set(replyTag(reply), (statuses.get(replyTag(reply)) ?? 0) + 1);
        if (reply.status === 200) {
          ok++;
          answered200++;
          imageUrls.push(reply.body.imageURL!);
        }
      } catch {
        statuses.set('killed', (statuses.get('killed') ?? 0) + 1);
      }
      if (++answered === killAt) void server.kill();
    });
    await Promise.all(requests);
    await server.exited;
    const after = await creditCounts(db.query, account.id);
    console.log(`# ${label} round ${round}: ${ok} × 200 received; responses ${JSON.stringify(Object.fromEntries(statuses))}; after the kill: ${JSON.stringify(after)}`);
  }

  const final = await start();
  try {
    // One lease from the last kill, plus a sweep and a margin for the sweep itself.
    await sleep((LEASE_S + SWEEP_S) * 1000 + 1500);

    // No key stays in flight: re-sending each keyed request never answers 409.
    const resent = new Map<string, number>();
    await Promise.all(
      keyed.map(async (sent) => {
        const reply = await postGenerate(base, auth, sent);
        resent.set(String(reply.status), (resent.get(String(reply.status)) ?? 0) + 1);
        assert.notEqual(reply.status, 409, `${sent.key} is still in flight: ${JSON.stringify(reply.body)}`);
        if (reply.status === 200) {
          answered200++;
          imageUrls.push(reply.body.imageURL!);
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
    await final.stop();
  }

  // Every credit is either a committed image or a refund.
  const end = await creditCounts(db.query, account.id);
  const committed = end.charged - end.refunded;
  console.log(`# ${label} final: ${JSON.stringify({ ...end, committed })}`);
  assert.equal(end.images, committed, 'each charge that was not refunded recorded exactly one image');
  assert.equal(end.balance + committed, CREDITS, 'balance + committed images = the credits granted');
  assert.ok(committed >= new Set(imageUrls).size, 'every 200 is a committed charge');
  console.log(`# ${label}: ${answered200} × 200 in all (${new Set(imageUrls).size} distinct images), ${committed} committed`);

  const { code, report } = await runLedgerCheck({ ...process.env, ...env, DATA_DIR: dataDir });
  assert.equal(code, 0, `ledger check failed:\n${report}`);
}

test('SQLite: kill -9 mid-run three times loses no credit and leaves no key in flight', { timeout: 180_000 }, async () => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'imprint-crash-'));
  let sqlite: Database.Database | null = null;
  try {
    await crashScenario('sqlite', dataDir, {
      env: { DATABASE_URL: '' },
      query: async (sql, params = []) => {
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
  const schema = await freshPgSchema('crash');
  try {
    await crashScenario('postgres', dataDir, { env: { DATABASE_URL: schema.url }, query: schema.query });
  } finally {
    await schema.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
});
