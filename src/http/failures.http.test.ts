import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { RenderError } from '../render/render-document.js';
import { RenderQueueFullError } from '../render/render-pool.js';
import { createTestApp } from './test-app.js';

/**
 * Failures after the debit: each must refund, answer with the catalog's code,
 * and never leak internals.
 */
describe('failures after the credit is reserved', () => {
  for (const [label, error, status, code] of [
    ['an unexpected error', new Error('ECONNRESET at /srv/secret/internal.ts:42'), 500, 'internal_error'],
    ['a full render queue', new RenderQueueFullError(), 503, 'service_unavailable'],
    ['a render error', Object.assign(new RenderError('the image could not be decoded'), { element: 'logo' }), 422, 'render_failed'],
  ] as const) {
    test(`${label}: ${status} ${code}, refunded, nothing internal leaks`, async () => {
      const t = await createTestApp({ credits: 3, renderer: { render: () => Promise.reject(error) } });
      try {
        const res = await t.app.inject({ method: 'POST', url: '/image/generate', headers: t.a.auth, payload: { templateId: t.a.templateId } });
        assert.equal(res.statusCode, status, res.body);
        assert.equal(res.json().code, code);
        assert.ok(!res.body.includes('/srv/secret') && !res.body.includes('ECONNRESET'), res.body);
        if (status === 503) assert.equal(res.headers['retry-after'], '1');
        if (status === 422) assert.match(res.json().message, /"logo"/);
        assert.equal((await t.store.getAccount(t.a.account.id))!.credits, 3, 'refunded');
        const reasons = (await t.store.listLedger(t.a.account.id, { limit: 10 })).items.map((e) => e.reason);
        assert.deepEqual(reasons, ['refund', 'generate', 'grant']);
      } finally {
        await t.close();
      }
    });
  }
});

test('an image the renderer cannot save to disk: 500, refunded, no image and no file left', async () => {
  const t = await createTestApp({ credits: 3 });
  try {
    // A file where the images folder should be: the save fails as a full or read-only disk would.
    const folder = t.deps.blobs.localFolder?.('images');
    assert.ok(folder, 'the test app keeps its images on disk');
    await mkdir(path.dirname(folder), { recursive: true });
    await writeFile(folder, 'not a folder');
    const res = await t.app.inject({ method: 'POST', url: '/image/generate', headers: t.a.auth, payload: { templateId: t.a.templateId } });
    assert.equal(res.statusCode, 500, res.body);
    assert.equal(res.json().code, 'internal_error');
    assert.ok(!res.body.includes(folder), 'the path stays internal');
    assert.equal((await t.store.getAccount(t.a.account.id))!.credits, 3, 'refunded');
    assert.deepEqual((await t.store.listImages(t.a.account.id, { limit: 10 })).items, []);
    assert.deepEqual(await readdir(path.dirname(folder)), ['images'], 'no temp file beside it');
  } finally {
    await t.close();
  }
});
