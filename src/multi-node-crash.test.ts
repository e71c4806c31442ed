/**
 * The whole multi-node setup under load and crashes: two server processes on
 * one fresh PostgreSQL schema, one Redis and one S3 (s3rver). They start at
 * the same moment on the empty schema (migrations and the demo seed race).
 * Then 1,050 generates on one account, 16 at a time, spread over both nodes
 * like a round-robin load balancer would; three times one node is killed
 * with SIGKILL mid-run and restarted on its port while the other carries on.
 * After one lease: the ledger check passes, nothing is pending, every credit
 * is one image or one refund, every 200 the client saw is exactly one
 * committed entry, and every committed image reads the same from both nodes.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import os from 'node:os';
import { startTestS3, type TestS3 } from './blobs/s3rver.test-helper.js';
import { creditCounts, postGenerate, replyTag, type GenerateReply, type Sent } from './crash-audit.test-helper.js';
import { sampleTemplate } from './http/test-app.js';
import { freshPgSchema, type PgSchema } from './pg-schema.test-helper.js';
import { REDIS_TEST_URL, testPrefix } from './redis/redis.test-helper.js';
import { bundledFontFamilies } from './render/fonts/font-registry.js';
import { checkLedger } from './services/check-ledger.js';
import { createAccount } from './services/manage-accounts.js';
import { createTemplate } from './services/manage-templates.js';
import { MIGRATIONS } from './store/migrations.js';
import { openStore } from './store/open-store.js';
import { freePort, type ServerProcess, startServerProcess } from './server-process.test-helper.js';

const CREDITS = 5000;
const ROUNDS = 3;
const PER_ROUND = 350;
const CONCURRENCY = 16;
// Most requests finish inside it even while one node carries all 16 on a busy machine, and the test can wait for it.
const LEASE_S = 12;
const SWEEP_S = 1;
const COLORS = ['#0f172a', '#7c2d12', '#14532d', '#312e81'];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const tally = (map: Map<string, number>, tag: string) => map.set(tag, (map.get(tag) ?? 0) + 1);

/** The connection was refused: nothing reached the node, so sending it elsewhere is safe (a load balancer does the same). */
function refused(error: unknown): boolean {
  return (error as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED';
}

/** Runs `count` jobs with at most `concurrency` in flight. */
async function pool(count: number, concurrency: number, job: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await job(next++);
    }),
  );
}

test('two nodes on PostgreSQL + Redis + S3: 1,050 generates, kill -9 and restart three times, no credit lost or spent twice', { timeout: 900_000 }, async () => {
  const schema: PgSchema = await freshPgSchema('multinode');
  const s3: TestS3 = await startTestS3();
  const keys = testPrefix();
  const nodes: ServerProcess[] = [];
  try {
    const env = {
      DATABASE_URL: schema.url,
      REDIS_URL: REDIS_TEST_URL,
      REDIS_KEY_PREFIX: keys.prefix,
      ...s3.env,
      LOG_LEVEL: 'fatal',
      RENDER_WORKERS: '1',
      RENDER_QUEUE: '1000',
      RESERVATION_LEASE_S: String(LEASE_S),
      RESERVATION_SWEEP_S: String(SWEEP_S),
      IDEMPOTENCY_LEASE_S: String(LEASE_S),
    };
    const ports = [await freePort(), await freePort()];
    // Each node keeps its port across restarts, as behind a load balancer's fixed backend list.
    const start = (n: number) => startServerProcess(env, { port: ports[n], requireKey: false });

    // Both at once on the empty schema: one applies the migrations while the other waits, one seeds the demo account.
    nodes.push(...(await Promise.all([start(0), start(1)])));
    assert.equal(nodes.filter((n) => n.key !== '').length, 1, 'exactly one node seeded the demo account and printed its key');
    const versions = await schema.query('SELECT version FROM schema_migrations ORDER BY version');
    assert.deepEqual(
      versions.map((r) => Number(r.version)),
      MIGRATIONS.map((m) => m.version),
    );

    const store = await openStore({ databaseUrl: schema.url, dataDir: os.tmpdir() });
    const deps = { store, now: () => new Date().toISOString(), fontFamilies: async () => bundledFontFamilies() };
    const { account, key } = await createAccount(deps, { name: 'batch', credits: CREDITS });
    const template = await createTemplate(deps, account.id, { name: 'certificate', template: sampleTemplate() });
    await store.close();
    const auth = { authorization: `Bearer ${key.plaintext}` };

    const down = [false, false];
    /** To node i % 2, or to the other one while that one is down: what the client saw, and where. */
    const send = async (i: number, sent: Sent): Promise<GenerateReply> => {
      let n = down[i % 2] ? 1 - (i % 2) : i % 2;
      try {
        return await postGenerate(nodes[n].base, auth, sent);
      } catch (error) {
        if (!refused(error)) throw error;
        n = 1 - n;
        return await postGenerate(nodes[n].base, auth, sent);
      }
    };

    const keyed: Sent[] = [];
    /** Every 200 reply, with the key it was sent under (null: a plain request, which must be its own image). */
    const received: Array<{ key: string | null; imageURL: string }> = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const victim = (round - 1) % 2;
      const statuses = new Map<string, number>();
      let answered = 0;
      let restarted: Promise<void> = Promise.resolve();
      let restartMs = 0;
      const startedAt = performance.now();
      await pool(PER_ROUND, CONCURRENCY, async (i) => {
        const sent: Sent = {
          body: { templateId: template.id, elements: { title: { text: `round ${round} request ${i}` }, background: { fill: COLORS[i % COLORS.length] } } },
          key: i % 5 === 0 ? `multi-${round}-${i}` : null,
        };
        if (sent.key) keyed.push(sent);
        try {
          const reply = await send(i, sent);
          tally(statuses, replyTag(reply));
          if (reply.status === 200) received.push({ key: sent.key, imageURL: reply.body.imageURL! });
        } catch {
          tally(statuses, 'cut off');
        }
        // A third of the way in: the victim dies with requests queued and rendering, and comes back while the other node carries on.
        if (++answered === Math.round(PER_ROUND / 3)) {
          down[victim] = true;
          restarted = (async () => {
            await nodes[victim].kill();
            await nodes[victim].stop(); // gone already: this only removes its data folder
            const t0 = performance.now();
            nodes[victim] = await start(victim);
            restartMs = performance.now() - t0;
            down[victim] = false;
          })();
        }
      });
      await restarted;
      const seconds = (performance.now() - startedAt) / 1000;
      const ok = statuses.get('200') ?? 0;
      console.log(
        `# round ${round}: killed node ${victim}, back in ${(restartMs / 1000).toFixed(1)} s; ${PER_ROUND} generates in ${seconds.toFixed(1)} s ` +
          `(${(ok / seconds).toFixed(1)} × 200/s); replies ${JSON.stringify(Object.fromEntries(statuses))}; ` +
          `ledger ${JSON.stringify(await creditCounts(schema.query, account.id))}`,
      );
    }

    // One lease from the last kill, plus a sweep and a margin for the sweep itself: the dead node's reservations are settled by the living.
    await sleep((LEASE_S + SWEEP_S) * 1000 + 1500);
    const checksFrom = performance.now();

    // No key stays in flight: re-sending each keyed request (to either node) never answers 409, and a replay is the same image.
    const firstAnswer = new Map(received.filter((r) => r.key !== null).map((r) => [r.key, r.imageURL]));
    const resent = new Map<string, number>();
    await pool(keyed.length, CONCURRENCY, async (i) => {
      const sent = keyed[i];
      const reply = await send(i + 1, sent);
      tally(resent, replyTag(reply));
      assert.notEqual(reply.status, 409, `${sent.key} is still in flight: ${JSON.stringify(reply.body)}`);
      if (reply.status !== 200) return;
      const before = firstAnswer.get(sent.key);
      if (before !== undefined) assert.equal(reply.body.imageURL, before, `${sent.key}: the replay is the first answer`);
      received.push({ key: sent.key, imageURL: reply.body.imageURL! });
    });
    console.log(`# re-sent ${keyed.length} Idempotency-Keys: ${JSON.stringify(Object.fromEntries(resent))}`);

    // Nothing pending, and every credit is one committed image or one refund.
    const end = await creditCounts(schema.query, account.id);
    const committed = end.charged - end.refunded;
    console.log(`# final: ${JSON.stringify({ ...end, committed })}, ${received.length} × 200 received`);
    assert.equal(end.pending, 0, 'no reservation is pending after one lease');
    assert.equal(end.images, committed, 'each charge that was not refunded recorded exactly one image');
    assert.equal(end.balance + committed, CREDITS, 'balance + committed images = the credits granted: none lost, none spent twice');

    // Each 200 is exactly one committed entry: one image row, one committed reservation; only replays of one key share it.
    const rows = await schema.query(
      `SELECT i.id AS image, i.blob_key, l.id AS entry, l.state FROM images i LEFT JOIN ledger l ON l.id = i.reservation_id AND l.account_id = i.account_id
         WHERE i.account_id = ?`,
      [account.id],
    );
    const byImage = new Map(rows.map((r) => [String(r.image), r]));
    assert.equal(new Set(rows.map((r) => r.entry)).size, rows.length, 'no two images share a ledger entry');
    const owner = new Map<string, string>();
    for (const reply of received) {
      const id = /\/images\/([0-9a-f]{40})\.png$/.exec(reply.imageURL)?.[1];
      const row = id === undefined ? undefined : byImage.get(id);
      assert.ok(row, `${reply.imageURL}: no image row`);
      assert.equal(row.state, 'committed', `${reply.imageURL}: its ledger entry is ${String(row.state)}`);
      const who = reply.key ?? `plain ${reply.imageURL}`;
      assert.equal(owner.get(String(row.entry)) ?? who, who, `${reply.imageURL} answered two different requests`);
      owner.set(String(row.entry), who);
    }
    const plain = received.filter((r) => r.key === null).length;
    assert.equal(owner.size, plain + new Set(received.filter((r) => r.key !== null).map((r) => r.key)).size, 'one committed entry per 200 request');

    // Every committed image, from both nodes: the same bytes, wherever the load balancer sends the reader.
    let unreadable = 0;
    await pool(rows.length, CONCURRENCY, async (i) => {
      const digests = await Promise.all(
        nodes.map(async (node) => {
          const res = await fetch(`${node.base}/${String(rows[i].blob_key)}`);
          const bytes = Buffer.from(await res.arrayBuffer());
          return res.status === 200 && bytes.subarray(1, 4).toString() === 'PNG' ? createHash('sha256').update(bytes).digest('hex') : null;
        }),
      );
      if (digests[0] === null || digests[0] !== digests[1]) unreadable++;
    });
    assert.equal(unreadable, 0, `${unreadable} of ${rows.length} committed images do not read the same from both nodes`);

    // The check `npx imprint ledger check` runs, in-process (the CLI's start-up costs seconds on a loaded machine).
    const checkStore = await openStore({ databaseUrl: schema.url, dataDir: os.tmpdir() });
    try {
      const report = await checkLedger({ store: checkStore, now: () => new Date().toISOString() }, { stalePendingMs: (LEASE_S + SWEEP_S) * 1000 });
      assert.ok(report.ok, `ledger check failed: ${JSON.stringify(report.accounts.filter((a) => a.problems.length > 0))}`);
      assert.equal(report.accounts.length, 2, 'the check covered every account (demo and batch)');
    } finally {
      await checkStore.close();
    }
    console.log(`# checks done in ${((performance.now() - checksFrom) / 1000).toFixed(1)} s`);
  } finally {
    await Promise.all(nodes.map((node) => node.stop()));
    await s3.close();
    await keys.drop();
    await schema.drop();
  }
});
