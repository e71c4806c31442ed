import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';
import pg from 'pg';
import { Webhook } from 'standardwebhooks';
import { makePng } from './fetch/fetch-test-server.js';
import { exited, freePort, seedAccount, spawnServer } from './server-process.test-helper.js';

/**
 * Async jobs survive a restart mid-job: a real server process is killed with
 * SIGKILL while a job is rendering (its credit reserved, its image download
 * held open) and others wait; after a restart every job succeeds, each is
 * charged exactly once, the dead run's reservation is refunded, and every
 * webhook arrives signed.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const js = existsSync(path.join(here, 'main.js'));
const cliEntry = path.join(here, 'cli', js ? 'cli.js' : 'cli.ts');

const PG_URL = process.env.PG_TEST_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const JOBS = 6;
const CREDITS = 20;
const LEASE_S = 4;

/** A server on SQLite in `dataDir`, with short leases and image URLs allowed on loopback. */
function serverEnv(port: number, dataDir: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATABASE_URL: '',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'fatal',
    SEED_DEMO: '0',
    RENDER_WORKERS: '1',
    FETCH_ALLOW_PRIVATE: '1',
    FETCH_CACHE_MB: '0',
    JOB_CONCURRENCY: '2',
    JOB_POLL_MS: '100',
    RESERVATION_LEASE_S: String(LEASE_S),
    IDEMPOTENCY_LEASE_S: String(LEASE_S),
    RESERVATION_SWEEP_S: '1',
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Read-only SQL on the server's database; `?` is the account id. */
type Query = (sql: string, accountId: string) => Promise<Array<Record<string, unknown>>>;

async function restartScenario(dataDir: string, databaseUrl: string, query: Query): Promise<void> {
  const png = await makePng(4, 4);
  // Image downloads hang while `holding`: the first server dies with a job mid-render.
  let holding = true;
  const held: http.ServerResponse[] = [];
  let downloads = 0;
  const images = http.createServer((_req, res) => {
    downloads++;
    if (holding) held.push(res);
    else res.writeHead(200, { 'content-type': 'image/png' }).end(png);
  });
  const hooks: Array<{ headers: http.IncomingHttpHeaders; body: string }> = [];
  const receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      hooks.push({ headers: req.headers, body });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve));
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const imagesPort = (images.address() as AddressInfo).port;
  const receiverPort = (receiver.address() as AddressInfo).port;

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = { ...serverEnv(port, dataDir), DATABASE_URL: databaseUrl };

  const { account, template, auth } = await seedAccount({ databaseUrl, dataDir }, 'restart', CREDITS);
  const start = () => spawnServer(env);
  const count = async (sql: string) => Number((await query(sql, account.id))[0].n);

  let server = start();
  try {
    await server.listening;
    const secretRes = await fetch(`${base}/account/webhook-secret`, { method: 'POST', headers: auth });
    const { secret } = (await secretRes.json()) as { secret: string };
    const jobIds: string[] = [];
    for (let i = 0; i < JOBS; i++) {
      const res = await fetch(`${base}/image/generate`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({
          templateId: template.id,
          elements: { title: { text: `job ${i}` }, logo: { src: `http://127.0.0.1:${imagesPort}/logo-${i}.png` } },
          webhookUrl: `http://127.0.0.1:${receiverPort}/hook`,
        }),
      });
      assert.equal(res.status, 202, await res.clone().text());
      jobIds.push(((await res.json()) as { jobId: string }).jobId);
    }
    // Mid-job: a download is held open, so its job is running with its credit reserved.
    while (held.length < 1) await sleep(20);
    const running = await count(`SELECT COUNT(*) AS n FROM jobs WHERE account_id = ? AND state = 'running'`);
    const pending = await count(`SELECT COUNT(*) AS n FROM ledger WHERE account_id = ? AND reason = 'generate' AND state = 'pending'`);
    console.log(`# killing the server with ${running} jobs running and ${pending} credits reserved`);
    assert.ok(running >= 1 && pending >= 1);
    server.child.kill('SIGKILL');
    await exited(server.child);
    holding = false;
    for (const res of held.splice(0)) res.destroy();

    server = start();
    await server.listening;
    const outcomes = new Map<string, string>();
    const bodies = new Map<string, unknown>();
    while (outcomes.size < JOBS) {
      for (const id of jobIds) {
        const res = await fetch(`${base}/jobs/${id}`, { headers: auth });
        const job = (await res.json()) as { status: string; webhook?: { state: string } };
        bodies.set(id, job);
        if ((job.status === 'succeeded' || job.status === 'failed') && job.webhook?.state === 'delivered') outcomes.set(id, job.status);
      }
      await sleep(100);
    }
    assert.deepEqual([...outcomes.values()], Array(JOBS).fill('succeeded'), JSON.stringify([...bodies.values()].filter((b) => (b as { status: string }).status === 'failed')));
    // The dead run's reservation lapses and is refunded by the sweeper.
    while ((await count(`SELECT COUNT(*) AS n FROM ledger WHERE account_id = ? AND state = 'pending'`)) > 0) await sleep(100);

    const committed = await count(`SELECT COUNT(*) AS n FROM ledger WHERE account_id = ? AND reason = 'generate' AND state = 'committed'`);
    const refunded = await count(`SELECT COUNT(*) AS n FROM ledger WHERE account_id = ? AND reason = 'refund'`);
    const balance = await count('SELECT credits AS n FROM accounts WHERE id = ?');
    console.log(`# after the restart: ${committed} committed, ${refunded} refunded, balance ${balance}, ${downloads} downloads`);
    const perJob = new Map<string, string[]>();
    for (const row of await query(`SELECT reference, state FROM ledger WHERE account_id = ? AND reason = 'generate' ORDER BY seq`, account.id)) {
      perJob.set(String(row.reference), [...(perJob.get(String(row.reference)) ?? []), String(row.state)]);
    }
    console.log(`# reservations per job: ${JSON.stringify(Object.fromEntries(perJob))}`);
    assert.equal(committed, JOBS, 'each job charged exactly once');
    assert.ok(refunded >= 1, 'the killed run gave its credit back');
    assert.equal(balance, CREDITS - JOBS);
    for (const id of jobIds) {
      const ledgerRows = await count(`SELECT COUNT(*) AS n FROM ledger WHERE account_id = ? AND reason = 'generate' AND state = 'committed' AND reference = '${id}'`);
      assert.equal(ledgerRows, 1, `${id} committed once`);
    }

    const verifier = new Webhook(secret);
    const delivered = new Set(hooks.map((hook) => (verifier.verify(hook.body, hook.headers as Record<string, string>) as { data: { jobId: string } }).data.jobId));
    assert.deepEqual([...delivered].sort(), [...jobIds].sort());
  } finally {
    server.child.kill('SIGTERM');
    await exited(server.child);
    images.closeAllConnections();
    receiver.closeAllConnections();
    images.close();
    receiver.close();
  }

  const check = spawn(process.execPath, [...process.execArgv, cliEntry, 'ledger', 'check', '--json'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let report = '';
  check.stdout.on('data', (d) => (report += d));
  check.stderr.on('data', (d) => (report += d));
  const code = await new Promise((resolve) => check.once('exit', resolve));
  await rm(dataDir, { recursive: true, force: true });
  assert.equal(code, 0, `ledger check failed:\n${report}`);
}

test('SQLite: a server killed mid-job runs every job once after a restart, and the credits balance', { timeout: 120_000 }, async () => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'imprint-jobs-restart-'));
  await restartScenario(dataDir, '', async (sql, accountId) => {
    const conn = new Database(path.join(dataDir, 'imprint.db'), { readonly: true });
    try {
      return conn.prepare(sql).all(accountId) as Array<Record<string, unknown>>;
    } finally {
      conn.close();
    }
  });
});

test('PostgreSQL: a server killed mid-job runs every job once after a restart, and the credits balance', { timeout: 120_000 }, async () => {
  const schema = `imprint_jobs_restart_${randomBytes(4).toString('hex')}`;
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA "${schema}"`);
    await client.query(`SET search_path TO "${schema}"`);
    const url = new URL(PG_URL);
    url.searchParams.set('options', `-c search_path=${schema}`);
    await restartScenario(
      await mkdtemp(path.join(os.tmpdir(), 'imprint-jobs-restart-pg-')),
      url.toString(),
      async (sql, accountId) => (await client.query(sql.replace('?', '$1'), [accountId])).rows,
    );
  } finally {
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => {});
    await client.end();
  }
});

test('SQLite: SIGTERM lets a running job finish before the process exits', { timeout: 60_000 }, async () => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'imprint-jobs-drain-'));
  const png = await makePng(4, 4);
  const held: http.ServerResponse[] = [];
  const images = http.createServer((_req, res) => held.push(res));
  await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve));
  const imagesPort = (images.address() as AddressInfo).port;
  const port = await freePort();
  const { account, template, auth } = await seedAccount({ dataDir }, 'drain', 5);
  const server = spawnServer({ ...serverEnv(port, dataDir), SHUTDOWN_GRACE_S: '30' });
  try {
    await server.listening;
    const res = await fetch(`http://127.0.0.1:${port}/image/generate`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json', prefer: 'respond-async' },
      body: JSON.stringify({ templateId: template.id, elements: { logo: { src: `http://127.0.0.1:${imagesPort}/slow.png` } } }),
    });
    assert.equal(res.status, 202);
    const { jobId } = (await res.json()) as { jobId: string };
    while (held.length < 1) await sleep(20);
    server.child.kill('SIGTERM');
    await sleep(300);
    assert.equal(server.child.exitCode, null, 'the process waits for the running job');
    for (const response of held) response.writeHead(200, { 'content-type': 'image/png' }).end(png);
    await exited(server.child);
    assert.equal(server.child.exitCode, 0);
    const conn = new Database(path.join(dataDir, 'imprint.db'), { readonly: true });
    const job = conn.prepare('SELECT state FROM jobs WHERE id = ?').get(jobId) as { state: string };
    const charges = conn.prepare(`SELECT state FROM ledger WHERE account_id = ? AND reason = 'generate'`).all(account.id);
    conn.close();
    assert.equal(job.state, 'succeeded', 'finished within the grace period');
    assert.deepEqual(charges, [{ state: 'committed' }]);
  } finally {
    server.child.kill('SIGKILL');
    images.closeAllConnections();
    images.close();
    await rm(dataDir, { recursive: true, force: true });
  }
});
