import assert from 'node:assert/strict';
import { test } from 'node:test';
import { renderDocument } from '../render/render-document.js';
import { RenderPool } from '../render/render-pool.js';
import type { ServiceDeps } from '../services/service-deps.js';
import { createTestApp, sampleTemplate } from './test-app.js';
import { shadowedRects, slowWithinBudget } from '../adversarial-templates.test-helper.js';

test('the 200 shadow-blurred 8192² rectangles are refused on save, naming the object', async () => {
  const t = await createTestApp();
  try {
    const post = await t.app.inject({ method: 'POST', url: '/templates', headers: t.a.auth, payload: { name: 'flood', template: shadowedRects(200, 8192) } });
    assert.equal(post.statusCode, 400, post.body);
    const body = post.json();
    assert.equal(body.code, 'invalid_template');
    assert.match(body.message, /shadow blur is [\d,.]+ MP, over the limit of 40 MP by [\d,.]+ MP; the largest share is element "r0"/);
    assert.ok(
      body.errors.some((e: { path: string }) => e.path === 'template.objects[0]'),
      post.body,
    );
    const put = await t.app.inject({ method: 'PUT', url: `/templates/${t.a.templateId}`, headers: t.a.auth, payload: { template: shadowedRects(200, 8192) } });
    assert.equal(put.statusCode, 400, put.body);
    assert.equal(put.json().code, 'invalid_template');
  } finally {
    await t.close();
  }
});

test('a render over budget at the requested scale answers 422 render_too_complex before the debit and never reaches a worker', async () => {
  let renders = 0;
  // Saves also queue thumbnails (WebP, free); only the API's renders are counted.
  const t = await createTestApp({
    credits: 5,
    renderer: {
      render: (input) => {
        if (input.output?.format !== 'webp') renders++;
        return renderDocument(input);
      },
    },
  });
  try {
    // Fits at scale 0.1 (13 MP of blur), so it saves; at scale 1 it is 1,342 MP of blur.
    const saved = await t.app.inject({ method: 'POST', url: '/templates', headers: t.a.auth, payload: { name: 'shadows', template: shadowedRects(20, 8192) } });
    assert.equal(saved.statusCode, 201, saved.body);
    const id = saved.json().id as string;
    const res = await t.app.inject({ method: 'POST', url: '/image/generate', headers: t.a.auth, payload: { templateId: id } });
    assert.equal(res.statusCode, 422, res.body);
    const body = res.json();
    assert.equal(body.code, 'render_too_complex');
    assert.match(body.message, /nothing was charged/);
    assert.match(body.message, /the output \(8192×8192 at scale 1\) is 67\.11 MP, over the limit of 40 MP by 27\.11 MP/);
    assert.match(body.message, /shadow blur is 1,342 MP/);
    // The pixel limit alone, through `scale`.
    const big = await t.app.inject({ method: 'POST', url: '/image/generate', headers: t.a.auth, payload: { templateId: t.a.templateId, scale: 4 } });
    assert.equal(big.statusCode, 200, big.body);
    const huge = await t.app.inject({
      method: 'POST',
      url: '/templates',
      headers: t.a.auth,
      payload: { name: 'wide', template: { ...sampleTemplate(), width: 4000, height: 4000 } },
    });
    const over = await t.app.inject({ method: 'POST', url: '/image/generate', headers: t.a.auth, payload: { templateId: huge.json().id, scale: 2 } });
    assert.equal(over.statusCode, 422, over.body);
    assert.equal(over.json().code, 'render_too_complex');
    assert.equal(renders, 1, 'only the within-budget request reached the renderer');
    assert.equal((await t.store.getAccount(t.a.account.id))!.credits, 4, 'only the rendered image was charged');
  } finally {
    await t.close();
  }
});

test('a render over RENDER_TIMEOUT_MS answers 422 render_too_complex, is refunded, and the next request is served', async () => {
  const pool = new RenderPool({ size: 1, timeoutMs: 1500 });
  const t = await createTestApp({ credits: 5, renderer: pool as ServiceDeps['renderer'] });
  try {
    const slow = slowWithinBudget();
    const saved = await t.app.inject({ method: 'POST', url: '/templates', headers: t.a.auth, payload: { name: 'slow', template: slow } });
    assert.equal(saved.statusCode, 201, saved.body);
    const res = await t.app.inject({ method: 'POST', url: '/image/generate', headers: t.a.auth, payload: { templateId: saved.json().id } });
    assert.equal(res.statusCode, 422, res.body);
    assert.equal(res.json().code, 'render_too_complex');
    assert.match(res.json().message, /time budget.*refunded/);
    assert.equal((await t.store.getAccount(t.a.account.id))!.credits, 5, 'refunded');
    const next = await t.app.inject({ method: 'POST', url: '/image/generate', headers: t.b.auth, payload: { templateId: t.b.templateId } });
    assert.equal(next.statusCode, 200, next.body);
  } finally {
    await t.close();
    await pool.close();
  }
});
