import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { createRenderCaches } from '../render/render-caches.js';
import { renderDocument, type AccountFont } from '../render/render-document.js';
import { MAX_FONTS_PER_ACCOUNT } from '../services/manage-fonts.js';
import { repoRoot } from '../repo-root.js';
import { createTestApp, sampleTemplate, type TestApp } from './test-app.js';

let t: TestApp;
let woff: Buffer;
/** The account fonts each render was handed, in order. */
const shipped: string[][] = [];

before(async () => {
  woff = await readFile(path.join(repoRoot(), 'node_modules/@fontsource/lato/files/lato-latin-700-normal.woff'));
  const caches = createRenderCaches();
  t = await createTestApp({
    renderer: {
      render: async (input) => {
        shipped.push((input.fonts ?? []).map((f: AccountFont) => f.family));
        return renderDocument(input, caches);
      },
    },
  });
});
after(() => t.close());

const upload = (family: string, auth = t.a.auth) =>
  t.app.inject({ method: 'POST', url: `/fonts?family=${encodeURIComponent(family)}`, headers: { ...auth, 'content-type': 'font/woff' }, payload: woff });

test('a render is handed only the uploaded faces its document draws with', async () => {
  for (const family of ['Brand Sans', 'Other One', 'Other Two']) assert.equal((await upload(family)).statusCode, 201);
  const doc = sampleTemplate();
  (doc.objects as Array<Record<string, unknown>>)[1].fontFamily = 'Brand Sans';
  shipped.length = 0;
  const branded = await t.app.inject({ method: 'POST', url: '/image/preview', headers: t.a.auth, payload: { template: doc } });
  assert.equal(branded.statusCode, 200, branded.body);
  const plain = await t.app.inject({ method: 'POST', url: '/image/preview', headers: t.a.auth, payload: { template: sampleTemplate() } });
  assert.equal(plain.statusCode, 200, plain.body);
  assert.deepEqual(shipped, [['Brand Sans'], []]);
});

test(`an account holds at most ${MAX_FONTS_PER_ACCOUNT} faces; the next upload is refused with 409 and nothing is stored`, async () => {
  const held = (await t.app.inject({ url: '/fonts', headers: t.b.auth })).json().length as number;
  for (let i = held; i < MAX_FONTS_PER_ACCOUNT; i++) assert.equal((await upload(`Face ${i}`, t.b.auth)).statusCode, 201);
  const refused = await upload('One Too Many', t.b.auth);
  assert.equal(refused.statusCode, 409, refused.body);
  assert.equal(refused.json().code, 'too_many_fonts');
  assert.match(refused.json().message, /already holds 100 font faces/);
  const listed = (await t.app.inject({ url: '/fonts', headers: t.b.auth })).json() as Array<{ id: string; family: string }>;
  assert.equal(listed.length, MAX_FONTS_PER_ACCOUNT);
  assert.ok(!listed.some((f) => f.family === 'One Too Many'));

  // Deleting one makes room again.
  assert.equal((await t.app.inject({ method: 'DELETE', url: `/fonts/${listed[0].id}`, headers: t.b.auth })).statusCode, 204);
  assert.equal((await upload('One Too Many', t.b.auth)).statusCode, 201);
});
