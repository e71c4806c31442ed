import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { after, before, test } from 'node:test';
import sharp from 'sharp';
import path from 'node:path';
import { repoRoot } from '../repo-root.js';
import { createTestApp, type TestApp } from './test-app.js';

let t: TestApp;
before(async () => {
  t = await createTestApp({ credits: 5 });
});
after(() => t.close());

const credits = async () => (await t.app.inject({ url: '/account', headers: t.a.auth })).json().credits as number;

test('a compressed upload is refused before anything is stored: fonts, images and JSON alike', async () => {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#ff0000' } })
    .png()
    .toBuffer();
  const font = readFileSync(path.join(repoRoot(), 'node_modules/@fontsource/lato/files/lato-latin-700-normal.woff'));
  const uploads = [
    { url: '/fonts?family=Zipped', type: 'font/woff', body: gzipSync(font) },
    { url: '/assets', type: 'image/png', body: gzipSync(png) },
    { url: '/image/generate', type: 'application/json', body: gzipSync(JSON.stringify({ templateId: t.a.templateId })) },
  ];
  for (const { url, type, body } of uploads) {
    const res = await t.app.inject({ method: 'POST', url, headers: { ...t.a.auth, 'content-type': type, 'content-encoding': 'gzip' }, payload: body });
    assert.equal(res.statusCode, 415, `${url}: ${res.body}`);
    assert.equal(res.json().code, 'unsupported_media_type');
    assert.equal(res.json().message, 'Request bodies must not be compressed (Content-Encoding: gzip): send the body as it is.');
  }
  assert.deepEqual((await t.app.inject({ url: '/fonts', headers: t.a.auth })).json(), []);
  assert.deepEqual((await t.app.inject({ url: '/assets', headers: t.a.auth })).json().assets, []);
  assert.equal(await credits(), 5);

  // The same bytes, sent as they are, are taken; so is an explicit identity encoding.
  const plain = await t.app.inject({ method: 'POST', url: '/assets', headers: { ...t.a.auth, 'content-type': 'image/png', 'content-encoding': 'identity' }, payload: png });
  assert.equal(plain.statusCode, 201, plain.body);
});

test('a JSON or CSV body in a charset other than UTF-8 is refused with what to send; UTF-8 and ASCII are read', async () => {
  const body = JSON.stringify({ templateId: t.a.templateId, elements: { title: { text: 'Grüße' } } });
  const utf16 = await t.app.inject({
    method: 'POST',
    url: '/image/generate',
    headers: { ...t.a.auth, 'content-type': 'application/json; charset=utf-16' },
    payload: Buffer.from(body, 'utf16le'),
  });
  assert.equal(utf16.statusCode, 415, utf16.body);
  assert.equal(utf16.json().message, 'Bodies of type application/json are read as UTF-8, and this one says charset=utf-16. Send it as UTF-8.');
  const latin1 = await t.app.inject({
    method: 'POST',
    url: '/batches',
    headers: { ...t.a.auth, 'content-type': 'text/csv; charset="ISO-8859-1"' },
    payload: Buffer.from(`templateId,title.text\n${t.a.templateId},Grüße\n`, 'latin1'),
  });
  assert.equal(latin1.statusCode, 415, latin1.body);
  assert.match(latin1.json().message, /^Bodies of type text\/csv are read as UTF-8, and this one says charset=iso-8859-1\./);
  assert.equal(await credits(), 5, 'nothing was charged');

  for (const charset of ['UTF-8', 'utf8', 'us-ascii']) {
    const res = await t.app.inject({ method: 'POST', url: '/image/preview', headers: { ...t.a.auth, 'content-type': `application/json; charset=${charset}` }, payload: body });
    assert.equal(res.statusCode, 200, `${charset}: ${res.body}`);
  }
});
