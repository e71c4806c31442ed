import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { renamedFont } from '../render/fonts/renamed-font.test-helper.js';
import { RenderPool, RenderQueueFullError } from '../render/render-pool.js';
import { MAX_FONT_BYTES_PER_RENDER } from '../services/manage-fonts.js';
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
    const refused = await t.app.inject({ method: 'DELETE', url: `/fonts/${font.id}`, headers: t.a.auth });
    assert.equal(refused.statusCode, 409, 'the template draws with it');
    assert.equal(refused.json().code, 'font_in_use');
    assert.ok(refused.json().message.includes(`"Brand" (${created.json().id})`), refused.json().message);
    assert.equal((await t.app.inject({ method: 'DELETE', url: `/templates/${created.json().id}`, headers: t.a.auth })).statusCode, 204);
    assert.equal((await t.app.inject({ method: 'DELETE', url: `/fonts/${font.id}`, headers: t.a.auth })).statusCode, 204);
    assert.deepEqual((await t.app.inject({ url: '/fonts', headers: t.a.auth })).json(), []);
    assert.equal((await t.app.inject({ url: `/fonts/${font.id}/file`, headers: t.a.auth })).statusCode, 404, 'a deleted font is gone');
  });

  test('a face is in use when a text draws with it: the one the renderer picks for its weight, in any template, nested or styled', async () => {
    const lato = (weight: number) => readFile(path.join(repoRoot(), `node_modules/@fontsource/lato/files/lato-latin-${weight}-normal.woff`));
    const ids: Record<number, string> = {};
    for (const weight of [300, 400, 700]) ids[weight] = (await upload(t.a.auth, `family=Picked&weight=${weight}`, await lato(weight))).json().id;
    const plain = sampleTemplate();
    const bold = sampleTemplate();
    const title = (bold.objects as Array<Record<string, unknown>>).splice(1, 1)[0];
    // Bold only through a character style, inside a group, behind a fallback list: still drawn with Picked 700.
    (bold.objects as unknown[]).push({
      type: 'Group',
      name: 'group',
      objects: [{ ...title, fontFamily: "'Picked', Inter", styles: [{ start: 0, end: 3, style: { fontWeight: 'bold' } }] }],
    });
    const regular = await t.app.inject({
      method: 'POST',
      url: '/templates',
      headers: t.a.auth,
      payload: { name: 'Plain', template: { ...plain, objects: [{ ...(plain.objects as object[])[1], fontFamily: 'picked' }] } },
    });
    const styled = await t.app.inject({ method: 'POST', url: '/templates', headers: t.a.auth, payload: { name: 'Styled <b>', template: bold } });
    assert.equal(regular.statusCode, 201, regular.body);
    assert.equal(styled.statusCode, 201, styled.body);

    const del = (id: string) => t.app.inject({ method: 'DELETE', url: `/fonts/${id}`, headers: t.a.auth });
    const refused700 = await del(ids[700]);
    assert.equal(refused700.statusCode, 409);
    assert.equal(refused700.json().message, `Picked 700 draws text in the template "Styled <b>" (${styled.json().id}). Change the font of that text there first.`);
    const refused400 = await del(ids[400]);
    assert.match(refused400.json().message, /^Picked 400 draws text in 2 templates "Styled <b>" \(tpl_\w+\), "Plain" \(tpl_\w+\)\./);
    assert.equal((await del(ids[300])).statusCode, 204, 'a face no text picks can go');
    assert.deepEqual(
      (await t.app.inject({ url: '/fonts', headers: t.a.auth }))
        .json()
        .map((f: { weight: number }) => f.weight)
        .sort(),
      [400, 700],
    );
    const spec = (await t.app.inject({ url: '/openapi.json' })).json();
    assert.ok(spec.paths['/fonts/{fontId}'].delete.responses['409'], 'the 409 is documented');
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

  test('an upload is loaded in a render worker, not on the HTTP thread: a good file is kept, a corrupt one is a 400', async () => {
    const pool = new RenderPool({ size: 1 });
    const loaded: string[] = [];
    const workers = await createTestApp({
      renderer: {
        render: (input, opts) => {
          for (const font of input.fonts ?? []) loaded.push(font.family);
          return pool.render(input, opts);
        },
      },
    });
    try {
      const good = await workers.app.inject({ method: 'POST', url: '/fonts?family=Pool%20Sans', headers: { ...workers.a.auth, 'content-type': 'font/woff' }, payload: woff });
      assert.equal(good.statusCode, 201, good.body);
      const corrupt = Buffer.concat([woff.subarray(0, 44), Buffer.alloc(woff.length - 44, 0x5a)]);
      const bad = await workers.app.inject({ method: 'POST', url: '/fonts?family=Pool%20Broken', headers: { ...workers.a.auth, 'content-type': 'font/woff' }, payload: corrupt });
      assert.equal(bad.statusCode, 400, bad.body);
      assert.equal(bad.json().code, 'invalid_font');
      assert.deepEqual(loaded, ['Pool Sans', 'Pool Broken'], 'each file went to the worker');
      assert.deepEqual(
        (await workers.app.inject({ url: '/fonts', headers: workers.a.auth })).json().map((f: { family: string }) => f.family),
        ['Pool Sans'],
        'nothing kept of the corrupt file',
      );
    } finally {
      await workers.close();
      await pool.close();
    }
  });

  test('an upload while every render worker is busy is a 503 to retry, not a 500, and keeps nothing', async () => {
    const busy = await createTestApp({ renderer: { render: () => Promise.reject(new RenderQueueFullError()) } });
    try {
      const res = await busy.app.inject({ method: 'POST', url: '/fonts?family=Busy', headers: { ...busy.a.auth, 'content-type': 'font/woff' }, payload: woff });
      assert.equal(res.statusCode, 503, res.body);
      assert.equal(res.json().code, 'service_unavailable');
      assert.ok(Number(res.headers['retry-after']) >= 1);
      assert.deepEqual((await busy.app.inject({ url: '/fonts', headers: busy.a.auth })).json(), []);
    } finally {
      await busy.close();
    }
  });

  test('the uploaded fonts one render draws are bounded in bytes: over it, a 422 that charges nothing; one file over it is a 413', async () => {
    const big = await createTestApp({ credits: 5, bodyLimitBytes: MAX_FONT_BYTES_PER_RENDER + 1024 * 1024 });
    try {
      // A real face with trailing bytes, which a TrueType file may carry: each one loads, and seven are over the bound.
      const ttf = renamedFont(woff, 'Padded');
      const faceBytes = Math.ceil(MAX_FONT_BYTES_PER_RENDER / 7) + 1024;
      const padded = Buffer.concat([ttf, Buffer.alloc(faceBytes - ttf.length)]);
      const families = Array.from({ length: 7 }, (_, i) => `Big ${i + 1}`);
      for (const family of families) {
        const res = await big.app.inject({
          method: 'POST',
          url: `/fonts?family=${encodeURIComponent(family)}`,
          headers: { ...big.a.auth, 'content-type': 'font/ttf' },
          payload: padded,
        });
        assert.equal(res.statusCode, 201, res.body);
      }
      const doc = sampleTemplate();
      const objects = doc.objects as Array<Record<string, unknown>>;
      doc.objects = [...objects, ...families.map((fontFamily, i) => ({ ...objects[1], name: `line${i}`, text: fontFamily, fontFamily }))];
      const created = await big.app.inject({ method: 'POST', url: '/templates', headers: big.a.auth, payload: { name: 'Seven faces', template: doc } });
      assert.equal(created.statusCode, 201, created.body);
      const image = await big.app.inject({ method: 'POST', url: '/image/generate', headers: big.a.auth, payload: { templateId: created.json().id } });
      assert.equal(image.statusCode, 422, image.body);
      assert.equal(image.json().code, 'render_too_complex');
      assert.match(image.json().message, /more than 32 MB of uploaded font files/);
      assert.equal((await big.app.inject({ url: '/account', headers: big.a.auth })).json().credits, 5, 'nothing was charged');
      const elements = await big.app.inject({ url: `/templates/${created.json().id}/elements`, headers: big.a.auth });
      assert.equal(elements.json().code, 'render_too_complex', elements.body);

      const six = { ...doc, objects: (doc.objects as unknown[]).slice(0, -1) };
      const sixId = (await big.app.inject({ method: 'POST', url: '/templates', headers: big.a.auth, payload: { name: 'Six faces', template: six } })).json().id;
      const fits = await big.app.inject({ method: 'POST', url: '/image/generate', headers: big.a.auth, payload: { templateId: sixId } });
      assert.equal(fits.statusCode, 200, `six faces are under the bound: ${fits.body}`);

      const huge = Buffer.concat([ttf, Buffer.alloc(MAX_FONT_BYTES_PER_RENDER + 1 - ttf.length)]);
      const refused = await big.app.inject({ method: 'POST', url: '/fonts?family=Huge', headers: { ...big.a.auth, 'content-type': 'font/ttf' }, payload: huge });
      assert.equal(refused.statusCode, 413, refused.body);
      assert.equal(refused.json().code, 'payload_too_large');
      assert.equal((await big.app.inject({ url: '/fonts', headers: big.a.auth })).json().length, 7, 'nothing kept');
    } finally {
      await big.close();
    }
  });
});
