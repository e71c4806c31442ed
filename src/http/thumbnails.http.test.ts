import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadImage } from '@napi-rs/canvas';
import { renderDocument } from '../render/render-document.js';
import { thumbnailKey } from '../services/template-thumbnail.js';
import { createTestApp, sampleTemplate } from './test-app.js';

test('a thumbnail is made on save, served to its account only, replaced on update and removed with the template', async () => {
  const t = await createTestApp({ credits: 3 });
  try {
    const doc = { ...sampleTemplate(), width: 640, height: 360 };
    const created = await t.app.inject({ method: 'POST', url: '/templates', headers: t.a.auth, payload: { name: 'thumbs', template: doc } });
    assert.equal(created.statusCode, 201, created.body);
    const id = created.json().id as string;
    await t.app.thumbnails.idle();
    const first = (await t.store.getTemplate(t.a.account.id, id))!;
    assert.ok(await t.deps.blobs.get(thumbnailKey(first)), 'made on save, before anyone asked for it');

    const res = await t.app.inject({ url: `/templates/${id}/thumbnail`, headers: t.a.auth });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.headers['content-type'], 'image/webp');
    assert.equal(res.headers['cache-control'], 'private, no-cache');
    const image = await loadImage(res.rawPayload);
    assert.deepEqual([image.width, image.height], [320, 180]);
    const cached = await t.app.inject({ url: `/templates/${id}/thumbnail?v=${encodeURIComponent(first.updatedAt)}`, headers: t.a.auth });
    assert.equal(cached.headers['cache-control'], 'private, max-age=31536000, immutable', 'a URL naming the version may be kept');
    const again = await t.app.inject({ url: `/templates/${id}/thumbnail`, headers: { ...t.a.auth, 'if-none-match': String(res.headers.etag) } });
    assert.equal(again.statusCode, 304);
    assert.ok([undefined, '0'].includes(again.headers['content-length'] as string | undefined), 'a 304 announces no body');

    const foreign = await t.app.inject({ url: `/templates/${id}/thumbnail`, headers: t.b.auth });
    assert.equal(foreign.statusCode, 404);
    assert.equal(foreign.json().code, 'template_not_found');

    const list = await t.app.inject({ url: '/templates/all', headers: t.a.auth });
    for (const item of list.json()) assert.deepEqual(Object.keys(item).sort(), ['createdAt', 'id', 'name', 'updatedAt'], 'the contract summary is unchanged');
    assert.equal((await t.store.getAccount(t.a.account.id))!.credits, 3, 'thumbnails are free');

    const put = await t.app.inject({ method: 'PUT', url: `/templates/${id}`, headers: t.a.auth, payload: { template: { ...doc, background: '#ff0000' } } });
    assert.equal(put.statusCode, 200, put.body);
    await t.app.thumbnails.idle();
    const second = (await t.store.getTemplate(t.a.account.id, id))!;
    assert.notEqual(thumbnailKey(second), thumbnailKey(first));
    assert.ok(await t.deps.blobs.get(thumbnailKey(second)), 'the new version has its thumbnail');
    assert.equal(await t.deps.blobs.get(thumbnailKey(first)), null, 'the old one is gone');
    const changed = await t.app.inject({ url: `/templates/${id}/thumbnail`, headers: { ...t.a.auth, 'if-none-match': String(res.headers.etag) } });
    assert.equal(changed.statusCode, 200, 'a changed template is not answered 304');

    const deleted = await t.app.inject({ method: 'DELETE', url: `/templates/${id}`, headers: t.a.auth });
    assert.equal(deleted.statusCode, 204);
    await t.app.thumbnails.idle();
    assert.equal(await t.deps.blobs.get(thumbnailKey(second)), null);
  } finally {
    await t.close();
  }
});

test('a template saved before thumbnails existed gets one on first read', async () => {
  const t = await createTestApp();
  try {
    // The test app seeds through the service, as an older version would have: no thumbnail yet.
    const record = (await t.store.getTemplate(t.a.account.id, t.a.templateId))!;
    assert.equal(await t.deps.blobs.get(thumbnailKey(record)), null);
    const res = await t.app.inject({ url: `/templates/${t.a.templateId}/thumbnail`, headers: t.a.auth });
    assert.equal(res.statusCode, 200, res.body);
    assert.ok(await t.deps.blobs.get(thumbnailKey(record)));
  } finally {
    await t.close();
  }
});

test('a failed thumbnail never fails the save; reading it is a 404 in the catalog', async () => {
  const t = await createTestApp({
    renderer: { render: (input) => (input.output?.format === 'webp' ? Promise.reject(new Error('worker died')) : renderDocument(input)) },
  });
  try {
    const created = await t.app.inject({ method: 'POST', url: '/templates', headers: t.a.auth, payload: { name: 'no thumb', template: sampleTemplate() } });
    assert.equal(created.statusCode, 201, created.body);
    const id = created.json().id as string;
    const put = await t.app.inject({ method: 'PUT', url: `/templates/${id}`, headers: t.a.auth, payload: { name: 'still saved', template: sampleTemplate() } });
    assert.equal(put.statusCode, 200, put.body);
    await t.app.thumbnails.idle();
    assert.equal((await t.store.getTemplate(t.a.account.id, id))!.name, 'still saved');
    const res = await t.app.inject({ url: `/templates/${id}/thumbnail`, headers: t.a.auth });
    assert.equal(res.statusCode, 404, res.body);
    assert.equal(res.json().code, 'image_not_found');
    assert.match(res.json().message, /could not be rendered/);
    const generated = await t.app.inject({ method: 'POST', url: '/image/generate', headers: t.a.auth, payload: { templateId: id } });
    assert.equal(generated.statusCode, 200, 'paid renders are unaffected');
  } finally {
    await t.close();
  }
});
