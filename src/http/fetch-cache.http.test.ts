import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createImageFetcher } from '../fetch/image-fetcher.js';
import { makePng, startTestServer } from '../fetch/fetch-test-server.js';
import { createRenderCaches } from '../render/render-caches.js';
import { renderDocument } from '../render/render-document.js';
import { createTestApp } from './test-app.js';

test('a refunded generate leaves no fetch-cache files; a successful one keeps its images', async () => {
  const png = await makePng(8, 8);
  const server = await startTestServer((_req, res) => res.writeHead(200, { 'cache-control': 'max-age=3600' }).end(png));
  const cacheDir = await mkdtemp(path.join(os.tmpdir(), 'imprint-generate-cache-'));
  const caches = createRenderCaches();
  let failRenders = true;
  const t = await createTestApp({
    credits: 10,
    fetcher: createImageFetcher({ allowPrivate: true, cacheDir }),
    renderer: {
      render: async (input) => {
        if (failRenders) throw new Error('render worker died');
        return renderDocument(input, caches);
      },
    },
  });
  try {
    const files = async () => (await readdir(cacheDir)).filter((f) => !f.endsWith('.tmp'));
    const generate = (src: string) =>
      t.app.inject({ method: 'POST', url: '/image/generate', headers: t.a.auth, payload: { templateId: t.a.templateId, elements: { logo: { src } } } });

    const failed = await generate(server.url('/refunded.png'));
    assert.ok(failed.statusCode >= 400, failed.body);
    assert.equal((await t.store.getAccount(t.a.account.id))!.credits, 10, 'refunded');
    assert.deepEqual(await files(), [], 'the refunded generate left nothing in the cache');

    failRenders = false;
    const ok = await generate(server.url('/kept.png'));
    assert.equal(ok.statusCode, 200, ok.body);
    assert.equal((await files()).length, 1, 'the successful generate kept its image');
  } finally {
    await t.close();
    await server.close();
    await rm(cacheDir, { recursive: true, force: true });
  }
});
