import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DiskBlobStore } from './disk-blob-store.js';
import { runBlobStoreContract } from './blob-store-contract.js';

runBlobStoreContract('disk', async (t) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'imprint-blobs-'));
  t.after(() => rm(dir, { recursive: true, force: true }));
  return new DiskBlobStore(path.join(dir, 'blobs'));
});

test('DiskBlobStore creates its folders 0700 and its files 0600, whatever the umask', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'imprint-blobs-'));
  const previous = process.umask(0o000);
  try {
    const root = path.join(dir, 'data', 'blobs');
    await new DiskBlobStore(root).put('images/abc.png', Buffer.from('png-bytes'), 'image/png');
    for (const folder of [path.join(dir, 'data'), root, path.join(root, 'images')]) assert.equal((await stat(folder)).mode & 0o777, 0o700, folder);
    assert.equal((await stat(path.join(root, 'images', 'abc.png'))).mode & 0o777, 0o600);
  } finally {
    process.umask(previous);
    await rm(dir, { recursive: true, force: true });
  }
});

test('DiskBlobStore remembers the folders it made, and makes one again if it was removed meanwhile', async (t) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'imprint-blobs-'));
  t.after(() => rm(dir, { recursive: true, force: true }));
  const root = path.join(dir, 'blobs');
  const blobs = new DiskBlobStore(root);
  await blobs.put('images/a.png', Buffer.from('a'), 'image/png');
  await rm(path.join(root, 'images'), { recursive: true });
  await blobs.put('images/b.png', Buffer.from('b'), 'image/png');
  assert.deepEqual(await blobs.get('images/b.png'), Buffer.from('b'));
  assert.equal((await stat(path.join(root, 'images'))).mode & 0o777, 0o700);
});
