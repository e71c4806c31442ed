import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { makePng, startTestServer, type TestServer } from '../fetch/fetch-test-server.js';
import { RenderPool } from '../render/render-pool.js';
import { settleReservations } from '../services/settle-reservations.js';
import { PrometheusMetrics } from './prometheus-metrics.js';
import { createTestApp, sampleTemplate, type TestApp } from './test-app.js';

/** Sample lines of the exposition text, keyed `name{label="value",…}` with labels sorted. */
function parseExposition(text: string): Map<string, number> {
  const samples = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)$/.exec(line);
    assert.ok(match, `an exposition line: ${line}`);
    const labels = [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => `${m[1]}="${m[2]}"`).sort();
    samples.set(`${match[1]}{${labels.join(',')}}`, Number(match[3]));
  }
  return samples;
}

function key(name: string, labels: Record<string, string> = {}): string {
  const parts = Object.entries(labels)
    .map(([k, v]) => `${k}="${v}"`)
    .sort();
  return `${name}{${parts.join(',')}}`;
}

async function scrape(t: TestApp): Promise<Map<string, number>> {
  const res = await t.app.inject({ method: 'GET', url: '/metrics' });
  assert.equal(res.statusCode, 200, res.body);
  assert.match(String(res.headers['content-type']), /^text\/plain; version=0\.0\.4/);
  return parseExposition(res.body);
}

describe('GET /metrics counts what happened', () => {
  let server: TestServer;
  let t: TestApp;
  before(async () => {
    const png = await makePng(8, 8);
    server = await startTestServer((req, res) => {
      if (req.url === '/logo.png') res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'max-age=3600' }).end(png);
      else res.writeHead(404).end('gone');
    });
    // Three generates a minute: the fourth is refused.
    t = await createTestApp({ credits: 10, limits: { readPerMinute: 1000, generatePerMinute: 3 } });
  });
  after(async () => {
    await t.close();
    await server.close();
  });

  test('generates, a refund, a rate-limit refusal, an unknown path and a sweep move the counters by exactly their amounts', async () => {
    const before = await scrape(t);
    const generate = (src: string) =>
      t.app.inject({ method: 'POST', url: '/image/generate', headers: t.a.auth, payload: { templateId: t.a.templateId, elements: { logo: { src } } } });
    const png = await makePng(8, 8);

    assert.equal((await generate(server.url('/logo.png'))).statusCode, 200, 'downloaded');
    assert.equal((await generate(server.url('/logo.png'))).statusCode, 200, 'from the cache');
    const failed = await generate(server.url('/missing.png'));
    assert.equal(failed.json().code, 'image_fetch_failed', failed.body);
    const refused = await generate(server.url('/logo.png'));
    assert.equal(refused.statusCode, 429, refused.body);
    const limiter = /^"([^"]+)"/.exec(String(refused.headers['ratelimit-policy']))![1];
    assert.equal((await t.app.inject({ method: 'GET', url: '/no/such/path/12345' })).statusCode, 404);
    // A reservation whose process died: the sweeper refunds it.
    const past = new Date(Date.now() - 60_000).toISOString();
    assert.ok((await t.store.reserveCredits(t.b.account.id, 1, 'req_crashed', past, past)).ok);
    assert.deepEqual(await settleReservations(t.deps), { committed: 0, refunded: 1, purgedIdempotencyKeys: 0 });

    const afterScrape = await scrape(t);
    const moved = (name: string, labels: Record<string, string> = {}) => (afterScrape.get(key(name, labels)) ?? 0) - (before.get(key(name, labels)) ?? 0);
    const generateRoute = { method: 'POST', route: '/image/generate' };

    assert.equal(moved('imprint_credits_reserved_total'), 3, 'three generates passed the limit and reserved');
    assert.equal(moved('imprint_credits_committed_total', { by: 'request' }), 2);
    assert.equal(moved('imprint_credits_refunded_total', { by: 'request' }), 1, 'the failed fetch');
    assert.equal(moved('imprint_credits_refunded_total', { by: 'sweeper' }), 1);
    assert.equal(moved('imprint_credits_committed_total', { by: 'sweeper' }), 0);
    assert.equal(moved('imprint_reservation_sweeper_settlements_total', { outcome: 'refunded' }), 1);
    assert.equal(moved('imprint_reservation_sweeper_settlements_total', { outcome: 'committed' }), 0);
    assert.equal(moved('imprint_fetch_cache_requests_total', { result: 'miss' }), 1);
    assert.equal(moved('imprint_fetch_cache_requests_total', { result: 'hit' }), 1);
    assert.equal(moved('imprint_fetch_bytes_total', { source: 'network' }), png.length);
    assert.equal(moved('imprint_fetch_bytes_total', { source: 'cache' }), png.length);
    assert.equal(moved('imprint_rate_limit_rejections_total', { limiter }), 1);
    assert.equal(moved('imprint_render_duration_seconds_count', { outcome: 'ok' }), 2, 'the failed fetch never reached the renderer');
    assert.equal(moved('imprint_http_requests_total', { ...generateRoute, status: '200' }), 2);
    assert.equal(moved('imprint_http_requests_total', { ...generateRoute, status: '422' }), 1);
    assert.equal(moved('imprint_http_requests_total', { ...generateRoute, status: '429' }), 1);
    assert.equal(moved('imprint_http_request_duration_seconds_count', generateRoute), 4);
    assert.equal(moved('imprint_http_requests_total', { method: 'GET', route: '(unmatched)', status: '404' }), 1);
    assert.equal(moved('imprint_http_requests_total', { method: 'GET', route: '/metrics', status: '200' }), 1, 'the first scrape');
    assert.ok(![...afterScrape.keys()].some((k) => k.includes('/no/such')), 'no raw URL becomes a label');
  });

  test('every route label is a registered route pattern', async () => {
    await t.app.inject({ method: 'GET', url: `/templates/${t.a.templateId}`, headers: t.a.auth });
    const routes = new Set([...(await scrape(t)).keys()].flatMap((k) => /route="([^"]*)"/.exec(k)?.[1] ?? []));
    assert.ok(routes.has('/templates/:templateId'), [...routes].join(' '));
    assert.ok(![...routes].some((r) => r.includes(t.a.templateId)));
  });
});

describe('who may read /metrics', () => {
  test('without METRICS_TOKEN: loopback sockets only, whatever X-Forwarded-For says', async () => {
    const t = await createTestApp({ trustProxy: 1 });
    try {
      const local = await t.app.inject({ method: 'GET', url: '/metrics' });
      assert.equal(local.statusCode, 200);
      const remote = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.5' });
      assert.equal(remote.statusCode, 403);
      assert.equal(remote.json().code, 'metrics_loopback_only');
      assert.equal(typeof remote.json().message, 'string');
      const spoofed = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.5', headers: { 'x-forwarded-for': '127.0.0.1' } });
      assert.equal(spoofed.statusCode, 403, 'a trusted proxy hop does not make a remote client local');
      const proxied = await t.app.inject({ method: 'GET', url: '/metrics', headers: { 'x-forwarded-for': '203.0.113.5' } });
      assert.equal(proxied.statusCode, 403, 'a proxy on this host forwards remote clients from loopback');
      assert.equal((await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '::1' })).statusCode, 200);
      assert.equal((await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '::ffff:127.0.0.1' })).statusCode, 200);
    } finally {
      await t.close();
    }
  });

  test('with METRICS_TOKEN: the Bearer token from anywhere, nothing else, loopback included', async () => {
    const token = 'metrics-token-0123456789abcdef';
    const t = await createTestApp({ metricsToken: token });
    try {
      for (const authorization of [undefined, 'Bearer wrong-token-0123456789abcdef', t.a.auth.authorization, token]) {
        const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
        assert.equal(res.statusCode, 401, `${authorization}: ${res.body}`);
        assert.equal(res.json().code, 'invalid_metrics_token');
        assert.equal(res.headers['www-authenticate'], 'Bearer realm="metrics"');
      }
      const res = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.5', headers: { authorization: `Bearer ${token}` } });
      assert.equal(res.statusCode, 200);
      assert.ok(parseExposition(res.body).has(key('imprint_credits_reserved_total')));
      assert.equal(res.headers['cache-control'], 'no-store');
    } finally {
      await t.close();
    }
  });

  test('/metrics is not in the public OpenAPI document', async () => {
    const t = await createTestApp();
    try {
      const spec = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
      assert.ok(spec.paths['/healthz'], 'the document lists operations routes');
      assert.equal(spec.paths['/metrics'], undefined);
    } finally {
      await t.close();
    }
  });
});

describe('render pool gauges and process metrics', () => {
  test('queue depth, busy workers and pool size are read from the pool at scrape time', async () => {
    const pool = new RenderPool({ size: 1, perWorker: 1, maxQueue: 8 });
    const metrics = new PrometheusMetrics({ defaultMetrics: false });
    metrics.watchRenderPool(pool);
    try {
      const idle = parseExposition((await metrics.scrape()).body);
      assert.equal(idle.get(key('imprint_render_workers')), 1);
      assert.equal(idle.get(key('imprint_render_workers_busy')), 0);
      assert.equal(idle.get(key('imprint_render_queue_depth')), 0);
      const input = { document: sampleTemplate() as never, images: new Map(), fonts: [], output: {} };
      const renders = [1, 2, 3].map(() => pool.render(input));
      // render() places each job synchronously: one on the worker, two waiting.
      assert.equal(pool.busyWorkers, 1);
      assert.equal(pool.waiting, 2);
      await Promise.allSettled(renders);
      const done = parseExposition((await metrics.scrape()).body);
      assert.equal(done.get(key('imprint_render_workers_busy')), 0);
      assert.equal(done.get(key('imprint_render_queue_depth')), 0);
    } finally {
      await pool.close();
    }
  });

  test('the default process metrics are exported', async () => {
    const samples = parseExposition((await new PrometheusMetrics().scrape()).body);
    for (const name of ['process_cpu_user_seconds_total', 'process_resident_memory_bytes', 'nodejs_eventloop_lag_seconds', 'nodejs_heap_size_used_bytes']) {
      assert.ok(samples.has(key(name)), name);
    }
  });
});
