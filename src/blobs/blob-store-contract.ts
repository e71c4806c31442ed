import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, test, type TestContext } from 'node:test';
import path from 'node:path';
import { writeFileAtomicSync } from './atomic-file.js';
import type { BlobStore } from './blob-store.js';

/** Opens a store on an empty place (folder, bucket); the suite closes nothing, so `open` registers its own cleanup on `t`. */
export type OpenBlobStore = (t: TestContext) => Promise<BlobStore>;

/**
 * The behaviour every `BlobStore` must have, wherever the bytes go. Services
 * and routes rely on exactly this: a missing key reads as null (never throws),
 * delete is idempotent, and a key that could escape the store is refused
 * before any I/O.
 */
export function runBlobStoreContract(label: string, open: OpenBlobStore): void {
  describe(`BlobStore contract: ${label}`, () => {
    test('put, get, exists and delete by key', async (t) => {
      const blobs = await open(t);
      await blobs.put('images/abc.png', Buffer.from('png-bytes'), 'image/png');
      assert.deepEqual(await blobs.get('images/abc.png'), Buffer.from('png-bytes'));
      assert.equal(await blobs.exists('images/abc.png'), true);
      await blobs.delete('images/abc.png');
      assert.equal(await blobs.get('images/abc.png'), null);
      assert.equal(await blobs.exists('images/abc.png'), false);
    });

    test('a store with a local folder reads a file saved there as its key', async (t) => {
      const blobs = await open(t);
      if (!blobs.localFolder) return t.skip('this store keeps no blobs on this machine');
      writeFileAtomicSync(path.join(blobs.localFolder('images'), 'saved.png'), Buffer.from('saved by a worker'), new Set());
      assert.deepEqual(await blobs.get('images/saved.png'), Buffer.from('saved by a worker'));
      assert.equal(await blobs.exists('images/saved.png'), true);
      await blobs.put('images/saved.png', Buffer.from('put over it'), 'image/png');
      assert.deepEqual(await blobs.get('images/saved.png'), Buffer.from('put over it'));
      assert.throws(() => blobs.localFolder?.('../up'), /unsafe blob key/);
    });

    test('stream gives the same bytes and their length; a missing key streams as null; an unsafe key is refused', async (t) => {
      const blobs = await open(t);
      const data = randomBytes(1024 * 1024 + 7);
      await blobs.put('images/streamed.png', data, 'image/png');
      const streamed = await blobs.stream('images/streamed.png');
      assert.ok(streamed);
      assert.equal(streamed.length, data.length);
      const chunks: Buffer[] = [];
      for await (const chunk of streamed.body) chunks.push(chunk as Buffer);
      assert.ok(Buffer.concat(chunks).equals(data), 'streamed bytes differ');
      assert.equal(await blobs.stream('images/never.png'), null);
      await assert.rejects(blobs.stream('../up'), /unsafe blob key/);
    });

    test('a missing key reads as null and does not exist; deleting it is a no-op', async (t) => {
      const blobs = await open(t);
      assert.equal(await blobs.get('images/never.png'), null);
      assert.equal(await blobs.exists('images/never.png'), false);
      await blobs.delete('images/never.png');
      await blobs.delete('fonts/never');
      assert.equal(await blobs.get('fonts/never'), null);
    });

    test('put over an existing key replaces it whole; other keys are untouched', async (t) => {
      const blobs = await open(t);
      await blobs.put('assets/one', Buffer.from('a much longer first version'), 'image/png');
      await blobs.put('assets/two', Buffer.from('neighbour'), 'image/png');
      await blobs.put('assets/one', Buffer.from('short'), 'image/png');
      assert.deepEqual(await blobs.get('assets/one'), Buffer.from('short'));
      assert.deepEqual(await blobs.get('assets/two'), Buffer.from('neighbour'));
    });

    test('bytes come back exactly: every byte value, an empty blob, and 3 MiB of random data', async (t) => {
      const blobs = await open(t);
      const everyByte = Buffer.from(Array.from({ length: 512 }, (_, i) => i % 256));
      const large = randomBytes(3 * 1024 * 1024);
      await Promise.all([
        blobs.put('images/every.png', everyByte, 'image/png'),
        blobs.put('images/empty.png', Buffer.alloc(0), 'image/png'),
        blobs.put('images/large.webp', large, 'image/webp'),
      ]);
      assert.deepEqual(await blobs.get('images/every.png'), everyByte);
      assert.deepEqual(await blobs.get('images/empty.png'), Buffer.alloc(0));
      assert.equal(await blobs.exists('images/empty.png'), true);
      const back = await blobs.get('images/large.webp');
      assert.ok(back && back.equals(large), 'large blob differs');
    });

    test('every content type the services use stores and reads back', async (t) => {
      const blobs = await open(t);
      const kinds: Array<[string, string]> = [
        ['images/p.png', 'image/png'],
        ['images/j.jpg', 'image/jpeg'],
        ['images/w.webp', 'image/webp'],
        ['fonts/f-ttf', 'font/ttf'],
        ['fonts/f-woff2', 'font/woff2'],
        ['assets/a_svg', 'image/svg+xml'],
        ['thumbnails/t.webp', 'image/webp'],
      ];
      for (const [key, type] of kinds) await blobs.put(key, Buffer.from(`${key}:${type}`), type);
      for (const [key, type] of kinds) assert.deepEqual(await blobs.get(key), Buffer.from(`${key}:${type}`), key);
    });

    test('refuses keys that could escape the store, in every method, before any I/O', async (t) => {
      const blobs = await open(t);
      for (const bad of ['../etc/passwd', 'images/../../x', '/images/abc.png', 'images/a/b.png', 'images/', 'IMAGES/abc.png', 'images/abc.png ', 'images/a%2e.png', '']) {
        await assert.rejects(blobs.get(bad), /unsafe blob key/, bad);
        await assert.rejects(blobs.exists(bad), /unsafe blob key/, bad);
        await assert.rejects(blobs.put(bad, Buffer.from('x'), 'image/png'), /unsafe blob key/, bad);
        await assert.rejects(blobs.delete(bad), /unsafe blob key/, bad);
      }
    });
  });
}
