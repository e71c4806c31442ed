import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, test } from 'node:test';
import { RenderPool } from '../render/render-pool.js';
import { createTestApp, type TestApp } from './test-app.js';

/** Hundreds of ms of one worker: a 2500² canvas under a blurred shadow. */
const slowDocument = {
  width: 2500,
  height: 2500,
  objects: [{ type: 'rect', left: 0, top: 0, width: 2400, height: 2400, fill: '#123456', shadow: { color: 'rgba(0,0,0,0.5)', blur: 80, offsetX: 10, offsetY: 10 } }],
};

// One worker that takes one render at a time and never a spare one, so a second render has to wait.
const pool = new RenderPool({ size: 1, perWorker: 1, spareWorkers: 0, timeoutMs: 60_000 });
let t: TestApp;
let base: string;

before(async () => {
  t = await createTestApp({ credits: 5, renderer: pool });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});

after(async () => {
  await t.close();
  await pool.close();
});

/** POSTs over a real connection and hangs up once the request's render waits in the queue. */
async function postAndHangUp(url: string, headers: Record<string, string> = {}): Promise<void> {
  const req = http.request(`${base}${url}`, { method: 'POST', headers: { ...t.a.auth, 'content-type': 'application/json', ...headers } });
  req.on('error', () => {});
  req.end(JSON.stringify({ templateId: t.a.templateId, elements: { title: { text: 'Nobody waits for me' } } }));
  while (pool.waiting === 0) await new Promise((resolve) => setTimeout(resolve, 2));
  req.destroy();
}

/** Waits until the pool has dropped `n` renders in all, checking that the slow render still holds the worker meanwhile. */
async function untilAbandoned(n: number): Promise<void> {
  while ((await abandonedRenders()) < n) {
    assert.equal(pool.pending, 2, 'the worker is still busy: the dropped render must not have waited for it');
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  assert.equal(pool.waiting, 0, 'its place in the queue is free');
}

async function abandonedRenders(): Promise<number> {
  const text = (await t.app.inject({ url: '/metrics' })).body;
  return Number(/imprint_render_duration_seconds_count\{outcome="abandoned"\} (\d+)/.exec(text)?.[1] ?? 0);
}

test('a generate whose client hangs up while its render waits for a worker is dropped, refunded and leaves its Idempotency-Key free', async () => {
  const busy = pool.render({ document: slowDocument, images: new Map() });
  await postAndHangUp('/image/generate', { 'idempotency-key': 'left-early' });
  await untilAbandoned(1);
  await busy;

  const account = (await t.app.inject({ url: '/account', headers: t.a.auth })).json();
  assert.equal(account.credits, 5, 'nothing was charged');
  const history = (await t.app.inject({ url: '/account/images', headers: t.a.auth })).json();
  assert.deepEqual(history.images, [], 'no image was made');

  // The key was not spent on the dropped request: the retry renders, once, and is charged once.
  const retry = await t.app.inject({
    method: 'POST',
    url: '/image/generate',
    headers: { ...t.a.auth, 'idempotency-key': 'left-early' },
    payload: { templateId: t.a.templateId, elements: { title: { text: 'Nobody waits for me' } } },
  });
  assert.equal(retry.statusCode, 200, retry.body);
  assert.equal(retry.headers['idempotent-replayed'], undefined);
  assert.equal(retry.json().usage.remainingCredits, 4);
});

test('a preview whose client hangs up while it waits for a worker is dropped too', async () => {
  const before = await abandonedRenders();
  const busy = pool.render({ document: slowDocument, images: new Map() });
  await postAndHangUp('/image/preview');
  await untilAbandoned(before + 1);
  await busy;
  const preview = await t.app.inject({ method: 'POST', url: '/image/preview', headers: t.a.auth, payload: { templateId: t.a.templateId } });
  assert.equal(preview.statusCode, 200, 'the pool serves on');
});
