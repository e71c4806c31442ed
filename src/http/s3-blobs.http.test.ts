import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { type AddressInfo, createServer, type Socket } from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import { S3BlobStore } from '../blobs/s3-blob-store.js';
import { startTestS3, type TestS3 } from '../blobs/s3rver.test-helper.js';
import { repoRoot } from '../repo-root.js';
import { PostgresStore } from '../store/postgres-store.js';
import { bothDatabases, createTestApp, sampleTemplate, type TestApp } from './test-app.js';

/**
 * Two app instances ("nodes") on one PostgreSQL schema and one S3 bucket, each
 * with its own temp folder and its own S3 client: whatever one node stored,
 * the other must serve, with the same bytes and the same caching headers.
 */
describe('blobs on S3, shared by two nodes', () => {
  const [, pgOptions] = bothDatabases('s3_blobs_http')[1];
  let s3: TestS3;
  let bucket: S3BlobStore;
  let one: TestApp;
  let two: TestApp;

  before(async () => {
    s3 = await startTestS3();
    bucket = new S3BlobStore(s3.settings);
    await bucket.check();
    const open = pgOptions.openStore as () => Promise<PostgresStore>;
    one = await createTestApp({ openStore: open, blobs: new S3BlobStore(s3.settings) });
    two = await createTestApp({ openStore: open, blobs: new S3BlobStore(s3.settings) });
  });
  after(async () => {
    await one?.close();
    await two?.close();
    bucket?.close();
    await s3?.close();
  });

  test('a font and an asset uploaded on one node render on the other; the image is served by both with its ETag and 304; deletes empty the bucket', async () => {
    const auth = one.a.auth;
    const woff = await readFile(path.join(repoRoot(), 'node_modules/@fontsource/lato/files/lato-latin-700-normal.woff'));
    const font = await one.app.inject({ method: 'POST', url: '/fonts?family=Brand%20Sans&weight=700', headers: { ...auth, 'content-type': 'font/woff' }, payload: woff });
    assert.equal(font.statusCode, 201, font.body);
    const red = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 255, g: 0, b: 0 } } })
      .png()
      .toBuffer();
    const asset = await one.app.inject({ method: 'POST', url: '/assets', headers: { ...auth, 'content-type': 'image/png' }, payload: red });
    assert.equal(asset.statusCode, 201, asset.body);
    const fontRecord = (await one.store.listFonts(one.a.account.id)).find((f) => f.id === font.json().id);
    const assetRecord = await one.store.getAsset(one.a.account.id, asset.json().id);
    assert.ok(fontRecord && assetRecord);
    assert.ok(await bucket.exists(fontRecord.blobKey), 'the font is in the bucket');
    assert.ok((await bucket.get(assetRecord.blobKey))?.equals(red), 'the asset is in the bucket, byte for byte');

    // Node two has never seen either file: it renders with both, read from S3.
    const doc = sampleTemplate();
    const objects = doc.objects as Array<Record<string, unknown>>;
    objects[1].fontFamily = 'Brand Sans';
    objects[3].src = asset.json().url;
    const template = await two.app.inject({ method: 'POST', url: '/templates', headers: auth, payload: { name: 'On S3', template: doc } });
    assert.equal(template.statusCode, 201, template.body);
    const generated = await two.app.inject({
      method: 'POST',
      url: '/image/generate',
      headers: auth,
      payload: { templateId: template.json().id, elements: { title: { text: 'Shared' } } },
    });
    assert.equal(generated.statusCode, 200, generated.body);
    const pathname = new URL(generated.json().imageURL).pathname;
    const image = await one.store.getImage(pathname.slice('/images/'.length, -'.png'.length));
    assert.ok(image);
    const stored = await bucket.get(image.blobKey);
    assert.ok(stored, 'the image is in the bucket');

    const fromOne = await one.app.inject({ url: pathname });
    const fromTwo = await two.app.inject({ url: pathname });
    for (const res of [fromOne, fromTwo]) {
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers['content-type'], 'image/png');
      assert.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable');
      assert.equal(res.headers.etag, `"${image.id}"`);
      assert.ok(res.rawPayload.equals(stored), 'served byte for byte as stored');
    }
    // The asset really was drawn: the logo's area is red.
    const { data, info } = await sharp(fromOne.rawPayload).raw().toBuffer({ resolveWithObject: true });
    const at = (135 * info.width + 275) * info.channels;
    assert.deepEqual([...data.subarray(at, at + 3)], [255, 0, 0]);

    for (const app of [one.app, two.app]) {
      const cached = await app.inject({ url: pathname, headers: { 'if-none-match': String(fromOne.headers.etag) } });
      assert.equal(cached.statusCode, 304);
      assert.equal(cached.rawPayload.length, 0);
      assert.ok([undefined, '0'].includes(cached.headers['content-length'] as string | undefined), 'a 304 announces no body it does not send');
      assert.equal(cached.headers.etag, fromOne.headers.etag);
      assert.equal(cached.headers['cache-control'], 'public, max-age=31536000, immutable');
    }

    // Deletes on one node remove the objects for every node.
    assert.equal((await two.app.inject({ method: 'DELETE', url: `/templates/${template.json().id}`, headers: auth })).statusCode, 204);
    assert.equal((await one.app.inject({ method: 'DELETE', url: `/assets/${asset.json().id}`, headers: auth })).statusCode, 204);
    assert.equal((await two.app.inject({ method: 'DELETE', url: `/fonts/${font.json().id}`, headers: auth })).statusCode, 204);
    assert.equal(await bucket.exists(assetRecord.blobKey), false);
    assert.equal(await bucket.exists(fontRecord.blobKey), false);
    assert.equal((await two.app.inject({ url: `/assets/${asset.json().id}`, headers: auth })).statusCode, 404);

    // An image whose object is gone is 404 on both nodes, conditional or not: never a 304 for bytes nobody has.
    await bucket.delete(image.blobKey);
    for (const app of [one.app, two.app]) {
      assert.equal((await app.inject({ url: pathname })).statusCode, 404);
      assert.equal((await app.inject({ url: pathname, headers: { 'if-none-match': String(fromOne.headers.etag) } })).statusCode, 404);
    }
  });
});

describe('a storage that stops answering', () => {
  // Before, every call waited for ever and this test ran into its own timeout: that it ends is the check.
  test("every generate answers 503 and is refunded, past the SDK's 50 sockets too", { timeout: 120_000 }, async () => {
    // Accepts connections and never answers: what a hung S3 endpoint or proxy looks like.
    const held = new Set<Socket>();
    const silent = createServer((socket) => void held.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const s3 = await startTestS3('imprint-hang');
    const port = (silent.address() as AddressInfo).port;
    const hung = new S3BlobStore({ ...s3.settings, endpoint: `http://127.0.0.1:${port}`, requestTimeoutMs: 500 });
    const t = await createTestApp({ blobs: hung });
    try {
      const before = (await t.store.getAccount(t.a.account.id))!.credits;
      // More calls than the SDK's 50 sockets: before, each held one for ever and the 51st never started.
      const answers = await Promise.all(
        Array.from({ length: 55 }, () => t.app.inject({ method: 'POST', url: '/image/generate', headers: t.a.auth, payload: { templateId: t.a.templateId } })),
      );
      for (const res of answers) {
        assert.equal(res.statusCode, 503, res.body);
        assert.equal(res.json().code, 'service_unavailable');
        assert.equal(res.headers['retry-after'], '5');
      }
      assert.equal((await t.store.getAccount(t.a.account.id))!.credits, before, 'every reservation refunded');
    } finally {
      await t.close();
      hung.close();
      for (const socket of held) socket.destroy();
      silent.close();
      await s3.close();
    }
  });
});
