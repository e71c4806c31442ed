import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { repoRoot } from '../repo-root.js';
import { createTestApp, sampleTemplate, type TestApp } from './test-app.js';

describe('font routes', () => {
  let t: TestApp;
  let woff: Buffer;
  before(async () => {
    t = await createTestApp();
    woff = await readFile(path.join(repoRoot(), 'node_modules/@fontsource/lato/files/lato-latin-700-normal.woff'));
  });
  after(() => t.close());

  const upload = (auth: Record<string, string>, query: string, body: Buffer, type = 'font/woff') =>
    t.app.inject({ method: 'POST', url: `/fonts?${query}`, headers: { ...auth, 'content-type': type }, payload: body });
  const brandTemplate = () => {
    const doc = sampleTemplate();
    (doc.objects as Array<Record<string, unknown>>)[1].fontFamily = 'Brand Sans';
    return doc;
  };

  test("an uploaded font can be listed, used by the account's templates only, and deleted", async () => {
    const before = await t.app.inject({ method: 'POST', url: '/templates', headers: t.a.auth, payload: { name: 'Brand', template: brandTemplate() } });
    assert.equal(before.json().code, 'unknown_font');

    const res = await upload(t.a.auth, 'family=Brand%20Sans&weight=700', woff);
    assert.equal(res.statusCode, 201, res.body);
    const font = res.json();
    assert.deepEqual([font.family, font.weight, font.style, font.format], ['Brand Sans', 700, 'normal', 'woff']);
    assert.deepEqual(
      (await t.app.inject({ url: '/fonts', headers: t.a.auth })).json().map((f: { id: string }) => f.id),
      [font.id],
    );
    assert.deepEqual((await t.app.inject({ url: '/fonts', headers: t.b.auth })).json(), [], 'fonts are per account');

    const created = await t.app.inject({ method: 'POST', url: '/templates', headers: t.a.auth, payload: { name: 'Brand', template: brandTemplate() } });
    assert.equal(created.statusCode, 201, created.body);
    const foreign = await t.app.inject({ method: 'POST', url: '/templates', headers: t.b.auth, payload: { name: 'Brand', template: brandTemplate() } });
    assert.equal(foreign.json().code, 'unknown_font', 'another account cannot use it');

    const image = await t.app.inject({ method: 'POST', url: '/image/generate', headers: t.a.auth, payload: { templateId: created.json().id } });
    assert.equal(image.statusCode, 200, image.body);

    const file = await t.app.inject({ url: `/fonts/${font.id}/file`, headers: t.a.auth });
    assert.equal(file.statusCode, 200);
    assert.equal(file.headers['content-type'], 'font/woff');
    assert.match(String(file.headers['cache-control']), /^private/);
    assert.ok(file.rawPayload.equals(woff), 'the file is served as uploaded');
    const foreignFile = await t.app.inject({ url: `/fonts/${font.id}/file`, headers: t.b.auth });
    assert.equal(foreignFile.statusCode, 404, 'another account cannot read it');
    assert.equal(foreignFile.json().code, 'font_not_found');
    assert.equal((await t.app.inject({ url: `/fonts/${font.id}/file` })).statusCode, 401, 'not without credentials');

    assert.equal((await t.app.inject({ method: 'DELETE', url: `/fonts/${font.id}`, headers: t.b.auth })).statusCode, 404);
    assert.equal((await t.app.inject({ method: 'DELETE', url: `/fonts/${font.id}`, headers: t.a.auth })).statusCode, 204);
    assert.deepEqual((await t.app.inject({ url: '/fonts', headers: t.a.auth })).json(), []);
    assert.equal((await t.app.inject({ url: `/fonts/${font.id}/file`, headers: t.a.auth })).statusCode, 404, 'a deleted font is gone');
  });

  test('a file that is not a font is a 400 invalid_font; a missing family is a 400', async () => {
    const res = await upload(t.a.auth, 'family=Nope', Buffer.from('<html>definitely not a font</html>'), 'application/octet-stream');
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().code, 'invalid_font');
    const truncated = await upload(t.a.auth, 'family=Broken', woff.subarray(0, 64));
    assert.equal(truncated.json().code, 'invalid_font');
    const noFamily = await upload(t.a.auth, 'weight=400', woff);
    assert.equal(noFamily.statusCode, 400);
    assert.equal(noFamily.json().code, 'invalid_request');
  });
});
