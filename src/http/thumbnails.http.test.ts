import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { loadImage } from '@napi-rs/canvas';
import { repoRoot } from '../repo-root.js';
import { renderDocument } from '../render/render-document.js';
import { RenderQueueFullError, RenderTooComplexError } from '../render/render-pool.js';
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

test('reads of a thumbnail that fails to render render it once, not once per read; a busy pool is retried', async () => {
  let thumbnailRenders = 0;
  let busy = true;
  const t = await createTestApp({
    renderer: {
      render: async (input) => {
        if (input.output?.format !== 'webp') return renderDocument(input);
        thumbnailRenders++;
        await new Promise((resolve) => setTimeout(resolve, 50));
        throw busy ? new RenderQueueFullError() : new RenderTooComplexError('timeout', 'the render took longer than 15000 ms and was stopped');
      },
    },
  });
  try {
    const read = () => t.app.inject({ url: `/templates/${t.a.templateId}/thumbnail`, headers: t.a.auth });
    // A full queue says nothing about the template: every read may try again.
    assert.deepEqual(
      (await Promise.all([read(), read()])).map((r) => r.statusCode),
      [404, 404],
    );
    assert.equal((await read()).statusCode, 404);
    assert.equal(thumbnailRenders, 2, 'two concurrent reads shared one render, the next read made another');
    busy = false;
    const reads = await Promise.all([read(), read(), read(), read()]);
    assert.deepEqual(
      reads.map((r) => r.json().code),
      Array(4).fill('image_not_found'),
    );
    assert.match(reads[0].json().message, /took longer/);
    assert.equal((await read()).statusCode, 404);
    assert.equal(thumbnailRenders, 3, 'a render of this version that timed out is not tried again by every read');
  } finally {
    await t.close();
  }
});

test('uploading or deleting a face a template draws with remakes its thumbnail; the browser must ask again', async () => {
  const t = await createTestApp();
  try {
    const lato = (weight: number) => readFile(path.join(repoRoot(), `node_modules/@fontsource/lato/files/lato-latin-${weight}-normal.woff`));
    const upload = async (weight: number) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/fonts?family=Brand&weight=${weight}`,
        headers: { ...t.a.auth, 'content-type': 'font/woff' },
        payload: await lato(weight),
      });
      assert.equal(res.statusCode, 201, res.body);
      await t.app.thumbnails.idle();
      return res.json().id as string;
    };
    await upload(400);
    const doc = sampleTemplate();
    Object.assign((doc.objects as Array<Record<string, unknown>>)[1], { fontFamily: 'Brand', fontWeight: 'bold', fontSize: 40, text: 'Heavy' });
    const unrelated = await t.app.inject({ method: 'POST', url: '/templates', headers: t.a.auth, payload: { name: 'inter', template: sampleTemplate() } });
    const created = await t.app.inject({ method: 'POST', url: '/templates', headers: t.a.auth, payload: { name: 'brand', template: doc } });
    assert.equal(created.statusCode, 201, created.body);
    const id = created.json().id as string;
    await t.app.thumbnails.idle();
    const record = (await t.store.getTemplate(t.a.account.id, id))!;
    const other = (await t.store.getTemplate(t.a.account.id, unrelated.json().id))!;
    const url = `/templates/${id}/thumbnail?v=${encodeURIComponent(record.updatedAt)}`;
    const first = await t.app.inject({ url, headers: t.a.auth });
    assert.equal(first.statusCode, 200);
    assert.equal(first.headers['cache-control'], 'private, no-cache', 'a thumbnail drawn with an uploaded font is never kept unasked');
    const fontsBefore = await t.store.listFonts(t.a.account.id);
    const otherKey = thumbnailKey(other, fontsBefore);
    assert.ok(await t.deps.blobs.get(otherKey));

    // Until now "bold" drew with the 400 face; a 700 face changes the picture without changing the template.
    const boldId = await upload(700);
    const fontsAfter = await t.store.listFonts(t.a.account.id);
    assert.equal(await t.deps.blobs.get(thumbnailKey(record, fontsBefore)), null, 'the stale thumbnail is gone');
    const remade = await t.deps.blobs.get(thumbnailKey(record, fontsAfter));
    assert.ok(remade, 'remade after the upload, before anyone asked');
    assert.ok(!remade.equals(first.rawPayload), 'drawn with the new face');
    assert.ok(await t.deps.blobs.get(otherKey), 'a template without the family is left alone');
    const revalidated = await t.app.inject({ url, headers: { ...t.a.auth, 'if-none-match': String(first.headers.etag) } });
    assert.equal(revalidated.statusCode, 200, 'the old ETag no longer matches');
    assert.ok(revalidated.rawPayload.equals(remade));

    // Deleting the face it draws with is refused; once the text is regular, the 700 face can go, and the thumbnail follows.
    assert.equal((await t.app.inject({ method: 'DELETE', url: `/fonts/${boldId}`, headers: t.a.auth })).statusCode, 409);
    Object.assign((doc.objects as Array<Record<string, unknown>>)[1], { fontWeight: 'normal' });
    await t.app.inject({ method: 'PUT', url: `/templates/${id}`, headers: t.a.auth, payload: { template: doc } });
    await t.app.thumbnails.idle();
    const regular = (await t.store.getTemplate(t.a.account.id, id))!;
    assert.equal((await t.app.inject({ method: 'DELETE', url: `/fonts/${boldId}`, headers: t.a.auth })).statusCode, 204);
    await t.app.thumbnails.idle();
    assert.equal(thumbnailKey(regular, fontsAfter), thumbnailKey(regular, fontsBefore), 'the regular text never drew with the 700 face');
    assert.ok(await t.deps.blobs.get(thumbnailKey(regular, await t.store.listFonts(t.a.account.id))));
  } finally {
    await t.close();
  }
});
