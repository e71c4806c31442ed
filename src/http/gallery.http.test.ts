import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Static } from '@sinclair/typebox';
import sharp from 'sharp';
import { renderDocument } from '../render/render-document.js';
import type { GalleryResult } from './api-schemas.js';
import { createTestApp, type TestApp } from './test-app.js';

type GalleryEntry = Static<typeof GalleryResult>[number];

describe('starter gallery routes', () => {
  let t: TestApp;
  let renders = 0;
  before(async () => {
    t = await createTestApp({ renderer: { render: (input) => (renders++, renderDocument(input)) } });
  });
  after(() => t.close());

  const gallery = async () => (await t.app.inject({ url: '/templates/gallery', headers: t.a.auth })).json() as GalleryEntry[];

  test('GET /templates/gallery lists every starter with its size, document and preview address', async () => {
    const res = await t.app.inject({ url: '/templates/gallery', headers: t.a.auth });
    assert.equal(res.statusCode, 200);
    const list = res.json() as GalleryEntry[];
    assert.ok(list.length >= 8);
    for (const entry of list) {
      assert.deepEqual(Object.keys(entry).sort(), ['description', 'height', 'id', 'name', 'previewURL', 'template', 'width']);
      assert.deepEqual([entry.template.width, entry.template.height], [entry.width, entry.height]);
      assert.equal(entry.previewURL, `templates/gallery/${entry.id}/preview.png`);
    }
    assert.ok(list.some((e) => e.id === 'social-card') && list.some((e) => e.id === 'blog-post'));
  });

  test('it needs a key or a session like every /templates route', async () => {
    assert.equal((await t.app.inject({ url: '/templates/gallery' })).statusCode, 401);
    assert.equal((await t.app.inject({ url: '/templates/gallery/blog-post/preview.png' })).statusCode, 401);
  });

  test("the static path does not shadow the contract's /templates/all and /templates/:templateId routes", async () => {
    const all = await t.app.inject({ url: '/templates/all', headers: t.a.auth });
    assert.equal(all.statusCode, 200);
    assert.ok(Array.isArray(all.json()));
    assert.equal((await t.app.inject({ url: `/templates/${t.a.templateId}`, headers: t.a.auth })).json().id, t.a.templateId);
    assert.equal((await t.app.inject({ url: `/templates/${t.a.templateId}/elements`, headers: t.a.auth })).statusCode, 200);
    // "gallery" is not a template id (ids start with tpl_): its elements are simply not found.
    const elements = await t.app.inject({ url: '/templates/gallery/elements', headers: t.a.auth });
    assert.equal(elements.statusCode, 404);
  });

  test('a preview is a PNG drawn once by the renderer, at most 480 px, revalidated by ETag', async () => {
    const entry = (await gallery()).find((e) => e.id === 'webinar-story')!;
    const before = renders;
    const res = await t.app.inject({ url: `/${entry.previewURL}`, headers: t.a.auth });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-type'], 'image/png');
    const meta = await sharp(res.rawPayload).metadata();
    assert.deepEqual([meta.width, meta.height], [270, 480]);
    const again = await t.app.inject({ url: `/${entry.previewURL}`, headers: { ...t.b.auth } });
    assert.deepEqual(again.rawPayload, res.rawPayload);
    assert.equal(renders - before, 1);
    const etag = String(res.headers.etag);
    const notModified = await t.app.inject({ url: `/${entry.previewURL}`, headers: { ...t.a.auth, 'if-none-match': etag } });
    assert.equal(notModified.statusCode, 304);
    assert.ok([undefined, '0'].includes(notModified.headers['content-length'] as string | undefined), 'a 304 announces no body');
  });

  test('an unknown starter is a catalog 404', async () => {
    const res = await t.app.inject({ url: '/templates/gallery/nope/preview.png', headers: t.a.auth });
    assert.equal(res.statusCode, 404);
    assert.equal(res.json().code, 'not_found');
  });

  test("a starter saves unchanged as the caller's template, and its names are the elements API", async () => {
    const entry = (await gallery()).find((e) => e.id === 'product-launch')!;
    const created = await t.app.inject({ method: 'POST', url: '/templates', headers: t.a.auth, payload: { name: entry.name, template: entry.template } });
    assert.equal(created.statusCode, 201, created.body);
    const elements = (await t.app.inject({ url: `/templates/${created.json().id}/elements`, headers: t.a.auth })).json().elements as Record<string, unknown>;
    assert.deepEqual(Object.keys(elements).sort(), entry.template.objects.map((o) => o.name!).sort());
    const generated = await t.app.inject({
      method: 'POST',
      url: '/image/generate',
      headers: t.a.auth,
      payload: { templateId: created.json().id, elements: { title: { text: 'Meet Aurora 3' } } },
    });
    assert.equal(generated.statusCode, 200, generated.body);
  });
});
