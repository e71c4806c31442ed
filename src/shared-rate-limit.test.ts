/**
 * Two server processes on one PostgreSQL schema and one Redis: the generate
 * limit is the cluster's, not each node's. 80 generates spread over both
 * nodes at once, RATE_LIMIT_GENERATE=50: exactly 50 pass, the rest are 429s.
 * And a node whose Redis goes away mid-run: no 5xx, the limit holds per node.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ERROR_CATALOG } from './domain/errors.js';
import { sampleTemplate } from './http/test-app.js';
import { freshPgSchema } from './pg-schema.test-helper.js';
import { REDIS_TEST_URL, startProxy, testPrefix } from './redis/redis.test-helper.js';
import { catalogProblem, freePort, type ServerProcess, startServerProcess } from './server-process.test-helper.js';

test('two nodes with REDIS_URL share one generate limit: exactly 50 of 80 pass', { timeout: 180_000 }, async () => {
  const schema = await freshPgSchema('nodes');
  const keys = testPrefix();
  const nodes: ServerProcess[] = [];
  try {
    const env = { DATABASE_URL: schema.url, REDIS_URL: REDIS_TEST_URL, REDIS_KEY_PREFIX: keys.prefix, RATE_LIMIT_GENERATE: '50' };
    // One after the other: the first migrates and seeds the demo account, the second finds both done.
    nodes.push(await startServerProcess(env));
    nodes.push(await startServerProcess({ ...env, SEED_DEMO: '0' }));
    const auth = nodes[0].auth;
    const saved = await fetch(`${nodes[0].base}/templates`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'cheap', template: sampleTemplate() }),
    });
    assert.equal(saved.status, 201, await saved.clone().text());
    const { id: templateId } = (await saved.json()) as { id: string };

    const replies = await Promise.all(
      Array.from({ length: 80 }, async (_, i) => {
        const res = await fetch(`${nodes[i % 2].base}/image/generate`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ templateId }),
        });
        return { node: i % 2, status: res.status, headers: Object.fromEntries(res.headers), body: await res.text() };
      }),
    );
    const passed = replies.filter((r) => r.status === 200);
    const refused = replies.filter((r) => r.status === 429);
    assert.equal(passed.length, 50, `statuses: ${replies.map((r) => r.status).join(',')}`);
    assert.equal(refused.length, 30);
    assert.ok(new Set(passed.map((r) => r.node)).size === 2, 'both nodes served some');
    for (const r of refused) {
      assert.equal(catalogProblem(ERROR_CATALOG, 'POST', r), null);
      assert.equal(JSON.parse(r.body).code, 'rate_limited');
      assert.ok(Number(r.headers['retry-after']) >= 1);
      assert.match(r.headers['ratelimit-policy'], /q=50;w=60/);
    }
    const [demo] = await schema.query(`SELECT credits FROM accounts WHERE name = 'demo'`);
    assert.equal(Number(demo.credits), 100 - 50, 'only the 50 that passed were charged');
  } finally {
    await Promise.all(nodes.map((node) => node.stop()));
    await schema.drop();
    await keys.drop();
  }
});

test('Redis lost mid-run: the node answers as before, no 5xx, the limit now counted on the node', { timeout: 120_000 }, async () => {
  const keys = testPrefix();
  const port = await freePort();
  const proxy = await startProxy(port);
  let node: ServerProcess | null = null;
  try {
    node = await startServerProcess({ REDIS_URL: `redis://127.0.0.1:${port}`, REDIS_KEY_PREFIX: keys.prefix, RATE_LIMIT_READ: '4', LOG_LEVEL: 'warn' });
    const read = async () => {
      const res = await fetch(`${node!.base}/templates/all`, { headers: node!.auth });
      return { status: res.status, headers: Object.fromEntries(res.headers), body: await res.text() };
    };
    const before = [await read(), await read(), await read()];
    assert.deepEqual(
      before.map((r) => r.status),
      [200, 200, 200],
    );
    await proxy.cut();
    const during = [];
    for (let i = 0; i < 5; i++) during.push(await read());
    for (const r of during) assert.equal(catalogProblem(ERROR_CATALOG, 'GET', r), null);
    assert.deepEqual(
      during.map((r) => r.status),
      [200, 200, 200, 200, 429],
      "the node's own fresh window: the same limit, per node",
    );
    assert.match(node.output(), /Redis unreachable: rate limits now count on this node only/);
    assert.equal(node.output().match(/Redis unreachable: rate limits/g)?.length, 1, 'one warning per outage, not per request');
    // The operator sees it on /metrics too (loopback, no token): one outage, the fallback active.
    const scrape = await (await fetch(`${node.base}/metrics`)).text();
    assert.match(scrape, /^imprint_redis_fallback_active\{limiter="rate limits"\} 1$/m);
    assert.match(scrape, /^imprint_redis_outages_total\{limiter="rate limits"\} 1$/m);
  } finally {
    await node?.stop();
    await proxy.cut().catch(() => undefined);
    await keys.drop();
  }
});
